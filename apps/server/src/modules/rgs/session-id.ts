/**
 * RGS session ids and the launch's lobby path.
 *
 * A session id is 256 random bits (base64url, 43 characters); the database keeps only its SHA-256.
 * When the launch named a lobby (a same-site path the game's "lobby" button returns to), the path
 * travels inside the id as a base64url suffix: `<43 random chars>.<base64url(path)>`. The hash
 * covers the whole id, so the suffix cannot be altered without the id becoming unknown, and no
 * table column is needed for it. The path is checked again whenever it is read back.
 */
import { createHash, randomBytes } from 'node:crypto';

const SESSION_ID = /^[A-Za-z0-9_-]{43}(?:\.([A-Za-z0-9_-]{1,700}))?$/;
const LOBBY_PATH_MAX = 512;
const SITE = 'http://site.invalid';

/**
 * `value` when it is a path on this site (`/gamehall`, `/fr/gamehall?category=3`), else null:
 * absolute URLs, scheme-relative `//host`, `/\host`, backslashes, control characters and spaces
 * are all refused, so a launch can never send the player elsewhere (no open redirect).
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > LOBBY_PATH_MAX) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes count as slashes in browsers (`/\evil.example`); controls and spaces hide tricks.
  if (/[\\\s\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  return value;
}

export function newSessionId(lobbyPath: string | null): string {
  const random = randomBytes(32).toString('base64url');
  return lobbyPath ? `${random}.${Buffer.from(lobbyPath, 'utf8').toString('base64url')}` : random;
}

/** Whether `value` has the shape of a session id (checked before any database read). */
export function isSessionIdShape(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

export function sessionIdHash(sessionId: string): Buffer {
  return createHash('sha256').update(sessionId, 'utf8').digest();
}

/** The lobby path carried by a (verified) session id, or null. */
export function lobbyPathOf(sessionId: string): string | null {
  const suffix = SESSION_ID.exec(sessionId)?.[1];
  if (!suffix) return null;
  return sameSitePath(Buffer.from(suffix, 'base64url').toString('utf8'));
}

/** Public round ids: 128 random bits, hex (they appear in wallet transaction ids). */
export const ROUND_ID = /^[0-9a-f]{32}$/;

export function newRoundId(): string {
  return randomBytes(16).toString('hex');
}
