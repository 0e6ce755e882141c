/**
 * Pages while the database is unreachable: a 503 error page in the page's language (the site's
 * maintenance page when the page got as far as rendering, a plain page otherwise), never a 500
 * and never a crash; the same pages render again once the database is back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseOutage, databaseOutage } from '../test/database-outage.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let h: TestApp;
let cookie: string;
let outage: DatabaseOutage;

beforeAll(async () => {
  h = await createTestApp({ web: 'production' });
  ({ cookie } = await h.createPlayer());
  outage = await databaseOutage(h.database.pool);
});
afterAll(async () => {
  await outage?.end();
  await h?.close();
});

/** Runs `work` while every connection the app asks for is refused. */
const duringOutage = <T>(work: () => Promise<T>): Promise<T> => outage.during(work);

const page = async (url: string, headers: Record<string, string> = {}) => {
  const response = await h.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  return { status: response.statusCode, type: String(response.headers['content-type']), body: response.body };
};

it.each([
  ['/', false, 'The service is briefly unavailable. Please try again in a moment.'],
  ['/fr', false, 'Le service est momentanément indisponible. Réessayez dans un instant.'],
  ['/', true, 'The service is briefly unavailable. Please try again in a moment.'],
])('%s (signed in: %s) answers a 503 page during the outage, then the page', async (url, signedIn, text) => {
  const headers: Record<string, string> = signedIn ? { cookie } : {};
  const down = await duringOutage(() => page(url, headers));
  expect(down.status).toBe(503);
  expect(down.type).toMatch(/^text\/html/);
  expect(down.body).toContain(text);
  const up = await page(url, headers);
  expect(up.status).toBe(200);
});
