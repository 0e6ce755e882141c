import type { Db } from '@croupier/db/client';
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { notificationOutbox } from './notifications.tables.ts';

/** The database, or a transaction of another module's write, so a message commits with its cause. */
export type OutboxExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutboxInsert {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  locale: string;
  meta: { link?: string; code?: string };
  now: Date;
}

export interface ClaimedMessage {
  id: bigint;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  attempts: number;
}

export interface MailboxRow {
  id: bigint;
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  meta: { link?: string; code?: string };
  status: string;
  attempts: number;
  transport: string | null;
  createdAt: Date;
}

export function createNotificationsRepository(db: Db) {
  return {
    async insert(executor: OutboxExecutor, row: OutboxInsert): Promise<void> {
      await executor.insert(notificationOutbox).values({
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        locale: row.locale,
        meta: row.meta,
        nextAttemptAt: row.now,
        createdAt: row.now,
      });
    },

    /**
     * Claims up to `limit` due messages for this node: pending ones whose time has come, and ones
     * whose sender's lease lapsed. SKIP LOCKED lets several nodes claim side by side without waiting
     * on or double-sending each other's rows; the lease marks the claim after the transaction ends.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
      const due = db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(
          or(
            and(eq(notificationOutbox.status, 'pending'), lte(notificationOutbox.nextAttemptAt, now)),
            and(eq(notificationOutbox.status, 'sending'), lte(notificationOutbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(notificationOutbox.nextAttemptAt), asc(notificationOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(notificationOutbox)
        .set({
          status: 'sending',
          attempts: sql`${notificationOutbox.attempts} + 1`,
          lockedUntil: leaseUntil,
        })
        .where(inArray(notificationOutbox.id, due))
        .returning({
          id: notificationOutbox.id,
          channel: notificationOutbox.channel,
          recipient: notificationOutbox.recipient,
          subject: notificationOutbox.subject,
          text: notificationOutbox.text,
          html: notificationOutbox.html,
          attempts: notificationOutbox.attempts,
        });
      return rows.map((row) => ({ ...row, channel: row.channel === 'sms' ? 'sms' : 'email' }));
    },

    async markSent(id: bigint, transport: string, now: Date): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ status: 'sent', transport, sentAt: now, lockedUntil: null, lastError: null })
        .where(eq(notificationOutbox.id, id));
    },

    async markRetry(id: bigint, nextAttemptAt: Date, error: string): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ status: 'pending', nextAttemptAt, lockedUntil: null, lastError: error })
        .where(eq(notificationOutbox.id, id));
    },

    async markFailed(id: bigint, error: string): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ status: 'failed', lockedUntil: null, lastError: error })
        .where(eq(notificationOutbox.id, id));
    },

    async listRecent(filter: { recipient?: string; limit: number }): Promise<MailboxRow[]> {
      return db
        .select({
          id: notificationOutbox.id,
          channel: notificationOutbox.channel,
          recipient: notificationOutbox.recipient,
          subject: notificationOutbox.subject,
          text: notificationOutbox.text,
          meta: notificationOutbox.meta,
          status: notificationOutbox.status,
          attempts: notificationOutbox.attempts,
          transport: notificationOutbox.transport,
          createdAt: notificationOutbox.createdAt,
        })
        .from(notificationOutbox)
        .where(
          filter.recipient === undefined
            ? undefined
            : sql`lower(${notificationOutbox.recipient}) = lower(${filter.recipient})`,
        )
        .orderBy(desc(notificationOutbox.id))
        .limit(filter.limit);
    },
  };
}
