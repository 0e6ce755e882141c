/**
 * When a player's sessions started and ended, for responsible gaming's session time limit, reality
 * checks and the previous-session figure (ADR 028). The sessions table stays auth's: other modules
 * get these functions (through the composition root), never the table.
 *
 * A session's end is its last sign of life: the logout (or any revocation), its expiry, or — when
 * the player simply went away — its last activity. `last_seen_at` is written at most once a minute
 * (`TOUCH_INTERVAL_MS`), so a session with no logout ended at most that long after it.
 */
import type { Db } from '@croupier/db/client';
import { type SQL, sql } from 'drizzle-orm';
import { TOUCH_INTERVAL_MS } from './session.service.ts';

/** SQL for the start of the player's latest live (not revoked, not expired) session; NULL for none. */
export function currentSessionStartSql(playerId: SQL, now: SQL): SQL {
  return sql`(SELECT max(s.created_at) FROM sessions s
    WHERE s.player_id = ${playerId} AND s.revoked_at IS NULL AND s.expires_at > ${now})`;
}

export interface SessionSpan {
  startedAt: Date;
  /** Null while the session is live (not revoked, not expired). */
  endedAt: Date | null;
  lastActivityAt: Date;
}

export interface SessionSpans {
  /** The latest live session, and the one started before it (live or not), of the player. */
  currentAndPrevious(
    playerId: bigint,
  ): Promise<{ current: SessionSpan | null; previous: SessionSpan | null }>;
}

function toDate(value: string | Date | null): Date | null {
  return value === null ? null : new Date(value);
}

export function createSessionSpans(db: Db, now: () => Date): SessionSpans {
  return {
    async currentAndPrevious(playerId) {
      const at = now().toISOString();
      const touchSeconds = TOUCH_INTERVAL_MS / 1000;
      const result = await db.execute<{
        created_at: string | Date;
        last_seen_at: string | Date;
        live: boolean;
        ended_at: string | Date | null;
      }>(sql`
        WITH cur AS (
          SELECT max(created_at) AS started FROM sessions
          WHERE player_id = ${playerId}::bigint AND revoked_at IS NULL AND expires_at > ${at}::timestamptz
        )
        (SELECT s.created_at, s.last_seen_at, true AS live, NULL::timestamptz AS ended_at
           FROM sessions s, cur
          WHERE s.player_id = ${playerId}::bigint AND s.created_at = cur.started
            AND s.revoked_at IS NULL AND s.expires_at > ${at}::timestamptz
          LIMIT 1)
        UNION ALL
        (SELECT s.created_at, s.last_seen_at, false AS live,
                LEAST(COALESCE(s.revoked_at, s.expires_at), s.expires_at,
                      s.last_seen_at + make_interval(secs => ${touchSeconds}), ${at}::timestamptz) AS ended_at
           FROM sessions s, cur
          WHERE s.player_id = ${playerId}::bigint
            AND (cur.started IS NULL OR s.created_at < cur.started)
          ORDER BY s.created_at DESC
          LIMIT 1)`);
      let current: SessionSpan | null = null;
      let previous: SessionSpan | null = null;
      for (const row of result.rows) {
        const span = {
          startedAt: new Date(row.created_at),
          lastActivityAt: new Date(row.last_seen_at),
          endedAt: toDate(row.ended_at),
        };
        if (row.live) current = { ...span, endedAt: null };
        else previous = span;
      }
      return { current, previous };
    },
  };
}
