/**
 * Rate limits of the sensitive account calls (ARCHITECTURE.md §8), each per IP and per account so
 * neither one address nor one account can be hammered. Account keys carry a hash of the login or
 * contact, never the value itself.
 */
import { createHash } from 'node:crypto';
import type { CallContext } from '../../lib/method-binding.ts';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

export const LIMITS = {
  loginPerIp: { limit: 30, windowSeconds: 900 },
  /**
   * Attempts on one account from unknown devices, all addresses together. Past it the account is
   * under attack: each address gets one attempt per progressive delay, never a hard lock
   * (login-throttle.ts, ADR 009).
   */
  loginPerAccount: { limit: 10, windowSeconds: 900 },
  /** Attempts on one account from one address (IPv6: one /64), unknown devices. */
  loginPerAccountIp: { limit: 10, windowSeconds: 900 },
  /** Attempts on one account from one known device (the signed `known_device` cookie). */
  loginPerDevice: { limit: 10, windowSeconds: 900 },
  registerPerIp: { limit: 20, windowSeconds: 3600 },
  registerPerLogin: { limit: 5, windowSeconds: 3600 },
  restorePerIp: { limit: 10, windowSeconds: 3600 },
  restorePerEmail: { limit: 3, windowSeconds: 3600 },
  /** One code per minute per contact (the spec's resend timer), and a few per hour. */
  codeResendPerContact: { limit: 1, windowSeconds: 60 },
  codeSendPerContact: { limit: 5, windowSeconds: 3600 },
  codeSendPerIp: { limit: 20, windowSeconds: 3600 },
  codeConfirmPerPlayer: { limit: 10, windowSeconds: 900 },
  codeConfirmPerIp: { limit: 30, windowSeconds: 900 },
  twoFactorPerPlayer: { limit: 10, windowSeconds: 900 },
  passwordChangePerPlayer: { limit: 10, windowSeconds: 900 },
} as const satisfies Record<string, Limit>;

export function accountKey(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/** Counts one hit on every key; TooManyRequestsException (with Retry-After) past any limit. */
export async function limitBy(ctx: CallContext, checks: [key: string, limit: Limit][]): Promise<void> {
  for (const [key, { limit, windowSeconds }] of checks) await ctx.rateLimit(key, limit, windowSeconds);
}
