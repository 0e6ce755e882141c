import type { Db } from '@croupier/db/client';
import { and, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { sessions } from './auth.tables.ts';

export interface SessionRow {
  playerId: bigint;
  playerStatus: 'active' | 'banned' | 'deleted';
  playerLocale: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** A live session as staff see it: when, from where, with what; never its id. */
export interface LiveSessionRow {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The player's facts a session lookup reads in the same query, on every request: SQL the accounts
 * module hands out (accounts.service.ts) and the composition root passes in, so the players table
 * is read only by the accounts module's own SQL and auth does not import accounts (which rotates
 * sessions, so it depends on auth).
 */
export interface PlayerSql {
  status(playerId: SQL): SQL;
  locale(playerId: SQL): SQL;
}

export function createSessionRepository(db: Db, player: PlayerSql) {
  return {
    async insert(values: {
      idHash: Buffer;
      playerId: bigint;
      createdAt: Date;
      lastSeenAt: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }) {
      await db.insert(sessions).values(values);
    },

    /** A live (not revoked, not expired) session with its player's status. */
    async findLive(idHash: Buffer, now: Date): Promise<SessionRow | undefined> {
      const rows = await db
        .select({
          playerId: sessions.playerId,
          playerStatus: sql<SessionRow['playerStatus']>`${player.status(sql`${sessions.playerId}`)}`,
          playerLocale: sql<string>`${player.locale(sql`${sessions.playerId}`)}`,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, playerStatus: row.playerStatus as SessionRow['playerStatus'] } : undefined;
    },

    /** The player's live sessions, the most recently seen first (for staff: never the id). */
    async listLive(playerId: bigint, now: Date, limit: number): Promise<LiveSessionRow[]> {
      return db
        .select({
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(limit);
    },

    async touch(idHash: Buffer, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    },

    async revoke(idHash: Buffer, reason: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)));
    },

    async revokeAllForPlayer(playerId: bigint, reason: string, now: Date): Promise<number> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)))
        .returning({ idHash: sessions.idHash });
      return revoked.length;
    },
  };
}
