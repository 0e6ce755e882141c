/**
 * The in-house game server (ARCHITECTURE.md §5): a provider like any other. It launches sessions
 * from the platform's tokens, plays rounds with the provably-fair engines of packages/games, and
 * moves money only through the platform's wallet API over HTTP (wallet-client.ts), never through
 * the platform's tables or services.
 *
 * Money flow of a round (docs/game-wallet-protocol.md "Provider duties"):
 * 1. reserve: lock the player's seed pair by taking its next nonce, compute the step, write the
 *    round (`open`) and the bet call (`pending`, leased) in one commit;
 * 2. post the `bet` and wait for `ok` before anything of the outcome leaves the server;
 *    - `insufficient_funds` (or another refusal): the round is `cancelled`, the nonce stays used
 *      (honest: the outcome drawn for it is never shown, and the next round takes the next nonce);
 *    - no answer: the bet call is marked failed, a `rollback` for it joins the outbox, and the
 *      player gets wallet_unavailable;
 * 3. a finished round becomes `settling` with its `win` (0 closes a lost round) in the outbox,
 *    written in the commit that records the bet; the win is sent at once and, when that fails,
 *    by the background loop with exponential back-off until the platform answers (it accepts
 *    wins after the launch token expired). Transaction ids are unique for ever:
 *    `rgs-<round>-bet-<n>`, `rgs-<round>-win`, `rgs-<round>-rb-<n>`, so a resend is a duplicate the
 *    platform answers with its first result: a win is never paid twice.
 *
 * Blackjack's doubles, splits and insurance are more `bet` calls in the same round. A guest's demo
 * never calls the wallet: its FUN balance lives in the session row and moves in the round's commit.
 */
import { randomBytes } from 'node:crypto';
import {
  type BetLimits,
  formatRational,
  type GameEngine,
  GameInputError,
  type GameName,
  type RoundStep,
} from '@croupier/games/engine';
import { CLIENT_SEED, commitServerSeed, FairRandom } from '@croupier/games/fair';
import { nodeHmacSha256 } from '@croupier/games/node-hmac';
import type { Deps } from '../../deps.ts';
import { rgsCredentials } from './credentials.ts';
import { betLimits, findGameCode, type GameCodeEntry } from './game-codes.ts';
import { currencyExponent, FUN_CURRENCY, formatMinor, parseDecimal } from './money.ts';
import { RgsError, roundNotFound, sessionInvalid, walletUnavailable } from './rgs.errors.ts';
import {
  type ClaimedCall,
  createRgsRepository,
  type RoundWithMode,
  type SessionRecord,
  type Tx,
} from './rgs.repository.ts';
import {
  isSessionIdShape,
  lobbyPathOf,
  newRoundId,
  newSessionId,
  ROUND_ID,
  sameSitePath,
  sessionIdHash,
} from './session-id.ts';
import {
  createWalletClient,
  DEFAULT_WALLET_TIMEOUT_MS,
  type WalletAnswer,
  type WalletResult,
} from './wallet-client.ts';

/** A game session lives this long and slides while it is used. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** A guest's demo starts with 1,000.00 FUN. */
export const GUEST_START_BALANCE_MINOR = 100_000n;
/** Rounds and actions per session per second (ARCHITECTURE.md §8: a limit on everything). */
export const DEFAULT_ROUNDS_PER_SECOND = 20;
/** Guest demos opened per IP per minute: each one is a session row and a seed pair. */
export const GUEST_LAUNCHES_PER_MINUTE = 30;
/**
 * A call in flight is leased this long: the live request owns it until then, after which the
 * background loop takes over (a bet whose request died is rolled back, a win is resent).
 */
const CALL_LEASE_MS = 60_000;
/** Back-off of undelivered wins and rollbacks: 1 s, 2 s, 4 s … at most 15 min apart, for ever. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 15 * 60_000;
const OUTBOX_BATCH = 20;
const MAX_BATCHES_PER_PASS = 10;
const DEFAULT_POLL_MS = 1_000;
export const ROUNDS_LIST_DEFAULT = 20;
export const ROUNDS_LIST_MAX = 100;
const WALLET_TOKEN = /^[A-Za-z0-9_-]{16,256}$/;
const PLAYER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type RgsMode = 'real' | 'demo' | 'guest';

export interface RoundView {
  id: string;
  status: 'open' | 'settling' | 'settled';
  done: boolean;
  stake: string;
  payout: string;
  balance: string;
  view: unknown;
  nonce: number;
}

export interface RoundSummary {
  id: string;
  createdAt: string;
  stake: string;
  payout: string;
  status: string;
  /** Additions to the brief's summary: a player's history can mix demo and real rounds. */
  currency: string;
  mode: RgsMode;
}

export interface RoundDetail extends RoundSummary {
  game: string;
  view: unknown;
  fairness: {
    serverSeedHash: string;
    serverSeed: string | null;
    clientSeed: string;
    nonce: number;
    bet: unknown;
    actions: unknown[];
  };
}

export interface SessionInfo {
  game: { code: string; engine: GameName; theme: string; name: string };
  mode: RgsMode;
  currency: string;
  exponent: number;
  balance: string;
  limits: { min: string; max: string };
  rtp: string;
  describe: unknown;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  openRound: RoundView | null;
  lobbyUrl: string | null;
}

export interface SeedRotation {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
  next: { serverSeedHash: string; clientSeed: string; nonce: number };
}

/** A verified session with everything a request needs. */
export interface RgsContext {
  session: SessionRecord;
  mode: RgsMode;
  game: GameCodeEntry;
  engine: GameEngine;
  exponent: number;
  limits: BetLimits;
  lobbyUrl: string | null;
}

export interface LaunchQuery {
  token?: unknown;
  game?: unknown;
  mode?: unknown;
  lang?: unknown;
  currency?: unknown;
  lobby_url?: unknown;
}

export interface RgsServiceOptions {
  /** The engines by name (packages/games/src/registry.ts `ENGINES`). */
  engines: Readonly<Record<GameName, GameEngine>>;
  fetch?: typeof fetch;
  walletTimeoutMs?: number;
  roundsPerSecond?: number;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: commitServerSeed(serverSeed) };
}

/** The first client seed of a pair, until the player picks one (16 characters of the allowed set). */
function randomClientSeed(): string {
  return randomBytes(12).toString('base64url');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

export function createRgsService(deps: Deps, options: RgsServiceOptions) {
  const { engines } = options;
  const repository = createRgsRepository(deps.db);
  const credentials = rgsCredentials(deps.config);
  const wallet = createWalletClient({
    walletUrl: credentials.walletUrl,
    providerId: credentials.providerId,
    secret: credentials.secret,
    timeoutMs: options.walletTimeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS,
    nowSeconds: () => Math.floor(deps.now().getTime() / 1000),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const roundsPerSecond = options.roundsPerSecond ?? DEFAULT_ROUNDS_PER_SECOND;
  const later = (ms: number) => new Date(deps.now().getTime() + ms);

  // --- helpers ------------------------------------------------------------------------------------

  function engineOf(name: string): GameEngine {
    const engine = engines[name as GameName];
    if (!engine) throw new Error(`no engine ${name}`);
    return engine;
  }

  const money = (ctx: RgsContext, minor: bigint) => formatMinor(minor, ctx.exponent);

  /** A wallet balance string, normalised to the currency's decimals (it is shown to the player). */
  function walletBalance(ctx: RgsContext, answer: Record<string, unknown>): bigint | undefined {
    return parseDecimal(answer.balance, ctx.exponent);
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

  // --- wallet calls -------------------------------------------------------------------------------

  interface WinTarget {
    callId: bigint;
    roundId: string;
    txId: string;
    amountMinor: bigint;
    gameCode: string;
    currency: string;
    exponent: number;
    token: string;
  }

  /**
   * Sends a round's win. `ok` settles the round in the commit that marks the call done; no answer
   * leaves the round `settling` with the call rescheduled for the loop. Returns the balance after.
   */
  async function deliverWin(target: WinTarget, attempts: number): Promise<bigint | undefined> {
    const result = await wallet.win({
      token: target.token,
      transactionId: target.txId,
      roundId: target.roundId,
      game: target.gameCode,
      amount: formatMinor(target.amountMinor, target.exponent),
      currency: target.currency,
    });
    if (result.kind === 'ok') {
      await repository.settleWin(target.callId, result.answer, deps.now());
      return parseDecimal(result.answer.balance, target.exponent);
    }
    if (result.kind === 'refused') {
      // The platform will never take this win (it dedupes by id, so this is not a lost answer):
      // the round stays settling and the call failed, for an operator to look at.
      deps.log.error(
        { roundId: target.roundId, txId: target.txId, code: result.code },
        'wallet refused a win for good',
      );
      await repository.finishCall(deps.db, target.callId, {
        status: 'failed',
        response: result.answer,
        lastError: result.code,
      });
      return undefined;
    }
    await repository.rescheduleCall(target.callId, {
      attempts,
      nextAttemptAt: later(retryDelayMs(attempts)),
      lastError: result.reason,
    });
    return undefined;
  }

  async function deliverRollback(call: ClaimedCall): Promise<void> {
    const result = await wallet.rollback({
      token: call.walletToken ?? '',
      transactionId: call.txId,
      referenceTransactionId: call.referenceTxId ?? '',
      roundId: call.roundId,
      game: call.gameCode,
    });
    if (result.kind === 'ok') {
      await repository.finishCall(deps.db, call.id, { status: 'done', response: result.answer });
      return;
    }
    if (result.kind === 'refused') {
      deps.log.error(
        { roundId: call.roundId, txId: call.txId, code: result.code },
        'wallet refused a rollback',
      );
      await repository.finishCall(deps.db, call.id, {
        status: 'failed',
        response: result.answer,
        lastError: result.code,
      });
      return;
    }
    await repository.rescheduleCall(call.id, {
      nextAttemptAt: later(retryDelayMs(call.attempts)),
      lastError: result.reason,
    });
  }

  /**
   * A bet call still pending after its lease: the request that sent it died without recording the
   * answer. Whether the platform took it is unknown, so it is rolled back (refund or tombstone);
   * a round whose first bet it was is cancelled.
   */
  async function abandonBet(call: ClaimedCall): Promise<void> {
    await repository.transaction(async (tx) => {
      if (
        !(await repository.finishCall(tx, call.id, { status: 'failed', lastError: 'abandoned: no answer' }))
      ) {
        return;
      }
      await repository.insertCall(tx, {
        roundId: call.roundId,
        kind: 'rollback',
        txId: call.txId.replace(/-bet-(\d+)$/, '-rb-$1'),
        referenceTxId: call.txId,
        amountMinor: call.amountMinor,
        nextAttemptAt: deps.now(),
        createdAt: deps.now(),
      });
      if (call.txId.endsWith('-bet-0')) {
        const round = await repository.lockRoundById(tx, call.roundId);
        if (round && round.status === 'open' && round.stakeMinor === 0n) {
          await repository.updateRound(tx, call.roundId, { status: 'cancelled', settledAt: deps.now() });
        }
      }
    });
  }

  async function processCall(call: ClaimedCall): Promise<void> {
    const exponent = currencyExponent(call.currency);
    if (exponent === undefined || call.walletToken === null) {
      deps.log.error({ callId: call.id.toString() }, 'RGS wallet call without a currency or token');
      await repository.finishCall(deps.db, call.id, { status: 'failed', lastError: 'unsendable' });
      return;
    }
    switch (call.kind) {
      case 'bet':
        return abandonBet(call);
      case 'rollback':
        return deliverRollback(call);
      case 'win':
        await deliverWin(
          {
            callId: call.id,
            roundId: call.roundId,
            txId: call.txId,
            amountMinor: call.amountMinor,
            gameCode: call.gameCode,
            currency: call.currency,
            exponent,
            token: call.walletToken,
          },
          call.attempts,
        );
        return;
    }
  }

  // --- rounds -------------------------------------------------------------------------------------

  type RoundRow = RoundWithMode;

  /**
   * Records a step: stake added, state and actions moved on, the win queued when the round is done.
   * With `confirm`, the bet call that paid for the step is marked done in the same statement, and
   * nothing is written when that call is no longer pending (its lease lapsed and the background
   * loop is rolling it back): then `written` is false.
   */
  async function applyStep(
    executor: Tx | Deps['db'],
    ctx: RgsContext,
    round: RoundRow,
    step: RoundStep<unknown>,
    change: { action?: unknown; stakeMinor: bigint; confirm?: { callId: bigint; response: unknown } },
  ): Promise<{ round: RoundRow; winCallId: bigint | null; written: boolean }> {
    const guest = ctx.mode === 'guest';
    const status = step.done ? (guest ? 'settled' : 'settling') : 'open';
    const next: RoundRow = {
      ...round,
      actions: change.action === undefined ? round.actions : [...round.actions, change.action],
      state: step.state,
      stakeMinor: round.stakeMinor + change.stakeMinor,
      payoutMinor: step.done ? step.payout : 0n,
      status,
      settledAt: guest && step.done ? deps.now() : null,
    };
    const { written, winCallId } = await repository.writeStep(executor, {
      roundId: round.id,
      set: {
        actions: next.actions,
        state: next.state,
        stakeMinor: next.stakeMinor,
        payoutMinor: next.payoutMinor,
        status: next.status,
        settledAt: next.settledAt,
      },
      confirm: change.confirm ?? null,
      win:
        step.done && !guest
          ? {
              txId: `rgs-${round.id}-win`,
              amountMinor: step.payout,
              // Leased: the request delivers it right after the commit; the loop only if that fails.
              nextAttemptAt: later(CALL_LEASE_MS),
              createdAt: deps.now(),
            }
          : null,
    });
    return { round: next, winCallId, written };
  }

  /** After a commit that queued a win: deliver it now; the view's balance is the one after it. */
  async function settle(
    ctx: RgsContext,
    round: RoundRow,
    winCallId: bigint | null,
    knownBalanceMinor: bigint | undefined,
  ): Promise<RoundView> {
    const balanceBefore = async () => knownBalanceMinor ?? (await currentBalance(ctx));
    if (winCallId === null) return roundView(ctx, round, await balanceBefore());
    const after = await deliverWin(
      {
        callId: winCallId,
        roundId: round.id,
        txId: `rgs-${round.id}-win`,
        amountMinor: round.payoutMinor,
        gameCode: round.gameCode,
        currency: round.currency,
        exponent: ctx.exponent,
        token: ctx.session.walletToken ?? '',
      },
      1,
    );
    // Not delivered: the round stays settling and the balance does not show the win yet.
    if (after === undefined) return roundView(ctx, round, await balanceBefore().catch(() => 0n));
    return roundView(ctx, { ...round, status: 'settled' }, after);
  }

  /** A bet call that got no usable answer: its rollback joins the outbox in the same commit. */
  async function betUnanswered(
    tx: Tx,
    bet: { callId: bigint; roundId: string; txId: string; amountMinor: bigint },
    reason: string,
  ): Promise<void> {
    await repository.finishCall(tx, bet.callId, { status: 'failed', lastError: reason });
    await repository.insertCall(tx, {
      roundId: bet.roundId,
      kind: 'rollback',
      txId: bet.txId.replace(/-bet-(\d+)$/, '-rb-$1'),
      referenceTxId: bet.txId,
      amountMinor: bet.amountMinor,
      nextAttemptAt: deps.now(),
      createdAt: deps.now(),
    });
  }

  async function startGuestRound(ctx: RgsContext, betInput: unknown, bet: unknown): Promise<RoundView> {
    return repository.transaction(async (tx) => {
      const balance = await repository.lockGuestBalance(tx, ctx.session.id);
      const { round, step } = await reserveRound(tx, ctx, betInput, bet, { checkOpen: true });
      await repository.insertRound(tx, roundInsert(round));
      if (step.stake > balance) {
        // Rolls the transaction back: nothing of this round is kept, not even its nonce.
        throw new RgsError('insufficient_funds', 'Your balance is too low for this stake', {
          balance: money(ctx, balance),
        });
      }
      const { round: next } = await applyStep(tx, ctx, round, step, { stakeMinor: step.stake });
      const after = balance - step.stake + (step.done ? step.payout : 0n);
      await repository.setGuestBalance(tx, ctx.session.id, after);
      return roundView(ctx, next, after);
    });
  }

  const roundInProgress = () => new RgsError('round_in_progress', 'Finish the round in progress first');

  /**
   * Step 1 of a round: nonce, outcome, round row (`open`, nothing staked yet). `checkOpen: false`:
   * the caller's insert of the round refuses it when the player has an open one (one statement less).
   */
  async function reserveRound(
    tx: Tx,
    ctx: RgsContext,
    betInput: unknown,
    bet: unknown,
    options: { checkOpen: boolean },
  ) {
    const taken = await takeNonce(tx, ctx.session.playerKey);
    // After the pair's lock: a concurrent start of the same player waits here, then sees our round.
    if (options.checkOpen) {
      const open = await repository.findOpenRound(tx, {
        playerKey: ctx.session.playerKey,
        gameCode: ctx.game.code,
        mode: ctx.session.mode,
      });
      if (open) throw roundInProgress();
    }
    const random = new FairRandom(
      { serverSeed: taken.serverSeed, clientSeed: taken.clientSeed, nonce: taken.nonce },
      nodeHmacSha256,
    );
    const step = ctx.engine.start(bet, random);
    if (step.stake <= 0n) throw new Error(`${ctx.engine.name} started a round without a stake`);
    const round: RoundRow = {
      id: newRoundId(),
      sessionId: ctx.session.id,
      playerKey: ctx.session.playerKey,
      gameCode: ctx.game.code,
      engine: ctx.engine.name,
      seedPairId: taken.pairId,
      nonce: taken.nonce,
      bet: betInput,
      actions: [],
      state: step.state,
      currency: ctx.session.currency,
      stakeMinor: 0n,
      payoutMinor: 0n,
      status: 'open',
      createdAt: deps.now(),
      settledAt: null,
      mode: ctx.session.mode,
    };
    return { round, step };
  }

  function roundInsert(round: RoundRow) {
    const { mode: _mode, ...row } = round;
    return row;
  }

  async function startRound(ctx: RgsContext, body: unknown): Promise<RoundView> {
    await rateLimit(ctx);
    const betInput = isRecord(body) ? body.bet : undefined;
    const bet = parseBet(ctx, betInput);
    if (ctx.mode === 'guest') return startGuestRound(ctx, betInput, bet);

    const reserved = await repository.transaction(async (tx) => {
      const { round, step } = await reserveRound(tx, ctx, betInput, bet, { checkOpen: false });
      const txId = `rgs-${round.id}-bet-0`;
      // Written only when the player has no open round of this game and mode (checked after the
      // pair's lock, like reserveRound's own check); otherwise nothing is, not even the nonce.
      const callId = await repository.insertRoundWithBet(
        tx,
        roundInsert(round),
        { mode: ctx.session.mode },
        { txId, amountMinor: step.stake, nextAttemptAt: later(CALL_LEASE_MS) },
      );
      if (callId === null) throw roundInProgress();
      return { round, step, txId, callId };
    });
    const { round, step, txId, callId } = reserved;

    const result = await wallet.bet({
      token: ctx.session.walletToken ?? '',
      transactionId: txId,
      roundId: round.id,
      game: ctx.game.code,
      amount: money(ctx, step.stake),
      currency: ctx.session.currency,
    });
    if (result.kind !== 'ok') {
      await repository.transaction(async (tx) => {
        if (result.kind === 'refused') {
          await repository.finishCall(tx, callId, {
            status: 'failed',
            response: result.answer,
            lastError: result.code,
          });
        } else {
          await betUnanswered(
            tx,
            { callId, roundId: round.id, txId, amountMinor: step.stake },
            result.reason,
          );
        }
        await repository.updateRound(tx, round.id, { status: 'cancelled', settledAt: deps.now() });
      });
      throw result.kind === 'refused' ? refusal(ctx, result) : unavailable(result);
    }

    const confirmed = await applyStep(deps.db, ctx, round, step, {
      stakeMinor: step.stake,
      confirm: { callId, response: result.answer },
    });
    // Too late: the loop took the bet over and refunds it.
    if (!confirmed.written) throw walletUnavailable();
    return settle(ctx, confirmed.round, confirmed.winCallId, walletBalance(ctx, result.answer));
  }

  async function guestAction(ctx: RgsContext, roundId: string, action: unknown): Promise<RoundView> {
    return repository.transaction(async (tx) => {
      const balance = await repository.lockGuestBalance(tx, ctx.session.id);
      const round = await lockActionableRound(tx, ctx, roundId);
      const step = act(ctx, round, action);
      if (step.stake > balance) {
        throw new RgsError('insufficient_funds', 'Your balance is too low for this stake', {
          balance: money(ctx, balance),
        });
      }
      const { round: next } = await applyStep(tx, ctx, round, step, { action, stakeMinor: step.stake });
      const after = balance - step.stake + (step.done ? step.payout : 0n);
      await repository.setGuestBalance(tx, ctx.session.id, after);
      return roundView(ctx, next, after);
    });
  }

  /**
   * The player's open round of this game and mode, locked. Another player's round, a tampered id,
   * or a round of another game or mode is "not found": nothing says whether it exists.
   */
  async function lockActionableRound(tx: Tx, ctx: RgsContext, roundId: string): Promise<RoundRow> {
    const round = await repository.lockRound(tx, roundId, ctx.session.playerKey);
    if (
      !round ||
      round.gameCode !== ctx.game.code ||
      round.mode !== ctx.session.mode ||
      round.currency !== ctx.session.currency
    ) {
      throw roundNotFound();
    }
    if (round.status !== 'open')
      throw new RgsError('illegal_action', 'This round is over', { field: 'action' });
    if (await repository.hasPendingBet(tx, round.id)) {
      throw new RgsError('round_in_progress', 'The previous action of this round is still being processed');
    }
    return round;
  }

  async function roundAction(ctx: RgsContext, roundId: string, body: unknown): Promise<RoundView> {
    await rateLimit(ctx);
    if (!ROUND_ID.test(roundId)) throw roundNotFound();
    const action = isRecord(body) ? body.action : undefined;
    if (action === undefined)
      throw new RgsError('illegal_action', 'The action is missing', { field: 'action' });
    if (ctx.mode === 'guest') return guestAction(ctx, roundId, action);

    const prepared = await repository.transaction(async (tx) => {
      const round = await lockActionableRound(tx, ctx, roundId);
      const step = act(ctx, round, action);
      if (step.stake === 0n) {
        const applied = await applyStep(tx, ctx, round, step, { action, stakeMinor: 0n });
        return { kind: 'applied' as const, ...applied };
      }
      const n = await repository.countBets(tx, round.id);
      const txId = `rgs-${round.id}-bet-${n}`;
      const callId = await repository.insertCall(tx, {
        roundId: round.id,
        kind: 'bet',
        txId,
        amountMinor: step.stake,
        nextAttemptAt: later(CALL_LEASE_MS),
        createdAt: deps.now(),
      });
      return { kind: 'bet' as const, round, step, txId, callId };
    });

    if (prepared.kind === 'applied') return settle(ctx, prepared.round, prepared.winCallId, undefined);

    const { round, step, txId, callId } = prepared;
    const result = await wallet.bet({
      token: ctx.session.walletToken ?? '',
      transactionId: txId,
      roundId: round.id,
      game: ctx.game.code,
      amount: money(ctx, step.stake),
      currency: ctx.session.currency,
    });
    if (result.kind !== 'ok') {
      // The round stays open as it was: the player may choose another action.
      if (result.kind === 'refused') {
        await repository.finishCall(deps.db, callId, {
          status: 'failed',
          response: result.answer,
          lastError: result.code,
        });
      } else {
        await repository.transaction((tx) =>
          betUnanswered(tx, { callId, roundId: round.id, txId, amountMinor: step.stake }, result.reason),
        );
      }
      throw result.kind === 'refused' ? refusal(ctx, result) : unavailable(result);
    }
    // The pending bet kept every other action out, so the round is as it was when the step was
    // computed; the step is written only while that bet is still ours (pending).
    const confirmed = await applyStep(deps.db, ctx, round, step, {
      action,
      stakeMinor: step.stake,
      confirm: { callId, response: result.answer },
    });
    if (!confirmed.written) throw walletUnavailable();
    return settle(ctx, confirmed.round, confirmed.winCallId, walletBalance(ctx, result.answer));
  }

  // --- the background loop ------------------------------------------------------------------------

  // The outbox's passes run on the job queue (ADR 015): one pass per period across the nodes.
  const outbox = deps.jobs.recurring({
    name: 'RGS outbox',
    everyMs: DEFAULT_POLL_MS,
    pass: () => deliverDue(),
  });

  async function deliverDue(): Promise<number> {
    let handled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const claimed = await repository.claimDueCalls(deps.now(), later(CALL_LEASE_MS), OUTBOX_BATCH);
      await Promise.all(
        claimed.map((call) =>
          processCall(call).catch((error: unknown) => {
            deps.log.error({ err: error, callId: call.id.toString() }, 'RGS outbox call failed');
          }),
        ),
      );
      handled += claimed.length;
      if (claimed.length < OUTBOX_BATCH) break;
    }
    return handled;
  }

  // --- public API ---------------------------------------------------------------------------------

  return {
    walletUrl: credentials.walletUrl,

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
      const session = await repository.findSessionByHash(sessionIdHash(header));
      const now = deps.now();
      if (!session || session.expiresAt <= now) throw sessionInvalid();
      const game = findGameCode(session.gameCode);
      const exponent = currencyExponent(session.currency);
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
      const [balance, pair, open] = await Promise.all([
        currentBalance(ctx),
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
      };
    },

    startRound,
    roundAction,

    /** Reveals the active server seed and starts a new pair with the player's client seed. */
    async rotateSeeds(ctx: RgsContext, body: unknown): Promise<SeedRotation> {
      const clientSeed = isRecord(body) ? body.clientSeed : undefined;
      if (typeof clientSeed !== 'string' || !CLIENT_SEED.test(clientSeed)) {
        throw new RgsError(
          'seed_invalid',
          'The client seed must be 1 to 64 characters of A–Z, a–z, 0–9, _ or -',
          {
            field: 'clientSeed',
          },
        );
      }
      const playerKey = ctx.session.playerKey;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const rotated = await repository.transaction(async (tx) => {
          await repository.ensureSeedPair(tx, {
            playerKey,
            ...newServerSeed(),
            clientSeed: randomClientSeed(),
            now: deps.now(),
          });
          const pair = await repository.lockActiveSeedPair(tx, playerKey);
          // A concurrent rotation revealed it while we waited: look again.
          if (!pair) return undefined;
          // Revealing the seed of an open round would show its future (blackjack's shoe).
          if (await repository.hasOpenRoundOnPair(tx, playerKey, pair.id)) {
            throw new RgsError('round_in_progress', 'Finish the round in progress before changing seeds');
          }
          await repository.revealSeedPair(tx, pair.id, deps.now());
          const next = newServerSeed();
          await repository.ensureSeedPair(tx, { playerKey, ...next, clientSeed, now: deps.now() });
          return {
            revealed: {
              serverSeed: pair.serverSeed,
              serverSeedHash: pair.serverSeedHash,
              clientSeed: pair.clientSeed,
              rounds: pair.nextNonce,
            },
            next: { serverSeedHash: next.serverSeedHash, clientSeed, nonce: 0 },
          };
        });
        if (rotated) return rotated;
      }
      throw new Error(`seed rotation for ${playerKey} kept racing`);
    },

    /** This player's rounds of this game code, newest first. */
    async listRounds(ctx: RgsContext, limitInput: unknown): Promise<{ rounds: RoundSummary[] }> {
      const parsed =
        typeof limitInput === 'string' && /^[0-9]{1,4}$/.test(limitInput) ? Number(limitInput) : NaN;
      const limit = Number.isInteger(parsed)
        ? Math.min(ROUNDS_LIST_MAX, Math.max(1, parsed))
        : ROUNDS_LIST_DEFAULT;
      const rows = await repository.listRounds(ctx.session.playerKey, ctx.game.code, limit);
      return {
        rounds: rows.map((row) => {
          const exponent = currencyExponent(row.currency) ?? ctx.exponent;
          return {
            id: row.id,
            createdAt: row.createdAt.toISOString(),
            stake: formatMinor(row.stakeMinor, exponent),
            payout: formatMinor(row.payoutMinor, exponent),
            status: row.status,
            currency: row.currency,
            mode: row.mode as RgsMode,
          };
        }),
      };
    },

    /** One of this player's rounds with what reproduces it; another player's is "not found". */
    async roundDetail(ctx: RgsContext, roundId: string): Promise<RoundDetail> {
      if (!ROUND_ID.test(roundId)) throw roundNotFound();
      const round = await repository.findPlayerRound(roundId, ctx.session.playerKey);
      if (!round) throw roundNotFound();
      const [pair] = await repository.seedPairsByIds([round.seedPairId]);
      if (!pair) throw new Error(`round ${round.id} without its seed pair`);
      const exponent = currencyExponent(round.currency) ?? ctx.exponent;
      return {
        id: round.id,
        createdAt: round.createdAt.toISOString(),
        stake: formatMinor(round.stakeMinor, exponent),
        payout: formatMinor(round.payoutMinor, exponent),
        status: round.status,
        currency: round.currency,
        mode: round.mode as RgsMode,
        game: round.engine,
        view: engineOf(round.engine).view(round.state),
        fairness: {
          serverSeedHash: pair.serverSeedHash,
          serverSeed: pair.status === 'revealed' ? pair.serverSeed : null,
          clientSeed: pair.clientSeed,
          nonce: round.nonce,
          bet: round.bet,
          actions: round.actions,
        },
      };
    },

    /** One pass of the outbox: due wins and rollbacks are sent, abandoned bets rolled back. */
    deliverDue,

    /**
     * This node runs outbox passes (app ready): a pass, then a pause of a second, until stopped;
     * failed passes (the database away) are logged and retried with a growing pause.
     */
    start(): void {
      outbox.start();
    },

    async stop(): Promise<void> {
      await outbox.stop();
    },
  };
}

export type RgsService = ReturnType<typeof createRgsService>;
