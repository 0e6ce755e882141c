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

/*
 * The betting engine's books (ADR 034), written only by modules/sportsbook/bets. A bet reaches the
 * player's money through the wallet API (sport_* actions) under its id; `player_id` is the platform's
 * player id as the wallet session names it (no foreign key: the sportsbook is a provider).
 */

/**
 * A bet: one single, accumulator or system over its legs, the stake per line, and the state of its
 * money on the wallet (`wallet_state`: reserving → reserved → settled). `settle_version` grows with
 * every new payout decided (settlement, resettlement, cash-out); `delivered_version` is the last one
 * the wallet acknowledged: a bet with `settle_version > delivered_version` is due (the outbox).
 */
export const sbBets = pgTable(
  'sb_bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    requestId: text('request_id').notNull(),
    requestHash: text('request_hash').notNull(),
    /** single | accumulator | n/k | a named system */
    kind: text('kind').notNull(),
    /** main | betting_bonus | free_bet */
    source: text('source').notNull(),
    freeBetId: bigint('free_bet_id', { mode: 'bigint' }),
    stakePerLineMinor: bigint('stake_per_line_minor', { mode: 'bigint' }).notNull(),
    lines: integer('lines').notNull(),
    totalStakeMinor: bigint('total_stake_minor', { mode: 'bigint' }).notNull(),
    potentialPayoutMinor: bigint('potential_payout_minor', { mode: 'bigint' }).notNull(),
    /** pending (stake being reserved) | open | won | lost | void | cashed_out */
    status: text('status').notNull(),
    /** The gross payout decided (settlement or cash-out); null while open. */
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }),
    /** reserving | reserved | settled: what the wallet holds of this bet. */
    walletState: text('wallet_state').notNull().default('reserving'),
    settleVersion: integer('settle_version').notNull().default(0),
    deliveredVersion: integer('delivered_version').notNull().default(0),
    live: boolean('live').notNull().default(false),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** The placement time in epoch ms (a cancel window of the feed is compared with it). */
    placedTs: bigint('placed_ts', { mode: 'number' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sb_bets_request_key').on(table.playerId, table.requestId),
    index('sb_bets_player_idx').on(table.playerId, table.id),
    index('sb_bets_due_idx').on(table.id).where(sql`${table.settleVersion} > ${table.deliveredVersion}`),
    check(
      'sb_bets_status_check',
      sql`${table.status} IN ('pending', 'open', 'won', 'lost', 'void', 'cashed_out')`,
    ),
    check('sb_bets_source_check', sql`${table.source} IN ('main', 'betting_bonus', 'free_bet')`),
    check('sb_bets_wallet_state_check', sql`${table.walletState} IN ('reserving', 'reserved', 'settled')`),
    check(
      'sb_bets_amounts_check',
      sql`${table.stakePerLineMinor} > 0 AND ${table.lines} > 0 AND ${table.totalStakeMinor} = ${table.stakePerLineMinor} * ${table.lines}
        AND ${table.potentialPayoutMinor} >= 0 AND (${table.payoutMinor} IS NULL OR ${table.payoutMinor} >= 0)`,
    ),
  ],
);

/**
 * A leg of a bet: the outcome and the odds it was taken at, and its result (copied from the
 * catalogue's outcome by the feed hooks, `result_version` being the outcome's: a hook applies a
 * version once). `liability_minor` is the bet's potential payout through this leg (ADR 031).
 */
export const sbBetLegs = pgTable(
  'sb_bet_legs',
  {
    betId: bigint('bet_id', { mode: 'bigint' })
      .notNull()
      .references(() => sbBets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    eventId: text('event_id').notNull(),
    marketKey: text('market_key').notNull(),
    outcomeKey: text('outcome_key').notNull(),
    sportKey: text('sport_key').notNull(),
    oddsMilli: integer('odds_milli').notNull(),
    live: boolean('live').notNull(),
    liabilityMinor: bigint('liability_minor', { mode: 'bigint' }).notNull(),
    /** won | lost | void (a cancel makes a leg void); null while open */
    result: text('result'),
    voidFactor: text('void_factor'),
    deadHeatNum: bigint('dead_heat_num', { mode: 'bigint' }),
    deadHeatDen: bigint('dead_heat_den', { mode: 'bigint' }),
    /** The leg was voided by a cancel of its outcome (kept apart from a settlement's result). */
    cancelled: boolean('cancelled').notNull().default(false),
    resultVersion: integer('result_version').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.betId, table.position] }),
    index('sb_bet_legs_outcome_idx').on(table.eventId, table.marketKey, table.outcomeKey),
  ],
);

/**
 * Free bets issued to players (promotions, the loyalty shop, the seed): a stake the book pays; the
 * payout of a bet staked with one is its winnings only. `grant_key` makes a grant idempotent.
 */
export const sbFreeBets = pgTable(
  'sb_free_bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Minimum total odds (× 1000) of the bet it may stake; null: any. */
    minOddsMilli: integer('min_odds_milli'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantKey: text('grant_key').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    usedBetId: bigint('used_bet_id', { mode: 'bigint' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sb_free_bets_grant_key').on(table.grantKey),
    index('sb_free_bets_player_idx').on(table.playerId, table.id),
    check('sb_free_bets_amount_check', sql`${table.amountMinor} > 0`),
  ],
);

/** A trader's stake factor for one player (ADR 031): 1 when absent. */
export const sbPlayerFactors = pgTable(
  'sb_player_factors',
  {
    playerId: bigint('player_id', { mode: 'bigint' }).primaryKey(),
    factorNum: bigint('factor_num', { mode: 'bigint' }).notNull(),
    factorDen: bigint('factor_den', { mode: 'bigint' }).notNull(),
  },
  (table) => [check('sb_player_factors_check', sql`${table.factorNum} >= 0 AND ${table.factorDen} > 0`)],
);

/**
 * A trader's hold (ADR 047): an event (`market_key` '') or one market taken off sale by staff. Kept
 * apart from `sb_markets.status`, which the feed owns and rewrites on every odds change: the feed can
 * never lift a trader's hold, only the trading desk's reopen does. Placement refuses a leg on a held
 * event or market (bets.repository.ts `bettable`).
 */
export const sbTraderHolds = pgTable(
  'sb_trader_holds',
  {
    eventId: text('event_id').notNull(),
    /** The market held, or '' for the whole event. */
    marketKey: text('market_key').notNull(),
    reason: text('reason').notNull(),
    /** Who placed it, as the ledger names staff (`id:username`). */
    staff: text('staff').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.marketKey] }),
    check('sb_trader_holds_reason_check', sql`length(${table.reason}) BETWEEN 3 AND 500`),
  ],
);
