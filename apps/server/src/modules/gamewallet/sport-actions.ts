/**
 * The wallet actions of sports bets, which settle later (docs/game-wallet-protocol.md "Sports
 * bets", ADR 031): `sport_reserve` takes the stake, `sport_settle` pays the payout (possibly 0) and
 * closes the bet, `sport_resettle` moves only the difference to a new payout after the provider
 * rolled its settlement back, `sport_cancel` returns the stake of an open bet.
 *
 * Each runs in one transaction: claim the transaction id, lock the bet, move the money (wallet
 * service), update the bet, write the wager event, store the answer. A duplicate transaction id
 * answers the first answer; a bet is settled once (another settle is `bet_settled`) and refunded
 * once; a settle racing a cancel queue on the bet row and the second sees the first's outcome.
 */
import type { Deps } from '../../deps.ts';
import { wagerEventInsertSql } from '../wagers/wagers.service.ts';
import { type WalletService, winBonusShare } from '../wallet/wallet.service.ts';
import {
  type CallSupport,
  type Exponents,
  fail,
  GAME_SESSION_TTL_MS,
  Raced,
  Refusal,
} from './call-support.ts';
import type { GameWalletRepository, SessionRecord, StoredAnswer, Tx } from './gamewallet.repository.ts';
import type { SportCancelRequest, SportReserveRequest, SportSettleRequest } from './gamewallet.schemas.ts';
import {
  createSportWalletQueries,
  type SportAction,
  type SportBetRecord,
  type SportCallRecord,
  type SportFunds,
  type SportWalletQueries,
} from './sport-wallet.repository.ts';
import { BetRefused, type CheckBet } from './wallet-actions.ts';

export interface SportActionsContext {
  deps: Pick<Deps, 'now' | 'db' | 'log'>;
  wallet: WalletService;
  repository: GameWalletRepository;
  support: CallSupport;
  /** Responsible-gaming limits and the betting bonus's max bet, on the reserve's transaction. */
  checkBet?: CheckBet | undefined;
}

/** The reserve found the balance short: its refusal is stored in a transaction of its own. */
class ShortOfFunds extends Error {
  readonly playerId: bigint;
  constructor(playerId: bigint) {
    super('insufficient_funds');
    this.playerId = playerId;
  }
}

export function createSportActions({ deps, wallet, repository, support, checkBet }: SportActionsContext) {
  const { tokenHashOf, requestHashOf, currencyExponents, money, sessionRefusal, amountOf } = support;

  async function inTransaction(
    work: (queries: SportWalletQueries, tx: Tx) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await repository.transaction((_repo, tx) => work(createSportWalletQueries(tx), tx));
      } catch (error) {
        if (error instanceof Refusal) return error.answer;
        if (error instanceof Raced && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** The stored answer of a call id seen before, or why this call is not its replay. */
  function replay(existing: SportCallRecord, action: SportAction, hash: string, playerId: bigint | null) {
    if (existing.action !== action || existing.requestHash !== hash) return fail('idempotency_conflict');
    if (playerId !== null && existing.playerId !== null && existing.playerId !== playerId) {
      return fail('idempotency_conflict');
    }
    return existing.response;
  }

  async function answer(
    tx: Tx,
    exponents: Exponents,
    playerId: bigint,
    currency: string,
    extra: Record<string, string>,
  ): Promise<StoredAnswer> {
    const balances = await wallet.lockSportBalances(playerId, currency, { tx });
    return {
      status: 'ok',
      balance: money(exponents, balances.main, currency),
      betting_bonus_balance: money(exponents, balances.bettingBonus, currency),
      currency,
      ...extra,
    };
  }

  const ledgerKey = (provider: string, transactionId: string) => `gw:${provider}:sport:${transactionId}`;

  /** Claims the call's id in `tx`: null to go on, or the answer of a replay. */
  async function claim(
    queries: SportWalletQueries,
    provider: string,
    transactionId: string,
    action: SportAction,
    hash: string,
    playerId: bigint | null,
  ): Promise<{ id: bigint; replayed: null } | { id: null; replayed: StoredAnswer }> {
    const claimed = await queries.claimCall({
      provider,
      transactionId,
      action,
      requestHash: hash,
      now: deps.now(),
    });
    if ('existing' in claimed)
      return { id: null, replayed: replay(claimed.existing, action, hash, playerId) };
    return { id: claimed.claimedId, replayed: null };
  }

  /** The wager event of a settlement or of a resettlement's correction (ADR 019: product `sport`). */
  function wager(
    bet: SportBetRecord,
    kind: 'bet' | 'win' | 'rollback',
    event: {
      stakeRealMinor: bigint;
      stakeBonusMinor: bigint;
      payoutRealMinor: bigint;
      payoutBonusMinor: bigint;
    },
  ) {
    return wagerEventInsertSql({
      playerId: bet.playerId as bigint,
      currency: bet.currency as string,
      product: 'sport',
      kind,
      gameId: null,
      roundRef: bet.providerBetId,
      ...event,
      createdAt: deps.now(),
    });
  }

  async function reserve(provider: string, input: SportReserveRequest): Promise<StoredAnswer> {
    const exponents = await currencyExponents();
    const amount = amountOf(exponents, input, false);
    if (!amount.ok) return amount.answer;
    const stakeMinor = amount.amountMinor;
    const funds: SportFunds = input.funds ?? 'main';
    const hash = requestHashOf(['sport_reserve', input.bet_id, stakeMinor.toString(), input.currency, funds]);
    const now = deps.now();
    const touched = await repository.touchSession({
      provider,
      tokenHash: tokenHashOf(input.token),
      game: null,
      now,
      slideTo: new Date(now.getTime() + GAME_SESSION_TTL_MS),
    });
    const session = touched.session;
    if (!session) return fail('session_not_found');
    try {
      return await inTransaction(async (queries, tx) => {
        const claimed = await claim(
          queries,
          provider,
          input.transaction_id,
          'sport_reserve',
          hash,
          session.playerId,
        );
        if (claimed.id === null) return claimed.replayed;
        const refusal = reserveRefusal(session, touched.acceptedExpiresAt, input.currency);
        if (refusal) throw new Refusal(refusal);
        const betRowId = await queries.insertBet({
          provider,
          providerBetId: input.bet_id,
          playerId: session.playerId,
          sessionId: session.id,
          currency: session.currency,
          status: 'open',
          funds,
          // A free bet is the sportsbook's stake: the player risks nothing, the wallet holds nothing.
          stakeMinor: funds === 'free_bet' ? 0n : stakeMinor,
          stakeBonusMinor: funds === 'betting_bonus' ? stakeMinor : 0n,
          now: deps.now(),
        });
        if (betRowId === null) {
          const taken = await queries.lockBet(provider, input.bet_id);
          // A cancel buried this bet id before the reserve arrived: the stake must not be taken.
          throw new Refusal(
            taken && taken.playerId === null
              ? fail('bet_cancelled')
              : fail('invalid_request', { field: 'bet_id' }),
          );
        }
        if (funds === 'free_bet') {
          const ok = await answer(tx, exponents, session.playerId, session.currency, {
            transaction_id: claimed.id.toString(),
            bet_id: input.bet_id,
          });
          await queries.completeCall({
            id: claimed.id,
            betRowId,
            playerId: session.playerId,
            movedMinor: 0n,
            response: ok,
            ledgerTransactionId: null,
          });
          return ok;
        }
        if (checkBet) {
          try {
            await checkBet(tx, session.playerId, session.currency, stakeMinor);
          } catch (error) {
            if (error instanceof BetRefused) throw new Refusal(fail(error.code));
            throw error;
          }
        }
        const balances = await wallet.lockSportBalances(session.playerId, session.currency, { tx });
        const available = funds === 'main' ? balances.main : balances.bettingBonus;
        if (available < stakeMinor) throw new ShortOfFunds(session.playerId);
        const posted = await wallet.postSportMovement(
          {
            playerId: session.playerId,
            currency: session.currency,
            idempotencyKey: ledgerKey(provider, input.transaction_id),
            kind: 'sport_stake',
            mainDeltaMinor: funds === 'main' ? -stakeMinor : 0n,
            bettingBonusDeltaMinor: funds === 'betting_bonus' ? -stakeMinor : 0n,
            metadata: { provider, transaction_id: input.transaction_id, bet_id: input.bet_id },
          },
          { tx, rollsBackOnRefusal: true },
        );
        const ok = await answer(tx, exponents, session.playerId, session.currency, {
          transaction_id: claimed.id.toString(),
          bet_id: input.bet_id,
        });
        await queries.completeCall({
          id: claimed.id,
          betRowId,
          playerId: session.playerId,
          movedMinor: -stakeMinor,
          response: ok,
          ledgerTransactionId: posted.ledgerTransactionId,
        });
        return ok;
      });
    } catch (error) {
      if (!(error instanceof ShortOfFunds)) throw error;
      // Everything of the reserve was rolled back; its refusal is stored so that a replay says the same.
      return inTransaction(async (queries, tx) => {
        const claimed = await claim(
          queries,
          provider,
          input.transaction_id,
          'sport_reserve',
          hash,
          error.playerId,
        );
        if (claimed.id === null) return claimed.replayed;
        const balances = await wallet.lockSportBalances(error.playerId, session.currency, { tx });
        const refused = fail('insufficient_funds', {
          balance: money(exponents, balances.main, session.currency),
          betting_bonus_balance: money(exponents, balances.bettingBonus, session.currency),
          currency: session.currency,
        });
        await queries.completeCall({
          id: claimed.id,
          betRowId: null,
          playerId: error.playerId,
          movedMinor: 0n,
          response: refused,
          ledgerTransactionId: null,
        });
        return refused;
      });
    }
  }

  function reserveRefusal(session: SessionRecord, acceptedExpiresAt: Date | null, currency: string) {
    if (session.mode !== 'real') return fail('invalid_request', { field: 'token' });
    if (session.currency !== currency) return fail('currency_mismatch');
    if (acceptedExpiresAt === null) {
      return (
        sessionRefusal(session, { game: session.gameCode, currency: null, active: true, live: true }) ??
        fail('session_expired')
      );
    }
    return null;
  }

  /** The bet a settle, resettle or cancel names, or the refusal. */
  function betOrRefusal(bet: SportBetRecord | null): SportBetRecord {
    if (!bet) throw new Refusal(fail('bet_not_found'));
    if (bet.status === 'cancelled') throw new Refusal(fail('bet_cancelled'));
    return bet;
  }

  /** A payout (settle) or the positive difference of a resettle: house → player, in the stake's bonus share. */
  async function credit(
    tx: Tx,
    provider: string,
    transactionId: string,
    bet: SportBetRecord,
    amountMinor: bigint,
  ): Promise<{ bonusMinor: bigint; ledgerTransactionId: bigint }> {
    const bonusMinor = winBonusShare(amountMinor, bet.stakeMinor, bet.stakeBonusMinor);
    const posted = await wallet.postSportMovement(
      {
        playerId: bet.playerId as bigint,
        currency: bet.currency as string,
        idempotencyKey: ledgerKey(provider, transactionId),
        kind: 'sport_payout',
        mainDeltaMinor: amountMinor - bonusMinor,
        bettingBonusDeltaMinor: bonusMinor,
        metadata: { provider, transaction_id: transactionId, bet_id: bet.providerBetId },
      },
      { tx },
    );
    return { bonusMinor, ledgerTransactionId: posted.ledgerTransactionId };
  }

  async function settle(provider: string, input: SportSettleRequest): Promise<StoredAnswer> {
    const exponents = await currencyExponents();
    const amount = amountOf(exponents, input, true);
    if (!amount.ok) return amount.answer;
    const payoutMinor = amount.amountMinor;
    const hash = requestHashOf(['sport_settle', input.bet_id, payoutMinor.toString(), input.currency]);
    return inTransaction(async (queries, tx) => {
      const claimed = await claim(queries, provider, input.transaction_id, 'sport_settle', hash, null);
      if (claimed.id === null) return claimed.replayed;
      const bet = betOrRefusal(await queries.lockBet(provider, input.bet_id));
      if (bet.currency !== input.currency) throw new Refusal(fail('currency_mismatch'));
      // Exactly once per bet: a second settlement must come as a resettle.
      if (bet.status === 'settled') throw new Refusal(fail('bet_settled'));
      let bonusMinor = 0n;
      let ledgerTransactionId: bigint | null = null;
      if (payoutMinor > 0n) {
        ({ bonusMinor, ledgerTransactionId } = await credit(
          tx,
          provider,
          input.transaction_id,
          bet,
          payoutMinor,
        ));
      }
      await queries.updateBet(bet.id, {
        status: 'settled',
        payoutMinor,
        paidMinor: payoutMinor,
        paidBonusMinor: bonusMinor,
        settlements: 1,
        now: deps.now(),
      });
      // The stake counts (wagering, cashback, limits) when it is settled, with its payout: ONE event.
      await queries.appendWager(
        wager(bet, 'bet', {
          stakeRealMinor: bet.stakeMinor - bet.stakeBonusMinor,
          stakeBonusMinor: bet.stakeBonusMinor,
          payoutRealMinor: payoutMinor - bonusMinor,
          payoutBonusMinor: bonusMinor,
        }),
      );
      const ok = await answer(tx, exponents, bet.playerId as bigint, bet.currency as string, {
        transaction_id: claimed.id.toString(),
        bet_id: input.bet_id,
      });
      await queries.completeCall({
        id: claimed.id,
        betRowId: bet.id,
        playerId: bet.playerId,
        movedMinor: payoutMinor,
        response: ok,
        ledgerTransactionId,
      });
      return ok;
    });
  }

  async function resettle(provider: string, input: SportSettleRequest): Promise<StoredAnswer> {
    const exponents = await currencyExponents();
    const amount = amountOf(exponents, input, true);
    if (!amount.ok) return amount.answer;
    const newPayoutMinor = amount.amountMinor;
    const hash = requestHashOf(['sport_resettle', input.bet_id, newPayoutMinor.toString(), input.currency]);
    return inTransaction(async (queries, tx) => {
      const claimed = await claim(queries, provider, input.transaction_id, 'sport_resettle', hash, null);
      if (claimed.id === null) return claimed.replayed;
      const bet = betOrRefusal(await queries.lockBet(provider, input.bet_id));
      if (bet.currency !== input.currency) throw new Refusal(fail('currency_mismatch'));
      if (bet.status !== 'settled') throw new Refusal(fail('bet_not_settled'));
      const playerId = bet.playerId as bigint;
      const currency = bet.currency as string;
      // What the player holds from this bet against what the new result owes them.
      const deltaMinor = newPayoutMinor - bet.paidMinor;
      let paidMinor = bet.paidMinor;
      let paidBonusMinor = bet.paidBonusMinor;
      let movedMinor = 0n;
      let ledgerTransactionId: bigint | null = null;
      if (deltaMinor > 0n) {
        const credited = await credit(tx, provider, input.transaction_id, bet, deltaMinor);
        ledgerTransactionId = credited.ledgerTransactionId;
        paidMinor += deltaMinor;
        paidBonusMinor += credited.bonusMinor;
        movedMinor = deltaMinor;
        await queries.appendWager(
          wager(bet, 'win', {
            stakeRealMinor: 0n,
            stakeBonusMinor: 0n,
            payoutRealMinor: deltaMinor - credited.bonusMinor,
            payoutBonusMinor: credited.bonusMinor,
          }),
        );
      } else if (deltaMinor < 0n) {
        // Clawback: the bonus part of the payout back from the betting-bonus balance, the rest from
        // main; never below zero (the ledger's rule). What the balances cannot cover stays owed on
        // the bet (`outstanding`): a later resettle upward nets it first (ADR 031).
        const wantMinor = -deltaMinor;
        const balances = await wallet.lockSportBalances(playerId, currency, { tx });
        const wantBonus = wantMinor < paidBonusMinor ? wantMinor : paidBonusMinor;
        const takeBonus = wantBonus < balances.bettingBonus ? wantBonus : balances.bettingBonus;
        const restMinor = wantMinor - takeBonus;
        const takeReal = restMinor < balances.main ? restMinor : balances.main;
        const recovered = takeBonus + takeReal;
        if (recovered > 0n) {
          const posted = await wallet.postSportMovement(
            {
              playerId,
              currency,
              idempotencyKey: ledgerKey(provider, input.transaction_id),
              kind: 'sport_clawback',
              mainDeltaMinor: -takeReal,
              bettingBonusDeltaMinor: -takeBonus,
              metadata: { provider, transaction_id: input.transaction_id, bet_id: bet.providerBetId },
            },
            { tx, rollsBackOnRefusal: true },
          );
          ledgerTransactionId = posted.ledgerTransactionId;
          paidMinor -= recovered;
          paidBonusMinor -= takeBonus;
          if (paidBonusMinor > paidMinor) paidBonusMinor = paidMinor;
          movedMinor = -recovered;
          await queries.appendWager(
            wager(bet, 'rollback', {
              stakeRealMinor: 0n,
              stakeBonusMinor: 0n,
              payoutRealMinor: -takeReal,
              payoutBonusMinor: -takeBonus,
            }),
          );
        }
        if (recovered < wantMinor) {
          deps.log.warn(
            {
              provider,
              betId: bet.providerBetId,
              playerId: playerId.toString(),
              owedMinor: (wantMinor - recovered).toString(),
            },
            'sports resettlement: clawback not covered by the balance',
          );
        }
      }
      await queries.updateBet(bet.id, {
        status: 'settled',
        payoutMinor: newPayoutMinor,
        paidMinor,
        paidBonusMinor,
        settlements: bet.settlements + 1,
        now: deps.now(),
      });
      const outstandingMinor = paidMinor - newPayoutMinor;
      const ok = await answer(tx, exponents, playerId, currency, {
        transaction_id: claimed.id.toString(),
        bet_id: input.bet_id,
        ...(outstandingMinor > 0n ? { outstanding: money(exponents, outstandingMinor, currency) } : {}),
      });
      await queries.completeCall({
        id: claimed.id,
        betRowId: bet.id,
        playerId,
        movedMinor,
        response: ok,
        ledgerTransactionId,
      });
      return ok;
    });
  }

  async function cancel(provider: string, input: SportCancelRequest): Promise<StoredAnswer> {
    const exponents = await currencyExponents();
    const hash = requestHashOf(['sport_cancel', input.bet_id]);
    return inTransaction(async (queries, tx) => {
      const claimed = await claim(queries, provider, input.transaction_id, 'sport_cancel', hash, null);
      if (claimed.id === null) return claimed.replayed;
      const bet = await queries.lockBet(provider, input.bet_id);
      if (!bet) {
        // A bet never seen (its reserve got no answer): bury its id so that a late reserve takes nothing.
        const buried = await queries.insertBet({
          provider,
          providerBetId: input.bet_id,
          playerId: null,
          sessionId: null,
          currency: null,
          status: 'cancelled',
          funds: 'main',
          stakeMinor: 0n,
          stakeBonusMinor: 0n,
          now: deps.now(),
        });
        if (buried === null) throw new Raced(); // the reserve committed meanwhile: run again, refund it
        const ok: StoredAnswer = {
          status: 'ok',
          transaction_id: claimed.id.toString(),
          bet_id: input.bet_id,
        };
        await queries.completeCall({
          id: claimed.id,
          betRowId: buried,
          playerId: null,
          movedMinor: 0n,
          response: ok,
          ledgerTransactionId: null,
        });
        return ok;
      }
      // A settled bet is not cancelled: the provider resettles it (a void pays the stake back).
      if (bet.status === 'settled') throw new Refusal(fail('bet_settled'));
      let movedMinor = 0n;
      let ledgerTransactionId: bigint | null = null;
      if (bet.status === 'open') {
        const posted = await wallet.postSportMovement(
          {
            playerId: bet.playerId as bigint,
            currency: bet.currency as string,
            idempotencyKey: ledgerKey(provider, input.transaction_id),
            kind: 'sport_refund',
            mainDeltaMinor: bet.stakeMinor - bet.stakeBonusMinor,
            bettingBonusDeltaMinor: bet.stakeBonusMinor,
            metadata: { provider, transaction_id: input.transaction_id, bet_id: bet.providerBetId },
          },
          { tx },
        );
        ledgerTransactionId = posted.ledgerTransactionId;
        movedMinor = bet.stakeMinor;
        await queries.updateBet(bet.id, {
          status: 'cancelled',
          payoutMinor: 0n,
          paidMinor: 0n,
          paidBonusMinor: 0n,
          settlements: 0,
          now: deps.now(),
        });
      }
      // A cancelled bet (or a tombstone) answers ok again and moves nothing: refunded once.
      const ok: StoredAnswer =
        bet.playerId === null
          ? { status: 'ok', transaction_id: claimed.id.toString(), bet_id: input.bet_id }
          : await answer(tx, exponents, bet.playerId, bet.currency as string, {
              transaction_id: claimed.id.toString(),
              bet_id: input.bet_id,
            });
      await queries.completeCall({
        id: claimed.id,
        betRowId: bet.id,
        playerId: bet.playerId,
        movedMinor,
        response: ok,
        ledgerTransactionId,
      });
      return ok;
    });
  }

  return { reserve, settle, resettle, cancel };
}
