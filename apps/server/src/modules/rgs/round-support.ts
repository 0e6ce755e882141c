/**
 * What every round and session call of the game server leans on: engines by name, money as the
 * player sees it, the rate limit, wallet refusals as client errors, the current balance, the
 * engine's input errors as client errors, and the player's seed pair.
 */
import { type GameEngine, GameInputError, type GameName, type RoundStep } from '@croupier/games/engine';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { RgsError, sessionInvalid, walletUnavailable } from './rgs.errors.ts';
import type { RgsRepository, RoundWithMode, Tx } from './rgs.repository.ts';
import { newServerSeed, type RgsContext, type RoundView, randomClientSeed } from './rgs-model.ts';
import type { WalletAnswer, WalletClient, WalletResult } from './wallet-client.ts';
import { parseWalletDecimal } from './wallet-decimal.ts';

type RoundRow = RoundWithMode;

export interface RoundSupportContext {
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'rateLimiter'>;
  repository: RgsRepository;
  wallet: WalletClient;
  engines: Readonly<Record<GameName, GameEngine>>;
  roundsPerSecond: number;
}

export function createRoundSupport({
  deps,
  repository,
  wallet,
  engines,
  roundsPerSecond,
}: RoundSupportContext) {
  function engineOf(name: string): GameEngine {
    const engine = engines[name as GameName];
    if (!engine) throw new Error(`no engine ${name}`);
    return engine;
  }

  const money = (ctx: RgsContext, minor: bigint) => formatMinor(minor, ctx.exponent);

  /** A wallet balance string, normalised to the currency's decimals (it is shown to the player). */
  function walletBalance(ctx: RgsContext, answer: Record<string, unknown>): bigint | undefined {
    return parseWalletDecimal(answer.balance, ctx.exponent);
  }

  async function rateLimit(ctx: RgsContext): Promise<void> {
    const result = await deps.rateLimiter.consume(`rgs:rounds:${ctx.session.id}`, roundsPerSecond, 1);
    if (!result.allowed) {
      throw new RgsError('too_many_requests', 'Too many rounds at once: slow down', {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
  }

  /** A refused wallet call as the client's error; nothing moved on the platform. */
  function refusal(ctx: RgsContext, result: Extract<WalletResult<WalletAnswer>, { kind: 'refused' }>) {
    switch (result.code) {
      case 'insufficient_funds': {
        const balance = walletBalance(ctx, result.answer);
        return new RgsError('insufficient_funds', 'Your balance is too low for this stake', {
          ...(balance !== undefined ? { balance: money(ctx, balance) } : {}),
        });
      }
      case 'session_expired':
      case 'session_not_found':
      case 'player_blocked':
        return sessionInvalid();
      case 'bet_limit_exceeded':
        // The platform's max bet while a bonus is wagering (docs/game-wallet-protocol.md).
        return new RgsError('bet_limit_exceeded', 'This stake is above the maximum bet allowed now', {
          field: 'bet',
        });
      case 'rg_loss_limit_reached':
        return new RgsError('rg_loss_limit_reached', 'This stake would take you over your loss limit', {
          field: 'bet',
        });
      case 'rg_wager_limit_reached':
        return new RgsError('rg_wager_limit_reached', 'This stake would take you over your wager limit', {
          field: 'bet',
        });
      case 'rg_excluded':
        return new RgsError('rg_excluded', 'Your account is in a time-out or self-exclusion: no bets');
      case 'rg_session_limit_reached':
        return new RgsError('rg_session_limit_reached', 'Your session time limit is reached: no bets');
      case 'free_round_not_found':
      case 'free_round_wrong_game':
      case 'free_round_expired':
      case 'free_rounds_exhausted':
        return new RgsError('free_rounds_unavailable', 'These free spins cannot be played any more', {
          field: 'freeRound',
        });
      case 'invalid_request':
        // A free round's stake must be its pack's (ADR 024); other malformed calls are our bug.
        if (result.answer.field === 'amount') {
          return new RgsError('bad_bet', 'This stake is not the free spins’ stake', { field: 'bet' });
        }
        deps.log.error({ code: result.code, field: result.answer.field }, 'wallet refused an RGS call');
        return walletUnavailable();
      case 'limit_exceeded':
        return new RgsError('bad_bet', 'A limit on your account refuses this stake', { field: 'bet' });
      default:
        // Our bug or a disagreement with the platform (signature, currency, ids): loud in the logs.
        deps.log.error({ code: result.code, status: result.httpStatus }, 'wallet refused an RGS call');
        return walletUnavailable();
    }
  }

  function unavailable(result: WalletResult<WalletAnswer>): RgsError {
    if (result.kind === 'unavailable') deps.log.warn({ reason: result.reason }, 'wallet did not answer');
    return walletUnavailable();
  }

  async function currentBalance(ctx: RgsContext): Promise<bigint> {
    if (ctx.mode === 'guest') return repository.guestBalance(ctx.session.id);
    const result = await wallet.balance({ token: ctx.session.walletToken ?? '' });
    if (result.kind === 'refused') throw refusal(ctx, result);
    if (result.kind === 'unavailable') throw unavailable(result);
    const balance = walletBalance(ctx, result.answer);
    if (balance === undefined) throw unavailable({ kind: 'unavailable', reason: 'unreadable balance' });
    return balance;
  }

  function parseBet(ctx: RgsContext, input: unknown): unknown {
    try {
      return ctx.engine.parseBet(input, ctx.limits);
    } catch (error) {
      if (error instanceof GameInputError) {
        throw new RgsError('bad_bet', error.message, { field: error.field ?? 'bet' });
      }
      throw error;
    }
  }

  function act(ctx: RgsContext, round: RoundWithMode, action: unknown): RoundStep<unknown> {
    const engine = engineOf(round.engine);
    if (!engine.act) throw new RgsError('illegal_action', 'This game takes no actions', { field: 'action' });
    try {
      return engine.act(round.state, action, ctx.limits);
    } catch (error) {
      if (error instanceof GameInputError) {
        throw new RgsError('illegal_action', error.message, { field: error.field ?? 'action' });
      }
      throw error;
    }
  }

  function roundView(ctx: RgsContext, round: RoundWithMode | RoundRow, balanceMinor: bigint): RoundView {
    const status = round.status === 'open' || round.status === 'settling' ? round.status : 'settled';
    return {
      id: round.id,
      status,
      done: status !== 'open',
      stake: money(ctx, round.stakeMinor),
      payout: money(ctx, round.payoutMinor),
      balance: money(ctx, balanceMinor),
      view: engineOf(round.engine).view(round.state),
      nonce: round.nonce,
    };
  }

  /** Takes the player's next nonce, creating their seed pair first when they have none. */
  async function takeNonce(tx: Tx, playerKey: string) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const taken = await repository.takeNonce(tx, playerKey);
      if (taken) return taken;
      await repository.ensureSeedPair(tx, {
        playerKey,
        ...newServerSeed(),
        clientSeed: randomClientSeed(),
        now: deps.now(),
      });
    }
    throw new Error(`no active seed pair for ${playerKey}`);
  }

  async function activePair(playerKey: string) {
    const found = await repository.activeSeedPair(deps.db, playerKey);
    if (found) return found;
    await repository.ensureSeedPair(deps.db, {
      playerKey,
      ...newServerSeed(),
      clientSeed: randomClientSeed(),
      now: deps.now(),
    });
    const created = await repository.activeSeedPair(deps.db, playerKey);
    if (!created) throw new Error(`no active seed pair for ${playerKey}`);
    return created;
  }

  return {
    engineOf,
    money,
    walletBalance,
    rateLimit,
    refusal,
    unavailable,
    currentBalance,
    parseBet,
    act,
    roundView,
    takeNonce,
    activePair,
  };
}

export type RoundSupport = ReturnType<typeof createRoundSupport>;
