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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

type LocalizedText = { en: string; fr: string };

/**
 * Operator-defined cashback programmes (ADR 022), validated by cashback-programme.ts before insert:
 * a percentage (basis points) of the net real-money loss over a UTC period, paid as a claimable
 * cashback that must be claimed within `claim_days` of the period end.
 */
export const cashbackProgrammes = pgTable(
  'cashback_programmes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** Basis points of the net loss: 1000 = 10 %. */
    percentBp: integer('percent_bp').notNull(),
    period: text('period').notNull(),
    claimDays: integer('claim_days').notNull(),
    /** null: every product. */
    product: text('product'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cashback_programmes_key_idx').on(table.key),
    check('cashback_programmes_percent_check', sql`${table.percentBp} BETWEEN 1 AND 10000`),
    check('cashback_programmes_period_check', sql`${table.period} IN ('daily', 'weekly')`),
    check('cashback_programmes_claim_check', sql`${table.claimDays} BETWEEN 1 AND 365`),
    check(
      'cashback_programmes_product_check',
      sql`${table.product} IS NULL OR ${table.product} IN ('casino', 'sport')`,
    ),
  ],
);

/** A programme's payout bounds per currency, minor units (a currency absent here accrues nothing). */
export const cashbackProgrammeAmounts = pgTable(
  'cashback_programme_amounts',
  {
    programmeId: bigint('programme_id', { mode: 'bigint' })
      .notNull()
      .references(() => cashbackProgrammes.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    minPayoutMinor: bigint('min_payout_minor', { mode: 'bigint' }).notNull(),
    maxPayoutMinor: bigint('max_payout_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.programmeId, table.currency] }),
    check('cashback_programme_amounts_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'cashback_programme_amounts_bounds_check',
      sql`${table.minPayoutMinor} >= 0 AND ${table.maxPayoutMinor} >= ${table.minPayoutMinor} AND ${table.maxPayoutMinor} > 0`,
    ),
  ],
);

/**
 * What a player staked and won in real money in one programme's period and currency (the wager
 * stream's cashback consumer adds to it; the period close turns a positive net loss into a cashback).
 */
export const cashbackAccruals = pgTable(
  'cashback_accruals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    programmeId: bigint('programme_id', { mode: 'bigint' })
      .notNull()
      .references(() => cashbackProgrammes.id),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    stakeRealMinor: bigint('stake_real_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    payoutRealMinor: bigint('payout_real_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cashback_accruals_period_idx').on(
      table.playerId,
      table.programmeId,
      table.periodStart,
      table.currency,
    ),
    index('cashback_accruals_open_idx').on(table.periodEnd).where(sql`${table.closedAt} IS NULL`),
  ],
);

/** Events counted in an accrual: the consumer's exactly-once record (a replayed event counts nothing). */
export const cashbackAccrualEvents = pgTable(
  'cashback_accrual_events',
  {
    accrualId: bigint('accrual_id', { mode: 'bigint' })
      .notNull()
      .references(() => cashbackAccruals.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accrualId, table.eventId] })],
);

/** A player's cashback: one per accrual (player, programme, period, currency), claimable until `receiving_expired_at`. */
export const cashbacks = pgTable(
  'cashbacks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    programmeId: bigint('programme_id', { mode: 'bigint' })
      .notNull()
      .references(() => cashbackProgrammes.id),
    accrualId: bigint('accrual_id', { mode: 'bigint' })
      .notNull()
      .references(() => cashbackAccruals.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    netLossMinor: bigint('net_loss_minor', { mode: 'bigint' }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    receivingExpiredAt: timestamp('receiving_expired_at', { withTimezone: true }).notNull(),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cashbacks_accrual_idx').on(table.accrualId),
    uniqueIndex('cashbacks_period_idx').on(
      table.playerId,
      table.programmeId,
      table.periodStart,
      table.currency,
    ),
    index('cashbacks_player_idx').on(table.playerId, table.periodEnd),
    index('cashbacks_active_idx').on(table.receivingExpiredAt).where(sql`${table.status} = 'active'`),
    check('cashbacks_status_check', sql`${table.status} IN ('active', 'paid_out', 'removed', 'expired')`),
    check('cashbacks_amount_check', sql`${table.amountMinor} > 0`),
    check('cashbacks_paid_check', sql`(${table.status} = 'paid_out') = (${table.paidOutAt} IS NOT NULL)`),
  ],
);
