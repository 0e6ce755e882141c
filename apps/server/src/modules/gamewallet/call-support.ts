/**
 * The shared pieces of the game wallet: error answers, the call's own failure types, answers in one
 * key order, and the helpers the wallet actions and the public API both use.
 */
import { createHash, createHmac } from 'node:crypto';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type {
  CallKey,
  CallStart,
  GameWalletQueries,
  GameWalletRepository,
  SessionRecord,
  StoredAnswer,
  StoredTransaction,
  Tx,
  TxKind,
} from './gamewallet.repository.ts';
import { parseProtocolAmount } from './gamewallet.schemas.ts';

/** Sessions slide: each call moves the expiry this far ahead. */
export const GAME_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** A demo session starts with at least this much play money (major units of its currency). */
export const DEMO_BALANCE_MAJOR = 1000n;
/** A call that lost a race with its own duplicate is run again (then it replays); bounded. */
export const MAX_CALL_ATTEMPTS = 3;

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
  | 'limit_exceeded'
  // Free rounds (ADR 024): the pack is not the player's (or not in this currency, or cancelled), is
  // for another game, has expired, or has no spin left.
  | 'free_round_not_found'
  | 'free_round_wrong_game'
  | 'free_round_expired'
  | 'free_rounds_exhausted'
  | 'bet_limit_exceeded'
  // Responsible gaming (ADR 025): a loss or wager limit, or a time-out / self-exclusion.
  | 'rg_loss_limit_reached'
  | 'rg_wager_limit_reached'
  | 'rg_excluded'
  // The session time limit is reached (ADR 028).
  | 'rg_session_limit_reached'
  // Sports bets (ADR 031): no such bet, the bet is settled (settle or cancel again), cancelled,
  // or not settled yet (resettle).
  | 'bet_not_found'
  | 'bet_settled'
  | 'bet_cancelled'
  | 'bet_not_settled';

export function fail(code: WalletErrorCode, extra: Record<string, string> = {}): StoredAnswer {
  return { status: 'error', code, ...extra };
}

/** An answer that refuses the call: the transaction is rolled back, nothing is stored. */
export class Refusal extends Error {
  readonly answer: StoredAnswer;
  constructor(answer: StoredAnswer) {
    super(answer.code ?? 'refused');
    this.answer = answer;
  }
}

/** The call's id was claimed by a concurrent duplicate that committed first: run again to replay it. */
export class Raced extends Error {}

/** The bet was short of funds: stored as its answer in a transaction of its own. */
export class Short extends Error {
  readonly session: SessionRecord;
  constructor(session: SessionRecord) {
    super('insufficient_funds');
    this.session = session;
  }
}

export type Exponents = Map<string, number>;

const ANSWER_KEYS = ['status', 'code', 'field', 'balance', 'currency', 'transaction_id', 'player_id', 'mode'];

/** Answers in one key order: a replay (read back from jsonb, which orders keys its own way) reads the same. */
export function canonical(answer: StoredAnswer): StoredAnswer {
  const ordered: StoredAnswer = {};
  for (const key of ANSWER_KEYS) if (answer[key] !== undefined) ordered[key] = answer[key];
  for (const key of Object.keys(answer).sort())
    if (ordered[key] === undefined) ordered[key] = answer[key] as string;
  return ordered;
}

export const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface CallSupportContext {
  deps: Pick<Deps, 'now'>;
  metadata: MetadataService;
  repository: GameWalletRepository;
  playerKeySecret: Buffer;
}

/** What every wallet call leans on: hashes and keys, amounts and answers in the protocol's shape, replays, and the retry of a call that raced its own duplicate. */
export function createCallSupport({ deps, metadata, repository, playerKeySecret }: CallSupportContext) {
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

  return {
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
  };
}

export type CallSupport = ReturnType<typeof createCallSupport>;
