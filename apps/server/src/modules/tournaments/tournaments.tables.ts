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

/** One line of a prize table (places `from`…`to` inclusive). Amounts are minor units as text. */
export interface PrizeLine {
  from: number;
  to: number;
  kind: 'cash' | 'bonus' | 'free_spins' | 'loyalty_points';
  /** cash: minor units of the tournament's currency, as decimal text. */
  amountMinor?: string;
  /** bonus / free_spins: the bonus template granted through the promotions engine. */
  templateKey?: string;
  /** loyalty_points: the points credited through the loyalty service. */
  points?: number;
  /** What the pages show for a non-cash prize. */
  label?: LocalizedText;
}

/**
 * Tournaments (ADR 036): the operator's definition of one occurrence. A recurring tournament's next
 * occurrence is a new row (key `<series>#<n>`) created by the tournaments pass.
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    series: text('series').notNull(),
    occurrence: integer('occurrence').notNull().default(1),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Days between occurrences; null: once. */
    recurDays: integer('recur_days'),
    currency: text('currency').notNull(),
    scoring: text('scoring').notNull(),
    pointsPerBet: integer('points_per_bet'),
    /** Bets below it score nothing (every scoring). */
    minStakeMinor: bigint('min_stake_minor', { mode: 'bigint' }),
    entry: text('entry').notNull(),
    buyInMinor: bigint('buy_in_minor', { mode: 'bigint' }),
    maxParticipants: integer('max_participants'),
    resetOnCashout: boolean('reset_on_cashout').notNull().default(false),
    prizes: jsonb('prizes').$type<PrizeLine[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the prizes were paid and the winners published (the leaderboard is frozen). */
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tournaments_key_idx').on(table.key),
    uniqueIndex('tournaments_series_occurrence_idx').on(table.series, table.occurrence),
    index('tournaments_ends_idx').on(table.endsAt),
    check('tournaments_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('tournaments_window_check', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'tournaments_scoring_check',
      sql`${table.scoring} IN ('total_bet', 'total_win', 'biggest_multiplier', 'points_per_bet')`,
    ),
    check(
      'tournaments_points_check',
      sql`(${table.scoring} = 'points_per_bet') = (${table.pointsPerBet} IS NOT NULL) AND (${table.pointsPerBet} IS NULL OR ${table.pointsPerBet} > 0)`,
    ),
    check('tournaments_entry_check', sql`${table.entry} IN ('opt_in', 'automatic', 'buy_in')`),
    check(
      'tournaments_buy_in_check',
      sql`(${table.entry} = 'buy_in') = (${table.buyInMinor} IS NOT NULL) AND (${table.buyInMinor} IS NULL OR ${table.buyInMinor} > 0)`,
    ),
    check('tournaments_recur_check', sql`${table.recurDays} IS NULL OR ${table.recurDays} >= 1`),
  ],
);

/** The games whose rounds score in a tournament (platform game ids). */
export const tournamentGames = pgTable(
  'tournament_games',
  {
    tournamentId: bigint('tournament_id', { mode: 'bigint' })
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    gameId: bigint('game_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.gameId] }),
    index('tournament_games_game_idx').on(table.gameId),
  ],
);

/**
 * A player in a tournament. Only events from `counts_from` on score (the join, or the last reset
 * on a cashout). `reached_at` is when the score last rose: the earlier ranks first on a tie.
 */
export const tournamentParticipants = pgTable(
  'tournament_participants',
  {
    tournamentId: bigint('tournament_id', { mode: 'bigint' })
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    playerId: bigint('player_id', { mode: 'bigint' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    countsFrom: timestamp('counts_from', { withTimezone: true }).notNull(),
    score: bigint('score', { mode: 'bigint' }).notNull().default(sql`0`),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    /** Frozen at the end. */
    finalRank: integer('final_rank'),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.playerId] }),
    index('tournament_participants_board_idx').on(
      table.tournamentId,
      table.score.desc(),
      table.reachedAt,
      table.playerId,
    ),
    check('tournament_participants_score_check', sql`${table.score} >= 0`),
  ],
);

/** Events a tournament counted: the consumer's exactly-once record (a replayed event adds nothing). */
export const tournamentScoredEvents = pgTable(
  'tournament_scored_events',
  {
    tournamentId: bigint('tournament_id', { mode: 'bigint' })
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    playerId: bigint('player_id', { mode: 'bigint' }).notNull(),
    /** biggest_multiplier: the round, to pair a win with its stake. */
    roundRef: text('round_ref').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.eventId] }),
    index('tournament_scored_events_round_idx').on(table.tournamentId, table.playerId, table.roundRef),
  ],
);

/** Prizes paid at the end: one row per winner, written with the payout (a second run finds it). */
export const tournamentPrizes = pgTable(
  'tournament_prizes',
  {
    tournamentId: bigint('tournament_id', { mode: 'bigint' })
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    playerId: bigint('player_id', { mode: 'bigint' }).notNull(),
    rank: integer('rank').notNull(),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    points: integer('points'),
    bonusId: bigint('bonus_id', { mode: 'bigint' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tournamentId, table.playerId] })],
);
