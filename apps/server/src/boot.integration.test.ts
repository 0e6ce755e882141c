/**
 * The README's first command shows the whole product: the server started as `npm start` starts it
 * (`node apps/server/src/server.ts`, NODE_ENV=production, the built web app, a fresh DATA_DIR and
 * no other setting) mounts the sandbox providers, so a newcomer signs up and deposits for real
 * money of the demo: the sandbox's hosted page, its webhook, the balance. The page says it is a demo.
 */
import { rm } from 'node:fs/promises';
import { freePort } from '@croupier/db/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtProvider } from './modules/cashier/cashier-test-client.ts';
import {
  httpBrowser,
  type SpawnedServer,
  sharedDataDir,
  spawnServer,
  stopServer,
  waitUntilServing,
} from './test/spawned-server.ts';

let dataDir: string;
let server: SpawnedServer | undefined;

beforeAll(async () => {
  dataDir = await sharedDataDir('boot');
  server = spawnServer({ dataDir, port: await freePort() });
  // First start: initdb, migrations, demo content.
  await waitUntilServing(server, 170_000);
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('npm start on a fresh checkout', () => {
  it('completes a sandbox deposit end to end over HTTP', { timeout: 60_000 }, async () => {
    const browser = httpBrowser(server!.base);
    const login = `newcomer.${Date.now()}@example.com`;
    // An adult: deposits need a birth date of age (ADR 012).
    const registered = await browser.call('auth.register', {
      login,
      password: 'Secret-123',
      terms: '1',
      birth_date: '01.01.1990',
    });
    expect(registered.body.status, JSON.stringify(registered.body)).toBe(1);

    const made = await browser.call('cashier.makedeposit', { method: 'card', amount: '25.50' });
    expect(made.body.status, JSON.stringify(made.body)).toBe(1);
    const { redirect_url } = made.body.data as { redirect_url: string };
    expect(redirect_url).toContain('/sandbox/psp/pay/');

    const paid = await payAtProvider(redirect_url);
    expect(paid.resultLocation).toBeTruthy();

    // The sandbox's own background loop delivers the signed webhook; the cashier credits the balance.
    let amount = '';
    for (let attempt = 0; attempt < 150 && amount !== '25.50'; attempt += 1) {
      const balance = await browser.call('account.getBalance');
      amount = (balance.body.data as { balance_main: { amount: string } }).balance_main.amount;
      if (amount !== '25.50') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(amount).toBe('25.50');
  });

  it('marks every page as a demo, in English and in French', async () => {
    for (const [path, text] of [
      ['/', 'Demo site'],
      ['/fr', 'Site de démo : paiements fictifs'],
    ] as const) {
      const page = await fetch(`${server!.base}${path}`, { headers: { 'accept-language': 'en' } });
      const html = await page.text();
      expect(page.status, path).toBe(200);
      expect(html).toContain('data-testid="demo-banner"');
      expect(html).toContain(text);
    }
  });
});
