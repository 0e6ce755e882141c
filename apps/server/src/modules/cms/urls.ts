/**
 * URL rules of the content service: the key under which a page's SEO lives, the origin of a host
 * (hosts are parsed by lib/host.ts), and which redirect targets are safe to send a browser to (ARCHITECTURE.md §8).
 */
import { splitLocalePath } from '@croupier/contract/locales';
import type { ParsedHost } from '../../lib/host.ts';

/** Longest page URL the content service looks at; longer input is refused, not truncated. */
export const MAX_URL_CHARS = 2048;

/**
 * The path a page's content is filed under (spec §7): locale prefix removed, query and hash dropped,
 * repeated slashes collapsed, trailing slash removed except for `/`. Accepts a path or an absolute
 * http(s) URL; anything else (or anything too long) gives null.
 */
export function normalizePagePath(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_CHARS) return null;
  let path: string;
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      path = new URL(trimmed).pathname;
    } catch {
      return null;
    }
  } else {
    path = trimmed.replace(/[?#].*$/s, '');
  }
  if (hasControlCharacter(path) || path.includes('\\')) return null;
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  path = splitLocalePath(path).path;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

const LOCAL_HOST = /^(localhost|.+\.localhost|.+\.test|.+\.local|\d{1,3}(\.\d{1,3}){3}|\[.*\])$/;

/**
 * The origin to use for a host without a configured canonical URL. With PUBLIC_URL, always its
 * origin: a Host header never reaches an absolute URL then (a mirror domain that wants its own
 * canonical origin configures it in its domain settings). Without it, the request's host: local and
 * IP-literal hosts have no certificate, so they are http; others https.
 */
export function originForHost(host: ParsedHost, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  if (LOCAL_HOST.test(host.hostname)) return `http://${host.host}`;
  return `https://${host.host}`;
}

/** `/logo.svg` against `https://casino.example` → `https://casino.example/logo.svg`; absolute stays. */
export function absoluteUrl(value: string, origin: string): string {
  if (value.startsWith('/') && !value.startsWith('//')) return `${origin.replace(/\/+$/, '')}${value}`;
  return value;
}

export type RedirectTarget = { location: string; external: boolean };

/** Whether the text holds a C0 or C1 control character (tab, newline, NUL…). */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

// Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\evil.example` and
// `/<TAB>/evil.example` both leave the site: any such character, or any space, makes a target unsafe.
function hasUnsafeUrlCharacter(value: string): boolean {
  return hasControlCharacter(value) || /[\s\\\u200b-\u200f]/.test(value);
}

/**
 * Checks a redirect table target: a same-origin path (`/promotions`), or an absolute http(s) URL
 * which then counts as external. Everything else — `javascript:`, `data:`, protocol-relative
 * `//host`, `/\host`, relative paths, URLs with credentials — is refused with null.
 */
export function safeRedirectTarget(target: string): RedirectTarget | null {
  if (target.length === 0 || target.length > MAX_URL_CHARS) return null;
  if (hasUnsafeUrlCharacter(target)) return null;
  if (target.startsWith('/')) {
    if (target.startsWith('//')) return null;
    return { location: target, external: false };
  }
  if (!/^https?:\/\//i.test(target)) return null;
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // `https://casino.example@evil.example` reads as the casino to a human and goes elsewhere.
  if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return null;
  return { location: parsed.href, external: true };
}

/**
 * Whether `text` matches `pattern` in full, `*` standing for any run of characters (possibly none).
 * Iterative with one backtrack point, so it runs in O(pattern × text) at worst, unlike a regular
 * expression built from an operator's pattern, which can backtrack exponentially.
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let starAt = -1;
  let starText = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      starAt = p;
      starText = t;
      p += 1;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p += 1;
      t += 1;
    } else if (starAt >= 0) {
      p = starAt + 1;
      starText += 1;
      t = starText;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p += 1;
  return p === pattern.length;
}
