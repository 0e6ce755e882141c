/** The only file of the sandbox provider that touches Drizzle; it reads and writes its own tables only. */
import type { Db } from '@croupier/db/client';
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import {
  sandboxPspEvents,
  sandboxPspIdempotencyKeys,
  sandboxPspMerchants,
  sandboxPspPayments,
  sandboxPspPayouts,
  sandboxPspWebhookAttempts,
  sandboxPspWebhookDeliveries,
} from './psp.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type PaymentRecord = typeof sandboxPspPayments.$inferSelect;
export type PaymentInsert = typeof sandboxPspPayments.$inferInsert;
export type PayoutRecord = typeof sandboxPspPayouts.$inferSelect;
export type PayoutInsert = typeof sandboxPspPayouts.$inferInsert;
export type AttemptRecord = typeof sandboxPspWebhookAttempts.$inferSelect;

export interface MerchantRecord {
  id: bigint;
  name: string;
  webhookSecret: string;
}

export interface StoredResponse {
  fingerprint: string;
  statusCode: number | null;
  response: unknown;
}

export interface ClaimedDelivery {
  id: bigint;
  eventId: string;
  url: string;
  attempts: number;
  body: string;
  eventCreatedAt: Date;
  webhookSecret: string;
}

export interface DeliveryRow {
  id: bigint;
  eventId: string;
  eventType: string;
  objectId: string;
  url: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** Payments and payouts are keyed by their public ids; a merchant sees only its own. */
export function createPspRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Installs or rotates the merchant's credentials (every node at boot; last writer wins, same values). */
    async upsertMerchant(name: string, apiKeyHash: string, webhookSecret: string, now: Date): Promise<void> {
      await db
        .insert(sandboxPspMerchants)
        .values({ name, apiKeyHash, webhookSecret, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: sandboxPspMerchants.name,
          set: { apiKeyHash, webhookSecret, updatedAt: now },
          setWhere: sql`${sandboxPspMerchants.apiKeyHash} <> excluded.api_key_hash OR ${sandboxPspMerchants.webhookSecret} <> excluded.webhook_secret`,
        });
    },

    async findMerchantByKeyHash(apiKeyHash: string): Promise<MerchantRecord | undefined> {
      const rows = await db
        .select({
          id: sandboxPspMerchants.id,
          name: sandboxPspMerchants.name,
          webhookSecret: sandboxPspMerchants.webhookSecret,
        })
        .from(sandboxPspMerchants)
        .where(eq(sandboxPspMerchants.apiKeyHash, apiKeyHash))
        .limit(1);
      return rows[0];
    },

    async merchantName(id: bigint): Promise<string | undefined> {
      const rows = await db
        .select({ name: sandboxPspMerchants.name })
        .from(sandboxPspMerchants)
        .where(eq(sandboxPspMerchants.id, id))
        .limit(1);
      return rows[0]?.name;
    },

    /**
     * Takes the key for this request. A concurrent request with the same key waits here on the
     * unique index until the first one commits (then sees its row) or rolls back (then takes it).
     */
    async claimIdempotencyKey(
      tx: Tx,
      merchantId: bigint,
      key: string,
      fingerprint: string,
      now: Date,
    ): Promise<boolean> {
      const rows = await tx
        .insert(sandboxPspIdempotencyKeys)
        .values({ merchantId, key, fingerprint, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: sandboxPspIdempotencyKeys.key });
      return rows.length > 0;
    },

    async findIdempotencyKey(tx: Tx, merchantId: bigint, key: string): Promise<StoredResponse | undefined> {
      const rows = await tx
        .select({
          fingerprint: sandboxPspIdempotencyKeys.fingerprint,
          statusCode: sandboxPspIdempotencyKeys.statusCode,
          response: sandboxPspIdempotencyKeys.response,
        })
        .from(sandboxPspIdempotencyKeys)
        .where(
          and(eq(sandboxPspIdempotencyKeys.merchantId, merchantId), eq(sandboxPspIdempotencyKeys.key, key)),
        )
        .limit(1);
      return rows[0];
    },

    async saveIdempotentResponse(
      tx: Tx,
      merchantId: bigint,
      key: string,
      statusCode: number,
      response: unknown,
    ): Promise<void> {
      await tx
        .update(sandboxPspIdempotencyKeys)
        .set({ statusCode, response })
        .where(
          and(eq(sandboxPspIdempotencyKeys.merchantId, merchantId), eq(sandboxPspIdempotencyKeys.key, key)),
        );
    },

    async insertPayment(tx: Tx, row: PaymentInsert): Promise<void> {
      await tx.insert(sandboxPspPayments).values(row);
    },

    async findPayment(id: string, executor: Executor = db): Promise<PaymentRecord | undefined> {
      const rows = await executor
        .select()
        .from(sandboxPspPayments)
        .where(eq(sandboxPspPayments.id, id))
        .limit(1);
      return rows[0];
    },

    async findMerchantPayment(merchantId: bigint, id: string, executor: Executor = db) {
      const rows = await executor
        .select()
        .from(sandboxPspPayments)
        .where(and(eq(sandboxPspPayments.id, id), eq(sandboxPspPayments.merchantId, merchantId)))
        .limit(1);
      return rows[0];
    },

    /**
     * Moves a payment only if it is still in the state the caller saw (compare-and-set): a double
     * submit or a race with the background loop changes nothing the second time.
     */
    async updatePaymentFrom(
      tx: Tx,
      id: string,
      from: { statuses: readonly string[]; step?: string },
      set: Partial<PaymentInsert>,
    ): Promise<PaymentRecord | undefined> {
      const rows = await tx
        .update(sandboxPspPayments)
        .set(set)
        .where(
          and(
            eq(sandboxPspPayments.id, id),
            inArray(sandboxPspPayments.status, [...from.statuses]),
            from.step === undefined ? undefined : eq(sandboxPspPayments.step, from.step),
          ),
        )
        .returning();
      return rows[0];
    },

    /** Payments whose scheduled transition is due, locked for this transaction; other nodes skip them. */
    async lockDuePayments(tx: Tx, now: Date, limit: number): Promise<PaymentRecord[]> {
      return tx
        .select()
        .from(sandboxPspPayments)
        .where(and(isNotNull(sandboxPspPayments.scheduledAt), lte(sandboxPspPayments.scheduledAt, now)))
        .orderBy(asc(sandboxPspPayments.scheduledAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async insertPayout(tx: Tx, row: PayoutInsert): Promise<void> {
      await tx.insert(sandboxPspPayouts).values(row);
    },

    async findMerchantPayout(merchantId: bigint, id: string): Promise<PayoutRecord | undefined> {
      const rows = await db
        .select()
        .from(sandboxPspPayouts)
        .where(and(eq(sandboxPspPayouts.id, id), eq(sandboxPspPayouts.merchantId, merchantId)))
        .limit(1);
      return rows[0];
    },

    async lockDuePayouts(tx: Tx, now: Date, limit: number): Promise<PayoutRecord[]> {
      return tx
        .select()
        .from(sandboxPspPayouts)
        .where(and(isNotNull(sandboxPspPayouts.scheduledAt), lte(sandboxPspPayouts.scheduledAt, now)))
        .orderBy(asc(sandboxPspPayouts.scheduledAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async updatePayout(tx: Tx, id: string, set: Partial<PayoutInsert>): Promise<PayoutRecord | undefined> {
      const rows = await tx
        .update(sandboxPspPayouts)
        .set(set)
        .where(eq(sandboxPspPayouts.id, id))
        .returning();
      return rows[0];
    },

    /** The event and its delivery, in the transaction of the change they report (outbox). */
    async insertEvent(
      tx: Tx,
      event: {
        id: string;
        merchantId: bigint;
        type: string;
        objectId: string;
        body: string;
        url: string;
        now: Date;
      },
    ): Promise<void> {
      await tx.insert(sandboxPspEvents).values({
        id: event.id,
        merchantId: event.merchantId,
        type: event.type,
        objectId: event.objectId,
        body: event.body,
        createdAt: event.now,
      });
      await tx.insert(sandboxPspWebhookDeliveries).values({
        eventId: event.id,
        url: event.url,
        nextAttemptAt: event.now,
        createdAt: event.now,
      });
    },

    /**
     * Claims up to `limit` due deliveries for this node: pending ones whose time has come, and ones
     * whose sender's lease lapsed. SKIP LOCKED lets several nodes claim side by side without waiting
     * on or double-sending each other's rows; the lease marks the claim after the statement ends.
     */
    async claimDueDeliveries(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      const due = db
        .select({ id: sandboxPspWebhookDeliveries.id })
        .from(sandboxPspWebhookDeliveries)
        .where(
          or(
            and(
              eq(sandboxPspWebhookDeliveries.status, 'pending'),
              lte(sandboxPspWebhookDeliveries.nextAttemptAt, now),
            ),
            and(
              eq(sandboxPspWebhookDeliveries.status, 'sending'),
              lte(sandboxPspWebhookDeliveries.lockedUntil, now),
            ),
          ),
        )
        .orderBy(asc(sandboxPspWebhookDeliveries.nextAttemptAt), asc(sandboxPspWebhookDeliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(sandboxPspWebhookDeliveries)
        .set({
          status: 'sending',
          attempts: sql`${sandboxPspWebhookDeliveries.attempts} + 1`,
          lockedUntil: leaseUntil,
        })
        .where(inArray(sandboxPspWebhookDeliveries.id, due))
        .returning({
          id: sandboxPspWebhookDeliveries.id,
          eventId: sandboxPspWebhookDeliveries.eventId,
          url: sandboxPspWebhookDeliveries.url,
          attempts: sandboxPspWebhookDeliveries.attempts,
        });
      if (claimed.length === 0) return [];
      const events = await db
        .select({
          id: sandboxPspEvents.id,
          body: sandboxPspEvents.body,
          createdAt: sandboxPspEvents.createdAt,
          webhookSecret: sandboxPspMerchants.webhookSecret,
        })
        .from(sandboxPspEvents)
        .innerJoin(sandboxPspMerchants, eq(sandboxPspMerchants.id, sandboxPspEvents.merchantId))
        .where(
          inArray(
            sandboxPspEvents.id,
            claimed.map((row) => row.eventId),
          ),
        );
      const byId = new Map(events.map((event) => [event.id, event]));
      return claimed.flatMap((row) => {
        const event = byId.get(row.eventId);
        return event
          ? [
              {
                ...row,
                body: event.body,
                eventCreatedAt: event.createdAt,
                webhookSecret: event.webhookSecret,
              },
            ]
          : [];
      });
    },

    async recordAttempt(row: Omit<AttemptRecord, 'id'>): Promise<void> {
      await db.insert(sandboxPspWebhookAttempts).values(row);
    },

    async markDelivered(id: bigint, statusCode: number, now: Date): Promise<void> {
      await db
        .update(sandboxPspWebhookDeliveries)
        .set({
          status: 'delivered',
          deliveredAt: now,
          lockedUntil: null,
          lastStatusCode: statusCode,
          lastError: null,
        })
        .where(eq(sandboxPspWebhookDeliveries.id, id));
    },

    async markUndelivered(
      id: bigint,
      nextAttemptAt: Date,
      statusCode: number | null,
      error: string,
      outcome: 'retry' | 'give_up',
    ): Promise<void> {
      await db
        .update(sandboxPspWebhookDeliveries)
        .set({
          status: outcome === 'retry' ? 'pending' : 'failed',
          nextAttemptAt,
          lockedUntil: null,
          lastStatusCode: statusCode,
          lastError: error,
        })
        .where(eq(sandboxPspWebhookDeliveries.id, id));
    },

    async recentPayments(limit: number): Promise<PaymentRecord[]> {
      return db
        .select()
        .from(sandboxPspPayments)
        .orderBy(desc(sandboxPspPayments.createdAt), desc(sandboxPspPayments.id))
        .limit(limit);
    },

    async recentPayouts(limit: number): Promise<PayoutRecord[]> {
      return db
        .select()
        .from(sandboxPspPayouts)
        .orderBy(desc(sandboxPspPayouts.createdAt), desc(sandboxPspPayouts.id))
        .limit(limit);
    },

    async recentDeliveries(limit: number): Promise<DeliveryRow[]> {
      return db
        .select({
          id: sandboxPspWebhookDeliveries.id,
          eventId: sandboxPspWebhookDeliveries.eventId,
          eventType: sandboxPspEvents.type,
          objectId: sandboxPspEvents.objectId,
          url: sandboxPspWebhookDeliveries.url,
          status: sandboxPspWebhookDeliveries.status,
          attempts: sandboxPspWebhookDeliveries.attempts,
          nextAttemptAt: sandboxPspWebhookDeliveries.nextAttemptAt,
          lastStatusCode: sandboxPspWebhookDeliveries.lastStatusCode,
          lastError: sandboxPspWebhookDeliveries.lastError,
          deliveredAt: sandboxPspWebhookDeliveries.deliveredAt,
          createdAt: sandboxPspWebhookDeliveries.createdAt,
        })
        .from(sandboxPspWebhookDeliveries)
        .innerJoin(sandboxPspEvents, eq(sandboxPspEvents.id, sandboxPspWebhookDeliveries.eventId))
        .orderBy(desc(sandboxPspWebhookDeliveries.id))
        .limit(limit);
    },

    async attemptsOf(deliveryIds: bigint[]): Promise<AttemptRecord[]> {
      if (deliveryIds.length === 0) return [];
      return db
        .select()
        .from(sandboxPspWebhookAttempts)
        .where(inArray(sandboxPspWebhookAttempts.deliveryId, deliveryIds))
        .orderBy(asc(sandboxPspWebhookAttempts.deliveryId), asc(sandboxPspWebhookAttempts.attempt));
    },
  };
}

export type PspRepository = ReturnType<typeof createPspRepository>;
