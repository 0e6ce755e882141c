/** The only place the cashier module touches Drizzle; rows leave as plain typed records. */
import { type Db, executePrepared } from '@croupier/db/client';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  cashierDepositLimits,
  cashierMethodLimits,
  cashierMethods,
  cashierSettings,
  cashierTransactions,
  cashierWebhookEvents,
} from './cashier.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type TransactionType = 'deposit' | 'withdrawal';
export type ProviderMethod = 'card' | 'bank_transfer';
export type DepositStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'canceled';
export type WithdrawalStatus =
  | 'pending'
  | 'approved'
  | 'processing'
  | 'paid'
  | 'failed'
  | 'rejected'
  | 'canceled';
export type TransactionStatusValue = DepositStatus | WithdrawalStatus;
export type Direction = 'deposit' | 'withdrawal';
export type LimitPeriod = 'day' | 'week' | 'month';

export interface MethodLimitRecord {
  currency: string;
  direction: Direction;
  minMinor: bigint;
  maxMinor: bigint;
  periodMaxMinor: bigint | null;
  periodHours: number;
  presetsMinor: bigint[];
}

export interface MethodRecord {
  sysname: string;
  providerMethod: ProviderMethod;
  sortOrder: number;
  limits: MethodLimitRecord[];
}

export interface TransactionRecord {
  id: bigint;
  playerId: bigint;
  type: TransactionType;
  method: string;
  providerMethod: ProviderMethod;
  currency: string;
  amountMinor: bigint;
  status: TransactionStatusValue;
  requisites: Record<string, string>;
  campaignOfferId: number | null;
  signUpCode: boolean;
  requestId: string | null;
  requestHash: string | null;
  domain: string;
  providerPaymentId: string | null;
  redirectUrl: string | null;
  refundPaymentId: string | null;
  providerPayoutId: string | null;
  failureCode: string | null;
  /** Withdrawals held for review by a risk check (ADR 039), e.g. `fraud_score_high`. */
  reviewHold: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewTransaction {
  playerId: bigint;
  type: TransactionType;
  method: string;
  providerMethod: ProviderMethod;
  currency: string;
  amountMinor: bigint;
  status: TransactionStatusValue;
  requisites: Record<string, string>;
  campaignOfferId: number | null;
  signUpCode: boolean;
  requestId: string | null;
  requestHash: string | null;
  domain: string;
  refundPaymentId: string | null;
  /** Withdrawals: a risk check's hold (ADR 039); absent: none. */
  reviewHold?: string | null;
  now: Date;
}

export interface TransactionPatch {
  status?: TransactionStatusValue;
  providerPaymentId?: string;
  redirectUrl?: string;
  providerPayoutId?: string;
  failureCode?: string | null;
  decidedBy?: string;
  decidedAt?: Date;
}

export interface DepositLimitRecord {
  period: LimitPeriod;
  currency: string;
  limitMinor: bigint | null;
  pendingSet: boolean;
  pendingMinor: bigint | null;
  pendingEffectiveAt: Date | null;
}

export interface WebhookEventInsert {
  eventId: string;
  type: string;
  objectId: string;
  eventCreated: bigint;
  payload: unknown;
  transactionId: bigint;
  outcome: 'applied' | 'ignored';
  note: string | null;
  now: Date;
}

/**
 * The arguments of `cashier_credit_deposit` (packages/db/migrations/0043_deposit_credit_by_payment.sql):
 * the deposit by the provider's payment id, the player, currency and amount the event states, and
 * the ledger credit built for that player.
 */
export interface DepositCreditCall {
  paymentId: string;
  playerId: bigint;
  currency: string;
  amountMinor: bigint;
  event: { eventId: string; type: string; eventCreated: bigint; payload: unknown; now: Date };
  ledger: { key: string; hash: string; kind: string; metadata: string; accounts: string };
}

/**
 * Its answer: `fallback` (nothing written: take the general path), `duplicate` (the event id was
 * stored before: nothing written), or the event's outcome once stored (`applied`: credited).
 */
export type DepositCreditAnswer =
  | { result: 'fallback' }
  | { result: 'duplicate'; previous: string; transaction_id: string }
  | { result: 'applied' | 'ignored'; note: string | null; previous: string; transaction_id: string };

/** SQLSTATE of `cashier_credit_deposit` when the ledger key was used with another request hash. */
export const DEPOSIT_CREDIT_CONFLICT = 'CRF01';

/**
 * Whether an error is `cashier_credit_deposit` refusing a ledger key used with another hash, or
 * meeting an event id already stored about another deposit (its plain INSERT, ADR 042): either way
 * nothing was written and the general path answers.
 */
export function isDepositCreditConflict(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === DEPOSIT_CREDIT_CONFLICT) return true;
    if (candidate.code === '23505' && candidate.constraint === 'cashier_webhook_events_pkey') return true;
    current = candidate.cause;
  }
  return false;
}

/** The status change an applied webhook event makes to its transaction. */
export interface EventStatusChange {
  status: TransactionStatusValue;
  /** Replaces the failure code when present (null clears it). */
  failureCode?: string | null;
}

function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return undefined;
}

const transactionColumns = {
  id: cashierTransactions.id,
  playerId: cashierTransactions.playerId,
  type: cashierTransactions.type,
  method: cashierTransactions.method,
  providerMethod: cashierTransactions.providerMethod,
  currency: cashierTransactions.currency,
  amountMinor: cashierTransactions.amountMinor,
  status: cashierTransactions.status,
  requisites: cashierTransactions.requisites,
  campaignOfferId: cashierTransactions.campaignOfferId,
  signUpCode: cashierTransactions.signUpCode,
  requestId: cashierTransactions.requestId,
  requestHash: cashierTransactions.requestHash,
  domain: cashierTransactions.domain,
  providerPaymentId: cashierTransactions.providerPaymentId,
  redirectUrl: cashierTransactions.redirectUrl,
  refundPaymentId: cashierTransactions.refundPaymentId,
  providerPayoutId: cashierTransactions.providerPayoutId,
  failureCode: cashierTransactions.failureCode,
  reviewHold: cashierTransactions.reviewHold,
  decidedBy: cashierTransactions.decidedBy,
  decidedAt: cashierTransactions.decidedAt,
  createdAt: cashierTransactions.createdAt,
  updatedAt: cashierTransactions.updatedAt,
};

type TransactionRow = {
  [K in keyof typeof transactionColumns]: (typeof transactionColumns)[K]['_']['data'] extends infer D
    ? (typeof transactionColumns)[K]['_']['notNull'] extends true
      ? D
      : D | null
    : never;
};

function toRecord(row: TransactionRow): TransactionRecord {
  return {
    ...row,
    type: row.type === 'withdrawal' ? 'withdrawal' : 'deposit',
    providerMethod: row.providerMethod === 'bank_transfer' ? 'bank_transfer' : 'card',
    status: row.status as TransactionStatusValue,
    requisites: row.requisites ?? {},
  };
}

function toLimitRecord(row: {
  period: string;
  currency: string;
  limitMinor: bigint | null;
  pendingSet: boolean;
  pendingMinor: bigint | null;
  pendingEffectiveAt: Date | null;
}): DepositLimitRecord {
  return { ...row, period: row.period as LimitPeriod };
}

/** Statuses whose money is (or may yet be) with the player's withdrawal: they count against limits. */
const LIVE_WITHDRAWAL_STATUSES = ['pending', 'approved', 'processing', 'paid'];

function createCashierQueries(db: Executor) {
  /** The one transaction row `where` names (a unique key), locked until the transaction ends. */
  async function lockOne(where: SQL): Promise<TransactionRecord | null> {
    const [row] = await db.select(transactionColumns).from(cashierTransactions).where(where).for('update');
    return row ? toRecord(row) : null;
  }

  return {
    /**
     * Credited deposits of these players credited in [from, before) (the affiliate report, ADR 039),
     * each marked `first` when it is the player's first credited deposit ever (by credit time).
     */
    async creditedDeposits(
      playerIds: readonly bigint[],
      from: Date,
      before: Date,
    ): Promise<
      { playerId: bigint; currency: string; amountMinor: bigint; creditedAt: Date; first: boolean }[]
    > {
      if (playerIds.length === 0) return [];
      const ids = `{${playerIds.map(String).join(',')}}`;
      const result = await db.execute<{
        player_id: string;
        currency: string;
        amount_minor: string;
        credited_at: string | Date;
        first: boolean;
      }>(sql`
        SELECT t.player_id::text, t.currency, t.amount_minor::text, t.updated_at AS credited_at,
               NOT EXISTS (
                 SELECT 1 FROM cashier_transactions f
                 WHERE f.player_id = t.player_id AND f.type = 'deposit' AND f.status = 'succeeded'
                   AND (f.updated_at, f.id) < (t.updated_at, t.id)
               ) AS first
        FROM cashier_transactions t
        WHERE t.player_id = ANY(${ids}::bigint[]) AND t.type = 'deposit' AND t.status = 'succeeded'
          AND t.updated_at >= ${from.toISOString()}::timestamptz
          AND t.updated_at < ${before.toISOString()}::timestamptz
        ORDER BY t.player_id, t.updated_at, t.id`);
      return result.rows.map((row) => ({
        playerId: BigInt(row.player_id),
        currency: row.currency,
        amountMinor: BigInt(row.amount_minor),
        creditedAt: new Date(row.credited_at),
        first: row.first,
      }));
    },

    /**
     * The player's credited deposits and the withdrawals on their way out or paid (approved,
     * processing, paid) in one currency, in minor units: the withdrawal queue's net-deposits signal.
     */
    async moneyInOut(
      playerId: bigint,
      currency: string,
    ): Promise<{ depositedMinor: bigint; withdrawnMinor: bigint }> {
      const [row] = await db
        .select({
          deposited: sql<string>`COALESCE(SUM(${cashierTransactions.amountMinor}) FILTER (
            WHERE ${cashierTransactions.type} = 'deposit' AND ${cashierTransactions.status} = 'succeeded'), 0)::text`,
          withdrawn: sql<string>`COALESCE(SUM(${cashierTransactions.amountMinor}) FILTER (
            WHERE ${cashierTransactions.type} = 'withdrawal'
              AND ${cashierTransactions.status} IN ('approved', 'processing', 'paid')), 0)::text`,
        })
        .from(cashierTransactions)
        .where(and(eq(cashierTransactions.playerId, playerId), eq(cashierTransactions.currency, currency)));
      return { depositedMinor: BigInt(row?.deposited ?? '0'), withdrawnMinor: BigInt(row?.withdrawn ?? '0') };
    },

    /** True once any deposit of the player was credited (campaign offers' first-deposit rule). */
    async hasSucceededDeposit(playerId: bigint): Promise<boolean> {
      const [row] = await db
        .select({ id: cashierTransactions.id })
        .from(cashierTransactions)
        .where(
          and(
            eq(cashierTransactions.playerId, playerId),
            eq(cashierTransactions.type, 'deposit'),
            eq(cashierTransactions.status, 'succeeded'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Serializes one player's cashier writes (deposit-limit checks, withdrawal holds, limit
     * changes) until the transaction ends, so two requests cannot both pass a check.
     */
    async lockPlayer(playerId: bigint): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`cashier:${playerId}`}, 72204))`);
    },

    // --- configuration ---------------------------------------------------------------------------

    async listActiveMethods(): Promise<MethodRecord[]> {
      const rows = await db
        .select({
          sysname: cashierMethods.sysname,
          providerMethod: cashierMethods.providerMethod,
          sortOrder: cashierMethods.sortOrder,
          currency: cashierMethodLimits.currency,
          direction: cashierMethodLimits.direction,
          minMinor: cashierMethodLimits.minMinor,
          maxMinor: cashierMethodLimits.maxMinor,
          periodMaxMinor: cashierMethodLimits.periodMaxMinor,
          periodHours: cashierMethodLimits.periodHours,
          presetsMinor: cashierMethodLimits.presetsMinor,
        })
        .from(cashierMethods)
        .leftJoin(cashierMethodLimits, eq(cashierMethodLimits.method, cashierMethods.sysname))
        .where(eq(cashierMethods.isActive, true))
        .orderBy(asc(cashierMethods.sortOrder), asc(cashierMethods.sysname))
        .limit(1000);
      const methods = new Map<string, MethodRecord>();
      for (const row of rows) {
        let method = methods.get(row.sysname);
        if (!method) {
          method = {
            sysname: row.sysname,
            providerMethod: row.providerMethod === 'bank_transfer' ? 'bank_transfer' : 'card',
            sortOrder: row.sortOrder,
            limits: [],
          };
          methods.set(row.sysname, method);
        }
        if (row.currency !== null && row.minMinor !== null && row.maxMinor !== null) {
          method.limits.push({
            currency: row.currency,
            direction: row.direction === 'withdrawal' ? 'withdrawal' : 'deposit',
            minMinor: row.minMinor,
            maxMinor: row.maxMinor,
            periodMaxMinor: row.periodMaxMinor,
            periodHours: row.periodHours ?? 24,
            presetsMinor: row.presetsMinor ?? [],
          });
        }
      }
      return [...methods.values()];
    },

    async kycBlockEnabled(): Promise<boolean> {
      const [row] = await db
        .select({ kycBlockEnabled: cashierSettings.kycBlockEnabled })
        .from(cashierSettings)
        .where(eq(cashierSettings.id, 1));
      return row?.kycBlockEnabled ?? false;
    },

    async setKycBlockEnabled(enabled: boolean, now: Date): Promise<void> {
      await db
        .insert(cashierSettings)
        .values({ id: 1, kycBlockEnabled: enabled, updatedAt: now })
        .onConflictDoUpdate({
          target: cashierSettings.id,
          set: { kycBlockEnabled: enabled, updatedAt: now },
        });
    },

    async upsertMethod(method: { sysname: string; providerMethod: ProviderMethod; sortOrder: number }) {
      await db.insert(cashierMethods).values(method).onConflictDoNothing();
    },

    async insertMethodLimitIfMissing(limit: MethodLimitRecord & { method: string }): Promise<void> {
      await db.insert(cashierMethodLimits).values(limit).onConflictDoNothing();
    },

    async ensureSettings(now: Date): Promise<void> {
      await db.insert(cashierSettings).values({ id: 1, updatedAt: now }).onConflictDoNothing();
    },

    // --- transactions ----------------------------------------------------------------------------

    /** Inserts a transaction; a unique key it hits is named instead (a replayed request id …). */
    async insertTransaction(
      row: NewTransaction,
    ): Promise<{ id: bigint } | { conflict: 'request' | 'pending_withdrawal' | 'other' }> {
      try {
        const [inserted] = await db
          .insert(cashierTransactions)
          .values({
            playerId: row.playerId,
            type: row.type,
            method: row.method,
            providerMethod: row.providerMethod,
            currency: row.currency,
            amountMinor: row.amountMinor,
            status: row.status,
            requisites: row.requisites,
            campaignOfferId: row.campaignOfferId,
            signUpCode: row.signUpCode,
            requestId: row.requestId,
            requestHash: row.requestHash,
            domain: row.domain,
            refundPaymentId: row.refundPaymentId,
            reviewHold: row.reviewHold ?? null,
            createdAt: row.now,
            updatedAt: row.now,
          })
          .returning({ id: cashierTransactions.id });
        if (!inserted) throw new Error('insert returned no row');
        return { id: inserted.id };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        if (constraint === 'cashier_transactions_request_key') return { conflict: 'request' };
        if (constraint === 'cashier_transactions_one_pending_withdrawal')
          return { conflict: 'pending_withdrawal' };
        return { conflict: 'other' };
      }
    },

    async findById(id: bigint): Promise<TransactionRecord | null> {
      const [row] = await db
        .select(transactionColumns)
        .from(cashierTransactions)
        .where(eq(cashierTransactions.id, id))
        .limit(1);
      return row ? toRecord(row) : null;
    },

    async findOwn(playerId: bigint, id: bigint): Promise<TransactionRecord | null> {
      const [row] = await db
        .select(transactionColumns)
        .from(cashierTransactions)
        .where(and(eq(cashierTransactions.id, id), eq(cashierTransactions.playerId, playerId)))
        .limit(1);
      return row ? toRecord(row) : null;
    },

    async findByRequest(
      playerId: bigint,
      type: TransactionType,
      requestId: string,
    ): Promise<TransactionRecord | null> {
      const [row] = await db
        .select(transactionColumns)
        .from(cashierTransactions)
        .where(
          and(
            eq(cashierTransactions.playerId, playerId),
            eq(cashierTransactions.type, type),
            eq(cashierTransactions.requestId, requestId),
          ),
        )
        .limit(1);
      return row ? toRecord(row) : null;
    },

    /** Locks a transaction row for the rest of the transaction (every state change goes through this). */
    async lockById(id: bigint): Promise<TransactionRecord | null> {
      return lockOne(eq(cashierTransactions.id, id));
    },

    async lockByProviderPayment(paymentId: string): Promise<TransactionRecord | null> {
      return lockOne(eq(cashierTransactions.providerPaymentId, paymentId));
    },

    async lockByProviderPayout(payoutId: string): Promise<TransactionRecord | null> {
      return lockOne(eq(cashierTransactions.providerPayoutId, payoutId));
    },

    async updateTransaction(id: bigint, patch: TransactionPatch, now: Date): Promise<void> {
      await db
        .update(cashierTransactions)
        .set({ ...patch, updatedAt: now })
        .where(eq(cashierTransactions.id, id));
    },

    /** Marks a deposit failed only while nothing has moved it on (a webhook may have won the race). */
    async failIfPending(id: bigint, failureCode: string, now: Date): Promise<void> {
      await db
        .update(cashierTransactions)
        .set({ status: 'failed', failureCode, updatedAt: now })
        .where(and(eq(cashierTransactions.id, id), eq(cashierTransactions.status, 'pending')));
    },

    /**
     * Stores the provider's id on our record unless a webhook got there first with the same id; a
     * different id already stored is a bug we refuse to paper over.
     */
    async attachProviderPayment(
      id: bigint,
      paymentId: string,
      redirectUrl: string,
      now: Date,
    ): Promise<boolean> {
      const updated = await db
        .update(cashierTransactions)
        .set({ providerPaymentId: paymentId, redirectUrl, updatedAt: now })
        .where(
          and(
            eq(cashierTransactions.id, id),
            sql`(${cashierTransactions.providerPaymentId} IS NULL OR ${cashierTransactions.providerPaymentId} = ${paymentId})`,
          ),
        )
        .returning({ id: cashierTransactions.id });
      return updated.length > 0;
    },

    /** Records the payout; a webhook that already settled the withdrawal keeps its status. */
    async attachProviderPayout(id: bigint, payoutId: string, now: Date): Promise<boolean> {
      const updated = await db
        .update(cashierTransactions)
        .set({
          providerPayoutId: payoutId,
          status: sql`CASE WHEN ${cashierTransactions.status} = 'approved' THEN 'processing' ELSE ${cashierTransactions.status} END`,
          updatedAt: now,
        })
        .where(
          and(
            eq(cashierTransactions.id, id),
            sql`(${cashierTransactions.providerPayoutId} IS NULL OR ${cashierTransactions.providerPayoutId} = ${payoutId})`,
          ),
        )
        .returning({ id: cashierTransactions.id });
      return updated.length > 0;
    },

    /**
     * Approved withdrawals whose payout request never got an answer (the provider was down or
     * timed out) and were last tried before `cutoff`: claimed by moving `updated_at` to `now`, so
     * another node's pass (SKIP LOCKED) or the next pass does not pick them again at once.
     */
    async claimStuckApprovals(cutoff: Date, now: Date, limit: number): Promise<TransactionRecord[]> {
      const due = db
        .select({ id: cashierTransactions.id })
        .from(cashierTransactions)
        .where(
          and(
            eq(cashierTransactions.withdrawalStatus, 'approved'),
            isNull(cashierTransactions.providerPayoutId),
            lt(cashierTransactions.updatedAt, cutoff),
          ),
        )
        .orderBy(asc(cashierTransactions.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(cashierTransactions)
        .set({ updatedAt: now })
        .where(inArray(cashierTransactions.id, due))
        .returning(transactionColumns);
      return rows.map(toRecord);
    },

    async listForPlayer(
      playerId: bigint,
      filter: { types: TransactionType[]; statuses: string[] | undefined; offset: number; count: number },
    ): Promise<{ rows: TransactionRecord[]; total: number }> {
      const where = and(
        eq(cashierTransactions.playerId, playerId),
        inArray(cashierTransactions.type, filter.types),
        filter.statuses && filter.statuses.length > 0
          ? inArray(cashierTransactions.status, filter.statuses)
          : undefined,
      );
      const [rows, totals] = await Promise.all([
        db
          .select(transactionColumns)
          .from(cashierTransactions)
          .where(where)
          .orderBy(desc(cashierTransactions.id))
          .limit(filter.count)
          .offset(filter.offset),
        db.select({ total: count() }).from(cashierTransactions).where(where),
      ]);
      return { rows: rows.map(toRecord), total: totals[0]?.total ?? 0 };
    },

    async listByStatus(
      type: TransactionType,
      statuses: string[],
      page: { offset: number; count: number },
    ): Promise<TransactionRecord[]> {
      const rows = await db
        .select(transactionColumns)
        .from(cashierTransactions)
        .where(
          // Withdrawals through their index on `withdrawal_status` (ADR 042), deposits by a scan.
          type === 'withdrawal'
            ? inArray(cashierTransactions.withdrawalStatus, statuses)
            : and(eq(cashierTransactions.type, type), inArray(cashierTransactions.status, statuses)),
        )
        .orderBy(asc(cashierTransactions.id))
        .limit(page.count)
        .offset(page.offset);
      return rows.map(toRecord);
    },

    /**
     * Staff's deposit search, newest first: by the transaction's or the player's id, or the
     * provider's payment id, a status, and a time window on creation. A page and whether more follow.
     */
    async searchDeposits(filter: {
      id?: bigint | undefined;
      playerId?: bigint | undefined;
      paymentId?: string | undefined;
      status?: string | undefined;
      from?: Date | undefined;
      before?: Date | undefined;
      offset: number;
      count: number;
    }): Promise<{ rows: TransactionRecord[]; more: boolean }> {
      const conditions: SQL[] = [eq(cashierTransactions.type, 'deposit')];
      const either: SQL[] = [];
      if (filter.id !== undefined) either.push(eq(cashierTransactions.id, filter.id));
      if (filter.playerId !== undefined) either.push(eq(cashierTransactions.playerId, filter.playerId));
      if (filter.paymentId !== undefined)
        either.push(eq(cashierTransactions.providerPaymentId, filter.paymentId));
      if (either.length > 0) conditions.push(or(...either) as SQL);
      if (filter.status !== undefined) conditions.push(eq(cashierTransactions.status, filter.status));
      if (filter.from !== undefined) conditions.push(gte(cashierTransactions.createdAt, filter.from));
      if (filter.before !== undefined) conditions.push(lt(cashierTransactions.createdAt, filter.before));
      const rows = await db
        .select(transactionColumns)
        .from(cashierTransactions)
        .where(and(...conditions))
        .orderBy(desc(cashierTransactions.id))
        .limit(filter.count + 1)
        .offset(filter.offset);
      return { rows: rows.slice(0, filter.count).map(toRecord), more: rows.length > filter.count };
    },

    /**
     * Deposits that count against a deposit limit from `from`: paid, being paid, and ones still
     * at the provider's page if started after `pendingSince` (an abandoned page stops counting).
     */
    async depositedSince(
      playerId: bigint,
      currency: string,
      from: Date,
      pendingSince: Date,
    ): Promise<bigint> {
      const result = await db.execute<{ total: string | null }>(sql`
        SELECT sum(amount_minor)::text AS total FROM cashier_transactions
        WHERE player_id = ${playerId} AND type = 'deposit' AND currency = ${currency}
          AND created_at >= ${from.toISOString()}
          AND (status IN ('succeeded', 'processing')
               OR (status = 'pending' AND created_at >= ${pendingSince.toISOString()}))`);
      return BigInt(result.rows[0]?.total ?? '0');
    },

    /** Withdrawals with one method that count against its period cap. */
    async withdrawnSince(playerId: bigint, method: string, currency: string, from: Date): Promise<bigint> {
      const result = await db.execute<{ total: string | null }>(sql`
        SELECT sum(amount_minor)::text AS total FROM cashier_transactions
        WHERE player_id = ${playerId} AND type = 'withdrawal' AND method = ${method}
          AND currency = ${currency} AND created_at >= ${from.toISOString()}
          AND status IN (${sql.join(
            LIVE_WITHDRAWAL_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})`);
      return BigInt(result.rows[0]?.total ?? '0');
    },

    /** The provider payment of the player's latest paid card deposit in `currency` (payout target). */
    async latestCardPayment(playerId: bigint, currency: string): Promise<string | null> {
      const [row] = await db
        .select({ paymentId: cashierTransactions.providerPaymentId })
        .from(cashierTransactions)
        .where(
          and(
            eq(cashierTransactions.playerId, playerId),
            eq(cashierTransactions.type, 'deposit'),
            eq(cashierTransactions.providerMethod, 'card'),
            eq(cashierTransactions.currency, currency),
            eq(cashierTransactions.status, 'succeeded'),
          ),
        )
        .orderBy(desc(cashierTransactions.id))
        .limit(1);
      return row?.paymentId ?? null;
    },

    async findPendingWithdrawal(playerId: bigint): Promise<TransactionRecord | null> {
      const [row] = await db
        .select(transactionColumns)
        .from(cashierTransactions)
        .where(
          and(
            eq(cashierTransactions.playerId, playerId),
            eq(cashierTransactions.withdrawalStatus, 'pending'),
          ),
        )
        .limit(1);
      return row ? toRecord(row) : null;
    },

    // --- webhook events --------------------------------------------------------------------------

    /**
     * A `payment.succeeded` for a known deposit in one statement, its own transaction: lock, the
     * status rule, the event stored once, the ledger credit and the status (see the migration).
     */
    async creditDepositAtOnce(call: DepositCreditCall): Promise<DepositCreditAnswer> {
      const result = await executePrepared<{ answer: DepositCreditAnswer }>(
        db,
        sql`SELECT cashier_credit_deposit(${call.paymentId}, ${call.playerId},
          ${call.currency}, ${call.amountMinor}, ${call.event.eventId}, ${call.event.type},
          ${call.event.eventCreated}, ${JSON.stringify(call.event.payload)}::jsonb, ${call.event.now},
          ${call.ledger.key}, ${call.ledger.hash}, ${call.ledger.kind}, ${call.ledger.metadata}::jsonb,
          ${call.ledger.accounts}::jsonb) AS answer`,
      );
      const answer = result.rows[0]?.answer;
      if (!answer) throw new Error('cashier_credit_deposit answered nothing');
      return answer;
    },

    /** Stores an event once; false when its id was already stored (a replay). */
    /**
     * Stores a webhook event and, only if it is new, makes its status change — one statement (the
     * hot path of every deposit). False when the event id was already stored: a replay.
     */
    async recordEvent(event: WebhookEventInsert, change: EventStatusChange | null): Promise<boolean> {
      const setFailure = change !== null && change.failureCode !== undefined;
      const rows = await db.execute<{ fresh: boolean }>(sql`
        WITH inserted AS (
          INSERT INTO ${cashierWebhookEvents}
            (event_id, type, object_id, transaction_id, outcome, note, event_created, payload, received_at)
          VALUES (${event.eventId}, ${event.type}, ${event.objectId}, ${event.transactionId},
            ${event.outcome}, ${event.note}, ${event.eventCreated}, ${JSON.stringify(event.payload)}::jsonb,
            ${event.now})
          ON CONFLICT DO NOTHING
          RETURNING 1
        ), changed AS (
          UPDATE ${cashierTransactions}
          SET status = ${change?.status ?? null}::text,
            failure_code = CASE WHEN ${setFailure} THEN ${change?.failureCode ?? null}::text ELSE failure_code END,
            updated_at = ${event.now}
          WHERE id = ${event.transactionId} AND ${change !== null} AND EXISTS (SELECT 1 FROM inserted)
          RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM inserted) AS fresh`);
      return rows.rows[0]?.fresh === true;
    },

    // --- deposit limits --------------------------------------------------------------------------

    async listDepositLimits(playerId: bigint): Promise<DepositLimitRecord[]> {
      const rows = await db
        .select({
          period: cashierDepositLimits.period,
          currency: cashierDepositLimits.currency,
          limitMinor: cashierDepositLimits.limitMinor,
          pendingSet: cashierDepositLimits.pendingSet,
          pendingMinor: cashierDepositLimits.pendingMinor,
          pendingEffectiveAt: cashierDepositLimits.pendingEffectiveAt,
        })
        .from(cashierDepositLimits)
        .where(eq(cashierDepositLimits.playerId, playerId))
        .limit(3);
      return rows.map(toLimitRecord);
    },

    async saveDepositLimit(playerId: bigint, limit: DepositLimitRecord, now: Date): Promise<void> {
      const values = {
        currency: limit.currency,
        limitMinor: limit.limitMinor,
        pendingSet: limit.pendingSet,
        pendingMinor: limit.pendingMinor,
        pendingEffectiveAt: limit.pendingEffectiveAt,
        updatedAt: now,
      };
      await db
        .insert(cashierDepositLimits)
        .values({ playerId, period: limit.period, ...values })
        .onConflictDoUpdate({
          target: [cashierDepositLimits.playerId, cashierDepositLimits.period],
          set: values,
        });
    },

    async deleteDepositLimit(playerId: bigint, period: LimitPeriod): Promise<void> {
      await db
        .delete(cashierDepositLimits)
        .where(and(eq(cashierDepositLimits.playerId, playerId), eq(cashierDepositLimits.period, period)));
    },

    /**
     * Waiting deposit-limit changes whose cooling-off is over, written down (ADR 029): the pending
     * value becomes the limit, a removal deletes it — what `effectiveLimit` already reads. Locked
     * for this pass; returns the players whose limit changed.
     */
    async applyDueDepositLimitChanges(now: Date, limit: number): Promise<bigint[]> {
      const at = now.toISOString();
      const due = await db.execute<{ player_id: string; period: string; pending_minor: string | null }>(sql`
        SELECT player_id::text AS player_id, period, pending_minor::text AS pending_minor
        FROM cashier_deposit_limits WHERE pending_set AND pending_effective_at <= ${at}::timestamptz
        ORDER BY player_id, period LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
      const players: bigint[] = [];
      for (const row of due.rows) {
        const playerId = BigInt(row.player_id);
        const where = and(
          eq(cashierDepositLimits.playerId, playerId),
          eq(cashierDepositLimits.period, row.period),
        );
        if (row.pending_minor === null) {
          await db.delete(cashierDepositLimits).where(where);
        } else {
          await db
            .update(cashierDepositLimits)
            .set({
              limitMinor: BigInt(row.pending_minor),
              pendingSet: false,
              pendingMinor: null,
              pendingEffectiveAt: null,
              updatedAt: now,
            })
            .where(where);
        }
        players.push(playerId);
      }
      return players;
    },
  };
}

export type CashierQueries = ReturnType<typeof createCashierQueries>;

export function createCashierRepository(db: Db) {
  return {
    ...createCashierQueries(db),
    /** Runs `work` in one transaction with the queries bound to it (and the raw handle for the wallet). */
    async transaction<T>(work: (repo: CashierQueries, tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(createCashierQueries(tx), tx));
    },
  };
}

export type CashierRepository = ReturnType<typeof createCashierRepository>;
