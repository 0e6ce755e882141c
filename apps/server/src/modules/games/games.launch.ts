/**
 * The platform launcher (docs/game-wallet-protocol.md, "Launch"): turns `/platform/game/{sysname}/play` into a
 * redirect to the game provider's launch URL. A guest may play demo (no token); real play needs a
 * signed-in active player, for whom a game session is opened with the game wallet (the token goes
 * to the provider, which authenticates it through the wallet API). Any failure leads to the slot
 * error page. Redirects are relative only. Real play also needs the player's age (accounts' age
 * gate: a birth date on the profile, at least the minimum age): a refusal names its reason on the
 * slot error page (`?reason=birth_date_required|under_age`), which says what to do.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { isFramePath } from '@croupier/contract/sportsbook/frame';
import type { SessionService } from '../auth/session.service.ts';
import type { GameRecord } from './games.repository.ts';

export type LaunchMode = 'real' | 'demo';

export interface OpenSessionInput {
  playerId: bigint;
  gameId: bigint;
  provider: string;
  mode: LaunchMode;
  currency: string;
}

/** The game wallet's session opener (services.gameWallet): answers the launch token. */
export interface GameSessionOpener {
  openSession(input: OpenSessionInput): Promise<{ token: string }>;
}

export interface LaunchRequest {
  game: { sysname: string } | { customCode: string };
  mode: LaunchMode;
  locale: Locale;
  sessionToken: string | undefined;
  /**
   * A page inside the provider's product, passed through as `path` (a sportsbook frame's
   * `/bets/{path}`, ADR 035); only a plain relative path, else it is left out.
   */
  path?: string | undefined;
}

export interface LaunchDeps {
  sessions: Pick<SessionService, 'resolve'>;
  findGame(by: { sysname: string } | { customCode: string }): Promise<GameRecord | null>;
  /** The player's currency (their account's, else the site's default). */
  playerCurrency(playerId: bigint): Promise<string>;
  defaultCurrency(): Promise<string>;
  gameWallet: GameSessionOpener;
  /** Why this player may not play for real money (no birth date, under age), or null. */
  realMoneyRefusal(playerId: bigint): Promise<{ reason: AgeRefusalReason } | null>;
}

/** The age gate's reasons, shown by the slot error page. */
export const AGE_REFUSAL_REASONS = ['birth_date_required', 'under_age'] as const;
export type AgeRefusalReason = (typeof AGE_REFUSAL_REASONS)[number];

export type LaunchResult = { ok: true; location: string } | { ok: false; reason: string; location: string };

export function slotErrorPath(locale: Locale, reason?: AgeRefusalReason): string {
  return `${localizePath('/slot-error', locale)}?embedded=1${reason ? `&reason=${reason}` : ''}`;
}

/** A same-site path: one leading slash (not `//`), printable ASCII, no backslash, no space. */
export function isRelativePath(url: string): boolean {
  return /^\/(?![/\\])[!-[\]-~]*$/.test(url);
}

export async function resolveLaunch(deps: LaunchDeps, request: LaunchRequest): Promise<LaunchResult> {
  const fail = (reason: string): LaunchResult => ({
    ok: false,
    reason,
    location: slotErrorPath(request.locale),
  });
  const session = await deps.sessions.resolve(request.sessionToken);
  if (session && session.playerStatus !== 'active') return fail('player_blocked');
  if (!session && request.mode === 'real') return fail('sign_in_required');

  const game = await deps.findGame(request.game);
  if (!game?.isActive) return fail('game_not_found');
  if (request.mode === 'demo' && !game.hasDemo) return fail('demo_unavailable');
  if (!isRelativePath(game.launchUrl)) return fail('launch_url_not_relative');
  if (session && request.mode === 'real') {
    const refusal = await deps.realMoneyRefusal(session.playerId);
    if (refusal) {
      return { ok: false, reason: refusal.reason, location: slotErrorPath(request.locale, refusal.reason) };
    }
  }

  const params = new URLSearchParams();
  if (session) {
    const currency = await deps.playerCurrency(session.playerId);
    const { token } = await deps.gameWallet.openSession({
      playerId: session.playerId,
      gameId: game.id,
      provider: game.walletProvider,
      mode: request.mode,
      currency,
    });
    params.set('token', token);
    params.set('game', game.providerGameCode);
    params.set('mode', request.mode);
    params.set('lang', request.locale);
    params.set('currency', currency);
  } else {
    params.set('game', game.providerGameCode);
    params.set('mode', 'demo');
    params.set('lang', request.locale);
    params.set('currency', await deps.defaultCurrency());
  }
  params.set('lobby_url', localizePath('/gamehall', request.locale));
  if (request.path !== undefined && isFramePath(request.path)) params.set('path', request.path);
  const separator = game.launchUrl.includes('?') ? '&' : '?';
  return { ok: true, location: `${game.launchUrl}${separator}${params.toString()}` };
}
