import type { Db } from '@croupier/db/client';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { playerStorage } from './storage.tables.ts';

export function createStorageRepository(db: Db) {
  return {
    async findValues(playerId: bigint, keys: string[]): Promise<{ key: string; value: string }[]> {
      return db
        .select({ key: playerStorage.key, value: playerStorage.value })
        .from(playerStorage)
        .where(and(eq(playerStorage.playerId, playerId), inArray(playerStorage.key, keys)));
    },

    async findKeys(playerId: bigint): Promise<string[]> {
      const rows = await db
        .select({ key: playerStorage.key })
        .from(playerStorage)
        .where(eq(playerStorage.playerId, playerId))
        .orderBy(asc(playerStorage.key));
      return rows.map((row) => row.key);
    },

    /**
     * Upserts one value unless that would take the player past `maxKeys`; the count and the write
     * happen in one transaction holding the player's row lock, so concurrent sets cannot overshoot.
     */
    async upsertWithinQuota(playerId: bigint, key: string, value: string, maxKeys: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM players WHERE id = ${playerId} FOR UPDATE`);
        const existing = await tx
          .select({ key: playerStorage.key })
          .from(playerStorage)
          .where(and(eq(playerStorage.playerId, playerId), eq(playerStorage.key, key)));
        if (existing.length === 0) {
          const [row] = await tx
            .select({ n: count() })
            .from(playerStorage)
            .where(eq(playerStorage.playerId, playerId));
          if ((row?.n ?? 0) >= maxKeys) return false;
        }
        await tx
          .insert(playerStorage)
          .values({ playerId, key, value })
          .onConflictDoUpdate({
            target: [playerStorage.playerId, playerStorage.key],
            set: { value, updatedAt: sql`now()` },
          });
        return true;
      });
    },
  };
}
