/** The only file of the responsible-gaming module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { LimitKind, LimitPeriod, LimitRecord } from './limits.ts';
import { rgAudit, rgExclusions, rgLimits } from './responsible-gaming.tables.ts';

export type RgTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | RgTx;

export type ExclusionKind = 'timeout' | 'self_exclusion';

export interface ExclusionRecord {
  kind: ExclusionKind;
  duration: string;
  startsAt: Date;
  endsAt: Date;
}

export interface AuditEntry {
  playerId: bigint;
  action: string;
  kind: string;
  period: string;
  currency: string | null;
  previousMinor: bigint | null;
  requestedMinor: bigint | null;
  effectiveAt: Date;
  createdAt: Date;
}

function toLimit(row: typeof rgLimits.$inferSelect): LimitRecord {
  return {
    kind: row.kind as LimitKind,
    period: row.period as LimitPeriod,
    currency: row.currency,
    limitMinor: row.limitMinor,
    pendingSet: row.pendingSet,
    pendingMinor: row.pendingMinor,
    pendingEffectiveAt: row.pendingEffectiveAt,
  };
}

export function responsibleGamingQueries(executor: Executor) {
  return {
    /** The player's loss and wager limits, in a stable order. */
    async listLimits(playerId: bigint): Promise<LimitRecord[]> {
      const rows = await executor
        .select()
        .from(rgLimits)
        .where(eq(rgLimits.playerId, playerId))
        .orderBy(asc(rgLimits.kind), asc(rgLimits.period));
      return rows.map(toLimit);
    },

    async saveLimit(playerId: bigint, record: LimitRecord, now: Date): Promise<void> {
      const values = {
        currency: record.currency,
        limitMinor: record.limitMinor,
        pendingSet: record.pendingSet,
        pendingMinor: record.pendingMinor,
        pendingEffectiveAt: record.pendingEffectiveAt,
        updatedAt: now,
      };
      await executor
        .insert(rgLimits)
        .values({ playerId, kind: record.kind, period: record.period, ...values })
        .onConflictDoUpdate({ target: [rgLimits.playerId, rgLimits.kind, rgLimits.period], set: values });
    },

    async deleteLimit(playerId: bigint, kind: LimitKind, period: LimitPeriod): Promise<void> {
      await executor
        .delete(rgLimits)
        .where(and(eq(rgLimits.playerId, playerId), eq(rgLimits.kind, kind), eq(rgLimits.period, period)));
    },

    async insertAudit(entry: Omit<AuditEntry, 'createdAt'>, now: Date): Promise<void> {
      await executor.insert(rgAudit).values({ ...entry, createdAt: now });
    },

    /** The latest audit entries of a player (newest first), bounded. */
    async listAudit(playerId: bigint, limit: number): Promise<AuditEntry[]> {
      const rows = await executor
        .select()
        .from(rgAudit)
        .where(eq(rgAudit.playerId, playerId))
        .orderBy(desc(rgAudit.id))
        .limit(limit);
      return rows.map((row) => ({
        playerId: row.playerId,
        action: row.action,
        kind: row.kind,
        period: row.period,
        currency: row.currency,
        previousMinor: row.previousMinor,
        requestedMinor: row.requestedMinor,
        effectiveAt: row.effectiveAt,
        createdAt: row.createdAt,
      }));
    },

    /**
     * What the bet path needs in one round trip: whether an exclusion runs at `now`, and the
     * player's limits (none for most players).
     */
    async betFacts(playerId: bigint, now: Date): Promise<{ excluded: boolean; limits: LimitRecord[] }> {
      const at = now.toISOString();
      const result = await executor.execute<{
        excluded: boolean;
        kind: string | null;
        period: string | null;
        currency: string | null;
        limit_minor: string | null;
        pending_set: boolean | null;
        pending_minor: string | null;
        pending_effective_at: string | Date | null;
      }>(sql`
        SELECT EXISTS (SELECT 1 FROM rg_exclusions x WHERE x.player_id = ${playerId}::bigint
                         AND x.starts_at <= ${at}::timestamptz AND x.ends_at > ${at}::timestamptz) AS excluded,
               l.kind, l.period, l.currency, l.limit_minor::text AS limit_minor, l.pending_set,
               l.pending_minor::text AS pending_minor, l.pending_effective_at
        FROM (SELECT 1) one
        LEFT JOIN rg_limits l ON l.player_id = ${playerId}::bigint`);
      const rows = result.rows;
      return {
        excluded: rows[0]?.excluded === true,
        limits: rows.flatMap((row) =>
          row.kind === null || row.limit_minor === null
            ? []
            : [
                {
                  kind: row.kind as LimitKind,
                  period: row.period as LimitPeriod,
                  currency: row.currency ?? '',
                  limitMinor: BigInt(row.limit_minor),
                  pendingSet: row.pending_set === true,
                  pendingMinor: row.pending_minor === null ? null : BigInt(row.pending_minor),
                  pendingEffectiveAt:
                    row.pending_effective_at === null ? null : new Date(row.pending_effective_at),
                },
              ],
        ),
      };
    },

    /** The exclusion running at `now` that ends last, if any. */
    async activeExclusion(playerId: bigint, now: Date): Promise<ExclusionRecord | null> {
      const [row] = await executor
        .select()
        .from(rgExclusions)
        .where(
          and(
            eq(rgExclusions.playerId, playerId),
            gt(rgExclusions.endsAt, now),
            sql`${rgExclusions.startsAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(rgExclusions.endsAt))
        .limit(1);
      if (!row) return null;
      return {
        kind: row.kind as ExclusionKind,
        duration: row.duration,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
      };
    },

    async insertExclusion(playerId: bigint, exclusion: ExclusionRecord): Promise<void> {
      await executor.insert(rgExclusions).values({ playerId, ...exclusion });
    },

    /** Serializes a player's changes of limits and exclusions (the players row is not ours: an advisory lock). */
    async lockPlayer(playerId: bigint): Promise<void> {
      await executor.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rg:${playerId}`}, 0))`);
    },
  };
}

export type ResponsibleGamingQueries = ReturnType<typeof responsibleGamingQueries>;

export function createResponsibleGamingRepository(db: Db) {
  return {
    ...responsibleGamingQueries(db),
    transaction<T>(fn: (repo: ResponsibleGamingQueries, tx: RgTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(responsibleGamingQueries(tx), tx));
    },
  };
}
