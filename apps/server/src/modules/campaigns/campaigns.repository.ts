/** The only file of the campaigns module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  campaignOffers,
  campaignPopups,
  type OfferConditions,
  offerTakes,
  promoCodes,
  promoRedemptions,
} from './campaigns.tables.ts';

export type CampaignTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | CampaignTx;

export type OfferTrigger = 'deposit' | 'registration' | 'promo_code' | 'action';

export interface OfferRecord {
  id: bigint;
  key: string;
  trigger: OfferTrigger;
  title: { en: string; fr: string };
  description: { en: string; fr: string };
  conditions: OfferConditions;
  excludeMethods: string[];
  templateIds: bigint[];
  startsAt: Date;
  endsAt: Date | null;
  enabled: boolean;
}

export interface PromoCodeRecord {
  id: bigint;
  code: string;
  offerId: bigint;
  usageLimit: number;
  used: number;
  startsAt: Date;
  endsAt: Date | null;
}

function toOffer(row: typeof campaignOffers.$inferSelect): OfferRecord {
  return { ...row, trigger: row.trigger as OfferTrigger };
}

export interface PopupRecord {
  id: bigint;
  key: string;
  title: { en: string; fr: string };
  content: { en: string; fr: string };
  offerId: bigint | null;
  startsAt: Date;
  endsAt: Date | null;
  enabled: boolean;
}

export function createCampaignsRepository(db: Db) {
  return {
    /** Enabled popups, oldest first (the queue's order). */
    async enabledPopups(): Promise<PopupRecord[]> {
      const rows = await db
        .select()
        .from(campaignPopups)
        .where(eq(campaignPopups.enabled, true))
        .orderBy(asc(campaignPopups.id));
      return rows;
    },

    async insertPopupIfMissing(row: Omit<PopupRecord, 'id' | 'enabled'>): Promise<void> {
      await db.insert(campaignPopups).values(row).onConflictDoNothing();
    },

    transaction: <T>(run: (tx: CampaignTx) => Promise<T>) => db.transaction(run),

    /** Enabled offers, oldest first (the operator's order). */
    async enabledOffers(): Promise<OfferRecord[]> {
      const rows = await db
        .select()
        .from(campaignOffers)
        .where(eq(campaignOffers.enabled, true))
        .orderBy(asc(campaignOffers.id));
      return rows.map(toOffer);
    },

    async offer(id: bigint, executor: Executor = db): Promise<OfferRecord | null> {
      const [row] = await executor.select().from(campaignOffers).where(eq(campaignOffers.id, id));
      return row ? toOffer(row) : null;
    },

    /** Inserts an offer unless its key exists; returns its id either way. */
    async upsertOfferByKey(row: Omit<OfferRecord, 'id' | 'enabled'>): Promise<bigint> {
      await db.insert(campaignOffers).values(row).onConflictDoNothing();
      const [found] = await db
        .select({ id: campaignOffers.id })
        .from(campaignOffers)
        .where(eq(campaignOffers.key, row.key));
      return found!.id;
    },

    /** Inserts a staff-made offer; null when its key exists (nothing written). */
    async insertOffer(row: Omit<OfferRecord, 'id'>): Promise<bigint | null> {
      const [inserted] = await db
        .insert(campaignOffers)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: campaignOffers.id });
      return inserted?.id ?? null;
    },

    /** The offer, row-locked until the transaction ends. */
    async lockOffer(tx: CampaignTx, id: bigint): Promise<OfferRecord | null> {
      const [row] = await tx.select().from(campaignOffers).where(eq(campaignOffers.id, id)).for('update');
      return row ? toOffer(row) : null;
    },

    async updateOffer(tx: CampaignTx, id: bigint, row: Omit<OfferRecord, 'id' | 'key'>): Promise<void> {
      await tx.update(campaignOffers).set(row).where(eq(campaignOffers.id, id));
    },

    /** Every popup, enabled or not (the back office's list), oldest first. */
    async allPopups(): Promise<PopupRecord[]> {
      return db.select().from(campaignPopups).orderBy(asc(campaignPopups.id));
    },

    async popup(id: bigint): Promise<PopupRecord | null> {
      const [row] = await db.select().from(campaignPopups).where(eq(campaignPopups.id, id));
      return row ?? null;
    },

    /** Inserts a staff-made popup; null when its key exists (nothing written). */
    async insertPopup(row: Omit<PopupRecord, 'id'>): Promise<bigint | null> {
      const [inserted] = await db
        .insert(campaignPopups)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: campaignPopups.id });
      return inserted?.id ?? null;
    },

    async lockPopup(tx: CampaignTx, id: bigint): Promise<PopupRecord | null> {
      const [row] = await tx.select().from(campaignPopups).where(eq(campaignPopups.id, id)).for('update');
      return row ?? null;
    },

    async updatePopup(tx: CampaignTx, id: bigint, row: Omit<PopupRecord, 'id' | 'key'>): Promise<void> {
      await tx.update(campaignPopups).set(row).where(eq(campaignPopups.id, id));
    },

    /** Every offer, enabled or not (the back office's list). */
    async allOffers(): Promise<OfferRecord[]> {
      const rows = await db.select().from(campaignOffers).orderBy(asc(campaignOffers.id));
      return rows.map(toOffer);
    },

    /** Codes of an offer, newest first. */
    async codesOf(offerId: bigint, page: { offset: number; count: number }): Promise<PromoCodeRecord[]> {
      return db
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.offerId, offerId))
        .orderBy(sql`${promoCodes.id} DESC`)
        .offset(page.offset)
        .limit(page.count);
    },

    /**
     * Inserts every code or none (one statement): false when any of them exists already, so a batch
     * never half-lands.
     */
    async insertCodes(rows: Omit<PromoCodeRecord, 'id' | 'used'>[]): Promise<boolean> {
      try {
        // One statement: a code that exists aborts all of it.
        await db.insert(promoCodes).values(rows);
        return true;
      } catch (error) {
        for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
          if ((current as { code?: unknown }).code === '23505') return false;
          current = (current as { cause?: unknown }).cause;
        }
        throw error;
      }
    },

    async insertCodeIfMissing(row: Omit<PromoCodeRecord, 'id' | 'used'>): Promise<void> {
      await db.insert(promoCodes).values(row).onConflictDoNothing();
    },

    async codeByText(code: string, executor: Executor = db): Promise<PromoCodeRecord | null> {
      const [row] = await executor.select().from(promoCodes).where(eq(promoCodes.code, code));
      return row ?? null;
    },

    async hasRedeemed(codeId: bigint, playerId: bigint): Promise<boolean> {
      const [row] = await db
        .select({ codeId: promoRedemptions.codeId })
        .from(promoRedemptions)
        .where(and(eq(promoRedemptions.codeId, codeId), eq(promoRedemptions.playerId, playerId)));
      return row !== undefined;
    },

    /** The player's redemption row; false when one exists (the unique key serializes racers). */
    async insertRedemption(tx: CampaignTx, codeId: bigint, playerId: bigint, at: Date): Promise<boolean> {
      const inserted = await tx
        .insert(promoRedemptions)
        .values({ codeId, playerId, createdAt: at })
        .onConflictDoNothing()
        .returning({ codeId: promoRedemptions.codeId });
      return inserted.length > 0;
    },

    /** Claims one use of the code; false when the limit is reached. Atomic under concurrency. */
    async claimUse(tx: CampaignTx, codeId: bigint): Promise<boolean> {
      const claimed = await tx
        .update(promoCodes)
        .set({ used: sql`${promoCodes.used} + 1` })
        .where(and(eq(promoCodes.id, codeId), sql`${promoCodes.used} < ${promoCodes.usageLimit}`))
        .returning({ id: promoCodes.id });
      return claimed.length > 0;
    },

    async insertTake(tx: CampaignTx, offerId: bigint, playerId: bigint, at: Date): Promise<boolean> {
      const inserted = await tx
        .insert(offerTakes)
        .values({ offerId, playerId, createdAt: at })
        .onConflictDoNothing()
        .returning({ offerId: offerTakes.offerId });
      return inserted.length > 0;
    },

    async takenOfferIds(playerId: bigint): Promise<Set<bigint>> {
      const rows = await db
        .select({ offerId: offerTakes.offerId })
        .from(offerTakes)
        .where(eq(offerTakes.playerId, playerId));
      return new Set(rows.map((r) => r.offerId));
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
