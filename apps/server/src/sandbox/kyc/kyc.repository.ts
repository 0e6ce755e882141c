/** The only file of the sandbox KYC provider that touches Drizzle; it reads and writes its own tables only. */
import type { Db } from '@croupier/db/client';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  sandboxKycAccessTokens,
  sandboxKycApplicants,
  sandboxKycDocuments,
  sandboxKycWebhooks,
} from './kyc.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ApplicantRecord = typeof sandboxKycApplicants.$inferSelect;
export type WebhookRecord = typeof sandboxKycWebhooks.$inferSelect;

export interface NewDocument {
  kind: 'IDENTITY' | 'SELFIE';
  fileName: string;
  mimeType: string;
  content: Buffer;
}

export function createKycRepository(db: Db) {
  return {
    db,

    async applicantById(id: string, tx: Db | Tx = db): Promise<ApplicantRecord | undefined> {
      const [row] = await tx.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.id, id));
      return row;
    },

    /** The documents an applicant submitted, without their bytes, oldest first. */
    async documentsOf(applicantId: string) {
      return db
        .select({
          id: sandboxKycDocuments.id,
          kind: sandboxKycDocuments.kind,
          fileName: sandboxKycDocuments.fileName,
          mimeType: sandboxKycDocuments.mimeType,
          sizeBytes: sandboxKycDocuments.sizeBytes,
          submission: sandboxKycDocuments.submission,
          createdAt: sandboxKycDocuments.createdAt,
        })
        .from(sandboxKycDocuments)
        .where(eq(sandboxKycDocuments.applicantId, applicantId))
        .orderBy(asc(sandboxKycDocuments.id));
    },

    /** One document with its bytes, if it is the applicant's. */
    async document(applicantId: string, id: bigint) {
      const [row] = await db
        .select({ mimeType: sandboxKycDocuments.mimeType, content: sandboxKycDocuments.content })
        .from(sandboxKycDocuments)
        .where(and(eq(sandboxKycDocuments.applicantId, applicantId), eq(sandboxKycDocuments.id, id)));
      return row;
    },

    async applicantByExternalUserId(externalUserId: string): Promise<ApplicantRecord | undefined> {
      const [row] = await db
        .select()
        .from(sandboxKycApplicants)
        .where(eq(sandboxKycApplicants.externalUserId, externalUserId));
      return row;
    },

    /** Inserts unless the external user already has one; returns the row and whether it is new. */
    async insertApplicant(
      id: string,
      externalUserId: string,
      levelName: string,
      now: Date,
    ): Promise<{ applicant: ApplicantRecord; created: boolean }> {
      const [row] = await db
        .insert(sandboxKycApplicants)
        .values({ id, externalUserId, levelName, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (row) return { applicant: row, created: true };
      const existing = await this.applicantByExternalUserId(externalUserId);
      if (!existing) throw new Error('applicant vanished');
      return { applicant: existing, created: false };
    },

    async insertToken(
      tokenHash: string,
      applicantId: string,
      externalActionId: string | null,
      expiresAt: Date,
    ): Promise<void> {
      await db.insert(sandboxKycAccessTokens).values({ tokenHash, applicantId, externalActionId, expiresAt });
    },

    async tokenApplicant(tokenHash: string, now: Date): Promise<ApplicantRecord | undefined> {
      const [row] = await db
        .select({ applicant: sandboxKycApplicants })
        .from(sandboxKycAccessTokens)
        .innerJoin(sandboxKycApplicants, eq(sandboxKycApplicants.id, sandboxKycAccessTokens.applicantId))
        .where(
          and(
            eq(sandboxKycAccessTokens.tokenHash, tokenHash),
            sql`${sandboxKycAccessTokens.expiresAt} > ${now}`,
          ),
        );
      return row?.applicant;
    },

    /**
     * Stores a submission (documents, status pending, the planned outcome and its due time) and the
     * applicantPending webhook, in one transaction, only while the applicant may submit.
     */
    async submit(input: {
      applicantId: string;
      documents: NewDocument[];
      plannedAnswer: string;
      plannedRejectType: string | null;
      reviewDueAt: Date;
      now: Date;
      webhook: (applicant: ApplicantRecord) => { url: string; body: string };
    }): Promise<ApplicantRecord | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(sandboxKycApplicants)
          .where(eq(sandboxKycApplicants.id, input.applicantId))
          .for('update');
        if (!locked || !canSubmit(locked)) return null;
        const submission = locked.submissions + 1;
        const [updated] = await tx
          .update(sandboxKycApplicants)
          .set({
            reviewStatus: 'pending',
            reviewAnswer: null,
            reviewRejectType: null,
            plannedAnswer: input.plannedAnswer,
            plannedRejectType: input.plannedRejectType,
            reviewDueAt: input.reviewDueAt,
            submissions: submission,
            updatedAt: input.now,
          })
          .where(eq(sandboxKycApplicants.id, input.applicantId))
          .returning();
        if (!updated) return null;
        await tx.insert(sandboxKycDocuments).values(
          input.documents.map((d) => ({
            applicantId: input.applicantId,
            kind: d.kind,
            fileName: d.fileName,
            mimeType: d.mimeType,
            sizeBytes: d.content.length,
            content: d.content,
            submission,
            createdAt: input.now,
          })),
        );
        const webhook = input.webhook(updated);
        await tx.insert(sandboxKycWebhooks).values({
          applicantId: input.applicantId,
          url: webhook.url,
          body: webhook.body,
          nextAttemptAt: input.now,
          createdAt: input.now,
        });
        return updated;
      });
    },

    /** Completes the reviews now due, each with its applicantReviewed webhook, in one transaction each. */
    async completeDueReviews(
      now: Date,
      limit: number,
      webhook: (applicant: ApplicantRecord) => { url: string; body: string },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(sandboxKycApplicants)
          .where(
            and(eq(sandboxKycApplicants.reviewStatus, 'pending'), lte(sandboxKycApplicants.reviewDueAt, now)),
          )
          .orderBy(asc(sandboxKycApplicants.reviewDueAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const applicant of due) {
          const [reviewed] = await tx
            .update(sandboxKycApplicants)
            .set({
              reviewStatus: 'completed',
              reviewAnswer: applicant.plannedAnswer ?? 'GREEN',
              reviewRejectType: applicant.plannedRejectType,
              reviewDueAt: null,
              updatedAt: now,
            })
            .where(eq(sandboxKycApplicants.id, applicant.id))
            .returning();
          if (!reviewed) continue;
          const { url, body } = webhook(reviewed);
          await tx
            .insert(sandboxKycWebhooks)
            .values({ applicantId: applicant.id, url, body, nextAttemptAt: now, createdAt: now });
        }
        return due.length;
      });
    },

    async claimDueWebhooks(now: Date, leaseUntil: Date, limit: number): Promise<WebhookRecord[]> {
      const due = db
        .select({ id: sandboxKycWebhooks.id })
        .from(sandboxKycWebhooks)
        .where(
          and(
            isNull(sandboxKycWebhooks.deliveredAt),
            isNull(sandboxKycWebhooks.givenUpAt),
            lte(sandboxKycWebhooks.nextAttemptAt, now),
            or(isNull(sandboxKycWebhooks.leaseUntil), lte(sandboxKycWebhooks.leaseUntil, now)),
          ),
        )
        .orderBy(asc(sandboxKycWebhooks.nextAttemptAt), asc(sandboxKycWebhooks.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(sandboxKycWebhooks)
        .set({ attempts: sql`${sandboxKycWebhooks.attempts} + 1`, leaseUntil })
        .where(inArray(sandboxKycWebhooks.id, due))
        .returning();
    },

    async markWebhook(
      id: bigint,
      outcome:
        | { delivered: true; statusCode: number; now: Date }
        | {
            delivered: false;
            statusCode: number | null;
            error: string;
            next: Date;
            giveUp: boolean;
            now: Date;
          },
    ): Promise<void> {
      await db
        .update(sandboxKycWebhooks)
        .set(
          outcome.delivered
            ? {
                deliveredAt: outcome.now,
                lastStatusCode: outcome.statusCode,
                lastError: null,
                leaseUntil: null,
              }
            : {
                nextAttemptAt: outcome.next,
                lastStatusCode: outcome.statusCode,
                lastError: outcome.error.slice(0, 500),
                leaseUntil: null,
                ...(outcome.giveUp ? { givenUpAt: outcome.now } : {}),
              },
        )
        .where(eq(sandboxKycWebhooks.id, id));
    },
  };
}

/** A first submission, or a new one after RED RETRY; never after GREEN, RED FINAL or while pending. */
export function canSubmit(
  applicant: Pick<ApplicantRecord, 'reviewStatus' | 'reviewAnswer' | 'reviewRejectType'>,
) {
  return (
    applicant.reviewStatus === 'init' ||
    (applicant.reviewStatus === 'completed' &&
      applicant.reviewAnswer === 'RED' &&
      applicant.reviewRejectType === 'RETRY')
  );
}

export type KycRepository = ReturnType<typeof createKycRepository>;
