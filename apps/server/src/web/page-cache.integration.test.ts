/**
 * Guests' pages served again from the page cache (ADR 043; requires `npm run build`): a cookieless
 * visitor's page is rendered once per TTL and key, each copy carries its own request's CSP nonce,
 * visitors with cookies always get a fresh render, and a content write on any node drops the cache
 * on every node.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestNode, type TestApp } from '../test/test-app.ts';

let harness: TestApp;
let other: Awaited<ReturnType<typeof createTestNode>>;
const FIRST = 'Every game free to try';

beforeAll(async () => {
  harness = await createTestApp({ web: 'production', env: { PAGE_CACHE_SECONDS: '60' } });
  other = await createTestNode(harness);
}, 120_000);

afterAll(async () => {
  await other?.close();
  await harness?.close();
});

async function page(headers: Record<string, string> = {}) {
  const response = await harness.app.inject({ method: 'GET', url: '/', headers });
  const encoding = response.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(response.rawPayload).toString('utf8')
      : encoding === 'gzip'
        ? gunzipSync(response.rawPayload).toString('utf8')
        : response.body;
  const csp = String(response.headers['content-security-policy']);
  return { response, body, cspNonce: /'nonce-([^']+)'/.exec(csp)?.[1] };
}

async function retitle(title: string): Promise<void> {
  await harness.database.db.execute(
    sql`UPDATE cms_banner_texts SET title = ${title} WHERE locale = 'en' AND title IN (${FIRST}, 'Retitled once', 'Retitled twice')`,
  );
}

describe('page cache', () => {
  it('serves a guest the page rendered for the guest before, with a nonce of its own', async () => {
    const first = await page({ 'accept-language': 'en' });
    expect(first.response.statusCode).toBe(200);
    expect(first.body).toContain(FIRST);
    await retitle('Retitled once');

    const second = await page({ 'accept-language': 'en', 'accept-encoding': 'br' });
    expect(second.response.statusCode).toBe(200);
    expect(second.response.headers['content-encoding']).toBe('br');
    expect(String(second.response.headers.vary)).toMatch(/Cookie, Accept-Language, Accept-Encoding/);
    expect(second.response.headers['set-cookie']).toBeUndefined();
    // The copy: the old title, every nonce replaced by this response's (the CSP header's).
    expect(second.body).toContain(FIRST);
    expect(second.cspNonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second.cspNonce).not.toBe(first.cspNonce);
    const nonces = [...second.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(nonces.length).toBeGreaterThan(3);
    expect(new Set(nonces)).toEqual(new Set([second.cspNonce]));
    expect(second.body).not.toContain(first.cspNonce);
    // The same page apart from the nonce.
    expect(second.body.split(second.cspNonce!).join('N')).toBe(first.body.split(first.cspNonce!).join('N'));

    // A browser that takes gzip gets the copy joined from its pieces deflated when it was stored.
    const third = await page({ 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(third.response.headers['content-encoding']).toBe('gzip');
    expect(Number(third.response.headers['content-length'])).toBe(third.response.rawPayload.length);
    expect(third.response.rawPayload.length).toBeLessThan(third.body.length / 3);
    expect(third.cspNonce).not.toBe(second.cspNonce);
    expect(third.body.split(third.cspNonce!).join('N')).toBe(first.body.split(first.cspNonce!).join('N'));

    // Another Accept-Language is another page; a visitor with any cookie always gets a fresh render.
    expect((await page({ 'accept-language': 'en-GB,en;q=0.9' })).body).toContain('Retitled once');
    expect((await page({ 'accept-language': 'en', cookie: 'theme=dark' })).body).toContain('Retitled once');
  });

  it('drops every node’s copies when content is written on any node', async () => {
    await retitle('Retitled twice');
    expect((await page({ 'accept-language': 'en' })).body).not.toContain('Retitled twice');
    // The write's node announces it on the push bus; this node hears it and forgets its pages.
    await other.app.services.push.invalidate('content');
    await expect
      .poll(async () => (await page({ 'accept-language': 'en' })).body.includes('Retitled twice'), {
        timeout: 5_000,
      })
      .toBe(true);
  });
});
