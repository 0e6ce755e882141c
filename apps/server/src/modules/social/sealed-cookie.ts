/**
 * Short-lived values kept in the browser between two requests of a redirect flow (the OIDC popup's
 * PKCE verifier, state, nonce and return path). Sealed with AES-256-GCM under a key derived from
 * APP_SECRET per purpose: the browser can neither read the verifier nor change any field, and a
 * value sealed for one purpose never opens for another. Expiry is inside the sealed payload, so an
 * old cookie replayed after its Max-Age is still refused.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Cookies are limited to about 4 KiB; anything near that is not ours. */
const MAX_SEALED_CHARS = 3800;

function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'croupier-sealed-cookie', `${VERSION}:${purpose}`, 32));
}

export function seal(
  secret: string,
  purpose: string,
  payload: Record<string, unknown>,
  options: { now: Date; ttlSeconds: number },
): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = JSON.stringify({
    p: payload,
    exp: Math.floor(options.now.getTime() / 1000) + options.ttlSeconds,
  });
  const encrypted = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    encrypted.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

/** The payload, or null when the value is missing, malformed, tampered with, for another purpose or expired. */
export function unseal(
  secret: string,
  purpose: string,
  sealed: string | undefined,
  now: Date,
): Record<string, unknown> | null {
  if (!sealed || sealed.length > MAX_SEALED_CHARS) return null;
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const iv = Buffer.from(parts[1] ?? '', 'base64url');
  const encrypted = Buffer.from(parts[2] ?? '', 'base64url');
  const tag = Buffer.from(parts[3] ?? '', 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  let body: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), iv, {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(tag);
    body = Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { p, exp } = parsed as { p?: unknown; exp?: unknown };
  if (typeof exp !== 'number' || exp <= Math.floor(now.getTime() / 1000)) return null;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return null;
  return p as Record<string, unknown>;
}
