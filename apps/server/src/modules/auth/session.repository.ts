import type { Db } from '@croupier/db/client';
import { and, eq, gt, isNull } from 'drizzle-orm';
// biome-ignore lint/style/noRestrictedImports: a session resolves its player's status and locale in the same query, on every request; through the accounts service it would take a second query and a service circle (accounts rotates sessions). The one known exception (ADR 018).
import { players } from '../accounts/accounts.tables.ts';
import { sessions } from './auth.tables.ts';

export interface SessionRow {
  playerId: bigint;
  playerStatus: 'active' | 'banned' | 'deleted';
  playerLocale: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

export function createSessionRepository(db: Db) {
  return {
    async insert(values: {
      idHash: Buffer;
      playerId: bigint;
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
          playerStatus: players.status,
          playerLocale: players.locale,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(players, eq(players.id, sessions.playerId))
        .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, playerStatus: row.playerStatus as SessionRow['playerStatus'] } : undefined;
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
