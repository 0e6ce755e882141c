/**
 * Rounds: reserve (nonce, outcome, round and bet call in one commit), post the bet, record the
 * step, queue and deliver the win; a guest's demo does all of it in one commit with its FUN
 * balance. The money flow is described at the top of rgs.service.ts.
 */
import type { RoundStep } from '@croupier/games/engine';
import { FairRandom } from '@croupier/games/fair';
import { nodeHmacSha256 } from '@croupier/games/node-hmac';
import type { Deps } from '../../deps.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { ROW_ID } from '../../lib/row-id.ts';
import { RgsError, roundNotFound, walletUnavailable } from './rgs.errors.ts';
import type { RgsRepository, RoundWithMode, TakenNonce, Tx } from './rgs.repository.ts';
import { CALL_LEASE_MS, isRecord, type RgsContext, type RoundView } from './rgs-model.ts';
import type { RoundSupport } from './round-support.ts';
import { newRoundId, ROUND_ID } from './session-id.ts';
import type { WalletCalls } from './wallet-calls.ts';
import type { WalletClient } from './wallet-client.ts';

/** Players whose seed pair a process keeps (about 200 bytes each): the busiest of the moment. */
const KNOWN_PAIRS_MAX = 20_000;

export interface RoundsContext {
  deps: Pick<Deps, 'db' | 'log' | 'now'>;
  repository: RgsRepository;
  wallet: WalletClient;
  later: (ms: number) => Date;
  support: RoundSupport;
  deliverWin: WalletCalls['deliverWin'];
}

export function createRounds({ deps, repository, wallet, later, support, deliverWin }: RoundsContext) {
  const {
    act,
    currentBalance,
    money,
    parseBet,
    rateLimit,
    refusal,
    roundView,
    takeNonce,
    unavailable,
    walletBalance,
  } = support;

  type RoundRow = RoundWithMode;

  /** Each player's active seed pair as this process last claimed from it, with the next nonce. */
  const knownPairs = new BoundedMap<string, TakenNonce>(KNOWN_PAIRS_MAX);

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
    change: {
      action?: unknown;
      stakeMinor: bigint;
      confirm?: { callId: bigint; response: unknown };
      /** The confirmed bet closed the platform's round (`round_closed`): no win to send. */
      closedByBet?: boolean;
    },
  ): Promise<{ round: RoundRow; winCallId: bigint | null; written: boolean }> {
    const guest = ctx.mode === 'guest';
    // A guest's round, or one whose bet closed it, is settled at once; any other waits for its win.
    const settledNow = guest || change.closedByBet === true;
    const status = step.done ? (settledNow ? 'settled' : 'settling') : 'open';
    const next: RoundRow = {
      ...round,
      actions: change.action === undefined ? round.actions : [...round.actions, change.action],
      state: step.state,
      stakeMinor: round.stakeMinor + change.stakeMinor,
      payoutMinor: step.done ? step.payout : 0n,
      status,
      settledAt: settledNow && step.done ? deps.now() : null,
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
        step.done && !settledNow
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
    return { ...dealRound(ctx, taken, betInput, bet), taken };
  }

  /** The round dealt on `pair`'s nonce: the engine's first step and the round's row (`open`). */
  function dealRound(ctx: RgsContext, pair: TakenNonce, betInput: unknown, bet: unknown) {
    const random = new FairRandom(
      { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
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
      seedPairId: pair.pairId,
      nonce: pair.nonce,
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

  /**
   * A real-money round and its bet call reserved in one statement on the pair this process last
   * claimed from (ADR 059): null when it knows no pair for the player or the pair moved on (then
   * the locked transaction does it). The nonce, the outcome and the rows are the same either way.
   */
  async function reserveOnKnownPair(ctx: RgsContext, betInput: unknown, bet: unknown) {
    const pair = knownPairs.get(ctx.session.playerKey);
    if (!pair) return null;
    const { round, step } = dealRound(ctx, pair, betInput, bet);
    const { txId, row, scope, call } = reservation(ctx, round, step);
    const claimed = await repository.claimRoundWithBet(pair, row, scope, call);
    if (claimed.kind !== 'written') {
      if (claimed.kind === 'open') throw roundInProgress();
      knownPairs.delete(ctx.session.playerKey);
      return null;
    }
    knownPairs.set(ctx.session.playerKey, { ...pair, nonce: pair.nonce + 1 });
    return { round, step, txId, callId: claimed.callId };
  }

  /** The same under the seed pair's lock, in a transaction; the pair is then known to this process. */
  async function reserveLocked(ctx: RgsContext, betInput: unknown, bet: unknown) {
    const reserved = await repository.transaction(async (tx) => {
      const { round, step, taken } = await reserveRound(tx, ctx, betInput, bet, { checkOpen: false });
      const { txId, row, scope, call } = reservation(ctx, round, step);
      // Written only when the player has no open round of this game and mode (checked after the
      // pair's lock, like reserveRound's own check); otherwise nothing is, not even the nonce.
      const callId = await repository.insertRoundWithBet(tx, row, scope, call);
      if (callId === null) throw roundInProgress();
      return { round, step, txId, callId, taken };
    });
    knownPairs.set(ctx.session.playerKey, { ...reserved.taken, nonce: reserved.taken.nonce + 1 });
    return reserved;
  }

  function roundInsert(round: RoundRow) {
    const { mode: _mode, ...row } = round;
    return row;
  }

  /** What reserving a real-money round writes: its row and its first bet call (leased). */
  function reservation(ctx: RgsContext, round: RoundRow, step: RoundStep<unknown>) {
    const txId = `rgs-${round.id}-bet-0`;
    return {
      txId,
      row: roundInsert(round),
      scope: { mode: ctx.session.mode },
      call: { txId, amountMinor: step.stake, nextAttemptAt: later(CALL_LEASE_MS) },
    };
  }

  async function startRound(ctx: RgsContext, body: unknown): Promise<RoundView> {
    await rateLimit(ctx);
    const betInput = isRecord(body) ? body.bet : undefined;
    const bet = parseBet(ctx, betInput);
    const freeRoundPackId = freeRoundOf(ctx, isRecord(body) ? body.freeRound : undefined);
    if (ctx.mode === 'guest') return startGuestRound(ctx, betInput, bet);

    const reserved =
      (await reserveOnKnownPair(ctx, betInput, bet)) ?? (await reserveLocked(ctx, betInput, bet));
    const { round, step, txId, callId } = reserved;
    // A round lost as it is dealt closes with its bet, one wallet call instead of a bet and a win
    // of 0 (ADR 066); a free round's win is what moves its pack on, so it keeps its win.
    const closedByBet = step.done && step.payout === 0n && freeRoundPackId === null;

    const result = await wallet.bet({
      token: ctx.session.walletToken ?? '',
      transactionId: txId,
      roundId: round.id,
      game: ctx.game.code,
      amount: money(ctx, step.stake),
      currency: ctx.session.currency,
      ...(freeRoundPackId !== null ? { freeRoundPackId } : {}),
      ...(closedByBet ? { roundClosed: true } : {}),
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
      closedByBet,
    });
    // Too late: the loop took the bet over and refunds it.
    if (!confirmed.written) throw walletUnavailable();
    const view = await settle(ctx, confirmed.round, confirmed.winCallId, walletBalance(ctx, result.answer));
    const remaining = Number(result.answer.free_rounds_remaining);
    if (freeRoundPackId === null || !Number.isInteger(remaining)) return view;
    return { ...view, freeRound: { packId: freeRoundPackId, remaining } };
  }

  /**
   * `freeRound: { packId }` of a round start (ADR 024): a spin of the player's free-spin pack, for a
   * real-money slot session only; the wallet checks the pack (the player's, this game, the stake).
   */
  function freeRoundOf(ctx: RgsContext, input: unknown): string | null {
    if (input === undefined || input === null) return null;
    const packId = isRecord(input) ? input.packId : undefined;
    if (
      ctx.mode !== 'real' ||
      ctx.engine.name !== 'slot' ||
      typeof packId !== 'string' ||
      !ROW_ID.test(packId)
    ) {
      throw new RgsError('bad_bet', 'Free spins are not playable here', { field: 'freeRound' });
    }
    return packId;
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

  return { startRound, roundAction };
}
