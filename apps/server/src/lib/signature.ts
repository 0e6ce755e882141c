/**
 * The one HMAC signature of every signed body between the platform and its providers: the payment
 * provider's webhooks (docs/payment-provider-protocol.md, header `Croupier-Signature`) and the game
 * providers' wallet calls (docs/game-wallet-protocol.md, header `X-Signature`) use the same scheme,
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. A pure helper shared by the
 * cashier, the game wallet, the game server and the sandbox provider, so no module borrows another's.
 *
 * Verification is over the raw bytes as received (a re-serialised body would not match), compared in
 * constant time, with a timestamp at most 300 s from our clock so a captured delivery cannot be
 * replayed later. Several `v1` entries are accepted (a provider rotating its secret signs with both).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The payment provider's webhook header (the game wallet's is `x-signature`, in its own routes). */
export const SIGNATURE_HEADER = 'croupier-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A header longer than this is not a signature (bounded parsing). */
const MAX_HEADER_LENGTH = 1024;
const MAX_SIGNATURES = 4;

export type SignatureCheck =
  | { ok: true; timestampSeconds: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function signWebhookBody(secret: string, timestampSeconds: number, rawBody: Buffer | string): string {
  const mac = createHmac('sha256', secret);
  mac.update(`${timestampSeconds}.`);
  mac.update(rawBody);
  return mac.digest('hex');
}

/** The whole header value a sender puts on a body it signs. */
export function signatureHeader(secret: string, timestampSeconds: number, rawBody: Buffer | string): string {
  return `t=${timestampSeconds},v1=${signWebhookBody(secret, timestampSeconds, rawBody)}`;
}

export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  nowSeconds: number,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  if (header.length > MAX_HEADER_LENGTH) return { ok: false, reason: 'malformed' };
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1' && signatures.length < MAX_SIGNATURES) signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return { ok: false, reason: 'malformed' };
  }
  const timestampSeconds = Number.parseInt(timestamp, 10);
  if (Math.abs(nowSeconds - timestampSeconds) > SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(signWebhookBody(secret, timestampSeconds, rawBody), 'hex');
  let matched = false;
  for (const signature of signatures) {
    if (!/^[0-9a-f]{64}$/i.test(signature)) continue;
    // No early exit: every candidate is compared, in constant time each.
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
  }
  return matched ? { ok: true, timestampSeconds } : { ok: false, reason: 'mismatch' };
}
