/**
 * KYC Sandbox's own database (a third party that happens to run in this process, ADR 026): its
 * applicants, their uploaded images, access tokens and webhook deliveries, in tables of its own
 * (prefix `sandbox_kyc_`). It never reads the platform's tables.
 */

import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const sandboxKycApplicants = pgTable(
  'sandbox_kyc_applicants',
  {
    /** 24 hex characters, as the provider's applicant ids. */
    id: text('id').primaryKey(),
    externalUserId: text('external_user_id').notNull(),
    levelName: text('level_name').notNull(),
    /** init → pending (documents submitted) → completed (reviewed); back to init after RED RETRY. */
    reviewStatus: text('review_status').notNull().default('init'),
    reviewAnswer: text('review_answer'),
    reviewRejectType: text('review_reject_type'),
    /** The outcome the submitted document's name chose, applied by the review pass when due. */
    plannedAnswer: text('planned_answer'),
    plannedRejectType: text('planned_reject_type'),
    reviewDueAt: timestamp('review_due_at', { withTimezone: true }),
    /** Counts submissions: each review is its own inspection round (correlation id). */
    submissions: integer('submissions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_kyc_applicants_external_user_idx').on(table.externalUserId),
    index('sandbox_kyc_applicants_review_due_idx').on(table.reviewDueAt),
    check(
      'sandbox_kyc_applicants_status_check',
      sql`${table.reviewStatus} IN ('init', 'pending', 'completed')`,
    ),
  ],
);

/** The player's uploads: an identity document and a selfie per submission (≤ 5 MB, real images). */
export const sandboxKycDocuments = pgTable(
  'sandbox_kyc_documents',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => sandboxKycApplicants.id),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    submission: integer('submission').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_kyc_documents_applicant_idx').on(table.applicantId),
    check('sandbox_kyc_documents_kind_check', sql`${table.kind} IN ('IDENTITY', 'SELFIE')`),
    check('sandbox_kyc_documents_size_check', sql`${table.sizeBytes} BETWEEN 1 AND 5242880`),
  ],
);

/** Access tokens for the hosted page, kept only as SHA-256 hashes. */
export const sandboxKycAccessTokens = pgTable(
  'sandbox_kyc_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => sandboxKycApplicants.id),
    externalActionId: text('external_action_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_kyc_access_tokens_applicant_idx').on(table.applicantId)],
);

/** One row per webhook to send; retried with back-off until a 2xx (claimed with a lease). */
export const sandboxKycWebhooks = pgTable(
  'sandbox_kyc_webhooks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => sandboxKycApplicants.id),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sandbox_kyc_webhooks_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} IS NULL AND ${table.givenUpAt} IS NULL`),
  ],
);
