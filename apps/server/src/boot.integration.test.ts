/**
 * The README's first command shows the whole product: the server started as `npm start` starts it
 * (`node apps/server/src/server.ts`, NODE_ENV=production, the built web app, a fresh DATA_DIR and
 * no other setting) mounts the sandbox providers, so a newcomer signs up and deposits for real
 * money of the demo: the sandbox's hosted page, its webhook, the balance. The page says it is a demo.
 * It runs in cluster mode, as `npm start` does on a machine with more than one core (ADR 043).
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { promisify } from 'node:util';
import { freePort } from '@croupier/db/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtProvider } from './modules/cashier/cashier-test-client.ts';
import { FEEDBACK_PER_HOUR } from './modules/support/support.methods.ts';
import {
  httpBrowser,
  type SpawnedServer,
  sharedDataDir,
  spawnServer,
  stopServer,
  waitUntilServing,
} from './test/spawned-server.ts';

const run = promisify(execFile);
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

  it('runs one server process per core, sharing one rate-limit count, and replaces one that dies', {
    timeout: 60_000,
  }, async () => {
    const expected = Math.min(os.availableParallelism(), 16);
    // /healthz answers once the first process listens; the primary says when all of them do.
    for (let i = 0; i < 300 && !server!.output().includes(`with ${expected} server processes`); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server!.output()).toContain(`with ${expected} server processes`);
    expect(await serverProcesses()).toHaveLength(expected);

    // Feedback is limited per IP and hour. Each call on a connection of its own, so the primary
    // deals them to the processes in turn: counted per process, none would be refused.
    const statuses: number[] = [];
    for (let i = 0; i < FEEDBACK_PER_HOUR + 2; i += 1) {
      statuses.push(
        await postOnNewConnection('/api/Support.sendFeedback?v=2.34&locale=en', {
          category: 'payments',
          subject: 'Deposit not shown',
          message: 'My deposit of ten euros does not appear on my balance.',
          email: `cluster${i}@example.com`,
        }),
      );
    }
    expect(statuses).toEqual([...Array(FEEDBACK_PER_HOUR).fill(200), 429, 429]);
    // …and they were answered by more than one process (the request log names each one's pid).
    const answeredBy = new Set(
      server!
        .output()
        .split('\n')
        .filter((line) => line.includes('"path":"/api/Support.sendFeedback"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect(answeredBy.size).toBe(Math.min(expected, FEEDBACK_PER_HOUR + 2));

    // A process killed outright is replaced; the site answers meanwhile.
    const [victim] = await serverProcesses();
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    let now = await serverProcesses();
    while ((now.length !== expected || now.includes(victim!)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      now = await serverProcesses();
    }
    expect(now.includes(victim!) ? 'not replaced' : now.length, server!.output().slice(-3000)).toBe(expected);
    expect((await fetch(`${server!.base}/healthz`)).status, server!.output().slice(-3000)).toBe(200);
  });
});

/** The cluster's server processes: the primary's children running server.ts (not PostgreSQL). */
async function serverProcesses(): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(server!.child.pid)]);
  return stdout
    .split('\n')
    .filter((line) => line.includes('server.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** A same-origin JSON POST on a fresh connection (no keep-alive pool); resolves with its status. */
function postOnNewConnection(path: string, body: unknown): Promise<number> {
  const url = new URL(path, server!.base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'sec-fetch-site': 'same-origin',
          connection: 'close',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
