/** The session settings' queries (ADR 028); the rest of the module's SQL is in responsible-gaming.repository.ts. */
import type { Db } from '@croupier/db/client';
import { eq } from 'drizzle-orm';
import type { RgTx } from './responsible-gaming.repository.ts';
import { rgSessionSettings } from './sessions.tables.ts';
import type { SessionLimitRecord } from './sessions.ts';

type Executor = Db | RgTx;

export interface SessionSettings {
  limit: SessionLimitRecord;
  realityCheckMinutes: number;
}

export function sessionSettingsQueries(executor: Executor) {
  return {
    async get(playerId: bigint): Promise<SessionSettings | null> {
      const [row] = await executor
        .select()
        .from(rgSessionSettings)
        .where(eq(rgSessionSettings.playerId, playerId))
        .limit(1);
      if (!row) return null;
      return {
        limit: {
          limitMinor: row.limitMinutes,
          pendingSet: row.pendingSet,
          pendingMinor: row.pendingMinutes,
          pendingEffectiveAt: row.pendingEffectiveAt,
        },
        realityCheckMinutes: row.realityCheckMinutes,
      };
    },

    async saveLimit(playerId: bigint, record: SessionLimitRecord, now: Date): Promise<void> {
      const values = {
        limitMinutes: record.limitMinor,
        pendingSet: record.pendingSet,
        pendingMinutes: record.pendingMinor,
        pendingEffectiveAt: record.pendingEffectiveAt,
        updatedAt: now,
      };
      await executor
        .insert(rgSessionSettings)
        .values({ playerId, ...values })
        .onConflictDoUpdate({ target: rgSessionSettings.playerId, set: values });
    },

    async saveRealityCheck(playerId: bigint, minutes: number, now: Date): Promise<void> {
      await executor
        .insert(rgSessionSettings)
        .values({ playerId, realityCheckMinutes: minutes, updatedAt: now })
        .onConflictDoUpdate({
          target: rgSessionSettings.playerId,
          set: { realityCheckMinutes: minutes, updatedAt: now },
        });
    },
  };
}
