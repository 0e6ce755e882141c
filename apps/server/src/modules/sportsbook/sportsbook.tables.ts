import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * The in-house sportsbook's catalogue, written only by its feed consumer (ADR 030). The sportsbook is
 * a provider (ARCHITECTURE.md §5): nothing here references the platform's tables. Names are kept in
 * English and French; feed times (`*_ts`) are the producer's epoch milliseconds.
 */

export const sbSports = pgTable('sb_sports', {
  key: text('key').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
});

/** A tournament's category: a country or an international grouping. */
export const sbCategories = pgTable('sb_categories', {
  key: text('key').primaryKey(),
  sportKey: text('sport_key').notNull(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  country: text('country'),
});

export const sbTournaments = pgTable(
  'sb_tournaments',
  {
    key: text('key').primaryKey(),
    sportKey: text('sport_key').notNull(),
    categoryKey: text('category_key').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
  },
  (table) => [index('sb_tournaments_sport_idx').on(table.sportKey)],
);

export const sbCompetitors = pgTable('sb_competitors', {
  key: text('key').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  country: text('country'),
});

export const sbEvents = pgTable(
  'sb_events',
  {
    id: text('id').primaryKey(),
    sportKey: text('sport_key').notNull(),
    tournamentKey: text('tournament_key').notNull(),
    homeKey: text('home_key').notNull(),
    awayKey: text('away_key').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** not_started (pre-match) | live | ended | cancelled */
    status: text('status').notNull(),
    homeScore: integer('home_score').notNull().default(0),
    awayScore: integer('away_score').notNull().default(0),
    period: text('period'),
    clockSeconds: integer('clock_seconds'),
    /** Period scores, tennis games and points: per sport. */
    scoreDetail: jsonb('score_detail').$type<Record<string, number | string>>().notNull().default({}),
    /** Feed time of the last fixture change applied. */
    fixtureTs: bigint('fixture_ts', { mode: 'number' }).notNull(),
    /** Feed time of the last match status applied (from odds changes). */
    statusTs: bigint('status_ts', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sb_events_status_start_idx').on(table.status, table.startTime),
    index('sb_events_tournament_idx').on(table.tournamentKey),
    check('sb_events_status_check', sql`${table.status} IN ('not_started', 'live', 'ended', 'cancelled')`),
  ],
);

/** A market of an event, keyed with its specifiers (`totals|total=2.5`). */
export const sbMarkets = pgTable(
  'sb_markets',
  {
    eventId: text('event_id').notNull(),
    key: text('key').notNull(),
    /** active | suspended | deactivated (from the feed) | settled | cancelled */
    status: text('status').notNull(),
    /** Display order within the event (the market's place in the odds change that created it). */
    position: integer('position').notNull().default(0),
    /** Suspended by the consumer while its producer recovers (status is restored by the snapshot). */
    recoverySuspended: boolean('recovery_suspended').notNull().default(false),
    /** The producer whose odds changes last moved it. */
    product: integer('product').notNull(),
    /** Feed time of the last odds change or bet stop applied (older ones are stale). */
    oddsTs: bigint('odds_ts', { mode: 'number' }).notNull(),
    /** Feed time of the last settlement, cancel or rollback applied (an older one is out of order). */
    resultTs: bigint('result_ts', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.key] }),
    check(
      'sb_markets_status_check',
      sql`${table.status} IN ('active', 'suspended', 'deactivated', 'settled', 'cancelled')`,
    ),
  ],
);

/**
 * An outcome (selection): `{ eventId, marketKey, outcomeKey }`. Its settlement (result, void factor,
 * dead-heat factor as a rational) and cancel window stay here for the betting engine; a rollback
 * clears them and leaves `rolled_back_at`. `result_version` grows with every change of result.
 */
export const sbOutcomes = pgTable(
  'sb_outcomes',
  {
    eventId: text('event_id').notNull(),
    marketKey: text('market_key').notNull(),
    key: text('key').notNull(),
    oddsMilli: integer('odds_milli').notNull(),
    active: boolean('active').notNull(),
    /** Display order within the market (as the feed lists the outcomes). */
    position: integer('position').notNull().default(0),
    /** won | lost | void; null while unsettled */
    result: text('result'),
    voidFactor: text('void_factor'),
    deadHeatNum: bigint('dead_heat_num', { mode: 'bigint' }),
    deadHeatDen: bigint('dead_heat_den', { mode: 'bigint' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Bets placed in [cancel_start_ts, cancel_end_ts) are cancelled (open bounds when null). */
    cancelled: boolean('cancelled').notNull().default(false),
    cancelStartTs: bigint('cancel_start_ts', { mode: 'number' }),
    cancelEndTs: bigint('cancel_end_ts', { mode: 'number' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    resultVersion: integer('result_version').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.marketKey, table.key] }),
    check('sb_outcomes_odds_check', sql`${table.oddsMilli} BETWEEN 1001 AND 1000000`),
    check(
      'sb_outcomes_result_check',
      sql`${table.result} IS NULL OR ${table.result} IN ('won', 'lost', 'void')`,
    ),
    check(
      'sb_outcomes_void_factor_check',
      sql`${table.voidFactor} IS NULL OR ${table.voidFactor} IN ('0', '0.5', '1')`,
    ),
    check(
      'sb_outcomes_dead_heat_check',
      sql`${table.deadHeatNum} IS NULL OR (${table.deadHeatNum} > 0 AND ${table.deadHeatDen} >= ${table.deadHeatNum})`,
    ),
  ],
);

/** Per producer: the last message time and the recovery in progress (ADR 030). */
export const sbProducers = pgTable('sb_producers', {
  product: integer('product').primaryKey(),
  lastMessageTs: bigint('last_message_ts', { mode: 'number' }),
  lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
  recoveryRequestId: integer('recovery_request_id'),
  recoveryRequestedAt: timestamp('recovery_requested_at', { withTimezone: true }),
  /** Ids handed out so far (a new recovery takes the next). */
  lastRequestId: integer('last_request_id').notNull().default(0),
});
