/**
 * The provider's calls: `authenticate`, `balance`, `bet`, `win`, `rollback`, each run inside one
 * transaction with the ledger posting and the stored answer (see gamewallet.service.ts).
 */
import type { Deps } from '../../deps.ts';
import { wagerEventInsertSql } from '../wagers/wagers.service.ts';
import { type WalletService, winBonusShare } from '../wallet/wallet.service.ts';
import { type CallSupport, fail, GAME_SESSION_TTL_MS, Raced, Refusal, Short } from './call-support.ts';
import type { GameWalletRepository, SessionRecord, StoredAnswer, Tx } from './gamewallet.repository.ts';
import type {
  AuthenticateRequest,
  BalanceRequest,
  BetRequest,
  RollbackRequest,
  WalletAction,
  WinRequest,
} from './gamewallet.schemas.ts';

/**
 * Checks that must block a real-money bet (the bonus max bet while wagering; later responsible-
 * gaming limits), run in the bet's transaction before any money moves. Throws `BetRefused` to
 * refuse (`bet_limit_exceeded`); anything else it throws fails the call (5xx, nothing written).
 */
/**
 * Runs inside the bet's own transaction, on its connection (`tx`): a check that took a second pool
 * connection while the bet holds one (and the player's balance lock) could starve the pool under
 * concurrent bets and wait until the connection timeout.
 */
export type CheckBet = (tx: Tx, playerId: bigint, currency: string, stakeMinor: bigint) => Promise<void>;

/** A `checkBet` refusal: the bet answers `bet_limit_exceeded` and nothing is written. */
export class BetRefused extends Error {
  constructor(message = 'bet_limit_exceeded') {
    super(message);
    this.name = 'BetRefused';
  }
}

/**
 * The `checkBet` of a maximum bet (the bonuses service's `maxBetFor`: null while no bonus is in
 * wagering): a stake above it is refused.
 */
export function maxBetCheck(
  maxBetFor: (tx: Tx, playerId: bigint, currency: string) => Promise<bigint | null>,
): CheckBet {
  return async (tx, playerId, currency, stakeMinor) => {
    const max = await maxBetFor(tx, playerId, currency);
    if (max !== null && stakeMinor > max) throw new BetRefused();
  };
}

export interface WalletActionsContext {
  deps: Pick<Deps, 'now'>;
  wallet: WalletService;
  repository: GameWalletRepository;
  support: CallSupport;
  checkBet?: CheckBet | undefined;
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

export function createWalletActions({ deps, wallet, repository, support, checkBet }: WalletActionsContext) {
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
  ) {
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
    if (!session) return fail('session_not_found');
    if (!touched.acceptedExpiresAt) {
      return (
        sessionRefusal(session, {
          game: game ?? session.gameCode,
          currency: null,
          active: true,
          live: true,
        }) ?? fail('session_expired')
      );
    }
    const balanceMinor = await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode);
    if (game === null) return okAnswer(exponents, balanceMinor, session.currency);
    return okAnswer(exponents, balanceMinor, session.currency, {
      player_id: opaquePlayerId(provider, session.playerId),
      mode: session.mode,
      session_expires_at: touched.acceptedExpiresAt.toISOString(),
    });
  }

  async function bet(provider: string, input: BetRequest): Promise<StoredAnswer> {
    const exponents = await currencyExponents();
    const amount = amountOf(exponents, input, false);
    if (!amount.ok) return amount.answer;
    const { amountMinor } = amount;
    const hash = requestHashOf(['bet', input.round_id, input.game, amountMinor.toString(), input.currency]);
    const checks = { game: input.game, currency: input.currency, active: true, live: true };
    try {
      return await runCall(async (repo, tx) => {
        const key = callKey(provider, input, hash);
        const start = await repo.beginBet(key, {
          currency: input.currency,
          roundId: input.round_id,
          amountMinor,
        });
        const settled = settleStart(start, 'bet', hash, checks);
        if (settled) return settled;
        const session = start.session as SessionRecord;
        const txId = start.txId as bigint;
        if (start.roundId === null) {
          const round = await repo.findRound(provider, input.round_id);
          throw new Refusal(
            round && round.playerId === session.playerId && round.status !== 'open'
              ? fail('round_closed')
              : fail('invalid_request', { field: 'round_id' }),
          );
        }
        if (checkBet && session.mode === 'real') {
          try {
            await checkBet(tx, session.playerId, session.currency, amountMinor);
          } catch (error) {
            // Rolls the whole call back: no id claimed, no round, no money, no event.
            if (error instanceof BetRefused) throw new Refusal(fail('bet_limit_exceeded'));
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
      if (amountMinor > 0n) {
        // Credited to bonus in the proportion the round's stakes were bonus money (ADR 019).
        bonusMinor =
          roundMode === 'real'
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
        balanceMinor = await wallet.gameBalanceMinor(session.playerId, session.currency, session.mode, {
          tx,
        });
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

      const status = await repo.lockRound(ref.roundId);
      if (status === 'closed') throw new Refusal(fail('round_closed'));
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

  async function perform(provider: string, action: WalletAction, input: unknown): Promise<StoredAnswer> {
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
    }
  }

  return { authenticate, bet, win, rollback, perform };
}
