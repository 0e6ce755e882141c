/**
 * Pages rendered for visitors without cookies, kept a few seconds and served again (ADR 043).
 *
 * A page is the same for every visitor who sends no cookie to the same URL on the same host with the
 * same Accept-Language (the pages say `Vary: Cookie, Accept-Language`); only the CSP nonce differs,
 * and a cached page gets the new request's nonce in place of the one it was rendered with. So the
 * first visit of a landing page, a crawler or a load balancer's probe costs one render per TTL.
 * When a page expires, the next request renders it again while the others still get the old copy.
 *
 * Stored only when the render was a pure read for a guest: status 200, HTML, no cookie set, every
 * API call a GET method, the database answered. Concurrent misses of one key wait for the first
 * render instead of rendering it again. Content writes drop every entry on every node (the push
 * bus's `content` invalidation); the TTL bounds everything else (jackpot amounts, odds, lists).
 */

import { constants, crc32, deflateRawSync } from 'node:zlib';

/** The request facts a page may depend on for a cookieless visitor. */
export interface PageCacheRequest {
  method: string;
  url: string;
  protocol: string;
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface CachedPage {
  status: number;
  /** The rendered response's own headers (no Set-Cookie by construction). */
  headers: Array<[string, string]>;
  /** The page's bytes between the occurrences of its CSP nonce (`splitAtNonce`). */
  segments: Buffer[];
  /**
   * Each segment compressed once on its own (raw deflate, sync-flushed: byte-aligned, not final),
   * so a hit is gzipped by joining them around the new nonce (`gzipWithNonce`), not compressed again.
   */
  deflated: Buffer[];
}

interface Entry {
  page: CachedPage;
  expiresAt: number;
  bytes: number;
}

const MAX_URL_LENGTH = 1024;
/**
 * Past its TTL a page is still served to the others while one request renders it again, for this
 * long at most: at expiry under load, nobody waits for that render but the one making it.
 */
export const STALE_GRACE_MS = 10_000;
const MAX_ACCEPT_LANGUAGE_LENGTH = 256;

export interface PageCacheOptions {
  ttlMs: number;
  /** Bounds on what is held; past them the least recently stored entries go first. */
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export function createPageCache(options: PageCacheOptions) {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Renders in flight for a key: later misses wait for them. Resolves to null when not stored. */
  const inflight = new Map<string, Promise<CachedPage | null>>();
  let bytes = 0;
  /** Bumped by `clear()`: a render that started before a write is never stored after it. */
  let generation = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    get enabled(): boolean {
      return ttlMs > 0;
    },

    /** The key of a request whose page may come from (and go to) the cache, or null. */
    keyOf(request: PageCacheRequest): string | null {
      if (ttlMs <= 0 || request.method !== 'GET') return null;
      const { headers } = request;
      if (headers.cookie !== undefined || headers.authorization !== undefined) return null;
      if (request.url.length > MAX_URL_LENGTH) return null;
      const acceptLanguage = headers['accept-language'];
      const language = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
      if (language.length > MAX_ACCEPT_LANGUAGE_LENGTH) return null;
      return `${request.protocol}\n${request.host.toLowerCase()}\n${request.url}\n${language}`;
    },

    /**
     * A fresh stored page; else, while one request renders the key again, the page it replaces
     * (for at most `STALE_GRACE_MS` past its TTL) or the render's own page; null: render it.
     */
    async lookup(key: string): Promise<CachedPage | null> {
      const entry = entries.get(key);
      const at = now();
      if (entry && entry.expiresAt > at) return entry.page;
      const rendering = inflight.get(key);
      if (entry) {
        if (rendering && entry.expiresAt + STALE_GRACE_MS > at) return entry.page;
        if (!rendering) return null;
      }
      return (await rendering) ?? null;
    },

    /**
     * This request renders `key`: until `settle`, other misses of the key wait for it. `settle` with
     * the page stores it (unless a write dropped the cache meanwhile), with null lets them render.
     */
    begin(key: string): { settle: (page: CachedPage | null) => void } {
      let resolve: (page: CachedPage | null) => void = () => {};
      const promise = new Promise<CachedPage | null>((done) => {
        resolve = done;
      });
      const startedIn = generation;
      const owner = !inflight.has(key);
      if (owner) inflight.set(key, promise);
      let settled = false;
      return {
        settle(page) {
          if (settled) return;
          settled = true;
          if (owner && inflight.get(key) === promise) inflight.delete(key);
          const stored = page !== null && startedIn === generation ? page : null;
          if (stored) {
            const size = [...stored.segments, ...stored.deflated].reduce((sum, part) => sum + part.length, 0);
            if (size <= maxBytes / 4) {
              remove(key);
              entries.set(key, { page: stored, expiresAt: now() + ttlMs, bytes: size });
              bytes += size;
              for (const oldest of entries.keys()) {
                if (entries.size <= maxEntries && bytes <= maxBytes) break;
                remove(oldest);
              }
            }
          }
          resolve(stored);
        },
      };
    },

    /** Drops every entry; renders in flight are not stored. */
    clear(): void {
      generation += 1;
      entries.clear();
      bytes = 0;
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The page to store for a render: its bytes cut at the nonce and each piece deflated at gzip's
 * best level (once per TTL and key; a hit then costs a CRC-32 and a copy instead of a compression).
 */
export function cachedPage(
  status: number,
  headers: Array<[string, string]>,
  html: string,
  nonce: string,
): CachedPage {
  const segments = splitAtNonce(html, nonce);
  const deflated = segments.map((segment) =>
    deflateRawSync(segment, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  return { status, headers, segments, deflated };
}

/**
 * A page's bytes cut at every occurrence of the CSP nonce it was rendered with: attributes and any
 * script that reads it. A nonce is 128 random bits, so it occurs nowhere by chance; something too
 * short to be one is refused rather than half-replaced.
 */
export function splitAtNonce(html: string, nonce: string): Buffer[] {
  if (nonce.length < 16) throw new Error('splitAtNonce: not a CSP nonce');
  return html.split(nonce).map((part) => Buffer.from(part));
}

/** gzip's member header: deflate, no flags, no time, Unix (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A final, empty deflate block with fixed codes: BFINAL 1, BTYPE 01, end of block (RFC 1951 §3.2.6). */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The page with `nonce` where the rendered one was, as one gzip member built from the segments
 * deflated at store time: each ends on a byte boundary without ending the stream (sync flush) and
 * refers to nothing before it (deflated alone), so the nonce fits between them as a stored block
 * (RFC 1951 §3.2.4); a final empty block, then the CRC-32 and length of the whole page.
 */
export function gzipWithNonce(page: CachedPage, nonce: string): Buffer {
  const glue = Buffer.from(nonce);
  if (glue.length > 0xffff) throw new Error('gzipWithNonce: nonce too long for a stored block');
  if (page.deflated.length !== page.segments.length) throw new Error('gzipWithNonce: segments not deflated');
  const stored = Buffer.allocUnsafe(5 + glue.length);
  stored[0] = 0; // BFINAL 0, BTYPE 00, then padding to the byte boundary
  stored.writeUInt16LE(glue.length, 1);
  stored.writeUInt16LE(~glue.length & 0xffff, 3);
  glue.copy(stored, 5);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.segments.forEach((segment, index) => {
    if (index > 0) {
      parts.push(stored);
      crc = crc32(glue, crc);
      length += glue.length;
    }
    // An empty segment (two nonces in a row) adds nothing; skipped, also because node:zlib's crc32
    // answers 0 instead of the running value for an empty buffer with no memory behind it.
    if (segment.length === 0) return;
    parts.push(page.deflated[index] as Buffer);
    crc = crc32(segment, crc);
    length += segment.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** The page with `nonce` (this response's) where the rendered one was. */
export function joinWithNonce(segments: Buffer[], nonce: string): Buffer {
  const glue = Buffer.from(nonce);
  const parts: Buffer[] = [];
  segments.forEach((segment, index) => {
    if (index > 0) parts.push(glue);
    parts.push(segment);
  });
  return Buffer.concat(parts);
}
