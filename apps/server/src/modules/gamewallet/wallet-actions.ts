/**
 * The provider's calls: `authenticate`, `balance`, `bet`, `win`, `rollback`, each run inside one
 * transaction with the ledger posting and the stored answer (see gamewallet.service.ts).
 */
import type { Deps } from '../../deps.ts';
import {
  consumeFreeRound,
  type FreeRoundRefusal,
  lockPackCount,
  playablePacks,
  returnFreeRound,
} from '../games/free-rounds.ts';
import { wagerEventInsertSql } from '../wagers/wagers.service.ts';
import { type WalletService, winBonusShare } from '../wallet/wallet.service.ts';
import { type CallSupport, fail, GAME_SESSION_TTL_MS, Raced, Refusal, Short } from './call-support.ts';
import type { GameWalletRepository, SessionRecord, StoredAnswer, Tx } from './gamewallet.repository.ts';
import type {
  AuthenticateRequest,
  BalanceRequest,
  BetRequest,
  FreeroundsRequest,
  RollbackRequest,
  WalletAction,
  WinRequest,
} from './gamewallet.schemas.ts';

/**
 * The check that must block a real-money bet (responsible-gaming limits and exclusions, then the
 * bonus max bet: the responsible-gaming service's, one statement, ADR 070), run in the bet's
 * transaction before any money moves. Throws `BetRefused` to refuse; anything else it throws fails
 * the call (5xx, nothing written). It runs on the bet's own connection (`tx`): a check that took a
 * second pool connection while the bet holds one (and the player's balance lock) could starve the
 * pool under concurrent bets and wait until the connection timeout.
 */
export type CheckBet = (tx: Tx, playerId: bigint, currency: string, stakeMinor: bigint) => Promise<void>;

/** Why a `checkBet` refused: the bonus max bet, or a responsible-gaming limit or exclusion (ADR 025, 028). */
export type BetRefusalCode =
  | 'bet_limit_exceeded'
  | 'rg_loss_limit_reached'
  | 'rg_wager_limit_reached'
  | 'rg_excluded'
  | 'rg_session_limit_reached';

/** A `checkBet` refusal: the bet answers its code (`bet_limit_exceeded` by default) and nothing is written. */
export class BetRefused extends Error {
  readonly code: BetRefusalCode;
  constructor(code: BetRefusalCode = 'bet_limit_exceeded') {
    super(code);
    this.name = 'BetRefused';
    this.code = code;
  }
}

/**
 * What a free round does to its bonus (ADR 024), run in the wallet call's transaction: the bonuses
 * service implements it (the bonus linked to the pack by `freespin_pack_id`).
 */
export interface FreeRoundHooks {
  /** A free round won `winMinor` (already credited to the bonus balance): the bonus and its wagering grow. */
  won(tx: Tx, packId: bigint, winMinor: bigint): Promise<void>;
  /** The pack's last free round is settled: the bonus moves on (wagering, or completed when nothing was won). */
  ended(tx: Tx, packId: bigint): Promise<void>;
}

const FREE_ROUND_CODES: Record<Exclude<FreeRoundRefusal, 'stake_mismatch'>, StoredAnswer['code']> = {
  not_found: 'free_round_not_found',
  wrong_game: 'free_round_wrong_game',
  expired: 'free_round_expired',
  exhausted: 'free_rounds_exhausted',
};

function freeRoundRefusal(reason: FreeRoundRefusal): StoredAnswer {
  if (reason === 'stake_mismatch') return fail('invalid_request', { field: 'amount' });
  return fail(FREE_ROUND_CODES[reason] as Parameters<typeof fail>[0]);
}

export interface WalletActionsContext {
  deps: Pick<Deps, 'now' | 'db'>;
  wallet: WalletService;
  repository: GameWalletRepository;
  support: CallSupport;
  checkBet?: CheckBet | undefined;
  freeRounds?: FreeRoundHooks | undefined;
}

/** The wager event of a real-money call (ADR 019); demo play writes none. */
function wagerOf(
  session: SessionRecord,
  mode: SessionRecord['mode'],
  event: {
    kind: 'bet' | 'win' | 'rollback';
    roundRef: string;
    stakeRealMinor?: bigint;
    stakeBonusMinor?: bigint;
    payoutRealMinor?: bigint;
    payoutBonusMinor?: bigint;
    now: Date;
  },
) {
  if (mode !== 'real') return null;
  return wagerEventInsertSql({
    playerId: session.playerId,
    currency: session.currency,
    product: 'casino',
    kind: event.kind,
    gameId: session.gameId,
    roundRef: event.roundRef,
    stakeRealMinor: event.stakeRealMinor ?? 0n,
    stakeBonusMinor: event.stakeBonusMinor ?? 0n,
    payoutRealMinor: event.payoutRealMinor ?? 0n,
    payoutBonusMinor: event.payoutBonusMinor ?? 0n,
    createdAt: event.now,
  });
}

export function createWalletActions({
  deps,
  wallet,
  repository,
  support,
  checkBet,
  freeRounds,
}: WalletActionsContext) {
  const {
    tokenHashOf,
    requestHashOf,
    opaquePlayerId,
    callKey,
    currencyExponents,
    money,
    okAnswer,
    sessionRefusal,
    replay,
    settleStart,
    runCall,
    amountOf,
    isShortOfFunds,
  } = support;

  async function authenticate(
    provider: string,
    input: AuthenticateRequest | BalanceRequest,
    game: string | null,
  ): Promise<StoredAnswer> {
    return (await touch(provider, input, game)).answer;
  }

  /** authenticate / balance / freerounds: the live session (slid) and the answer with its balance. */
  async function touch(
    provider: string,
    input: AuthenticateRequest | BalanceRequest,
    game: string | null,
  ): Promise<{ answer: StoredAnswer; session: SessionRecord | null }> {
    const exponents = await currencyExponents();
    const now = deps.now();
    const touched = await repository.touchSession({
      provider,
      tokenHash: tokenHashOf(input.token),
      game,
      now,
      slideTo: new Date(now.getTime() + GAME_SESSION_TTL_MS),
    });
    const { session } = touched;
    if (!session) return { answer: fail('session_not_found'), session: null };
    if (!touched.acceptedExpiresAt) {
      const refused =
        sessionRefusal(session, {
          game: game ?? session.gameCode,
          currency: null,
          active: true,
          live: true,
        }) ?? fail('session_expired');
      return { answer: refused, session: null };
    }
    const balanceMinor = await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode);
    if (game === null) return { answer: okAnswer(exponents, balanceMinor, session.currency), session };
    return {
      answer: okAnswer(exponents, balanceMinor, session.currency, {
        player_id: opaquePlayerId(provider, session.playerId),
        mode: session.mode,
        session_expires_at: touched.acceptedExpiresAt.toISOString(),
      }),
      session,
    };
  }

  async function bet(provider: string, input: BetRequest): Promise<StoredAnswer> {
    const exponents = await currencyExponents();
    const amount = amountOf(exponents, input, false);
    if (!amount.ok) return amount.answer;
    const { amountMinor } = amount;
    // A free round (ADR 024) states the pack's stake but debits nothing; the pack is part of the call.
    const packId = input.free_round ? BigInt(input.free_round.pack_id) : null;
    // A bet that closes its round (ADR 066); not a free round's, whose pack moves on at its win.
    const closes = input.round_closed === true;
    if (closes && packId !== null) return fail('invalid_request', { field: 'round_closed' });
    const hash = requestHashOf([
      'bet',
      input.round_id,
      input.game,
      amountMinor.toString(),
      input.currency,
      ...(packId === null ? [] : [`free_round:${packId}`]),
      ...(closes ? ['round_closed'] : []),
    ]);
    const checks = { game: input.game, currency: input.currency, active: true, live: true };
    try {
      return await runCall(async (repo, tx) => {
        const key = callKey(provider, input, hash);
        const start = await repo.beginBet(key, {
          currency: input.currency,
          roundId: input.round_id,
          amountMinor: packId === null ? amountMinor : 0n,
          freespinPackId: packId,
          closes,
        });
        const settled = settleStart(start, 'bet', hash, checks);
        if (settled) return settled;
        const session = start.session as SessionRecord;
        const txId = start.txId as bigint;
        if (start.roundId === null) {
          const round = await repo.findRound(provider, input.round_id);
          const ours = round !== null && round.playerId === session.playerId;
          throw new Refusal(
            ours && round.status !== 'open'
              ? fail('round_closed')
              : // A closing bet opens its round: it cannot join one.
                fail('invalid_request', { field: ours && closes ? 'round_closed' : 'round_id' }),
          );
        }
        if (packId !== null) {
          // No money moves, so no max bet or funds check: the stake is the pack's, not the player's.
          if (session.mode !== 'real') throw new Refusal(fail('free_round_not_found'));
          const consumed = await consumeFreeRound(tx, {
            packId,
            playerId: session.playerId,
            gameId: session.gameId,
            currency: session.currency,
            stakeMinor: amountMinor,
            now: deps.now(),
          });
          if (!consumed.ok) throw new Refusal(freeRoundRefusal(consumed.reason));
          await repo.insertFreeRoundBet({
            betTxId: txId,
            packId,
            roundId: start.roundId,
            stakeMinor: amountMinor,
            now: deps.now(),
          });
          const balanceMinor = await wallet.gameBalanceMinor(
            session.playerId,
            session.currency,
            session.mode,
            { tx, lockedGameBalances: start.lockedBalances },
          );
          const answer = okAnswer(exponents, balanceMinor, session.currency, {
            transaction_id: txId.toString(),
            free_round_pack_id: packId.toString(),
            free_rounds_remaining: String(consumed.remainingCount),
          });
          await repo.completeTransaction({
            id: txId,
            roundId: start.roundId,
            response: answer,
            ledgerTransactionId: null,
            // Real stake 0 and bonus stake 0: no wagering contribution, no cashback accrual.
            wager: wagerOf(session, session.mode, { kind: 'bet', roundRef: input.round_id, now: deps.now() }),
          });
          return answer;
        }
        if (checkBet && session.mode === 'real') {
          try {
            await checkBet(tx, session.playerId, session.currency, amountMinor);
          } catch (error) {
            // Rolls the whole call back: no id claimed, no round, no money, no event.
            if (error instanceof BetRefused) throw new Refusal(fail(error.code));
            throw error;
          }
        }
        let posted: Awaited<ReturnType<WalletService['postGameBet']>>;
        try {
          posted = await wallet.postGameBet(
            {
              provider,
              playerId: session.playerId,
              currency: session.currency,
              mode: session.mode,
              amountMinor,
              transactionId: input.transaction_id,
              roundId: input.round_id,
              game: session.gameCode,
            },
            // A refusal rolls this whole transaction back (Short below): no savepoint needed.
            { tx, rollsBackOnRefusal: true, lockedGameBalances: start.lockedBalances },
          );
        } catch (error) {
          if (isShortOfFunds(error)) throw new Short(session);
          throw error;
        }
        const answer = okAnswer(exponents, posted.balanceMinor, session.currency, {
          transaction_id: txId.toString(),
        });
        await repo.completeTransaction({
          id: txId,
          roundId: start.roundId,
          response: answer,
          ledgerTransactionId: posted.ledgerTransactionId,
          bonusMinor: posted.bonusMinor,
          roundBetBonusMinor: posted.bonusMinor,
          wager: wagerOf(session, session.mode, {
            kind: 'bet',
            roundRef: input.round_id,
            stakeRealMinor: posted.realMinor,
            stakeBonusMinor: posted.bonusMinor,
            now: deps.now(),
          }),
        });
        return answer;
      });
    } catch (error) {
      if (!(error instanceof Short)) throw error;
      // Everything of the bet was rolled back; its refusal is stored so that a replay says the same.
      const { session } = error;
      const balanceMinor = await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode);
      const answer = fail('insufficient_funds', {
        balance: money(exponents, balanceMinor, session.currency),
        currency: session.currency,
      });
      const stored = await repository.insertAnswer({
        provider,
        transactionId: input.transaction_id,
        kind: 'bet',
        playerId: session.playerId,
        currency: session.currency,
        amountMinor,
        requestHash: hash,
        response: answer,
        now: deps.now(),
      });
      if (stored) return answer;
      // A duplicate (or a rollback's tombstone) took the id meanwhile: answer as a replay would.
      const existing = await repository.findTransaction(provider, input.transaction_id);
      if (!existing) throw new Error('a taken transaction id has no row');
      return replay(existing, 'bet', hash, session.playerId);
    }
  }

  async function win(provider: string, input: WinRequest): Promise<StoredAnswer> {
    const exponents = await currencyExponents();
    const amount = amountOf(exponents, input, true);
    if (!amount.ok) return amount.answer;
    const { amountMinor } = amount;
    const hash = requestHashOf(['win', input.round_id, input.game, amountMinor.toString(), input.currency]);
    const checks = { game: input.game, currency: input.currency, active: false, live: false };
    return runCall(async (repo, tx) => {
      const start = await repo.beginWin(callKey(provider, input, hash), {
        currency: input.currency,
        roundId: input.round_id,
        amountMinor,
      });
      const settled = settleStart(start, 'win', hash, checks);
      if (settled) return settled;
      const session = start.session as SessionRecord;
      const txId = start.txId as bigint;
      if (start.roundId === null) {
        const round = await repo.findRound(provider, input.round_id);
        throw new Refusal(
          round && round.playerId === session.playerId && round.status !== 'open'
            ? fail('round_closed')
            : fail('round_not_found'),
        );
      }
      let balanceMinor: bigint;
      let ledgerTransactionId: bigint | null = null;
      let bonusMinor = 0n;
      let wager: ReturnType<typeof wagerOf> = null;
      const roundMode = start.roundMode ?? session.mode;
      // A free round's win is bonus money, all of it (ADR 024).
      const packId = roundMode === 'real' ? start.roundPackId : null;
      if (amountMinor > 0n) {
        // Credited to bonus in the proportion the round's stakes were bonus money (ADR 019).
        bonusMinor =
          packId !== null
            ? amountMinor
            : roundMode === 'real'
              ? winBonusShare(amountMinor, start.roundBetMinor, start.roundBetBonusMinor)
              : 0n;
        const posted = await wallet.postGameWin(
          {
            provider,
            playerId: session.playerId,
            currency: session.currency,
            mode: roundMode,
            amountMinor,
            bonusMinor,
            transactionId: input.transaction_id,
            roundId: input.round_id,
            game: session.gameCode,
          },
          { tx, lockedGameBalances: start.lockedBalances },
        );
        balanceMinor = posted.balanceMinor;
        ledgerTransactionId = posted.ledgerTransactionId;
        wager = wagerOf(session, roundMode, {
          kind: 'win',
          roundRef: input.round_id,
          payoutRealMinor: posted.realMinor,
          payoutBonusMinor: posted.bonusMinor,
          now: deps.now(),
        });
      } else {
        // Nothing moves: the balances the call locked are the answer's.
        balanceMinor = await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode, {
          tx,
          lockedGameBalances: start.lockedBalances,
        });
      }
      if (packId !== null) {
        if (amountMinor > 0n) await freeRounds?.won(tx, packId, amountMinor);
        // The pack ends when its last spin is consumed and no free round of it is still open;
        // decided under the pack's lock, so two last wins at once end it once.
        const remaining = await lockPackCount(tx, packId);
        if (remaining === 0 && !(await repo.openFreeRounds(packId, start.roundId))) {
          await freeRounds?.ended(tx, packId);
        }
      }
      const answer = okAnswer(exponents, balanceMinor, session.currency, { transaction_id: txId.toString() });
      await repo.completeTransaction({
        id: txId,
        roundId: start.roundId,
        response: answer,
        ledgerTransactionId,
        bonusMinor,
        wager,
      });
      return answer;
    });
  }

  async function rollback(provider: string, input: RollbackRequest): Promise<StoredAnswer> {
    // A rollback cancels another call, never itself.
    if (input.reference_transaction_id === input.transaction_id) {
      return fail('invalid_request', { field: 'reference_transaction_id' });
    }
    const exponents = await currencyExponents();
    const hash = requestHashOf(['rollback', input.reference_transaction_id, input.round_id, input.game]);
    const checks = { game: input.game, currency: null, active: false, live: false };
    return runCall(async (repo, tx) => {
      const start = await repo.beginRollback(callKey(provider, input, hash), {
        referenceTxId: input.reference_transaction_id,
      });
      const settled = settleStart(start, 'rollback', hash, checks);
      if (settled) return settled;
      const session = start.session as SessionRecord;
      const txId = start.txId as bigint;
      const ref = start.reference;
      const nothingMoved = async (): Promise<StoredAnswer> => {
        const balanceMinor = await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode, {
          tx,
        });
        const answer = okAnswer(exponents, balanceMinor, session.currency, {
          transaction_id: txId.toString(),
        });
        await repo.completeTransaction({
          id: txId,
          roundId: ref?.roundId ?? null,
          response: answer,
          ledgerTransactionId: null,
        });
        return answer;
      };

      if (!ref) {
        // A bet we never saw: its id is buried so that it cannot arrive later and take the money.
        const buried = await repo.insertTombstone({
          provider,
          betTxId: input.reference_transaction_id,
          playerId: session.playerId,
          currency: session.currency,
          now: deps.now(),
        });
        if (!buried) throw new Raced(); // the bet committed meanwhile: run again and refund it
        return nothingMoved();
      }
      if (ref.kind === 'tombstone') return nothingMoved();
      if (ref.kind !== 'bet' || ref.playerId !== session.playerId) {
        throw new Refusal(fail('invalid_request', { field: 'reference_transaction_id' }));
      }
      if (ref.providerRoundId !== null && ref.providerRoundId !== input.round_id) {
        throw new Refusal(fail('invalid_request', { field: 'round_id' }));
      }
      // A bet refused for lack of funds took nothing: there is nothing to give back.
      if (ref.answerStatus !== 'ok' || ref.roundId === null) return nothingMoved();

      // A round its win closed is over; one its bet closed (ADR 066) can still be undone.
      const round = await repo.lockRound(ref.roundId);
      if (round?.status === 'closed' && !round.closedByBet) throw new Refusal(fail('round_closed'));
      if (ref.packId !== null) {
        // A free round: nothing was debited; the spin goes back to its pack, once.
        if (!(await repo.returnFreeRoundBet(ref.id, deps.now()))) return nothingMoved();
        await returnFreeRound(tx, ref.packId);
        const balanceMinor = await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode, {
          tx,
        });
        const answer = okAnswer(exponents, balanceMinor, session.currency, {
          transaction_id: txId.toString(),
        });
        await repo.settleRollback({
          id: txId,
          roundId: ref.roundId,
          amountMinor: 0n,
          bonusMinor: 0n,
          response: answer,
          ledgerTransactionId: null,
          now: deps.now(),
          wager: wagerOf(session, ref.roundMode ?? session.mode, {
            kind: 'rollback',
            roundRef: input.round_id,
            now: deps.now(),
          }),
        });
        return answer;
      }
      const betCurrency = ref.currency ?? session.currency;
      const betMode = ref.roundMode ?? session.mode;
      const posted = await wallet.postGameRollback(
        {
          provider,
          playerId: session.playerId,
          currency: betCurrency,
          mode: betMode,
          amountMinor: ref.amountMinor,
          bonusMinor: betMode === 'real' ? ref.bonusMinor : 0n,
          transactionId: ref.providerTxId,
          roundId: input.round_id,
          game: session.gameCode,
        },
        { tx },
      );
      // Another rollback of this bet refunded it already: this one moves nothing.
      if (posted.replayed) return nothingMoved();
      const balanceMinor =
        betCurrency === session.currency && betMode === session.mode
          ? posted.balanceMinor
          : await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode, { tx });
      const answer = okAnswer(exponents, balanceMinor, session.currency, { transaction_id: txId.toString() });
      await repo.settleRollback({
        id: txId,
        roundId: ref.roundId,
        amountMinor: ref.amountMinor,
        bonusMinor: posted.bonusMinor,
        response: answer,
        ledgerTransactionId: posted.ledgerTransactionId,
        now: deps.now(),
        // The negated split of the bet it reverses.
        wager: wagerOf({ ...session, currency: betCurrency }, betMode, {
          kind: 'rollback',
          roundRef: input.round_id,
          stakeRealMinor: -posted.realMinor,
          stakeBonusMinor: -posted.bonusMinor,
          now: deps.now(),
        }),
      });
      return answer;
    });
  }

  /**
   * freerounds: the player's free-spin packs playable in the session's game (ADR 024), the next one
   * to play first. Needs a live session, like `balance`.
   */
  async function freerounds(provider: string, input: FreeroundsRequest): Promise<StoredAnswer> {
    const { answer, session } = await touch(provider, input, null);
    if (answer.status !== 'ok' || !session) return answer;
    if (session.mode !== 'real') return { ...answer, free_round_packs: '0' };
    const exponents = await currencyExponents();
    const packs = await playablePacks(deps.db, {
      playerId: session.playerId,
      gameId: session.gameId,
      currency: session.currency,
      now: deps.now(),
    });
    const next = packs[0];
    if (!next) return { ...answer, free_round_packs: '0' };
    return {
      ...answer,
      free_round_packs: String(packs.length),
      free_round_pack_id: next.id.toString(),
      free_rounds_remaining: String(next.remainingCount),
      free_rounds_total: String(next.totalCount),
      free_round_bet: money(exponents, next.betMinor, session.currency),
      ...(next.expiresAt ? { free_round_expires_at: next.expiresAt.toISOString() } : {}),
    };
  }

  /** The casino actions; the sports-bet ones (`sport_*`) are sport-actions.ts's. */
  async function perform(
    provider: string,
    action: Exclude<WalletAction, `sport_${string}`>,
    input: unknown,
  ): Promise<StoredAnswer> {
    switch (action) {
      case 'authenticate': {
        const request = input as AuthenticateRequest;
        return authenticate(provider, request, request.game);
      }
      case 'balance':
        return authenticate(provider, input as BalanceRequest, null);
      case 'bet':
        return bet(provider, input as BetRequest);
      case 'win':
        return win(provider, input as WinRequest);
      case 'rollback':
        return rollback(provider, input as RollbackRequest);
      case 'freerounds':
        return freerounds(provider, input as FreeroundsRequest);
    }
  }

  return { authenticate, bet, win, rollback, freerounds, perform };
}
