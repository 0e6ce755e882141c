import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

/**
 * Loss and wager limits (responsible gaming, ADR 025), one per player, kind and rolling period.
 * `limit_minor` applies now; a pending change (an increase, or a removal: `pending_set` with
 * `pending_minor` null) applies from `pending_effective_at`, 24 hours after it was asked for.
 */
export const rgLimits = pgTable(
  'rg_limits',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** loss | wager */
    kind: text('kind').notNull(),
    /** day (24 hours) | week (7 days) | month (30 days), rolling windows ending now */
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    limitMinor: bigint('limit_minor', { mode: 'bigint' }).notNull(),
    pendingSet: boolean('pending_set').notNull().default(false),
    pendingMinor: bigint('pending_minor', { mode: 'bigint' }),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.kind, table.period] }),
    // The end pass (ADR 029) applies waiting changes whose cooling-off is over.
    index('rg_limits_pending_idx').on(table.pendingEffectiveAt).where(sql`${table.pendingSet}`),
    check('rg_limits_kind_check', sql`${table.kind} IN ('loss', 'wager')`),
    check('rg_limits_period_check', sql`${table.period} IN ('day', 'week', 'month')`),
    check('rg_limits_amount_check', sql`${table.limitMinor} > 0`),
    check('rg_limits_pending_amount_check', sql`${table.pendingMinor} IS NULL OR ${table.pendingMinor} > 0`),
    check('rg_limits_pending_check', sql`${table.pendingSet} = (${table.pendingEffectiveAt} IS NOT NULL)`),
  ],
);

/**
 * Time-outs and self-exclusions: from `starts_at` to `ends_at` the player may log in only to
 * withdraw. Rows are never shortened (a self-exclusion cannot be reversed before its end).
 */
export const rgExclusions = pgTable(
  'rg_exclusions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** timeout | self_exclusion */
    kind: text('kind').notNull(),
    /** The duration asked for: 24h, 1w, 1m, 6w (time-out); 6m, 1y, 2y, 5y (self-exclusion). */
    duration: text('duration').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /**
     * A self-exclusion does not lift at `ends_at` (ADR 029): the player asks to reopen after it
     * (`reopen_requested_at`) and plays again from `reopens_at`, 24 hours later. Null for time-outs.
     */
    reopenRequestedAt: timestamp('reopen_requested_at', { withTimezone: true }),
    reopensAt: timestamp('reopens_at', { withTimezone: true }),
    /** When the player's "exclusion ended" notice was posted (the end pass posts it once). */
    endNoticedAt: timestamp('end_noticed_at', { withTimezone: true }),
  },
  (table) => [
    index('rg_exclusions_player_idx').on(table.playerId, table.endsAt),
    // The end pass (ADR 029) reads only exclusions whose end notice is still to post.
    index('rg_exclusions_end_notice_idx').on(table.endsAt).where(sql`${table.endNoticedAt} IS NULL`),
    check('rg_exclusions_kind_check', sql`${table.kind} IN ('timeout', 'self_exclusion')`),
    check('rg_exclusions_window_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * Every change of a limit or an exclusion, append-only (never updated or deleted): who asked what,
 * when, and when it takes effect.
 */
export const rgAudit = pgTable(
  'rg_audit',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** limit_set | limit_decreased | limit_increase_pending | limit_removal_pending | timeout | self_exclusion */
    action: text('action').notNull(),
    /** loss | wager (limits), timeout | self_exclusion (exclusions) */
    kind: text('kind').notNull(),
    /** day | week | month for limits, the duration for exclusions */
    period: text('period').notNull(),
    currency: text('currency'),
    previousMinor: bigint('previous_minor', { mode: 'bigint' }),
    requestedMinor: bigint('requested_minor', { mode: 'bigint' }),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rg_audit_player_idx').on(table.playerId, table.id)],
);

/**
 * The limit prompt offered after registration or before the first deposit (ADR 029): one row once
 * the player saw it, whatever they answered, so it is never offered again.
 */
export const rgLimitPrompts = pgTable('rg_limit_prompts', {
  playerId: bigint('player_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  /** set (the player set a limit from it) | skipped */
  answer: text('answer').notNull(),
  shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
});
