/**
 * Starting and ending a session from a method: the session id is rotated (a fixation-proof fresh id
 * at every sign-in) and set as an httpOnly SameSite=Lax cookie; logout revokes and clears it.
 */
import type { CallContext } from '../../http/method-binding.ts';
import { SESSION_COOKIE } from './session.service.ts';

export async function startSession(ctx: CallContext, playerId: bigint): Promise<void> {
  const token = await ctx.services.sessions.rotate(ctx.sessionToken, playerId, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  ctx.cookies.set(SESSION_COOKIE, token, { maxAgeSeconds: ctx.services.sessions.ttlSeconds, httpOnly: true });
}

export async function endSession(ctx: CallContext): Promise<void> {
  if (ctx.sessionToken) await ctx.services.sessions.revoke(ctx.sessionToken, 'logout');
  ctx.cookies.clear(SESSION_COOKIE);
}
