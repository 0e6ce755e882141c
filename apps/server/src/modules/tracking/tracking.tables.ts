import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Affiliate tracking and fraud scoring (ADR 039). A visit is one landing with advertising
 * parameters (spec §2), recorded by `/hit`; its random key is the browser's `croupier_visit`
 * cookie. Only validated, bounded values reach these rows (tracking-params.ts).
 */
export const trackingVisits = pgTable(
  'tracking_visits',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** 128 random bits, base64url: what the cookie carries (never the row id, which is guessable). */
    visitKey: text('visit_key').notNull(),
    trackId: text('track_id'),
    /** A `td_` track_id rewritten into its own parameter (spec §2): the traffic distributor. */
    td: text('td'),
    publisherId: text('publisher_id'),
    goalId: text('goal_id'),
    goalEntryId: text('goal_entry_id'),
    linkId: text('link_id'),
    /** The landing's referring page (an absolute http(s) address, bounded). */
    referer: text('referer'),
    /** The fraud-fingerprint session value when fraud scoring is on. */
    fraudSession: text('fraud_session'),
    /** The click: when the landing was recorded. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tracking_visits_key_idx').on(table.visitKey),
    index('tracking_visits_created_idx').on(table.createdAt),
  ],
);

/**
 * The player's attribution, first touch: one row per player, written at registration from the
 * visit the browser's cookie names (a later landing never replaces it).
 */
export const trackingAttributions = pgTable(
  'tracking_attributions',
  {
    playerId: bigint('player_id', { mode: 'bigint' }).primaryKey(),
    visitId: bigint('visit_id', { mode: 'bigint' })
      .notNull()
      .references(() => trackingVisits.id),
    trackId: text('track_id'),
    td: text('td'),
    publisherId: text('publisher_id'),
    goalId: text('goal_id'),
    goalEntryId: text('goal_entry_id'),
    linkId: text('link_id'),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('tracking_attributions_publisher_idx').on(table.publisherId, table.linkId),
    index('tracking_attributions_registered_idx').on(table.registeredAt),
  ],
);

/**
 * A fraud-scoring provider's answer for one fingerprint session (ADR 039): 0 (clean) to 100
 * (certain fraud). The player is known when the check came from a signed-in page.
 */
export const fraudScores = pgTable(
  'fraud_scores',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    fraudSession: text('fraud_session').notNull(),
    playerId: bigint('player_id', { mode: 'bigint' }),
    score: integer('score').notNull(),
    /** The provider's id of the check (support and disputes). */
    providerRef: text('provider_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fraud_scores_player_idx').on(table.playerId, table.id),
    index('fraud_scores_session_idx').on(table.fraudSession),
    check('fraud_scores_score_check', sql`${table.score} BETWEEN 0 AND 100`),
  ],
);
