/**
 * CroupierPay Sandbox's own database: it is a third party that happens to run in this process, so
 * it keeps its merchants, payments, payouts, events and webhook deliveries in tables of its own
 * (prefix `sandbox_psp_`) and never reads the platform's. Card data is reduced to brand and last
 * four digits before anything is written.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Merchants and their credentials; the API key is kept only as a SHA-256 hash. */
export const sandboxPspMerchants = pgTable(
  'sandbox_psp_merchants',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    name: text('name').notNull(),
    apiKeyHash: text('api_key_hash').notNull(),
    /** Needed in clear to sign webhooks, as at any provider. */
    webhookSecret: text('webhook_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_psp_merchants_name_idx').on(table.name),
    uniqueIndex('sandbox_psp_merchants_api_key_idx').on(table.apiKeyHash),
  ],
);

/**
 * One row per Idempotency-Key: the request's fingerprint and the first response, replayed for the
 * same key and body, refused (409) for the same key with another body.
 */
export const sandboxPspIdempotencyKeys = pgTable(
  'sandbox_psp_idempotency_keys',
  {
    merchantId: bigint('merchant_id', { mode: 'bigint' })
      .notNull()
      .references(() => sandboxPspMerchants.id),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.key] })],
);

export const sandboxPspPayments = pgTable(
  'sandbox_psp_payments',
  {
    /** `pay_` + 128 random bits: also the capability in the hosted page's URL. */
    id: text('id').primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'bigint' })
      .notNull()
      .references(() => sandboxPspMerchants.id),
    merchantReference: text('merchant_reference').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** card | bank_transfer */
    method: text('method').notNull(),
    /** requires_action | processing | succeeded | failed | canceled */
    status: text('status').notNull(),
    /** While requires_action: card_form | challenge (3-D Secure) | bank_details. */
    step: text('step'),
    failureCode: text('failure_code'),
    customerId: text('customer_id').notNull(),
    customerEmail: text('customer_email'),
    /** The payer's IBAN from the request's requisites (bank transfers). */
    payerIban: text('payer_iban'),
    /** What the player transfers with, so the provider can match the incoming transfer. */
    bankReference: text('bank_reference'),
    returnUrl: text('return_url').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * The transition the background loop applies at `scheduledAt` (pending cards resolving,
     * abandoned checkouts expiring, bank transfers that never arrive).
     */
    scheduledStatus: text('scheduled_status'),
    scheduledFailureCode: text('scheduled_failure_code'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sandbox_psp_payments_due_idx').on(table.scheduledAt).where(sql`${table.scheduledAt} IS NOT NULL`),
    index('sandbox_psp_payments_created_idx').on(table.createdAt),
    uniqueIndex('sandbox_psp_payments_bank_reference_idx').on(table.bankReference),
    check('sandbox_psp_payments_amount_check', sql`${table.amountMinor} > 0`),
    check('sandbox_psp_payments_method_check', sql`${table.method} IN ('card', 'bank_transfer')`),
    check(
      'sandbox_psp_payments_status_check',
      sql`${table.status} IN ('requires_action', 'processing', 'succeeded', 'failed', 'canceled')`,
    ),
    // PCI-style guard in the schema itself: at most the last four digits of a card are ever kept.
    check(
      'sandbox_psp_payments_last4_check',
      sql`${table.cardLast4} IS NULL OR ${table.cardLast4} ~ '^[0-9]{4}$'`,
    ),
  ],
);

export const sandboxPspPayouts = pgTable(
  'sandbox_psp_payouts',
  {
    /** `po_` + 128 random bits. */
    id: text('id').primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'bigint' })
      .notNull()
      .references(() => sandboxPspMerchants.id),
    merchantReference: text('merchant_reference').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** card (back to the card of an earlier payment) | iban */
    destinationType: text('destination_type').notNull(),
    paymentId: text('payment_id').references(() => sandboxPspPayments.id),
    iban: text('iban'),
    holder: text('holder'),
    webhookUrl: text('webhook_url').notNull(),
    /** pending | paid | failed */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    /** When the loop settles a pending payout, and how. */
    scheduledStatus: text('scheduled_status'),
    scheduledFailureCode: text('scheduled_failure_code'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sandbox_psp_payouts_due_idx').on(table.scheduledAt).where(sql`${table.scheduledAt} IS NOT NULL`),
    index('sandbox_psp_payouts_created_idx').on(table.createdAt),
    check('sandbox_psp_payouts_amount_check', sql`${table.amountMinor} > 0`),
    check('sandbox_psp_payouts_destination_check', sql`${table.destinationType} IN ('card', 'iban')`),
    check('sandbox_psp_payouts_status_check', sql`${table.status} IN ('pending', 'paid', 'failed')`),
  ],
);

/** Events are immutable: the exact JSON body is kept so every retry sends the same bytes. */
export const sandboxPspEvents = pgTable(
  'sandbox_psp_events',
  {
    /** `evt_` + 128 random bits; receivers de-duplicate on it. */
    id: text('id').primaryKey(),
    merchantId: bigint('merchant_id', { mode: 'bigint' })
      .notNull()
      .references(() => sandboxPspMerchants.id),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_psp_events_object_idx').on(table.objectId, table.createdAt)],
);

/**
 * The webhook outbox: written in the same transaction as the state change it reports, claimed by
 * the delivery loop of any node with FOR UPDATE SKIP LOCKED, retried with exponential back-off.
 */
export const sandboxPspWebhookDeliveries = pgTable(
  'sandbox_psp_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => sandboxPspEvents.id),
    url: text('url').notNull(),
    /** pending | sending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** While `sending`: when the claim lapses (a node died mid-delivery) and another node may retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sandbox_psp_webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'sending')`),
    index('sandbox_psp_webhook_deliveries_event_idx').on(table.eventId),
    check(
      'sandbox_psp_webhook_deliveries_status_check',
      sql`${table.status} IN ('pending', 'sending', 'delivered', 'failed')`,
    ),
  ],
);

/** One row per HTTP attempt, for the dashboard: when, how long, what the receiver answered. */
export const sandboxPspWebhookAttempts = pgTable(
  'sandbox_psp_webhook_attempts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'bigint' })
      .notNull()
      .references(() => sandboxPspWebhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    /** The first few hundred characters of the receiver's answer. */
    responseExcerpt: text('response_excerpt'),
  },
  (table) => [index('sandbox_psp_webhook_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);
