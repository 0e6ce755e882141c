/**
 * The double-entry ledger (ARCHITECTURE.md §4). Every movement is one transaction of postings that
 * sum to zero per currency; postings are never changed; each transaction carries an idempotency key
 * unique in the database, and a replay returns the first answer. Player balances cannot go negative:
 * PostgreSQL checks it inside the transaction (a CHECK constraint on the row being updated), not a
 * read before the write. Accounts are locked in ascending id order, so two transfers never deadlock.
 */
import { createHash, randomInt } from 'node:crypto';
import { type Db, executePrepared } from '@croupier/db/client';
import { sql } from 'drizzle-orm';
import {
  type AccountRef,
  allowsNegative,
  HOUSE_SHARDS,
  logicalKey,
  type PlayerBalanceKind,
  storedKey,
  validateRef,
} from './accounts.ts';

export interface Posting {
  account: AccountRef;
  /** Signed amount in the currency's minor units: positive credits the account. */
  amountMinor: bigint;
}

export interface TransferRequest {
  /** Unique for ever, chosen by the caller from the outside fact (PSP event id, provider tx id). */
  idempotencyKey: string;
  /** What the movement is (deposit, withdrawal_hold, bet, win …). */
  kind: string;
  postings: Posting[];
  metadata?: Record<string, string | number | boolean | null>;
}

export interface TransferResult {
  transactionId: bigint;
  /** True when this key was already applied and the first answer is returned. */
  replayed: boolean;
  /** Balances after the transaction of the player and world accounts it touched, by logical key. */
  balances: Record<string, bigint>;
}

export type LedgerErrorCode =
  | 'insufficient_funds'
  | 'idempotency_conflict'
  | 'invalid_request'
  | 'retries_exhausted';

export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  /** The account that would have gone negative (insufficient_funds). */
  readonly accountKey: string | undefined;
  constructor(code: LedgerErrorCode, message: string, accountKey?: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
    this.accountKey = accountKey;
  }
}

/** Bounds (TigerBeetle style): every amount, list and retry loop has a limit. */
export const MAX_POSTINGS = 16;
export const MAX_AMOUNT_MINOR = 10n ** 15n;
const MAX_ATTEMPTS = 5;
const KEY = /^[\x21-\x7e]{1,200}$/;
const KIND = /^[a-z][a-z0-9_]{0,39}$/;

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function pgDetail(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const detail = (current as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Why the ledger would refuse `request` before touching the database, or null. Exported for a
 * caller that posts through `ledger_transfer` in a statement of its own (the cashier's webhook
 * credit) and must refuse exactly what `transfer` refuses.
 */
export function transferProblem(request: TransferRequest): string | null {
  if (!KEY.test(request.idempotencyKey)) return 'idempotency key must be 1-200 printable ASCII characters';
  if (!KIND.test(request.kind)) return 'kind must be a short snake_case word';
  if (request.postings.length < 2 || request.postings.length > MAX_POSTINGS)
    return `2 to ${MAX_POSTINGS} postings`;
  const sums = new Map<string, bigint>();
  for (const posting of request.postings) {
    const problem = validateRef(posting.account);
    if (problem) return problem;
    if (typeof posting.amountMinor !== 'bigint') return 'amounts are bigint minor units';
    if (posting.amountMinor === 0n) return 'a posting moves a non-zero amount';
    if (posting.amountMinor > MAX_AMOUNT_MINOR || posting.amountMinor < -MAX_AMOUNT_MINOR)
      return 'amount out of range';
    const currency = posting.account.currency;
    sums.set(currency, (sums.get(currency) ?? 0n) + posting.amountMinor);
  }
  for (const [currency, sum] of sums)
    if (sum !== 0n) return `postings in ${currency} sum to ${sum}, not zero`;
  return null;
}

function validate(request: TransferRequest): void {
  const problem = transferProblem(request);
  if (problem !== null) throw new LedgerError('invalid_request', problem);
}

/** What a replay must match: the kind and the netted postings by logical account, order-free. */
function requestHash(request: TransferRequest): string {
  const postings = request.postings
    .map((p) => `${logicalKey(p.account)}=${p.amountMinor}`)
    .sort()
    .join(';');
  return createHash('sha256').update(`${request.kind}|${postings}`).digest('hex');
}

/** The arguments of `ledger_transfer(key, hash, kind, metadata, accounts)`, as bound parameters. */
export interface LedgerTransferArguments {
  key: string;
  hash: string;
  kind: string;
  /** JSON object. */
  metadata: string;
  /** JSON array of account rows with their deltas. */
  accounts: string;
}

/**
 * The one encoding of a transfer request for the SQL function: the key, the request hash, one row
 * per stored account with its netted delta. A house posting lands on a random shard (`houseShard`),
 * so only a request without house accounts encodes the same twice; the hash never depends on it.
 */
export function encodeTransfer(
  request: TransferRequest,
  hash: string = requestHash(request),
  houseShard: () => number = () => randomInt(HOUSE_SHARDS),
): LedgerTransferArguments {
  // One row per stored account; a house posting lands on one random shard.
  const deltas = new Map<string, { ref: AccountRef; key: string; shard: number; delta: bigint }>();
  for (const posting of request.postings) {
    const shard = posting.account.type === 'house' ? houseShard() : 0;
    const key = storedKey(posting.account, shard);
    const entry = deltas.get(key) ?? { ref: posting.account, key, shard, delta: 0n };
    entry.delta += posting.amountMinor;
    deltas.set(key, entry);
  }
  const accounts = [...deltas.values()].map(({ ref, key, shard, delta }) => ({
    key,
    type: ref.type,
    player_id: ref.type === 'player' ? ref.playerId.toString() : null,
    name: ref.type === 'player' ? ref.kind : ref.name,
    currency: ref.currency,
    shard,
    allow_negative: allowsNegative(ref),
    delta: delta.toString(),
    // Balances after the transfer are reported for player and world accounts, by logical key.
    report: ref.type === 'house' ? null : logicalKey(ref),
  }));
  return {
    key: request.idempotencyKey,
    hash,
    kind: request.kind,
    metadata: JSON.stringify(request.metadata ?? {}),
    accounts: JSON.stringify(accounts),
  };
}

function decodeResult(result: Record<string, string> | null): Record<string, bigint> {
  return Object.fromEntries(Object.entries(result ?? {}).map(([key, value]) => [key, BigInt(value)]));
}

export interface LedgerOptions {
  /**
   * Inside a caller's transaction the transfer runs in a savepoint by default, so a refusal
   * (insufficient funds) leaves the caller's transaction usable. A caller whose transfers cannot
   * be refused (credits: no player account goes down) may skip it (`savepoint: false`) and save
   * two round trips; any database error then aborts the caller's transaction, which is not retried
   * here (the caller's whole transaction must be).
   */
  savepoint?: boolean;
}

export function createLedger(db: Db, options: LedgerOptions = {}) {
  // On its own, one statement is its own transaction.
  const nested = 'rollback' in db;
  const savepoint = nested && options.savepoint !== false;

  async function attempt(request: TransferRequest, hash: string): Promise<TransferResult> {
    const args = encodeTransfer(request, hash);
    // Named: parsed once per connection, not per transfer.
    const run = async (executor: Db) =>
      executePrepared<{
        outcome: { replayed: boolean; id: string; hash?: string; result: Record<string, string> };
      }>(
        executor,
        sql`
        SELECT ledger_transfer(${args.key}, ${args.hash}, ${args.kind},
          ${args.metadata}::jsonb, ${args.accounts}::jsonb) AS outcome`,
      );
    let rows: Awaited<ReturnType<typeof run>>;
    try {
      rows = savepoint ? await db.transaction((tx) => run(tx as unknown as Db)) : await run(db);
    } catch (error) {
      if (pgCode(error) === '23514' && pgConstraint(error) === 'ledger_accounts_non_negative') {
        // PostgreSQL names the failing row: `Failing row contains (id, account_key, …)`.
        const failing = /Failing row contains \(\d+, ([^,]+),/.exec(pgDetail(error) ?? '')?.[1];
        const negative = request.postings.find((p) => p.account.type === 'player' && p.amountMinor < 0n);
        const accountKey = failing ?? (negative ? logicalKey(negative.account) : undefined);
        throw new LedgerError(
          'insufficient_funds',
          `${accountKey ?? 'an account'} would go negative`,
          accountKey,
        );
      }
      throw error;
    }
    const outcome = rows.rows[0]!.outcome;
    if (outcome.replayed && outcome.hash !== hash) {
      throw new LedgerError('idempotency_conflict', 'this idempotency key was used with other parameters');
    }
    return {
      transactionId: BigInt(outcome.id),
      replayed: outcome.replayed,
      balances: decodeResult(outcome.result),
    };
  }

  return {
    /**
     * Applies a transfer exactly once. Postings that cancel out on one account (a player paying
     * themself) are netted; a transfer whose postings all net to zero still records its key.
     */
    async transfer(request: TransferRequest): Promise<TransferResult> {
      validate(request);
      const hash = requestHash(request);
      for (let attemptNo = 1; ; attemptNo += 1) {
        try {
          return await attempt(request, hash);
        } catch (error) {
          const code = pgCode(error);
          // Serialization failures and deadlocks are the database asking us to try again (not
          // possible inline in a caller's transaction: it is aborted, the caller retries it all).
          if ((code === '40001' || code === '40P01') && nested && !savepoint) throw error;
          if ((code === '40001' || code === '40P01') && attemptNo < MAX_ATTEMPTS) {
            await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 * attemptNo)));
            continue;
          }
          if (code === '40001' || code === '40P01') {
            throw new LedgerError('retries_exhausted', `gave up after ${MAX_ATTEMPTS} attempts`);
          }
          throw error;
        }
      }
    },

    /** The balance of one account (a house account's shards added up); zero for an unused account. */
    async balance(ref: AccountRef): Promise<bigint> {
      const problem = validateRef(ref);
      if (problem) throw new LedgerError('invalid_request', problem);
      const rows =
        ref.type === 'house'
          ? await executePrepared<{ total: string | null }>(
              db,
              sql`
              SELECT sum(balance_minor)::text AS total FROM ledger_accounts
              WHERE type = 'house' AND name = ${ref.name} AND currency = ${ref.currency}`,
            )
          : await executePrepared<{ total: string | null }>(
              db,
              sql`
              SELECT balance_minor::text AS total FROM ledger_accounts WHERE account_key = ${logicalKey(ref)}`,
            );
      return BigInt(rows.rows[0]?.total ?? '0');
    },

    /**
     * Locks a player's accounts of some kinds in one currency (FOR UPDATE, in id order like
     * `ledger_transfer`) and returns their balances (zero for an account not opened yet). For a
     * caller inside its transaction that decides a transfer's postings from the balances (the game
     * wallet's real-then-bonus split): nothing can change them before its transfer commits.
     */
    async lockPlayerBalances(
      playerId: bigint,
      currency: string,
      kinds: readonly PlayerBalanceKind[],
    ): Promise<Map<PlayerBalanceKind, bigint>> {
      const keys = kinds.map((kind) => logicalKey({ type: 'player', playerId, currency, kind }));
      const rows = await executePrepared<{ name: string; balance_minor: string }>(
        db,
        sql`
        SELECT name, balance_minor::text AS balance_minor FROM ledger_accounts
        WHERE account_key = ANY(${`{${keys.join(',')}}`}::text[])
        ORDER BY id FOR UPDATE`,
      );
      const balances = new Map<PlayerBalanceKind, bigint>(kinds.map((kind) => [kind, 0n]));
      for (const row of rows.rows) balances.set(row.name as PlayerBalanceKind, BigInt(row.balance_minor));
      return balances;
    },

    /** Every balance of a player, all currencies and kinds. */
    async playerBalances(
      playerId: bigint,
    ): Promise<{ currency: string; kind: string; balanceMinor: bigint }[]> {
      const rows = await db.execute<{ currency: string; name: string; balance_minor: bigint }>(sql`
        SELECT currency, name, balance_minor FROM ledger_accounts WHERE player_id = ${playerId} ORDER BY currency, name`);
      return rows.rows.map((row) => ({
        currency: row.currency,
        kind: row.name,
        balanceMinor: BigInt(row.balance_minor),
      }));
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
