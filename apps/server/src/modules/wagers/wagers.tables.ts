import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (PG13+): never wraps around, compares with `<`. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The wager stream (ARCHITECTURE.md §9, ADR 019): one row per money-moving stake call, written in
 * the transaction of its ledger postings. `id` is the event's identity; `tx_xid` is the writing
 * transaction's id, so consumers read only what no running transaction can still add to (the
 * commit horizon, see wagers.repository.ts). Rows are never updated or deleted. No foreign keys:
 * the writers (game wallet, later the sportsbook) already checked player and game in the same
 * transaction, and a key check would add a lookup and a lock to every bet.
 */
export const wagerEvents = pgTable(
  'wager_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    txXid: xid8('tx_xid').notNull().default(sql`pg_current_xact_id()`),
    playerId: bigint('player_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** casino | sport */
    product: text('product').notNull(),
    /** bet | win | rollback */
    kind: text('kind').notNull(),
    gameId: bigint('game_id', { mode: 'bigint' }),
    roundRef: text('round_ref').notNull(),
    stakeRealMinor: bigint('stake_real_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    stakeBonusMinor: bigint('stake_bonus_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    payoutRealMinor: bigint('payout_real_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    payoutBonusMinor: bigint('payout_bonus_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Consumers: the commit-horizon order (tx_xid, id).
    index('wager_events_stream_idx').on(table.txXid, table.id),
    // Per-player queries (history, limits, support).
    index('wager_events_player_idx').on(table.playerId, table.id),
    // Responsible-gaming limits: a player's stakes and payouts in a rolling window (ADR 025).
    index('wager_events_player_time_idx').on(table.playerId, table.createdAt),
    check('wager_events_product_check', sql`${table.product} IN ('casino', 'sport')`),
    check('wager_events_kind_check', sql`${table.kind} IN ('bet', 'win', 'rollback')`),
  ],
);

/**
 * Where each consumer is in the stream: the last applied event (`position`, its id, and
 * `position_xid`, its transaction id: the stream is read in (tx_xid, id) order). A pass locks
 * this row (FOR UPDATE SKIP LOCKED), so one batch is applied by one node at a time.
 */
export const wagerConsumerPositions = pgTable('wager_consumer_positions', {
  consumer: text('consumer').primaryKey(),
  position: bigint('position', { mode: 'bigint' }).notNull().default(sql`0`),
  positionXid: xid8('position_xid').notNull().default(sql`'0'::xid8`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
