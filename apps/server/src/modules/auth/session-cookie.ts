/**
 * Starting and ending a session from a method: the session id is rotated (a fixation-proof fresh id
 * at every sign-in) and set as an httpOnly SameSite=Lax cookie; logout revokes and clears it.
 */
import type { CallContext } from '../../lib/method-binding.ts';
import { SESSION_COOKIE, type SessionService } from './session.service.ts';

export async function startSession(
  sessions: SessionService,
  ctx: CallContext,
  playerId: bigint,
): Promise<void> {
  const token = await sessions.rotate(ctx.sessionToken, playerId, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  ctx.cookies.set(SESSION_COOKIE, token, { maxAgeSeconds: sessions.ttlSeconds, httpOnly: true });
}

export async function endSession(sessions: SessionService, ctx: CallContext): Promise<void> {
  if (ctx.sessionToken) await sessions.revoke(ctx.sessionToken, 'logout');
  ctx.cookies.clear(SESSION_COOKIE, { httpOnly: true });
}
