/** The session settings' queries (ADR 028); the rest of the module's SQL is in responsible-gaming.repository.ts. */
import type { Db } from '@croupier/db/client';
import { eq, type SQL, sql } from 'drizzle-orm';
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

    /**
     * What the bet path needs in one round trip: the player's session limit (none for most) and
     * the start of their current session (`sessionStart`: SQL auth hands out, ADR 028).
     */
    async betFacts(
      playerId: bigint,
      now: Date,
      sessionStart: (playerId: SQL, now: SQL) => SQL,
    ): Promise<{ limit: SessionLimitRecord | null; startedAt: Date | null }> {
      const at = now.toISOString();
      const result = await executor.execute<{
        limit_minutes: string | null;
        pending_set: boolean | null;
        pending_minutes: string | null;
        pending_effective_at: string | Date | null;
        started_at: string | Date | null;
      }>(sql`
        SELECT s.limit_minutes::text AS limit_minutes, s.pending_set, s.pending_minutes::text AS pending_minutes,
               s.pending_effective_at,
               CASE WHEN s.player_id IS NULL THEN NULL
                    ELSE ${sessionStart(sql`${playerId}::bigint`, sql`${at}::timestamptz`)} END AS started_at
        FROM (SELECT 1) one
        LEFT JOIN rg_session_settings s ON s.player_id = ${playerId}::bigint`);
      const row = result.rows[0];
      if (!row || (row.limit_minutes === null && row.pending_set !== true)) {
        return { limit: null, startedAt: null };
      }
      return {
        limit: {
          limitMinor: row.limit_minutes === null ? null : BigInt(row.limit_minutes),
          pendingSet: row.pending_set === true,
          pendingMinor: row.pending_minutes === null ? null : BigInt(row.pending_minutes),
          pendingEffectiveAt: row.pending_effective_at === null ? null : new Date(row.pending_effective_at),
        },
        startedAt: row.started_at === null ? null : new Date(row.started_at),
      };
    },
  };
}
