/**
 * Sessions: the launch that turns a platform token (or a guest's demo) into a game session, the
 * session behind each request's header, and what the game frame shows when it opens.
 */
import { randomBytes } from 'node:crypto';
import { formatRational, type GameEngine } from '@croupier/games/engine';
import { currencyExponent, FUN_CURRENCY, isKnownCurrency } from '@croupier/money/currencies';
import type { Deps } from '../../deps.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { betLimits, findGameCode } from './game-codes.ts';
import { sessionInvalid } from './rgs.errors.ts';
import type { RgsRepository, SessionRecord } from './rgs.repository.ts';
import type { FreeRoundsView, LaunchQuery, RgsContext, RgsMode, SessionInfo } from './rgs-model.ts';
import type { RoundSupport } from './round-support.ts';
import { isSessionIdShape, lobbyPathOf, newSessionId, sameSitePath, sessionIdHash } from './session-id.ts';
import type { WalletClient } from './wallet-client.ts';

/** A game session lives this long and slides while it is used. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** A guest's demo starts with 1,000.00 FUN. */
export const GUEST_START_BALANCE_MINOR = 100_000n;
/** Guest demos opened per IP per minute: each one is a session row and a seed pair. */
export const GUEST_LAUNCHES_PER_MINUTE = 30;
/** Sessions a process keeps read (about 300 bytes each). */
const KNOWN_SESSIONS_MAX = 20_000;
const WALLET_TOKEN = /^[A-Za-z0-9_-]{16,256}$/;
const PLAYER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The declared RTP shown to players: the `default` variant, else the first (the engine's main way
 * to play), in percent with two decimals. Exact maths can take a moment (blackjack): kept per engine.
 */
const rtpByEngine = new Map<string, string>();
function declaredRtp(engine: GameEngine): string {
  const known = rtpByEngine.get(engine.name);
  if (known !== undefined) return known;
  const computed = computeDeclaredRtp(engine);
  rtpByEngine.set(engine.name, computed);
  return computed;
}

function computeDeclaredRtp(engine: GameEngine): string {
  const variants = engine.rtpVariants();
  const chosen = variants.find((variant) => variant.variant === 'default') ?? variants[0];
  if (!chosen) return '';
  return formatRational({ num: chosen.rtp.num * 100n, den: chosen.rtp.den }, 2);
}

export interface SessionsContext {
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'rateLimiter'>;
  repository: RgsRepository;
  wallet: WalletClient;
  support: RoundSupport;
}

export function createSessions({ deps, repository, wallet, support }: SessionsContext) {
  const { activePair, currentBalance, engineOf, money, roundView, refusal, unavailable, walletBalance } =
    support;
  /** Sessions this process read (by token hash), the busiest of the moment. */
  const knownSessions = new BoundedMap<string, SessionRecord>(KNOWN_SESSIONS_MAX);

  /**
   * A real session's balance and next free-spin pack, in one wallet call (`freerounds`, ADR 024);
   * demo and guest sessions have no free rounds.
   */
  async function balanceAndFreeRounds(
    ctx: RgsContext,
  ): Promise<{ balance: bigint; freeRounds: FreeRoundsView | null }> {
    if (ctx.mode !== 'real') return { balance: await currentBalance(ctx), freeRounds: null };
    const result = await wallet.freerounds({ token: ctx.session.walletToken ?? '' });
    if (result.kind === 'refused') throw refusal(ctx, result);
    if (result.kind === 'unavailable') throw unavailable(result);
    const balance = walletBalance(ctx, result.answer);
    if (balance === undefined) throw unavailable({ kind: 'unavailable', reason: 'unreadable balance' });
    const a = result.answer;
    const remaining = Number(a.free_rounds_remaining);
    const total = Number(a.free_rounds_total);
    const freeRounds =
      a.free_round_pack_id && a.free_round_bet && Number.isInteger(remaining) && remaining > 0
        ? {
            packId: a.free_round_pack_id,
            remaining,
            total: Number.isInteger(total) ? total : remaining,
            stake: a.free_round_bet,
          }
        : null;
    return { balance, freeRounds };
  }

  return {
    /**
     * `GET /rgs/launch`: where to send the player's frame. Any failure goes to the slot error page;
     * every location is a path on this site.
     */
    async launch(query: LaunchQuery, client: { ip: string }): Promise<string> {
      const lang = query.lang === 'fr' ? 'fr' : 'en';
      const failure = lang === 'fr' ? '/fr/slot-error?embedded=1' : '/slot-error?embedded=1';
      const game = typeof query.game === 'string' ? findGameCode(query.game) : undefined;
      if (!game) return failure;
      const lobbyPath = sameSitePath(query.lobby_url);
      const now = deps.now();
      const sessionId = newSessionId(lobbyPath);
      const base = {
        tokenHash: sessionIdHash(sessionId),
        gameCode: game.code,
        lang,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      };
      const token = query.token;
      if (token === undefined || token === '') {
        if (query.mode !== 'demo') return failure;
        const limited = await deps.rateLimiter.consume(
          `rgs:guest-launch:${client.ip}`,
          GUEST_LAUNCHES_PER_MINUTE,
          60,
        );
        if (!limited.allowed) return failure;
        // A guest's demo: play money of its own, no wallet. The guest key is random, not the
        // session id, so the secret id is never stored in clear.
        const playerKey = `g:${randomBytes(16).toString('hex')}`;
        await repository.insertSession({
          ...base,
          playerKey,
          walletToken: null,
          mode: 'guest',
          currency: FUN_CURRENCY,
          guestBalanceMinor: GUEST_START_BALANCE_MINOR,
        });
        await activePair(playerKey);
      } else {
        if (typeof token !== 'string' || !WALLET_TOKEN.test(token)) return failure;
        if (query.mode !== 'real' && query.mode !== 'demo') return failure;
        const result = await wallet.authenticate({ token, game: game.code });
        if (result.kind !== 'ok') {
          deps.log.warn(
            { game: game.code, outcome: result.kind === 'refused' ? result.code : result.reason },
            'RGS launch: authenticate failed',
          );
          return failure;
        }
        const answer = result.answer;
        // The token decides the mode: a frame that says demo must never move real money.
        if (answer.mode !== query.mode) return failure;
        if (
          typeof query.currency === 'string' &&
          query.currency !== '' &&
          query.currency !== answer.currency
        ) {
          return failure;
        }
        if (!betLimits(answer.currency) || !PLAYER_ID.test(answer.player_id)) return failure;
        const playerKey = `p:${answer.player_id}`;
        await repository.insertSession({
          ...base,
          playerKey,
          walletToken: token,
          mode: answer.mode,
          currency: answer.currency,
          guestBalanceMinor: null,
        });
        await activePair(playerKey);
      }
      return `/rgs/play/${game.code}?session=${encodeURIComponent(sessionId)}&lang=${lang}`;
    },

    /** The session behind an `X-Rgs-Session` header, or session_invalid. */
    async resolve(header: unknown): Promise<RgsContext> {
      if (!isSessionIdShape(header)) throw sessionInvalid();
      const hash = sessionIdHash(header);
      const key = hash.toString('hex');
      const now = deps.now();
      // A session's row never changes but for its end, which only moves later (the slide below;
      // nothing ends a session early): one this process read is used as read while more than half
      // its life is left, and read again after (ADR 059). Guests' rows carry their balance: not kept.
      let session = knownSessions.get(key);
      if (!session || session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2) {
        session = await repository.findSessionByHash(hash);
        if (session && session.guestBalanceMinor === null) knownSessions.set(key, session);
        else knownSessions.delete(key);
      }
      if (!session || session.expiresAt <= now) throw sessionInvalid();
      const game = findGameCode(session.gameCode);
      const exponent = isKnownCurrency(session.currency) ? currencyExponent(session.currency) : undefined;
      const limits = betLimits(session.currency);
      if (!game || exponent === undefined || !limits) throw sessionInvalid();
      // Sliding life, written at most once per half-life.
      if (session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2) {
        session.expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await repository.extendSession(session.id, session.expiresAt);
      }
      return {
        session,
        mode: session.mode as RgsMode,
        game,
        engine: engineOf(game.engine),
        exponent,
        limits,
        lobbyUrl: lobbyPathOf(header),
      };
    },

    async session(ctx: RgsContext): Promise<SessionInfo> {
      const [{ balance, freeRounds }, pair, open] = await Promise.all([
        balanceAndFreeRounds(ctx),
        activePair(ctx.session.playerKey),
        repository.findOpenRound(deps.db, {
          playerKey: ctx.session.playerKey,
          gameCode: ctx.game.code,
          mode: ctx.session.mode,
        }),
      ]);
      return {
        game: { code: ctx.game.code, engine: ctx.game.engine, theme: ctx.game.theme, name: ctx.game.name },
        mode: ctx.mode,
        currency: ctx.session.currency,
        exponent: ctx.exponent,
        balance: money(ctx, balance),
        limits: { min: money(ctx, ctx.limits.minStakeMinor), max: money(ctx, ctx.limits.maxStakeMinor) },
        rtp: declaredRtp(ctx.engine),
        describe: ctx.engine.describe(),
        fairness: { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nextNonce },
        openRound: open && open.currency === ctx.session.currency ? roundView(ctx, open, balance) : null,
        lobbyUrl: ctx.lobbyUrl,
        freeRounds,
      };
    },
  };
}
