/** The only file of the loyalty module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  loyaltyAccounts,
  loyaltyCharacters,
  loyaltyJournal,
  loyaltyLevels,
  loyaltyNotifications,
  loyaltyProducts,
  loyaltyProgrammes,
  loyaltyPurchases,
  loyaltyRates,
} from './loyalty.tables.ts';
import type { EarningRate, LevelDefinition, LoyaltyProgrammeInput } from './loyalty-programme.ts';

export type LoyaltyTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type LoyaltyExecutor = Db | LoyaltyTx;

export interface ProgrammeRecord extends LoyaltyProgrammeInput {
  id: bigint;
  enabled: boolean;
}
export type AccountRecord = typeof loyaltyAccounts.$inferSelect;
export type CharacterRecord = typeof loyaltyCharacters.$inferSelect;
export type ProductRecord = typeof loyaltyProducts.$inferSelect;
export type PurchaseRecord = typeof loyaltyPurchases.$inferSelect;
export type NotificationRecord = typeof loyaltyNotifications.$inferSelect;
export type JournalKind = 'earn' | 'spend' | 'expire' | 'award';

export function createLoyaltyRepository(db: Db) {
  const repository = {
    /** Inserts a programme (with rates and levels) unless its key exists; returns the id either way. */
    async insertProgramme(input: LoyaltyProgrammeInput): Promise<{ id: bigint; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(loyaltyProgrammes)
          .values({
            key: input.key,
            name: input.name,
            description: input.description,
            pointsAlias: input.pointsAlias,
            pointsAliasOne: input.pointsAliasOne,
            expiryDays: input.expiryDays,
            downgrade: input.downgrade,
          })
          .onConflictDoNothing()
          .returning({ id: loyaltyProgrammes.id });
        if (!inserted) {
          const [existing] = await tx
            .select({ id: loyaltyProgrammes.id })
            .from(loyaltyProgrammes)
            .where(eq(loyaltyProgrammes.key, input.key));
          return { id: existing!.id, created: false };
        }
        if (input.rates.length > 0) {
          await tx.insert(loyaltyRates).values(input.rates.map((r) => ({ ...r, programmeId: inserted.id })));
        }
        await tx.insert(loyaltyLevels).values(input.levels.map((l) => ({ ...l, programmeId: inserted.id })));
        return { id: inserted.id, created: true };
      });
    },

    // --- the back office (ADR 049) --------------------------------------------------------------

    /** Locks a programme's row for an edit (null: unknown). */
    async lockProgramme(tx: LoyaltyTx, id: bigint): Promise<boolean> {
      const [row] = await tx
        .select({ id: loyaltyProgrammes.id })
        .from(loyaltyProgrammes)
        .where(eq(loyaltyProgrammes.id, id))
        .for('update');
      return row !== undefined;
    },

    /** Replaces a programme's texts, expiry, downgrade policy, rates and levels (its key stays). */
    async updateProgramme(tx: LoyaltyTx, id: bigint, input: LoyaltyProgrammeInput): Promise<void> {
      await tx
        .update(loyaltyProgrammes)
        .set({
          name: input.name,
          description: input.description,
          pointsAlias: input.pointsAlias,
          pointsAliasOne: input.pointsAliasOne,
          expiryDays: input.expiryDays,
          downgrade: input.downgrade,
        })
        .where(eq(loyaltyProgrammes.id, id));
      await tx.delete(loyaltyRates).where(eq(loyaltyRates.programmeId, id));
      if (input.rates.length > 0) {
        await tx.insert(loyaltyRates).values(input.rates.map((r) => ({ ...r, programmeId: id })));
      }
      await tx.delete(loyaltyLevels).where(eq(loyaltyLevels.programmeId, id));
      await tx.insert(loyaltyLevels).values(input.levels.map((l) => ({ ...l, programmeId: id })));
    },

    /** How many players hold level points in [from, to) (to null: no upper bound). */
    async countLevelPointsIn(tx: LoyaltyTx, from: number, to: number | null): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(loyaltyAccounts)
        .where(
          and(
            sql`${loyaltyAccounts.levelPoints} >= ${from}`,
            to === null ? undefined : sql`${loyaltyAccounts.levelPoints} < ${to}`,
          ),
        );
      return Number(row?.n ?? 0);
    },

    async setProgrammeEnabled(key: string, enabled: boolean): Promise<void> {
      await db.update(loyaltyProgrammes).set({ enabled }).where(eq(loyaltyProgrammes.key, key));
    },

    /** Programmes with rates and levels; only enabled ones unless `all`, newest first. */
    async programmes(
      executor: LoyaltyExecutor = db,
      options: { all?: boolean } = {},
    ): Promise<ProgrammeRecord[]> {
      const rows = await executor
        .select()
        .from(loyaltyProgrammes)
        .where(options.all ? undefined : eq(loyaltyProgrammes.enabled, true))
        .orderBy(desc(loyaltyProgrammes.id));
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const rates = await executor.select().from(loyaltyRates).where(inArray(loyaltyRates.programmeId, ids));
      const levels = await executor
        .select()
        .from(loyaltyLevels)
        .where(inArray(loyaltyLevels.programmeId, ids))
        .orderBy(asc(loyaltyLevels.position));
      return rows.map((row) => ({
        id: row.id,
        key: row.key,
        name: row.name,
        description: row.description,
        pointsAlias: row.pointsAlias,
        pointsAliasOne: row.pointsAliasOne,
        expiryDays: row.expiryDays,
        downgrade: row.downgrade as ProgrammeRecord['downgrade'],
        enabled: row.enabled,
        rates: rates
          .filter((r) => r.programmeId === row.id)
          .map(
            (r): EarningRate => ({
              product: r.product as EarningRate['product'],
              gameType: r.gameType,
              currency: r.currency,
              points: r.points,
              perMinor: r.perMinor,
            }),
          ),
        levels: levels
          .filter((l) => l.programmeId === row.id)
          .map(
            (l): LevelDefinition => ({
              position: l.position,
              threshold: l.threshold,
              name: l.name,
              perks: l.perks,
              image: l.image,
            }),
          ),
      }));
    },

    async insertCharacter(values: typeof loyaltyCharacters.$inferInsert): Promise<void> {
      await db.insert(loyaltyCharacters).values(values).onConflictDoNothing();
    },

    async characters(offset: number, limit: number): Promise<{ items: CharacterRecord[]; total: number }> {
      const where = eq(loyaltyCharacters.enabled, true);
      const items = await db
        .select()
        .from(loyaltyCharacters)
        .where(where)
        .orderBy(asc(loyaltyCharacters.position), asc(loyaltyCharacters.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(loyaltyCharacters).where(where);
      return { items, total: total?.n ?? 0 };
    },

    async character(id: bigint): Promise<CharacterRecord | null> {
      const [row] = await db.select().from(loyaltyCharacters).where(eq(loyaltyCharacters.id, id));
      return row ?? null;
    },

    async insertProduct(values: typeof loyaltyProducts.$inferInsert): Promise<void> {
      await db.insert(loyaltyProducts).values(values).onConflictDoNothing();
    },

    async products(): Promise<ProductRecord[]> {
      return db
        .select()
        .from(loyaltyProducts)
        .where(eq(loyaltyProducts.enabled, true))
        .orderBy(asc(loyaltyProducts.position), asc(loyaltyProducts.id));
    },

    async product(executor: LoyaltyExecutor, id: bigint): Promise<ProductRecord | null> {
      const [row] = await executor.select().from(loyaltyProducts).where(eq(loyaltyProducts.id, id));
      return row ?? null;
    },

    async account(executor: LoyaltyExecutor, playerId: bigint): Promise<AccountRecord | null> {
      const [row] = await executor
        .select()
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.playerId, playerId));
      return row ?? null;
    },

    /** Creates the player's account if missing and locks it for this transaction. */
    async lockAccount(tx: LoyaltyTx, playerId: bigint): Promise<AccountRecord> {
      await tx.insert(loyaltyAccounts).values({ playerId }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.playerId, playerId))
        .for('update');
      return row!;
    },

    async updateAccount(
      tx: LoyaltyTx,
      playerId: bigint,
      values: Partial<
        Pick<AccountRecord, 'points' | 'levelPoints' | 'level' | 'lastEarnedAt' | 'characterId'>
      >,
      now: Date,
    ): Promise<void> {
      await tx
        .update(loyaltyAccounts)
        .set({ ...values, updatedAt: now })
        .where(eq(loyaltyAccounts.playerId, playerId));
    },

    async setCharacter(playerId: bigint, characterId: bigint, now: Date): Promise<void> {
      await db
        .insert(loyaltyAccounts)
        .values({ playerId, characterId, updatedAt: now })
        .onConflictDoUpdate({ target: loyaltyAccounts.playerId, set: { characterId, updatedAt: now } });
    },

    /** Whether an event already has its journal entry (a replay adds nothing). */
    async eventJournaled(tx: LoyaltyTx, eventIds: bigint[]): Promise<Set<bigint>> {
      if (eventIds.length === 0) return new Set();
      const rows = await tx
        .select({ eventId: loyaltyJournal.eventId })
        .from(loyaltyJournal)
        .where(inArray(loyaltyJournal.eventId, eventIds));
      return new Set(rows.map((r) => r.eventId!));
    },

    /** Appends a journal entry; false when its event, purchase or award key is already journaled. */
    async journal(
      tx: LoyaltyTx,
      entry: {
        playerId: bigint;
        kind: JournalKind;
        delta: number;
        balanceAfter: number;
        levelPointsAfter: number;
        eventId?: bigint;
        purchaseId?: bigint;
        awardKey?: string;
        createdAt: Date;
      },
    ): Promise<boolean> {
      const [row] = await tx
        .insert(loyaltyJournal)
        .values(entry)
        .onConflictDoNothing()
        .returning({ id: loyaltyJournal.id });
      return row !== undefined;
    },

    async purchaseByRequestKey(
      tx: LoyaltyTx,
      playerId: bigint,
      requestKey: string,
    ): Promise<PurchaseRecord | null> {
      const [row] = await tx
        .select()
        .from(loyaltyPurchases)
        .where(and(eq(loyaltyPurchases.playerId, playerId), eq(loyaltyPurchases.requestKey, requestKey)));
      return row ?? null;
    },

    async insertPurchase(
      tx: LoyaltyTx,
      values: Pick<PurchaseRecord, 'playerId' | 'productId' | 'pricePoints' | 'requestKey' | 'createdAt'>,
    ): Promise<PurchaseRecord> {
      const [row] = await tx.insert(loyaltyPurchases).values(values).returning();
      return row!;
    },

    async setPurchaseBonus(tx: LoyaltyTx, purchaseId: bigint, bonusId: bigint): Promise<void> {
      await tx.update(loyaltyPurchases).set({ bonusId }).where(eq(loyaltyPurchases.id, purchaseId));
    },

    async notify(
      tx: LoyaltyTx,
      values: Pick<NotificationRecord, 'playerId' | 'trigger' | 'type' | 'amount' | 'level' | 'createdAt'>,
    ): Promise<void> {
      await tx.insert(loyaltyNotifications).values(values);
    },

    /** The player's undelivered notices, oldest first, marked delivered in the same statement. */
    async takeNotifications(playerId: bigint, limit: number, now: Date): Promise<NotificationRecord[]> {
      const rows = await db.execute<{ id: string }>(sql`
        UPDATE loyalty_notifications SET delivered_at = ${now}
        WHERE id IN (SELECT id FROM loyalty_notifications
                     WHERE player_id = ${playerId} AND delivered_at IS NULL
                     ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id::text`);
      if (rows.rows.length === 0) return [];
      return db
        .select()
        .from(loyaltyNotifications)
        .where(
          inArray(
            loyaltyNotifications.id,
            rows.rows.map((r) => BigInt(r.id)),
          ),
        )
        .orderBy(asc(loyaltyNotifications.id));
    },

    /** Players whose points lapse at or before `before` (last earning older than `expiryDays`). */
    async expiringPlayers(lastEarnedBefore: Date, limit: number): Promise<bigint[]> {
      const rows = await db
        .select({ playerId: loyaltyAccounts.playerId })
        .from(loyaltyAccounts)
        .where(and(sql`${loyaltyAccounts.points} > 0`, lte(loyaltyAccounts.lastEarnedAt, lastEarnedBefore)))
        .orderBy(asc(loyaltyAccounts.lastEarnedAt))
        .limit(limit);
      return rows.map((r) => r.playerId);
    },

    async journalOf(playerId: bigint) {
      return db
        .select()
        .from(loyaltyJournal)
        .where(eq(loyaltyJournal.playerId, playerId))
        .orderBy(asc(loyaltyJournal.id));
    },
  };
  return repository;
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
