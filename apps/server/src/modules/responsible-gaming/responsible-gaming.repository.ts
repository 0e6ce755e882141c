/** The only file of the responsible-gaming module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { LimitKind, LimitPeriod, LimitRecord } from './limits.ts';
import { rgAudit, rgExclusions, rgLimitPrompts, rgLimits } from './responsible-gaming.tables.ts';
import type { SessionLimitRecord } from './sessions.ts';

export type RgTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | RgTx;

export type ExclusionKind = 'timeout' | 'self_exclusion';

/** What a bet is checked against (`betFacts`). */
export interface BetFacts {
  excluded: boolean;
  limits: LimitRecord[];
  /** A game bet's session limit (ADR 028): null without one, or for a sports bet. */
  session: { limit: SessionLimitRecord; startedAt: Date | null } | null;
  /** The stake ceiling another module's SQL set (the bonus max bet, ADR 070): null without one. */
  ceilingMinor: bigint | null;
}

export interface ExclusionRecord {
  kind: ExclusionKind;
  duration: string;
  startsAt: Date;
  endsAt: Date;
  /** A self-exclusion past its end: when the player asked to reopen, and when play reopens. */
  reopenRequestedAt?: Date | null;
  reopensAt?: Date | null;
}

/**
 * The exclusions that hold at `at` (ADR 029): started, and either not yet at their end, or a
 * self-exclusion past its end whose reopening (asked for, then 24 hours) has not come.
 */
function holdsAt(at: string) {
  return sql`(${rgExclusions.startsAt} <= ${at}::timestamptz AND (${rgExclusions.endsAt} > ${at}::timestamptz
    OR (${rgExclusions.kind} = 'self_exclusion'
        AND (${rgExclusions.reopensAt} IS NULL OR ${rgExclusions.reopensAt} > ${at}::timestamptz))))`;
}

/** When a holding exclusion lets go: a self-exclusion not reopening yet never does by itself. */
const letsGoAt = sql`CASE WHEN ${rgExclusions.kind} = 'self_exclusion' AND ${rgExclusions.reopensAt} IS NULL
  THEN 'infinity'::timestamptz ELSE greatest(${rgExclusions.endsAt}, coalesce(${rgExclusions.reopensAt}, ${rgExclusions.endsAt})) END`;

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
     * What the bet path needs in one round trip: whether an exclusion runs at `now`, the player's
     * limits (none for most players) and, with `sessionStart` (a game bet, ADR 028), their session
     * limit and the start of their current session (`sessionStart`: SQL auth hands out; computed
     * only for players with a session limit row).
     */
    async betFacts(
      playerId: bigint,
      currency: string,
      now: Date,
      sessionStart: ((playerId: SQL, now: SQL) => SQL) | null,
      /** SQL for a stake ceiling in minor units, or NULL (another module's), read in the same statement. */
      ceiling: (playerId: SQL, currency: SQL) => SQL,
    ): Promise<BetFacts> {
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
        session_limit_minutes?: string | null;
        session_pending_set?: boolean | null;
        session_pending_minutes?: string | null;
        session_pending_effective_at?: string | Date | null;
        session_started_at?: string | Date | null;
        ceiling_minor: string | null;
      }>(sql`
        SELECT EXISTS (SELECT 1 FROM rg_exclusions WHERE rg_exclusions.player_id = ${playerId}::bigint
                         AND ${holdsAt(at)}) AS excluded,
               (${ceiling(sql`${playerId}::bigint`, sql`${currency}::text`)})::text AS ceiling_minor,
               l.kind, l.period, l.currency, l.limit_minor::text AS limit_minor, l.pending_set,
               l.pending_minor::text AS pending_minor, l.pending_effective_at
               ${
                 sessionStart === null
                   ? sql``
                   : sql`, s.limit_minutes::text AS session_limit_minutes, s.pending_set AS session_pending_set,
               s.pending_minutes::text AS session_pending_minutes, s.pending_effective_at AS session_pending_effective_at,
               CASE WHEN s.player_id IS NULL THEN NULL
                    ELSE ${sessionStart(sql`${playerId}::bigint`, sql`${at}::timestamptz`)} END AS session_started_at`
               }
        FROM (SELECT 1) one
        ${sessionStart === null ? sql`` : sql`LEFT JOIN rg_session_settings s ON s.player_id = ${playerId}::bigint`}
        LEFT JOIN rg_limits l ON l.player_id = ${playerId}::bigint`);
      const rows = result.rows;
      // The session settings are one row per player at most, repeated on each limit's row.
      const first = rows[0];
      const session =
        sessionStart === null ||
        !first ||
        (first.session_limit_minutes == null && first.session_pending_set !== true)
          ? null
          : {
              limit: {
                limitMinor: first.session_limit_minutes == null ? null : BigInt(first.session_limit_minutes),
                pendingSet: first.session_pending_set === true,
                pendingMinor:
                  first.session_pending_minutes == null ? null : BigInt(first.session_pending_minutes),
                pendingEffectiveAt:
                  first.session_pending_effective_at == null
                    ? null
                    : new Date(first.session_pending_effective_at),
              },
              startedAt: first.session_started_at == null ? null : new Date(first.session_started_at),
            };
      return {
        excluded: first?.excluded === true,
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
        session,
        ceilingMinor: first?.ceiling_minor == null ? null : BigInt(first.ceiling_minor),
      };
    },

    /**
     * The exclusion holding at `now` that lets go last, if any: one running, or a self-exclusion
     * past its end not reopened yet (ADR 029).
     */
    async activeExclusion(playerId: bigint, now: Date): Promise<ExclusionRecord | null> {
      const [row] = await executor
        .select()
        .from(rgExclusions)
        .where(and(eq(rgExclusions.playerId, playerId), holdsAt(now.toISOString())))
        .orderBy(desc(letsGoAt), desc(rgExclusions.endsAt))
        .limit(1);
      if (!row) return null;
      return {
        kind: row.kind as ExclusionKind,
        duration: row.duration,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        reopenRequestedAt: row.reopenRequestedAt,
        reopensAt: row.reopensAt,
      };
    },

    /**
     * The player asks to reopen after their self-exclusion ended: every ended self-exclusion not
     * reopening yet reopens at `reopensAt`. Returns how many it marked.
     */
    async requestReopen(playerId: bigint, now: Date, reopensAt: Date): Promise<number> {
      const rows = await executor
        .update(rgExclusions)
        .set({ reopenRequestedAt: now, reopensAt })
        .where(
          and(
            eq(rgExclusions.playerId, playerId),
            eq(rgExclusions.kind, 'self_exclusion'),
            sql`${rgExclusions.endsAt} <= ${now.toISOString()}::timestamptz`,
            sql`${rgExclusions.reopensAt} IS NULL`,
          ),
        )
        .returning({ id: rgExclusions.id });
      return rows.length;
    },

    /** Whether a self-exclusion of the player has not reached its end at `now`. */
    async selfExclusionRunning(playerId: bigint, now: Date): Promise<boolean> {
      const rows = await executor
        .select({ id: rgExclusions.id })
        .from(rgExclusions)
        .where(
          and(
            eq(rgExclusions.playerId, playerId),
            eq(rgExclusions.kind, 'self_exclusion'),
            sql`${rgExclusions.endsAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Exclusions that let go by `now` and whose end notice is not posted (a time-out at its end, a
     * self-exclusion at its reopening), locked for this pass; each is marked noticed.
     */
    async claimEnded(now: Date, limit: number): Promise<{ playerId: bigint; kind: ExclusionKind }[]> {
      const at = now.toISOString();
      const result = await executor.execute<{ player_id: string; kind: string }>(sql`
        UPDATE rg_exclusions SET end_noticed_at = ${at}::timestamptz
        WHERE id IN (
          SELECT id FROM rg_exclusions
          WHERE end_noticed_at IS NULL
            AND ((kind = 'timeout' AND ends_at <= ${at}::timestamptz)
              OR (kind = 'self_exclusion' AND reopens_at <= ${at}::timestamptz))
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING player_id::text AS player_id, kind`);
      return result.rows.map((row) => ({ playerId: BigInt(row.player_id), kind: row.kind as ExclusionKind }));
    },

    /**
     * Waiting limit changes whose cooling-off is over, applied now (the pending value becomes the
     * limit; a removal deletes it): what `effectiveLimit` already reads, written down once.
     */
    async applyDueLimitChanges(
      now: Date,
      limit: number,
    ): Promise<
      {
        playerId: bigint;
        kind: LimitKind;
        period: LimitPeriod;
        currency: string;
        previousMinor: bigint;
        newMinor: bigint | null;
      }[]
    > {
      const at = now.toISOString();
      const due = await executor.execute<{
        player_id: string;
        kind: string;
        period: string;
        currency: string;
        limit_minor: string;
        pending_minor: string | null;
      }>(sql`
        SELECT player_id::text AS player_id, kind, period, currency, limit_minor::text AS limit_minor,
               pending_minor::text AS pending_minor
        FROM rg_limits WHERE pending_set AND pending_effective_at <= ${at}::timestamptz
        ORDER BY player_id, kind, period LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
      const applied = [];
      for (const row of due.rows) {
        const playerId = BigInt(row.player_id);
        const kind = row.kind as LimitKind;
        const period = row.period as LimitPeriod;
        const where = and(
          eq(rgLimits.playerId, playerId),
          eq(rgLimits.kind, kind),
          eq(rgLimits.period, period),
        );
        const newMinor = row.pending_minor === null ? null : BigInt(row.pending_minor);
        if (newMinor === null) {
          await executor.delete(rgLimits).where(where);
        } else {
          await executor
            .update(rgLimits)
            .set({
              limitMinor: newMinor,
              pendingSet: false,
              pendingMinor: null,
              pendingEffectiveAt: null,
              updatedAt: now,
            })
            .where(where);
        }
        applied.push({
          playerId,
          kind,
          period,
          currency: row.currency,
          previousMinor: BigInt(row.limit_minor),
          newMinor,
        });
      }
      return applied;
    },

    /** Whether the player saw the limit prompt (ADR 029). */
    async limitPromptSeen(playerId: bigint): Promise<boolean> {
      const rows = await executor
        .select({ playerId: rgLimitPrompts.playerId })
        .from(rgLimitPrompts)
        .where(eq(rgLimitPrompts.playerId, playerId));
      return rows.length > 0;
    },

    /** Records the prompt's answer once (the first answer stays). */
    async saveLimitPrompt(playerId: bigint, answer: 'set' | 'skipped', now: Date): Promise<void> {
      await executor.insert(rgLimitPrompts).values({ playerId, answer, shownAt: now }).onConflictDoNothing();
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
