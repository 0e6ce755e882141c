/**
 * The platform's side of identity verification (ADR 026): each player's applicant at the provider
 * and where their review stands, and every webhook applied (by digest), so a replay changes nothing.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

export const KYC_STATUSES = ['init', 'pending', 'verified', 'retry', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const kycApplicants = pgTable(
  'kyc_applicants',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    applicantId: text('applicant_id').notNull(),
    status: text('status').$type<KycStatus>().notNull().default('init'),
    /** The provider's time of the last review event applied (older events change nothing). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kyc_applicants_applicant_idx').on(table.applicantId),
    check(
      'kyc_applicants_status_check',
      sql`${table.status} IN ('init', 'pending', 'verified', 'retry', 'rejected')`,
    ),
  ],
);

/** Webhooks received and verified, by the digest of their body: the same delivery twice is a no-op. */
export const kycWebhookEvents = pgTable('kyc_webhook_events', {
  digest: text('digest').primaryKey(),
  applicantId: text('applicant_id').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Players under the per-player KYC block (`is_kyc_block_enabled`, ADR 029): while a row exists,
 * deposits and withdrawals need a verified identity whatever the thresholds and the global switch.
 */
export const kycPlayerBlocks = pgTable('kyc_player_blocks', {
  playerId: bigint('player_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
