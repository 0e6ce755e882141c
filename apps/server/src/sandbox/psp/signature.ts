/**
 * The webhook signature of docs/payment-provider-protocol.md:
 * `Croupier-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'croupier-signature';
/** Receivers refuse a timestamp further than this from their clock (replay window). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureHex(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

export function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): string {
  return `t=${timestampSeconds},v1=${signatureHex(secret, timestampSeconds, rawBody)}`;
}

/**
 * What a receiver does (the tests use it to check deliveries): parse, recompute over the raw bytes,
 * compare in constant time, refuse stale timestamps.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (key && value) parts.set(key.trim(), value.trim());
  }
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureHex(secret, t, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
