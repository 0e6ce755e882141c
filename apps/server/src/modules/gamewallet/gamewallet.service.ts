/**
 * The platform's seamless wallet for game providers (docs/game-wallet-protocol.md): launch sessions
 * for the catalogue's launcher, and the signed `authenticate`, `balance`, `bet`, `win`, `rollback`
 * calls of the providers. Money moves only through the wallet service (the ledger), inside the same
 * transaction as the record of the call, so a call either happened completely or not at all, and
 * its stored answer is what a replay of its transaction id gets.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { formatMinor, minorUnitsPerMajor } from '@croupier/money/decimal';
import type { FastifyBaseLogger } from 'fastify';
import { appSecret } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyWebhookSignature } from '../cashier/webhook-signature.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createProviderRegistry, type ProviderRegistry } from './gamewallet.providers.ts';
import {
  type CallKey,
  type CallStart,
  createGameWalletRepository,
  type GameWalletQueries,
  type SessionMode,
  type SessionRecord,
  type StoredAnswer,
  type StoredTransaction,
  type Tx,
  type TxKind,
} from './gamewallet.repository.ts';
import {
  type AuthenticateRequest,
  type BalanceRequest,
  type BetRequest,
  isWalletAction,
  parseProtocolAmount,
  REQUEST_SCHEMAS,
  type RollbackRequest,
  type WalletAction,
  type WinRequest,
} from './gamewallet.schemas.ts';

/** Sessions slide: each call moves the expiry this far ahead. */
export const GAME_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** A demo session starts with at least this much play money (major units of its currency). */
export const DEMO_BALANCE_MAJOR = 1000n;
/** A call that lost a race with its own duplicate is run again (then it replays); bounded. */
const MAX_CALL_ATTEMPTS = 3;

export type WalletErrorCode =
  | 'invalid_signature'
  | 'invalid_request'
  | 'session_not_found'
  | 'session_expired'
  | 'insufficient_funds'
  | 'idempotency_conflict'
  | 'round_not_found'
  | 'round_closed'
  | 'transaction_rolled_back'
  | 'currency_mismatch'
  | 'player_blocked'
  | 'limit_exceeded';

export interface GameWalletAnswer {
  httpStatus: number;
  body: StoredAnswer;
}

export interface OpenSessionInput {
  playerId: bigint;
  gameId: bigint;
  /** The seamless-wallet provider id (`game_providers.wallet_provider`), e.g. `croupier-rgs`. */
  provider: string;
  mode: SessionMode;
  currency: string;
}

export interface WalletCall {
  /** The `X-Provider` header. */
  provider: string | undefined;
  /** The `{action}` of `POST /gw/v1/{action}`. */
  action: string;
  rawBody: Buffer;
  /** The `X-Signature` header. */
  signature: string | undefined;
}

function fail(code: WalletErrorCode, extra: Record<string, string> = {}): StoredAnswer {
  return { status: 'error', code, ...extra };
}

/** An answer that refuses the call: the transaction is rolled back, nothing is stored. */
class Refusal extends Error {
  readonly answer: StoredAnswer;
  constructor(answer: StoredAnswer) {
    super(answer.code ?? 'refused');
    this.answer = answer;
  }
}

/** The call's id was claimed by a concurrent duplicate that committed first: run again to replay it. */
class Raced extends Error {}

/** The bet was short of funds: stored as its answer in a transaction of its own. */
class Short extends Error {
  readonly session: SessionRecord;
  constructor(session: SessionRecord) {
    super('insufficient_funds');
    this.session = session;
  }
}

type Exponents = Map<string, number>;

const ANSWER_KEYS = ['status', 'code', 'field', 'balance', 'currency', 'transaction_id', 'player_id', 'mode'];

/** Answers in one key order: a replay (read back from jsonb, which orders keys its own way) reads the same. */
function canonical(answer: StoredAnswer): StoredAnswer {
  const ordered: StoredAnswer = {};
  for (const key of ANSWER_KEYS) if (answer[key] !== undefined) ordered[key] = answer[key];
  for (const key of Object.keys(answer).sort())
    if (ordered[key] === undefined) ordered[key] = answer[key] as string;
  return ordered;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function createGameWalletService(
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'config'>,
  collaborators: { wallet: WalletService; metadata: MetadataService; providers?: ProviderRegistry },
) {
  const { wallet, metadata } = collaborators;
  const providers = collaborators.providers ?? createProviderRegistry(deps.config);
  const repository = createGameWalletRepository(deps.db);
  const playerKeySecret = createHmac('sha256', appSecret(deps.config))
    .update('gamewallet:player-id')
    .digest();

  const tokenHashOf = (token: string): Buffer => createHash('sha256').update(token).digest();
  const requestHashOf = (parts: (string | null)[]): string =>
    createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  /** The player as the provider knows them: stable per provider, meaningless elsewhere. */
  const opaquePlayerId = (provider: string, playerId: bigint): string =>
    createHmac('sha256', playerKeySecret).update(`${provider}:${playerId}`).digest('base64url').slice(0, 24);

  function callKey(
    provider: string,
    input: { token: string; transaction_id: string; game: string },
    hash: string,
  ): CallKey {
    const now = deps.now();
    return {
      provider,
      tokenHash: tokenHashOf(input.token),
      transactionId: input.transaction_id,
      game: input.game,
      requestHash: hash,
      now,
      slideTo: new Date(now.getTime() + GAME_SESSION_TTL_MS),
    };
  }

  /**
   * The currencies' exponents, read BEFORE a call's transaction: the catalogue is cached but reads
   * the pool when stale, and a transaction waiting for a second pool connection can starve the
   * pool (every connection held by a transaction waiting for one more).
   */
  async function currencyExponents(): Promise<Exponents> {
    return new Map((await metadata.currencies()).map((currency) => [currency.code, currency.exponent]));
  }

  function money(exponents: Exponents, amountMinor: bigint, currency: string): string {
    const exponent = exponents.get(currency);
    if (exponent === undefined) throw new Error(`currency ${currency} is not active`);
    return formatMinor(amountMinor, exponent);
  }

  function okAnswer(
    exponents: Exponents,
    balanceMinor: bigint,
    currency: string,
    extra: Record<string, string> = {},
  ): StoredAnswer {
    return { status: 'ok', balance: money(exponents, balanceMinor, currency), currency, ...extra };
  }

  /**
   * Why a session did not accept the call (mirrors the statement's checks, most specific first).
   * Null means it should have: the caller treats that as a race and runs the call again.
   */
  function sessionRefusal(
    session: SessionRecord,
    checks: { game: string; currency: string | null; active: boolean; live: boolean },
  ): StoredAnswer | null {
    if (session.gameCode !== checks.game) return fail('invalid_request', { field: 'game' });
    if (checks.currency !== null && session.currency !== checks.currency) return fail('currency_mismatch');
    if (checks.active && session.playerStatus !== 'active') return fail('player_blocked');
    if (checks.live && session.expiresAt.getTime() <= deps.now().getTime()) return fail('session_expired');
    return null;
  }

  /** The stored answer of an id seen before, or why this call is not its replay. */
  function replay(existing: StoredTransaction, kind: TxKind, hash: string, playerId: bigint): StoredAnswer {
    if (existing.kind === 'tombstone') {
      return kind === 'bet' ? fail('transaction_rolled_back') : fail('idempotency_conflict');
    }
    if (existing.kind !== kind || existing.requestHash !== hash || existing.playerId !== playerId) {
      return fail('idempotency_conflict');
    }
    return existing.response;
  }

  /**
   * What every money call does first with its statement's result: unknown token, replay, refused
   * session, lost race. Returns the answer to give, or null to go on with the claimed id.
   */
  function settleStart(
    start: CallStart,
    kind: TxKind,
    hash: string,
    checks: { game: string; currency: string | null; active: boolean; live: boolean },
  ): StoredAnswer | null {
    if (!start.session) return fail('session_not_found');
    if (start.existing) return replay(start.existing, kind, hash, start.session.playerId);
    if (start.txId !== null) return null;
    if (start.acceptedExpiresAt !== null) throw new Raced();
    const refusal = sessionRefusal(start.session, checks);
    if (!refusal) throw new Raced();
    return refusal;
  }

  /** Runs a money call in one transaction; a lost race with its own duplicate runs it again. */
  async function runCall(
    work: (repo: GameWalletQueries, tx: Tx) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await repository.transaction(work);
      } catch (error) {
        if (error instanceof Refusal) return error.answer;
        if (error instanceof Raced && attempt < MAX_CALL_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** The amount of a bet or win in the currency's minor units, or the refusal. */
  function amountOf(
    exponents: Exponents,
    input: { amount: string; currency: string },
    allowZero: boolean,
  ): { ok: true; amountMinor: bigint } | { ok: false; answer: StoredAnswer } {
    const exponent = exponents.get(input.currency);
    // No session plays in a currency the platform does not have.
    if (exponent === undefined) return { ok: false, answer: fail('currency_mismatch') };
    const parsed = parseProtocolAmount(input.amount, exponent, { allowZero });
    if (!parsed.ok) return { ok: false, answer: fail('invalid_request', { field: 'amount' }) };
    return { ok: true, amountMinor: parsed.amountMinor };
  }

  function isShortOfFunds(error: unknown): boolean {
    return error instanceof AppError && error.code === 'insufficient_funds';
  }

  // --- actions -------------------------------------------------------------------------------------

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

  return {
    /**
     * Opens a game session for the launcher: a 256-bit token for the provider's launch URL (only
     * its SHA-256 is stored), valid `GAME_SESSION_TTL_MS` and sliding with each call. A demo
     * session first brings the player's fun balance up to `DEMO_BALANCE_MAJOR` (once per session,
     * serialized per player). Refuses a banned or deleted player (`player_blocked`), an unknown
     * provider, a game that is not this provider's, an unsupported currency.
     */
    async openSession(input: OpenSessionInput): Promise<{ token: string; expiresAt: Date }> {
      if (!providers.find(input.provider)) {
        throw new AppError('InvalidParameterException', {
          code: 'provider_unknown',
          fields: { provider: 'unknown' },
        });
      }
      if (input.mode !== 'real' && input.mode !== 'demo') {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_parameter',
          fields: { mode: 'invalid' },
        });
      }
      const exponent = await wallet.exponentOf(input.currency);
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + GAME_SESSION_TTL_MS);
      await repository.transaction(async (repo, tx) => {
        const sessionId = await repo.insertSession({
          tokenHash: tokenHashOf(token),
          provider: input.provider,
          playerId: input.playerId,
          gameId: input.gameId,
          mode: input.mode,
          currency: input.currency,
          now,
          expiresAt,
        });
        if (sessionId === null) {
          const obstacle = await repo.sessionObstacle(input.playerId, input.gameId, input.provider);
          if (obstacle.playerStatus === 'banned') {
            throw new AppError('UserBannedException', { code: 'player_blocked' });
          }
          if (obstacle.playerStatus === 'deleted') {
            throw new AppError('UserDeletedException', { code: 'player_blocked' });
          }
          if (obstacle.playerStatus === null) throw new AppError('AuthorizationException');
          throw new AppError('InvalidParameterException', {
            code: 'game_not_found',
            fields: { game: 'not_found' },
          });
        }
        if (input.mode === 'demo') {
          await repo.lockFunTopUp(input.playerId, input.currency);
          await wallet.topUpFunBalance(
            {
              playerId: input.playerId,
              currency: input.currency,
              targetMinor: DEMO_BALANCE_MAJOR * minorUnitsPerMajor(exponent),
              idempotencyKey: `gw:${input.provider}:fun-topup:${sessionId}`,
            },
            { tx },
          );
        }
      });
      return { token, expiresAt };
    },

    /**
     * One wallet API call, from raw bytes to the answer: provider and signature first (nothing is
     * read or written for an unauthenticated call), then the action, the JSON, the shape, and the
     * action itself. Unexpected failures throw (the route answers 5xx; the provider retries).
     */
    async handleCall(call: WalletCall, log: FastifyBaseLogger = deps.log): Promise<GameWalletAnswer> {
      const provider = providers.find(call.provider);
      const nowSeconds = Math.floor(deps.now().getTime() / 1000);
      const verified =
        provider?.secrets.some(
          (secret) => verifyWebhookSignature(secret, call.signature, call.rawBody, nowSeconds).ok,
        ) ?? false;
      if (!provider || !verified) {
        log.warn(
          { provider: call.provider?.slice(0, 40), known: provider !== undefined },
          'game wallet call refused: signature',
        );
        return { httpStatus: 401, body: fail('invalid_signature') };
      }
      if (!isWalletAction(call.action)) {
        return { httpStatus: 404, body: fail('invalid_request', { field: 'action' }) };
      }
      let json: unknown;
      try {
        json = JSON.parse(utf8.decode(call.rawBody));
      } catch {
        return { httpStatus: 400, body: fail('invalid_request') };
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        return { httpStatus: 400, body: fail('invalid_request') };
      }
      const parsed = REQUEST_SCHEMAS[call.action].safeParse(json);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        return { httpStatus: 200, body: fail('invalid_request', { field: String(field ?? '') }) };
      }
      const body = canonical(await perform(provider.id, call.action, parsed.data));
      if (body.status !== 'ok')
        log.info({ action: call.action, code: body.code }, 'game wallet call refused');
      return { httpStatus: 200, body };
    },
  };
}

export type GameWalletService = ReturnType<typeof createGameWalletService>;
