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

/**
 * The SQL condition "this player is in a time-out or a self-exclusion at `now`", for the other
 * modules' status checks (handed out by the service, so this table is read only by this module).
 */
export function excludedAtSql(playerId: ReturnType<typeof sql>, now: ReturnType<typeof sql>) {
  return sql`EXISTS (SELECT 1 FROM rg_exclusions rx
    WHERE rx.player_id = ${playerId} AND rx.starts_at <= ${now} AND rx.ends_at > ${now})`;
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
