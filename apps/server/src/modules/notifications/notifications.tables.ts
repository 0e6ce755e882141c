import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The notifications outbox: every email and SMS is a row first, written in the same transaction as
 * the fact that causes it, then sent by a loop on any node (rows are claimed with FOR UPDATE SKIP
 * LOCKED), retried with back-off a bounded number of times.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** email | sms */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    locale: text('locale').notNull().default('en'),
    /** What the development mailbox shows beside the text: `{link?, code?}`. */
    meta: jsonb('meta').$type<{ link?: string; code?: string }>().notNull().default({}),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: when the claim lapses (a node died mid-send) and another node may retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** smtp | mailbox: how it was delivered. */
    transport: text('transport'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('notification_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('notification_outbox_recipient_idx').on(table.recipient, table.createdAt),
    check('notification_outbox_channel_check', sql`${table.channel} IN ('email', 'sms')`),
    check(
      'notification_outbox_status_check',
      sql`${table.status} IN ('pending', 'sending', 'sent', 'failed')`,
    ),
  ],
);
