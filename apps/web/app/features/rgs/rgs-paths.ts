/**
 * The game pages of the in-house game server (`/rgs/play/{code}`): outside the locale prefix, with
 * no site chrome, and no dependence on the platform's session or content (the game server is a
 * provider like any other). root.tsx uses this to skip its site-wide work for them.
 */
import { LOCALES, type Locale } from '@croupier/contract/locales';
import { stripDataSuffix } from '../../lib/locale-paths.ts';

export const RGS_PLAY_PREFIX = '/rgs/play/';

export function isRgsPagePath(pathname: string): boolean {
  return stripDataSuffix(pathname).startsWith(RGS_PLAY_PREFIX);
}

/** `lang` of the game URL (set by the launcher); English when absent or unknown. */
export function gameLangOf(search: URLSearchParams): Locale {
  const lang = search.get('lang')?.toLowerCase();
  return (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : 'en';
}
