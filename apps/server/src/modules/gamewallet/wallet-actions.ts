/**
 * The provider's calls: `authenticate`, `balance`, `bet`, `win`, `rollback`, each run inside one
 * transaction with the ledger posting and the stored answer (see gamewallet.service.ts).
 */
import type { Deps } from '../../deps.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { type CallSupport, fail, GAME_SESSION_TTL_MS, Raced, Refusal, Short } from './call-support.ts';
import type { GameWalletRepository, SessionRecord, StoredAnswer } from './gamewallet.repository.ts';
import type {
  AuthenticateRequest,
  BalanceRequest,
  BetRequest,
  RollbackRequest,
  WalletAction,
  WinRequest,
} from './gamewallet.schemas.ts';

export interface WalletActionsContext {
  deps: Pick<Deps, 'now'>;
  wallet: WalletService;
  repository: GameWalletRepository;
  support: CallSupport;
}

export function createWalletActions({ deps, wallet, repository, support }: WalletActionsContext) {
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
            { tx, rollsBackOnRefusal: true },
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
      if (amountMinor > 0n) {
        const posted = await wallet.postGameWin(
          {
            provider,
            playerId: session.playerId,
            currency: session.currency,
            mode: start.roundMode ?? session.mode,
            amountMinor,
            transactionId: input.transaction_id,
            roundId: input.round_id,
          },
          { tx },
        );
        balanceMinor = posted.balanceMinor;
        ledgerTransactionId = posted.ledgerTransactionId;
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
        response: answer,
        ledgerTransactionId: posted.ledgerTransactionId,
        now: deps.now(),
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
