/**
 * Compressed responses on the real server (requires `npm run build`, ADR 040): a page is sent in
 * brotli or gzip as the browser accepts, built assets come precompressed with their long cache,
 * API answers above the threshold are compressed, and a client that accepts neither gets the bytes
 * as they are — the same content every way.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ web: 'production' });
});

afterAll(async () => {
  await harness?.close();
});

async function get(url: string, acceptEncoding?: string) {
  return harness.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
}

describe('compression', () => {
  test('a page in brotli or gzip as accepted, plain otherwise; the same page every way', async () => {
    const plain = await get('/fr');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/fr', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await get('/fr', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const page of [decoded(br), decoded(gz)]) {
      expect(page).toMatch(/^<!DOCTYPE html>/i);
      expect(page).toContain('<html lang="fr-FR"');
      expect(page.length).toBeGreaterThan(plain.rawPayload.length * 0.9);
    }
    expect((await get('/fr', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  test('built assets come precompressed, with the year-long cache', async () => {
    const page = decoded(await get('/', 'br'));
    const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    const style = /rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    for (const url of [script!, style!]) {
      const plain = await get(url);
      const br = await get(url, 'gzip, deflate, br');
      const gz = await get(url, 'gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(br)).toBe(plain.rawPayload.toString('utf8'));
      expect(decoded(gz)).toBe(plain.rawPayload.toString('utf8'));
    }
  });

  test('API answers above the threshold are compressed; small ones are not', async () => {
    const big = await get('/api/games.get?count=50', 'br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(big))).toMatchObject({ status: 1 });
    const small = await get('/healthz', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
