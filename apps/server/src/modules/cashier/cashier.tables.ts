import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

/**
 * Payment methods the cashier offers. `sysname` is what players and the content service's
 * payment-method info name it by; `provider_method` is what the provider's API calls it.
 */
export const cashierMethods = pgTable(
  'cashier_methods',
  {
    sysname: text('sysname').primaryKey(),
    providerMethod: text('provider_method').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    check('cashier_methods_sysname_check', sql`${table.sysname} ~ '^[a-z][a-z0-9_]{0,31}$'`),
    check('cashier_methods_provider_check', sql`${table.providerMethod} IN ('card', 'bank_transfer')`),
  ],
);

/**
 * Bounds per method, currency and direction, in minor units. A method takes deposits (or pays
 * withdrawals) in a currency only when its row exists. `period_max_minor` caps the total withdrawn
 * with the method over `period_hours` (rolling).
 */
export const cashierMethodLimits = pgTable(
  'cashier_method_limits',
  {
    method: text('method')
      .notNull()
      .references(() => cashierMethods.sysname),
    currency: text('currency').notNull(),
    /** deposit | withdrawal */
    direction: text('direction').notNull(),
    minMinor: bigint('min_minor', { mode: 'bigint' }).notNull(),
    maxMinor: bigint('max_minor', { mode: 'bigint' }).notNull(),
    periodMaxMinor: bigint('period_max_minor', { mode: 'bigint' }),
    periodHours: integer('period_hours').notNull().default(24),
    /** Deposit amount presets (spec §3), minor units, in display order. */
    presetsMinor: bigint('presets_minor', { mode: 'bigint' }).array().notNull().default(sql`'{}'::bigint[]`),
  },
  (table) => [
    primaryKey({ columns: [table.method, table.currency, table.direction] }),
    check('cashier_method_limits_direction_check', sql`${table.direction} IN ('deposit', 'withdrawal')`),
    check(
      'cashier_method_limits_bounds_check',
      sql`${table.minMinor} > 0 AND ${table.maxMinor} >= ${table.minMinor}`,
    ),
    check('cashier_method_limits_period_check', sql`${table.periodHours} BETWEEN 1 AND 8784`),
    check('cashier_method_limits_presets_check', sql`cardinality(${table.presetsMinor}) <= 12`),
  ],
);

/** Site-wide cashier switches (one row). */
export const cashierSettings = pgTable(
  'cashier_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Spec §8 KycWithdrawalException: withdrawals need a verified identity when on. */
    kycBlockEnabled: boolean('kyc_block_enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('cashier_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * Deposits and withdrawals (spec §3 Deposit info). Money itself lives in the ledger; this row is
 * the flow's state, changed under `FOR UPDATE` in the same transaction as the posting it causes.
 */
export const cashierTransactions = pgTable(
  'cashier_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    /** deposit | withdrawal */
    type: text('type').notNull(),
    method: text('method').notNull(),
    providerMethod: text('provider_method').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    /**
     * `status` for a withdrawal, null for a deposit, kept by PostgreSQL (ADR 042). The indexes that
     * need a withdrawal's status use this column, never `status`: an index on `status` (or a partial
     * index whose predicate names it) makes every status change write a new entry in every index of
     * the table, where a deposit's webhook credit can otherwise change its row in place (a HOT
     * update). A deposit's value stays null, so its status changes touch no index.
     */
    withdrawalStatus: text('withdrawal_status').generatedAlwaysAs(
      sql`CASE WHEN type = 'withdrawal' THEN status END`,
    ),
    /** IBAN, holder, bank id as given (masked on the way out). */
    requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default({}),
    campaignOfferId: integer('campaign_offer_id'),
    /**
     * The player's sign-up promo code waited for a first deposit when this deposit was made (ADR
     * 021): its credit takes the general path and enqueues the code's redemption.
     */
    signUpCode: boolean('sign_up_code').notNull().default(false),
    /** The client's id for one submit; with `request_hash` a replay answers the first result. */
    requestId: text('request_id'),
    requestHash: text('request_hash'),
    /** The site host the transaction was made on. */
    domain: text('domain').notNull(),
    /** Deposits: the provider's payment and its hosted page (a double submit is sent there again). */
    providerPaymentId: text('provider_payment_id'),
    redirectUrl: text('redirect_url'),
    /** Card withdrawals: the deposit payment the payout goes back to. */
    refundPaymentId: text('refund_payment_id'),
    /** Withdrawals: the provider's payout. */
    providerPayoutId: text('provider_payout_id'),
    failureCode: text('failure_code'),
    /**
     * Withdrawals: why a risk check held it for review (ADR 039, `fraud_score_high`); the operator
     * approves it only with `reviewed: true`. Null: no hold.
     */
    reviewHold: text('review_hold'),
    /** Back-office user who approved or rejected a withdrawal. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cashier_transactions_player_idx').on(table.playerId, table.id),
    index('cashier_transactions_player_period_idx').on(table.playerId, table.type, table.createdAt),
    // The back office's withdrawal queues and the payout retries (ADR 042: not on `status`).
    index('cashier_transactions_withdrawal_status_idx')
      .on(table.withdrawalStatus, table.id)
      .where(sql`${table.withdrawalStatus} IS NOT NULL`),
    uniqueIndex('cashier_transactions_payment_key').on(table.providerPaymentId),
    uniqueIndex('cashier_transactions_payout_key').on(table.providerPayoutId),
    uniqueIndex('cashier_transactions_request_key').on(table.playerId, table.type, table.requestId),
    // One withdrawal waiting for approval per player: a double submit cannot hold twice.
    uniqueIndex('cashier_transactions_one_pending_withdrawal')
      .on(table.playerId)
      .where(sql`${table.withdrawalStatus} = 'pending'`),
    check('cashier_transactions_type_check', sql`${table.type} IN ('deposit', 'withdrawal')`),
    check(
      'cashier_transactions_status_check',
      sql`(${table.type} = 'deposit' AND ${table.status} IN ('pending', 'processing', 'succeeded', 'failed', 'canceled'))
        OR (${table.type} = 'withdrawal' AND ${table.status} IN ('pending', 'approved', 'processing', 'paid', 'failed', 'rejected', 'canceled'))`,
    ),
    check('cashier_transactions_amount_check', sql`${table.amountMinor} > 0`),
    check('cashier_transactions_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Every provider webhook event, stored once by its id: a replay finds its row and changes nothing.
 * Written in the same transaction as the state change and posting the event causes.
 */
export const cashierWebhookEvents = pgTable(
  'cashier_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).references(() => cashierTransactions.id),
    /** applied | ignored (with `note` saying why). */
    outcome: text('outcome').notNull(),
    note: text('note'),
    /** The provider's `created` (Unix seconds) and the signature time. */
    eventCreated: bigint('event_created', { mode: 'bigint' }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cashier_webhook_events_transaction_idx').on(table.transactionId)],
);

/**
 * Deposit limits (responsible gaming), one per player and period. `limit_minor` applies now; a
 * pending change (an increase or a removal, `pending_set` with `pending_minor` null for removal)
 * applies from `pending_effective_at`, 24 hours after it was asked for.
 */
export const cashierDepositLimits = pgTable(
  'cashier_deposit_limits',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** day | week | month */
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    limitMinor: bigint('limit_minor', { mode: 'bigint' }),
    pendingSet: boolean('pending_set').notNull().default(false),
    pendingMinor: bigint('pending_minor', { mode: 'bigint' }),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.period] }),
    // The deposit-limit pass (ADR 029) applies waiting changes whose cooling-off is over.
    index('cashier_deposit_limits_pending_idx').on(table.pendingEffectiveAt).where(sql`${table.pendingSet}`),
    check('cashier_deposit_limits_period_check', sql`${table.period} IN ('day', 'week', 'month')`),
    check('cashier_deposit_limits_amount_check', sql`${table.limitMinor} IS NULL OR ${table.limitMinor} > 0`),
    check(
      'cashier_deposit_limits_pending_check',
      sql`${table.pendingSet} = (${table.pendingEffectiveAt} IS NOT NULL)`,
    ),
  ],
);
