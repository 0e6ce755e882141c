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

type LocalizedText = { en: string; fr: string };

/**
 * Must-drop-by progressive jackpots (ADR 032): the operator's definition and the pool's state.
 * The money itself is in the ledger (house accounts `jackpot_pool_<id>` and `jackpot_reserve_<id>`);
 * `current_minor` mirrors the pool account's balance for reads and the drop decision.
 */
export const jackpots = pgTable(
  'jackpots',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    currency: text('currency').notNull(),
    /** Basis points of an eligible real-money stake: 100 = 1 %. */
    contributionBp: integer('contribution_bp').notNull(),
    /** Basis points of each contribution kept in the hidden reserve (funds the seeds). */
    reserveBp: integer('reserve_bp').notNull(),
    seedMinor: bigint('seed_minor', { mode: 'bigint' }).notNull(),
    /** Must drop by: no win is above it. */
    ceilingMinor: bigint('ceiling_minor', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The open cycle (its commitment is published). */
    cycle: integer('cycle').notNull().default(1),
    currentMinor: bigint('current_minor', { mode: 'bigint' }).notNull(),
    /** Contribution remainder carried to the next stake, minor units × 10 000. */
    carry: bigint('carry', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Contributions so far (the reserve's share is floored on this running total). */
    contributedMinor: bigint('contributed_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jackpots_key_idx').on(table.key),
    check('jackpots_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('jackpots_contribution_check', sql`${table.contributionBp} BETWEEN 1 AND 10000`),
    check('jackpots_reserve_check', sql`${table.reserveBp} BETWEEN 0 AND 9999`),
    check(
      'jackpots_bounds_check',
      sql`${table.seedMinor} > 0 AND ${table.ceilingMinor} > ${table.seedMinor}`,
    ),
    check(
      'jackpots_current_check',
      sql`${table.currentMinor} >= 0 AND ${table.currentMinor} <= ${table.ceilingMinor}`,
    ),
  ],
);

/** The games whose real-money stakes feed a jackpot (platform game ids). */
export const jackpotGames = pgTable(
  'jackpot_games',
  {
    jackpotId: bigint('jackpot_id', { mode: 'bigint' })
      .notNull()
      .references(() => jackpots.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.jackpotId, table.gameId] }),
    index('jackpot_games_game_idx').on(table.gameId),
  ],
);

/**
 * One cycle of a jackpot: from a reset (or the start) to its drop. The server seed stays secret
 * (only `commitment` is shown) until the cycle is won; then it is revealed for verification.
 */
export const jackpotCycles = pgTable(
  'jackpot_cycles',
  {
    jackpotId: bigint('jackpot_id', { mode: 'bigint' })
      .notNull()
      .references(() => jackpots.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    serverSeed: text('server_seed').notNull(),
    /** SHA-256 of the server seed, hex: published before play. */
    commitment: text('commitment').notNull(),
    startMinor: bigint('start_minor', { mode: 'bigint' }).notNull(),
    dropPointMinor: bigint('drop_point_minor', { mode: 'bigint' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    wonAt: timestamp('won_at', { withTimezone: true }),
    winnerPlayerId: bigint('winner_player_id', { mode: 'bigint' }),
    winMinor: bigint('win_minor', { mode: 'bigint' }),
    winEventId: bigint('win_event_id', { mode: 'bigint' }),
    winGameId: bigint('win_game_id', { mode: 'bigint' }),
  },
  (table) => [
    primaryKey({ columns: [table.jackpotId, table.cycle] }),
    index('jackpot_cycles_won_idx').on(table.wonAt).where(sql`${table.wonAt} IS NOT NULL`),
    check(
      'jackpot_cycles_won_check',
      sql`(${table.wonAt} IS NULL) = (${table.winMinor} IS NULL) AND (${table.wonAt} IS NULL) = (${table.winnerPlayerId} IS NULL)`,
    ),
  ],
);

/** Stakes counted by a jackpot: the consumer's exactly-once record (a replayed event adds nothing). */
export const jackpotContributions = pgTable(
  'jackpot_contributions',
  {
    jackpotId: bigint('jackpot_id', { mode: 'bigint' })
      .notNull()
      .references(() => jackpots.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    cycle: integer('cycle').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    contributionMinor: bigint('contribution_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.jackpotId, table.eventId] })],
);
