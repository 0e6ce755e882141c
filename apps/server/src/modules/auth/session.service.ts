/**
 * Player sessions (ARCHITECTURE.md §3): an opaque 256-bit random id in an httpOnly SameSite=Lax
 * cookie, stored as its SHA-256; rotated at login, revoked at logout, password change and ban.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import {
  createSessionRepository,
  type LiveSessionRow,
  type PlayerSql,
  type SessionRow,
} from './session.repository.ts';

export const SESSION_COOKIE = 'sid';
/** last_seen_at is written at most this often per session, not on every call. */
export const TOUCH_INTERVAL_MS = 60_000;

export type RevokeReason = 'logout' | 'rotated' | 'password_change' | 'ban' | 'restore' | 'deleted';

export interface ActiveSession extends SessionRow {
  idHash: Buffer;
}

export function hashSessionId(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function createSessionService(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  collaborators: { player: PlayerSql },
) {
  const repository = createSessionRepository(deps.db, collaborators.player);
  return {
    ttlSeconds: deps.config.SESSION_TTL_SECONDS,

    /** Starts a session for a player and returns the cookie value. */
    async create(playerId: bigint, meta: { ip: string | null; userAgent: string | null }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      // The app's clock, not the database's: a session's start is what session time counts from (ADR 028).
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + deps.config.SESSION_TTL_SECONDS * 1000);
      await repository.insert({
        idHash: hashSessionId(token),
        playerId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
      return token;
    },

    async resolve(token: string | undefined): Promise<ActiveSession | undefined> {
      if (!token || token.length > 128) return undefined;
      const idHash = hashSessionId(token);
      const now = deps.now();
      const row = await repository.findLive(idHash, now);
      if (!row) return undefined;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repository.touch(idHash, now);
      return { ...row, idHash };
    },

    /** Replaces the current session (if any) with a fresh id for the player: at login. */
    async rotate(
      currentToken: string | undefined,
      playerId: bigint,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<string> {
      if (currentToken) await repository.revoke(hashSessionId(currentToken), 'rotated', deps.now());
      return this.create(playerId, meta);
    },

    async revoke(token: string, reason: RevokeReason): Promise<void> {
      await repository.revoke(hashSessionId(token), reason, deps.now());
    },

    /** The player's live sessions, the most recently seen first, at most `limit` (for staff). */
    liveSessions(playerId: bigint, limit: number): Promise<LiveSessionRow[]> {
      return repository.listLive(playerId, deps.now(), limit);
    },

    async revokeAllForPlayer(playerId: bigint, reason: RevokeReason): Promise<number> {
      return repository.revokeAllForPlayer(playerId, reason, deps.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
