/**
 * One-click unsubscribe links: the token names the player, the contact and the purpose, signed with
 * an HMAC under the app secret, so a link works without a session and cannot be forged or pointed
 * at someone else's contact. Tokens do not expire: a mail read a year later must still unsubscribe.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeClaim {
  playerId: bigint;
  type: 'email' | 'phone';
  value: string;
  purpose: string;
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe\n${payload}`).digest();
}

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify([String(claim.playerId), claim.type, claim.value, claim.purpose]),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [id, type, value, purpose] = parsed as unknown[];
    if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) return null;
    if (type !== 'email' && type !== 'phone') return null;
    if (typeof value !== 'string' || typeof purpose !== 'string') return null;
    return { playerId: BigInt(id), type, value, purpose };
  } catch {
    return null;
  }
}
