import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type CachedPage,
  cachedPage,
  createPageCache,
  gzipWithNonce,
  joinWithNonce,
  STALE_GRACE_MS,
  splitAtNonce,
} from './page-cache.ts';

const NONCE = '0123456789abcdef0123456789abcdef';
const guest = { method: 'GET', url: '/', protocol: 'http', host: 'Casino.example', headers: {} };

function page(html: string): CachedPage {
  return cachedPage(200, [['content-type', 'text/html']], html, NONCE);
}

describe('page cache', () => {
  it('keys only cookieless GETs, by protocol, host, URL and Accept-Language', () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const key = cache.keyOf(guest);
    expect(key).toBe(cache.keyOf({ ...guest, host: 'casino.example' }));
    expect(cache.keyOf({ ...guest, headers: { 'accept-language': 'fr' } })).not.toBe(key);
    expect(cache.keyOf({ ...guest, url: '/fr' })).not.toBe(key);
    expect(cache.keyOf({ ...guest, protocol: 'https' })).not.toBe(key);
    expect(cache.keyOf({ ...guest, headers: { cookie: 'a=b' } })).toBeNull();
    expect(cache.keyOf({ ...guest, headers: { authorization: 'Bearer x' } })).toBeNull();
    expect(cache.keyOf({ ...guest, method: 'HEAD' })).toBeNull();
    expect(cache.keyOf({ ...guest, url: `/${'x'.repeat(2000)}` })).toBeNull();
    expect(createPageCache({ ttlMs: 0 }).keyOf(guest)).toBeNull();
  });

  it('serves a stored page until its TTL; then one request renders it while the others get the old copy', async () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 5_000, now: () => now });
    const key = cache.keyOf(guest)!;
    expect(await cache.lookup(key)).toBeNull();
    cache.begin(key).settle(page(`<p nonce="${NONCE}">one</p>`));
    expect((await cache.lookup(key))?.segments.length).toBe(2);
    now += 5_001;
    // Expired: the first request renders; while it does, the others are served the old copy.
    expect(await cache.lookup(key)).toBeNull();
    const rendering = cache.begin(key);
    expect((await cache.lookup(key))?.segments[0]?.toString()).toBe('<p nonce="');
    rendering.settle(page('<p>two</p>'));
    expect((await cache.lookup(key))?.segments[0]?.toString()).toBe('<p>two</p>');
    // Past the grace, a render in flight is waited for rather than the old copy served.
    now += 5_000 + STALE_GRACE_MS + 1;
    expect(await cache.lookup(key)).toBeNull();
    const late = cache.begin(key);
    const waiting = cache.lookup(key);
    late.settle(page('<p>three</p>'));
    expect((await waiting)?.segments[0]?.toString()).toBe('<p>three</p>');
  });

  it('makes concurrent misses wait for the render in flight', async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const key = cache.keyOf(guest)!;
    const rendering = cache.begin(key);
    const waiting = cache.lookup(key);
    rendering.settle(page('<p>shared</p>'));
    expect((await waiting)?.segments[0]?.toString()).toBe('<p>shared</p>');
    // A render that may not be stored lets the waiters render for themselves.
    const other = cache.keyOf({ ...guest, url: '/other' })!;
    const refused = cache.begin(other);
    const alsoWaiting = cache.lookup(other);
    refused.settle(null);
    expect(await alsoWaiting).toBeNull();
  });

  it('never stores a render that began before a clear (a content write)', async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const key = cache.keyOf(guest)!;
    const before = cache.begin(key);
    cache.clear();
    before.settle(page('<p>stale</p>'));
    expect(await cache.lookup(key)).toBeNull();
    cache.begin(key).settle(page('<p>fresh</p>'));
    cache.clear();
    expect(await cache.lookup(key)).toBeNull();
  });

  it('drops the oldest entries past its bounds', async () => {
    const cache = createPageCache({ ttlMs: 5_000, maxEntries: 2, maxBytes: 1_000 });
    for (const url of ['/a', '/b', '/c']) cache.begin(cache.keyOf({ ...guest, url })!).settle(page(url));
    expect(cache.size).toBe(2);
    expect(await cache.lookup(cache.keyOf({ ...guest, url: '/a' })!)).toBeNull();
    // A page over a quarter of the byte bound is not kept at all.
    cache.begin(cache.keyOf({ ...guest, url: '/big' })!).settle(page('x'.repeat(300)));
    expect(await cache.lookup(cache.keyOf({ ...guest, url: '/big' })!)).toBeNull();
  });

  it('puts the new nonce wherever the rendered one was', () => {
    const html = `<script nonce="${NONCE}">x()</script><link nonce="${NONCE}"/>é${NONCE}`;
    const other = 'fedcba9876543210fedcba9876543210';
    expect(joinWithNonce(splitAtNonce(html, NONCE), other).toString()).toBe(html.split(NONCE).join(other));
    expect(() => splitAtNonce(html, 'short')).toThrow(/not a CSP nonce/);
  });

  it('gzips a hit by joining the stored deflated segments around the new nonce', () => {
    const other = 'fedcba9876543210fedcba9876543210';
    // Nonces at the start, twice in a row and at the end; text that repeats across segments (each
    // is deflated alone, so none may refer to another's bytes); incompressible bytes; non-ASCII.
    const noise = randomBytes(40_000).toString('base64');
    const body = '<p>Jouez, pariez, gagnez — é ü 漢字</p>'.repeat(500);
    const pages = [
      `${NONCE}<script nonce="${NONCE}">${body}</script>${NONCE}${NONCE}<i>${body}${noise}</i>${NONCE}`,
      `<html>${body}</html>`,
      `<a nonce="${NONCE}"></a>`,
    ];
    for (const html of pages) {
      const stored = page(html);
      const gzipped = gzipWithNonce(stored, other);
      expect(gunzipSync(gzipped).toString()).toBe(html.split(NONCE).join(other));
      // The gzip trailer's length is the whole page's, in bytes.
      expect(gzipped.readUInt32LE(gzipped.length - 4)).toBe(Buffer.byteLength(html.split(NONCE).join(other)));
    }
    // Compressed, not merely wrapped: the repeated text shrinks.
    expect(gzipWithNonce(page(`<html>${body}</html>`), other).length).toBeLessThan(body.length / 20);
    expect(() => gzipWithNonce({ ...page(pages[0] as string), deflated: [] }, other)).toThrow(/not deflated/);
  });
});
