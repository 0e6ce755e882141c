/**
 * The game pages of the in-house game server (`/rgs/play/{code}`): outside the locale prefix, with
 * no site chrome, and no dependence on the platform's session or content (the game server is a
 * provider like any other). root.tsx uses this to skip its site-wide work for them.
 */
import { LOCALES, type Locale } from '@croupier/contract/locales';
import { localeOfPath, stripDataSuffix } from '../../lib/locale-paths.ts';

export const RGS_PLAY_PREFIX = '/rgs/play/';

export function isRgsPagePath(pathname: string): boolean {
  return stripDataSuffix(pathname).startsWith(RGS_PLAY_PREFIX);
}

/**
 * The translation namespaces the game page uses (the shell and its fairness panel, the table
 * games, the toasts and dialogs): the frame loads these 3 bundles (a chunk each), not the site's. A test
 * reads the page's modules and fails when one of them uses a namespace missing here.
 */
export const RGS_PAGE_NAMESPACES: readonly string[] = ['ui', 'rgs', 'rgs-table'];

/** The game page's namespaces no site page uses: site pages do not load them (a test holds that). */
export const GAME_ONLY_NAMESPACES: readonly string[] = ['rgs', 'rgs-table'];

/**
 * The language a document at this URL renders in: a game page speaks the game's `?lang=` from its
 * first byte (`<html lang>`), a site page its path's language.
 */
export function documentLocale(pathname: string, search: string): Locale {
  return isRgsPagePath(pathname) ? gameLangOf(new URLSearchParams(search)) : localeOfPath(pathname);
}

/** The element of the game page's document the browser renders the game into (game-frame.tsx). */
export const GAME_FRAME_ROOT_ID = 'game-frame-root';

/** `lang` of the game URL (set by the launcher); English when absent or unknown. */
export function gameLangOf(search: URLSearchParams): Locale {
  const lang = search.get('lang')?.toLowerCase();
  return (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : 'en';
}
