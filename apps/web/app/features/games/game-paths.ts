/**
 * Game URLs (spec §2): the game page `/game/{sysname}` (French under /fr), the platform launcher
 * the page's iframe opens (the "game path helper": `/platform/game/{sysname}/play`, or
 * `/platform/game/custom/{code}/play` for a custom game) and the canonical URL rule for game pages
 * ("a platform segment is inserted after the locale").
 */
import { type Locale, localizePath, splitLocalePath } from '@croupier/contract/locales';
import { pathWithoutLocale, stripDataSuffix } from '../../lib/locale-paths.ts';

export const GAME_MODES = ['demo', 'real'] as const;
export type GameMode = (typeof GAME_MODES)[number];

export function isGameMode(value: unknown): value is GameMode {
  return value === 'demo' || value === 'real';
}

/** What the launcher needs of a game (a `games.get` item). */
export interface LaunchableGame {
  sysname: string;
  custom_code?: string | null | undefined;
}

/**
 * The platform launcher for a game: `/platform/game/{sysname}/play?mode=demo&lang=fr`, or
 * `/platform/game/custom/{code}/play?…` when the game is a custom one. The launcher answers with a
 * redirect to the provider (or to the slot error page).
 */
export function gameLaunchPath(game: LaunchableGame, options: { mode: GameMode; locale: Locale }): string {
  const query = new URLSearchParams({ mode: options.mode, lang: options.locale });
  const code = game.custom_code?.trim();
  const path = code
    ? `/platform/game/custom/${encodeURIComponent(code)}/play`
    : `/platform/game/${encodeURIComponent(game.sysname)}/play`;
  return `${path}?${query}`;
}

/** The game page: `/game/neon-reels`, `/fr/game/neon-reels?mode=demo`, `/game/x#real`. */
export function gamePagePath(
  sysname: string,
  locale: Locale,
  options: { mode?: GameMode | undefined; hash?: 'real' | undefined } = {},
): string {
  const path = localizePath(`/game/${encodeURIComponent(sysname)}`, locale);
  const query = options.mode ? `?mode=${options.mode}` : '';
  const hash = options.hash ? `#${options.hash}` : '';
  return `${path}${query}${hash}`;
}

/** `/game/x`, `/fr/game/x` (spec §2: paths containing /game/ skip the balance refresh, hide the live chat). */
export function isGamePagePath(pathname: string): boolean {
  return /^\/game\/[^/]+\/?$/.test(pathWithoutLocale(pathname));
}

/**
 * Spec §2: for game paths a platform segment is inserted after the locale in the canonical URL:
 * `/game/x` → `/platform/game/x`, `/fr/game/x` → `/fr/platform/game/x`. Other paths are unchanged.
 */
export function gameCanonicalPath(pathname: string): string {
  const clean = stripDataSuffix(pathname);
  const { prefixed, path } = splitLocalePath(clean);
  if (!/^\/game\//.test(path)) return clean;
  return `${prefixed ? `/${prefixed}` : ''}/platform${path}`;
}

/** The mode the address asks for: `?mode=real|demo`, else a `#real` / `#demo` hash, else none. */
export function requestedGameMode(location: { search: string; hash: string }): GameMode | undefined {
  const fromQuery = new URLSearchParams(location.search).get('mode');
  if (isGameMode(fromQuery)) return fromQuery;
  const fromHash = location.hash.replace(/^#/, '').toLowerCase();
  return isGameMode(fromHash) ? fromHash : undefined;
}

/** Why the iframe is not shown, when it is not. */
export type GameLaunchBlock =
  /** A guest asked for real play (spec §2/§6: the registration popup). */
  | 'sign-up'
  /** The game has no demo and the visitor is a guest. */
  | 'no-demo'
  /** Real play with an empty balance, on a game that refuses it (canAccessSlotWithZeroBalance false). */
  | 'deposit'
  /** Real play before the player gave a birth date (the age gate: a licensed casino must know it). */
  | 'birth-date'
  /** Real play by a player under the minimum age. */
  | 'under-age';

export interface GameLaunchPlan {
  mode: GameMode;
  block: GameLaunchBlock | null;
}

export interface GameLaunchInput {
  requested: GameMode | undefined;
  isAuthenticated: boolean;
  hasDemo: boolean;
  canAccessSlotWithZeroBalance: boolean;
  /** Whether the player's main balance is above zero. */
  hasFunds: boolean;
  /** Account info `real_money_block`: why real money is closed to the player, if it is. */
  realMoneyBlock?: 'birth_date_required' | 'under_age' | null;
}

/**
 * Which mode the page plays and whether the frame may open. Guests play demo only; players play
 * real by default, demo when they ask for it (and the game has one). Real play with an empty
 * balance is refused unless the game allows it. The age gate comes first: without a birth date
 * real play asks for it; a player under age plays demo unless they ask for real (then told why).
 */
export function planGameLaunch(input: GameLaunchInput): GameLaunchPlan {
  if (!input.isAuthenticated) {
    if (input.requested === 'real') return { mode: 'real', block: 'sign-up' };
    return input.hasDemo ? { mode: 'demo', block: null } : { mode: 'demo', block: 'no-demo' };
  }
  if (input.realMoneyBlock === 'under_age' && input.requested !== 'real' && input.hasDemo) {
    return { mode: 'demo', block: null };
  }
  const mode: GameMode = input.requested === 'demo' && input.hasDemo ? 'demo' : 'real';
  if (mode === 'real' && input.realMoneyBlock) {
    return { mode, block: input.realMoneyBlock === 'under_age' ? 'under-age' : 'birth-date' };
  }
  if (mode === 'real' && !input.hasFunds && !input.canAccessSlotWithZeroBalance) {
    return { mode, block: 'deposit' };
  }
  return { mode, block: null };
}
