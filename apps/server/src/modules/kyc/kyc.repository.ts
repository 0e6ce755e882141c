/** The kyc module's only Drizzle file: its own tables (kyc_applicants, kyc_webhook_events). */
import type { Db } from '@croupier/db/client';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type KycStatus, kycApplicants, kycPlayerBlocks, kycWebhookEvents } from './kyc.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type KycApplicantRecord = typeof kycApplicants.$inferSelect;

/** PostgreSQL's foreign_key_violation (23503), as the driver or Drizzle's wrapper reports it. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at && depth < 3; depth += 1) {
    if ((at as { code?: unknown }).code === '23503') return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

export function createKycRepository(db: Db) {
  return {
    async byPlayer(playerId: bigint): Promise<KycApplicantRecord | undefined> {
      const [row] = await db.select().from(kycApplicants).where(eq(kycApplicants.playerId, playerId));
      return row;
    },

    /** Whether the per-player KYC block is on (ADR 029). */
    async hasBlock(playerId: bigint): Promise<boolean> {
      const rows = await db
        .select({ playerId: kycPlayerBlocks.playerId })
        .from(kycPlayerBlocks)
        .where(eq(kycPlayerBlocks.playerId, playerId));
      return rows.length > 0;
    },

    /** Sets or clears the block; false when no such player exists (nothing written). */
    async setBlock(playerId: bigint, enabled: boolean, now: Date): Promise<boolean> {
      if (!enabled) {
        await db.delete(kycPlayerBlocks).where(eq(kycPlayerBlocks.playerId, playerId));
        return true;
      }
      try {
        await db.insert(kycPlayerBlocks).values({ playerId, createdAt: now }).onConflictDoNothing();
        return true;
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
    },

    /** Records the provider's applicant for the player (the first one stays). */
    async saveApplicant(playerId: bigint, applicantId: string, now: Date): Promise<KycApplicantRecord> {
      await db
        .insert(kycApplicants)
        .values({ playerId, applicantId, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
      const row = await this.byPlayer(playerId);
      if (!row) throw new Error(`kyc applicant of player ${playerId} vanished`);
      return row;
    },

    /** Moves the player's status only from one of `from` (a compare-and-set). */
    async setStatusFrom(
      playerId: bigint,
      from: readonly KycStatus[],
      to: KycStatus,
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(kycApplicants)
          .where(eq(kycApplicants.playerId, playerId))
          .for('update');
        if (!row || !from.includes(row.status)) return;
        await tx
          .update(kycApplicants)
          .set({ status: to, updatedAt: now })
          .where(eq(kycApplicants.playerId, playerId));
      });
    },

    /**
     * Applies one verified webhook in one transaction: recorded by digest first (a replay finds it
     * and changes nothing), then `decide` picks the new status from the locked applicant.
     */
    /** The review queue: applicants in `statuses`, oldest change first (who waited longest on top). */
    async listByStatus(statuses: KycStatus[], page: { offset: number; count: number }) {
      return db
        .select()
        .from(kycApplicants)
        .where(inArray(kycApplicants.status, statuses))
        .orderBy(asc(kycApplicants.updatedAt), asc(kycApplicants.playerId))
        .offset(page.offset)
        .limit(page.count);
    },

    /**
     * A staff decision: the review ends with `status` if it is still `expected` (a compare-and-set,
     * so a provider event or another reviewer in between wins and this one is refused). The decision
     * counts as the latest event: an older provider event arriving later changes nothing.
     */
    async decide(input: {
      playerId: bigint;
      expected: KycStatus;
      status: KycStatus;
      now: Date;
      applied?: (tx: Tx, playerId: bigint, status: KycStatus) => Promise<void>;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(kycApplicants)
          .set({ status: input.status, lastEventAt: input.now, updatedAt: input.now })
          .where(and(eq(kycApplicants.playerId, input.playerId), eq(kycApplicants.status, input.expected)))
          .returning({ playerId: kycApplicants.playerId });
        if (rows.length === 0) return false;
        await input.applied?.(tx, input.playerId, input.status);
        return true;
      });
    },

    async applyWebhook(input: {
      digest: string;
      applicantId: string;
      type: string;
      eventAt: Date;
      now: Date;
      decide: (current: KycApplicantRecord) => KycStatus | null;
      /** Runs in the same transaction once the new status is written (the player's notice). */
      applied?: (tx: Tx, playerId: bigint, status: KycStatus) => Promise<void>;
    }): Promise<'duplicate' | 'unknown_applicant' | 'stale' | 'unchanged' | 'applied'> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(kycWebhookEvents)
          .values({
            digest: input.digest,
            applicantId: input.applicantId,
            type: input.type,
            receivedAt: input.now,
          })
          .onConflictDoNothing()
          .returning({ digest: kycWebhookEvents.digest });
        if (inserted.length === 0) return 'duplicate';
        const [row] = await tx
          .select()
          .from(kycApplicants)
          .where(eq(kycApplicants.applicantId, input.applicantId))
          .for('update');
        if (!row) return 'unknown_applicant';
        if (row.lastEventAt && input.eventAt.getTime() < row.lastEventAt.getTime()) return 'stale';
        const next = input.decide(row);
        if (next === null) return 'unchanged';
        await tx
          .update(kycApplicants)
          .set({ status: next, lastEventAt: input.eventAt, updatedAt: input.now })
          .where(eq(kycApplicants.playerId, row.playerId));
        await input.applied?.(tx, row.playerId, next);
        return 'applied';
      });
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
