/**
 * Where the popup may send the player back to (ARCHITECTURE.md §8): a same-origin path only. The
 * value comes from the query of `/oauth/init`, so anyone can craft it; a link that bounced a freshly
 * signed-in player to another site would be an open redirect.
 */

/** Longest return path accepted; longer input is refused, not truncated. */
export const MAX_REDIRECT_URL_CHARS = 2048;

export const DEFAULT_REDIRECT_URL = '/';

// Whitespace, `\`, and invisible format characters (zero-width, bidi controls, BOM).
const UNSAFE_CHARACTER = /[\s\\\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

/** C0 and C1 control characters (NUL, tab, newline, DEL…). */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

// A fixed origin to resolve against: if resolving moves the URL off it, the input named another host.
const PROBE_ORIGIN = 'http://same-origin.invalid';

/**
 * The path itself when `value` is a same-origin path (`/profile?tab=1#x`), else null. Refused:
 * protocol-relative `//host`, `/\host` (browsers read `\` as `/`), any scheme (`javascript:`,
 * `https://…`), relative paths, control characters, whitespace and invisible format characters
 * (browsers drop tabs and newlines inside URLs, so `/<TAB>/host` is `//host`).
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.length === 0 || value.length > MAX_REDIRECT_URL_CHARS) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (hasControlCharacter(value) || UNSAFE_CHARACTER.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (parsed.origin !== PROBE_ORIGIN) return null;
  return value;
}
