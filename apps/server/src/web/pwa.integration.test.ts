/**
 * The installable app's files on the real server (requires `npm run build`, ADR 038): the service
 * worker at /sw.js and the build id revalidated on every request, one manifest per locale linked
 * from the pages, the icons and offline pages, and the CSP directives the worker needs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ web: 'production' });
});

afterAll(async () => {
  await harness?.close();
});

async function get(url: string) {
  return harness.app.inject({ method: 'GET', url });
}

describe('the installable app', () => {
  test('/sw.js is a script revalidated on every request, precaching hashed assets and the offline pages only', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const precached = [...response.body.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(precached.length).toBeGreaterThan(10);
    expect(precached).toContain('pwa/offline-en.html');
    expect(precached).toContain('pwa/offline-fr.html');
    expect(precached.filter((url) => !/^(assets\/|pwa\/)/.test(url))).toEqual([]);
    // The worker never routes the API: it names the paths it leaves alone.
    expect(response.body).toContain('api');
  });

  test('/build.json names the build, revalidated', async () => {
    const response = await get('/build.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.body)).toEqual({ id: expect.any(String) });
  });

  test('each locale has its manifest, linked from its pages, with icons that exist', async () => {
    const en = await get('/manifest.webmanifest');
    const fr = await get('/fr/manifest.webmanifest');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/manifest\+json/);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(en.body)).toMatchObject({ start_url: '/', lang: 'en', theme_color: '#0b1020' });
    expect(JSON.parse(fr.body)).toMatchObject({ start_url: '/fr', lang: 'fr' });
    for (const icon of JSON.parse(en.body).icons as { src: string }[]) {
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }
    expect((await get('/')).body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect((await get('/fr')).body).toContain('<link rel="manifest" href="/fr/manifest.webmanifest"');
  });

  test('the offline pages speak their language', async () => {
    expect((await get('/pwa/offline-fr.html')).body).toContain('Vous êtes hors ligne');
    expect((await get('/pwa/offline-en.html')).body).toContain('You are offline');
  });

  test('the CSP lets this site’s own worker and manifest load, nothing else', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
