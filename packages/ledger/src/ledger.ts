/**
 * The double-entry ledger (ARCHITECTURE.md §4). Every movement is one transaction of postings that
 * sum to zero per currency; postings are never changed; each transaction carries an idempotency key
 * unique in the database, and a replay returns the first answer. Player balances cannot go negative:
 * PostgreSQL checks it inside the transaction (a CHECK constraint on the row being updated), not a
 * read before the write. Accounts are locked in ascending id order, so two transfers never deadlock.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Db } from '@croupier/db/client';
import { sql } from 'drizzle-orm';
import {
  type AccountRef,
  allowsNegative,
  HOUSE_SHARDS,
  logicalKey,
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

function validate(request: TransferRequest): void {
  const fail = (message: string): never => {
    throw new LedgerError('invalid_request', message);
  };
  if (!KEY.test(request.idempotencyKey)) fail('idempotency key must be 1-200 printable ASCII characters');
  if (!KIND.test(request.kind)) fail('kind must be a short snake_case word');
  if (request.postings.length < 2 || request.postings.length > MAX_POSTINGS)
    fail(`2 to ${MAX_POSTINGS} postings`);
  const sums = new Map<string, bigint>();
  for (const posting of request.postings) {
    const problem = validateRef(posting.account);
    if (problem) fail(problem);
    if (typeof posting.amountMinor !== 'bigint') fail('amounts are bigint minor units');
    if (posting.amountMinor === 0n) fail('a posting moves a non-zero amount');
    if (posting.amountMinor > MAX_AMOUNT_MINOR || posting.amountMinor < -MAX_AMOUNT_MINOR)
      fail('amount out of range');
    const currency = posting.account.currency;
    sums.set(currency, (sums.get(currency) ?? 0n) + posting.amountMinor);
  }
  for (const [currency, sum] of sums) if (sum !== 0n) fail(`postings in ${currency} sum to ${sum}, not zero`);
}

function requestHash(request: TransferRequest): string {
  const postings = request.postings
    .map((p) => `${logicalKey(p.account)}=${p.amountMinor}`)
    .sort()
    .join(';');
  return createHash('sha256').update(`${request.kind}|${postings}`).digest('hex');
}

function decodeResult(result: Record<string, string> | null): Record<string, bigint> {
  return Object.fromEntries(Object.entries(result ?? {}).map(([key, value]) => [key, BigInt(value)]));
}

export function createLedger(db: Db) {
  async function attempt(request: TransferRequest, hash: string): Promise<TransferResult> {
    return db.transaction(async (tx) => {
      const claimed = await tx.execute<{ id: bigint }>(sql`
        INSERT INTO ledger_transactions (idempotency_key, request_hash, kind, metadata)
        VALUES (${request.idempotencyKey}, ${hash}, ${request.kind}, ${JSON.stringify(request.metadata ?? {})}::jsonb)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id`);
      const claimedRow = claimed.rows[0];
      if (!claimedRow) {
        // Already applied (the first writer has committed: its unique-index entry made us wait).
        const existing = await tx.execute<{
          id: bigint;
          request_hash: string;
          result: Record<string, string> | null;
        }>(sql`
          SELECT id, request_hash, result FROM ledger_transactions WHERE idempotency_key = ${request.idempotencyKey}`);
        const row = existing.rows[0];
        if (!row) throw new LedgerError('invalid_request', 'idempotency key vanished');
        if (row.request_hash !== hash) {
          throw new LedgerError(
            'idempotency_conflict',
            'this idempotency key was used with other parameters',
          );
        }
        return { transactionId: BigInt(row.id), replayed: true, balances: decodeResult(row.result) };
      }
      const transactionId = BigInt(claimedRow.id);

      // One delta per stored account; a house posting lands on one random shard.
      const deltas = new Map<string, { ref: AccountRef; key: string; delta: bigint }>();
      for (const posting of request.postings) {
        const key = storedKey(
          posting.account,
          posting.account.type === 'house' ? randomInt(HOUSE_SHARDS) : 0,
        );
        const entry = deltas.get(key) ?? { ref: posting.account, key, delta: 0n };
        entry.delta += posting.amountMinor;
        deltas.set(key, entry);
      }
      const entries = [...deltas.values()];
      for (const entry of entries) {
        const ref = entry.ref;
        const shard = ref.type === 'house' ? Number(entry.key.slice(entry.key.lastIndexOf(':') + 1)) : 0;
        await tx.execute(sql`
          INSERT INTO ledger_accounts (account_key, type, player_id, name, currency, shard, allow_negative)
          VALUES (${entry.key}, ${ref.type}, ${ref.type === 'player' ? ref.playerId : null},
                  ${ref.type === 'player' ? ref.kind : ref.name}, ${ref.currency}, ${shard}, ${allowsNegative(ref)})
          ON CONFLICT (account_key) DO NOTHING`);
      }
      const ids = await tx.execute<{ id: bigint; account_key: string }>(sql`
        SELECT id, account_key FROM ledger_accounts
        WHERE account_key IN (${sql.join(
          entries.map((e) => sql`${e.key}`),
          sql`, `,
        )})`);
      const idByKey = new Map(ids.rows.map((row) => [row.account_key, BigInt(row.id)]));
      const ordered = entries
        .map((entry) => ({ ...entry, id: idByKey.get(entry.key) as bigint }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

      const balances: Record<string, bigint> = {};
      for (const entry of ordered) {
        if (entry.delta === 0n) continue;
        try {
          const updated = await tx.execute<{ balance_minor: bigint }>(sql`
            UPDATE ledger_accounts SET balance_minor = balance_minor + ${entry.delta}
            WHERE id = ${entry.id} RETURNING balance_minor`);
          if (entry.ref.type !== 'house')
            balances[logicalKey(entry.ref)] = BigInt(updated.rows[0]!.balance_minor);
        } catch (error) {
          if (pgCode(error) === '23514' && pgConstraint(error) === 'ledger_accounts_non_negative') {
            throw new LedgerError(
              'insufficient_funds',
              `${logicalKey(entry.ref)} would go negative`,
              logicalKey(entry.ref),
            );
          }
          throw error;
        }
      }
      await tx.execute(sql`
        INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
        VALUES ${sql.join(
          ordered
            .filter((entry) => entry.delta !== 0n)
            .map((entry) => sql`(${transactionId}, ${entry.id}, ${entry.ref.currency}, ${entry.delta})`),
          sql`, `,
        )}`);
      const stored = Object.fromEntries(
        Object.entries(balances).map(([key, value]) => [key, value.toString()]),
      );
      await tx.execute(sql`
        UPDATE ledger_transactions SET result = ${JSON.stringify(stored)}::jsonb WHERE id = ${transactionId}`);
      return { transactionId, replayed: false, balances };
    });
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
          // Serialization failures and deadlocks are the database asking us to try again.
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
          ? await db.execute<{ total: string | null }>(sql`
              SELECT sum(balance_minor)::text AS total FROM ledger_accounts
              WHERE type = 'house' AND name = ${ref.name} AND currency = ${ref.currency}`)
          : await db.execute<{ total: string | null }>(sql`
              SELECT balance_minor::text AS total FROM ledger_accounts WHERE account_key = ${logicalKey(ref)}`);
      return BigInt(rows.rows[0]?.total ?? '0');
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
