/**
 * RFC 6238 TOTP (HMAC-SHA-1, 30-second steps, 6 digits) and the RFC 4648 base32 its secrets are
 * written in, on node:crypto only. Verification accepts the current step ±1 (clock drift between
 * phone and server) and tells a code from a recently passed step ("Time expired") from a wrong one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count: RFC 6238 §5.2 recommends at most one. */
export const TOTP_WINDOW_STEPS = 1;
/** How far back a code is recognised as expired rather than wrong (5 minutes). */
const TOTP_EXPIRED_LOOKBACK_STEPS = 10;
/** 160 bits, the HMAC-SHA-1 block-friendly size RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 text (case, spaces and padding tolerated, as authenticator apps show it) → bytes. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new RangeError('Invalid base32 character');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateTotpSecret(): Buffer {
  return randomBytes(TOTP_SECRET_BYTES);
}

/** RFC 4226 HOTP value of `counter`, as a zero-padded decimal string. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  // Dynamic truncation (RFC 4226 §5.3).
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

export function totpAt(secret: Uint8Array, nowMs: number): string {
  return hotp(secret, totpStep(nowMs));
}

/** Seconds until the current code is replaced (the spec's two-factor `resend_time`). */
export function secondsToNextStep(nowMs: number): number {
  return TOTP_STEP_SECONDS - (Math.floor(nowMs / 1000) % TOTP_STEP_SECONDS);
}

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks `code` against the steps around `nowMs`. Every candidate step is computed and compared
 * (no early exit), so the answer's timing does not say which step matched. Replay protection (a
 * step used once cannot be used again) is the caller's: it stores the returned step.
 */
export function verifyTotp(secret: Uint8Array, code: string, nowMs: number): TotpCheck {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: 'invalid' };
  const current = totpStep(nowMs);
  let matched: number | undefined;
  for (let delta = TOTP_WINDOW_STEPS; delta >= -TOTP_WINDOW_STEPS; delta -= 1) {
    // Prefer the latest matching step so a stored "last used step" moves forward.
    if (sameCode(hotp(secret, current + delta), code) && matched === undefined) matched = current + delta;
  }
  if (matched !== undefined) return { ok: true, step: matched };
  let expired = false;
  for (let back = TOTP_WINDOW_STEPS + 1; back <= TOTP_EXPIRED_LOOKBACK_STEPS; back += 1) {
    if (sameCode(hotp(secret, current - back), code)) expired = true;
  }
  return { ok: false, reason: expired ? 'expired' : 'invalid' };
}

/** The `otpauth://` URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(options: { issuer: string; account: string; secretBase32: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({
    secret: options.secretBase32,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query}`;
}
