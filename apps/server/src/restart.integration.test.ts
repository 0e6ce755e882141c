/**
 * Restarts after faults, on the server as `npm start` runs it (its own embedded PostgreSQL under a
 * DATA_DIR, whatever TEST_DATABASE_URL says):
 *
 * - `kill -9` of the server under a load of sandbox deposits leaves its PostgreSQL running as an
 *   orphan on DATA_DIR; the next start stops it cleanly and serves within seconds, every
 *   acknowledged deposit is there exactly once (credited once, balances match) and `npm run
 *   ledger:check` holds.
 * - PostgreSQL killed under a running server stops the server (exit 1, a message saying so), and
 *   the next start recovers.
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { freePort, runningEmbeddedUrl } from '@croupier/db/database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtProvider } from './modules/cashier/cashier-test-client.ts';
import {
  httpBrowser,
  REPO_ROOT,
  type SpawnedServer,
  sharedDataDir,
  spawnServer,
  stopServer,
  waitUntilServing,
} from './test/spawned-server.ts';

const ENV = { API_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' };
/**
 * The orphan's clean stop, PostgreSQL, migrations, the web build: a few seconds on an idle machine;
 * the ceiling leaves room for a shared two-core CI machine (a plain start took 50 s at load 20).
 */
const RESTART_BUDGET_MS = 90_000;

let dataDir: string;
let port: number;
let server: SpawnedServer | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const url = await runningEmbeddedUrl(dataDir, 'croupier');
  if (!url) throw new Error('no embedded PostgreSQL running on the data directory');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function ledgerCheck(): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['packages/ledger/src/check-cli.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  dataDir = await sharedDataDir('restart');
  port = await freePort();
  server = spawnServer({ dataDir, port, env: ENV });
  await waitUntilServing(server, 170_000);
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  // A PostgreSQL a failed test left behind must not outlive the run.
  try {
    const pid = await postmasterPid();
    if (alive(pid)) process.kill(pid, 'SIGINT');
  } catch {
    // none
  }
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

interface Acknowledged {
  player: number;
  transactionId: number;
  amount: string;
  /** The player saw it credited (getdepositinfo said succeeded) before the kill. */
  credited: boolean;
}

describe('restarts', () => {
  it('kill -9 under load: the next start serves within seconds, nothing acknowledged is lost or doubled', {
    timeout: 300_000,
  }, async () => {
    const players = [];
    for (let i = 0; i < 8; i += 1) {
      const browser = httpBrowser(server!.base);
      const answer = await browser.call('auth.register', {
        login: `load${i}.${Date.now()}@example.com`,
        password: 'Secret-123',
        terms: '1',
        birth_date: '01.01.1990',
      });
      expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
      players.push({ browser, uid: (answer.body.data as { uid: number }).uid });
    }

    // Load: every player deposits again and again (a fresh amount each time), paying at the
    // sandbox's hosted page; what the server acknowledged is recorded.
    const acknowledged: Acknowledged[] = [];
    let killed = false;
    const failures: unknown[] = [];
    const load = players.map(async ({ browser, uid }, index) => {
      for (let round = 1; !killed; round += 1) {
        try {
          const amount = `${10 + index}.${String(round % 100).padStart(2, '0')}`;
          const made = await browser.call('cashier.makedeposit', { method: 'card', amount });
          if (made.body.status !== 1) throw new Error(JSON.stringify(made.body));
          const { redirect_url, transaction_id } = made.body.data as {
            redirect_url: string;
            transaction_id: number;
          };
          const record: Acknowledged = {
            player: uid,
            transactionId: transaction_id,
            amount,
            credited: false,
          };
          acknowledged.push(record);
          await payAtProvider(redirect_url);
          // Until the webhook credits it (the sandbox's loop polls every second): at most 30
          // deposits a minute per player are allowed, and this is the pace of a real player.
          for (let poll = 0; poll < 40 && !killed && !record.credited; poll += 1) {
            const seen = await browser.call('cashier.getdepositinfo', { id: transaction_id });
            if ((seen.body.data as { status?: string } | undefined)?.status === 'succeeded')
              record.credited = true;
            else await new Promise((resolve) => setTimeout(resolve, 150));
          }
        } catch (error) {
          if (!killed) failures.push(error);
          return;
        }
      }
    });
    // Let the load run until some deposits are credited, then pull the plug mid-flight.
    const deadline = Date.now() + 60_000;
    while (
      acknowledged.filter((a) => a.credited).length < 12 &&
      failures.length === 0 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const orphan = await postmasterPid();
    killed = true;
    server!.child.kill('SIGKILL');
    await server!.exited;
    await Promise.allSettled(load);
    expect(failures).toEqual([]);
    expect(acknowledged.filter((a) => a.credited).length).toBeGreaterThanOrEqual(12);
    // The scenario of the issue: the embedded PostgreSQL outlived its server, holding DATA_DIR.
    expect(alive(orphan)).toBe(true);

    server = spawnServer({ dataDir, port, env: ENV });
    const tookMs = await waitUntilServing(server, RESTART_BUDGET_MS);
    expect(tookMs).toBeLessThan(RESTART_BUDGET_MS);
    expect(alive(orphan)).toBe(false);
    expect(server.output()).not.toMatch(/^undefined$/m);

    // Deposits paid at the provider just before the kill are credited by its webhook retries.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const ids = acknowledged.map((a) => a.transactionId);
    const rows = await query<{ id: string; player_id: string; amount_minor: string; status: string }>(
      'SELECT id, player_id, amount_minor, status FROM cashier_transactions WHERE id = ANY($1::bigint[])',
      [ids],
    );
    expect(rows.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const record of acknowledged.filter((a) => a.credited)) {
      expect(rows.find((row) => Number(row.id) === record.transactionId)?.status).toBe('succeeded');
    }
    // Credited exactly once: each balance is the sum of that player's succeeded deposits.
    for (const { browser, uid } of players) {
      const balance = await browser.call('account.getBalance');
      const shown = (balance.body.data as { balance_main: { amount: string } }).balance_main.amount;
      const [sum] = await query<{ total: string }>(
        "SELECT coalesce(sum(amount_minor), 0)::text AS total FROM cashier_transactions WHERE player_id = $1 AND type = 'deposit' AND status = 'succeeded'",
        [uid],
      );
      expect(BigInt(shown.replace('.', '')).toString(), `player ${uid}`).toBe(sum!.total);
    }

    const check = ledgerCheck();
    expect(check.output).toContain('every invariant holds');
    expect(check.status).toBe(0);
  });

  it('PostgreSQL killed under the server stops the server, and the next start recovers', {
    timeout: 200_000,
  }, async () => {
    const postmaster = await postmasterPid();
    process.kill(postmaster, 'SIGKILL');
    const exit = await Promise.race([
      server!.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(server!.output()).toMatch(/embedded PostgreSQL.*exited/);

    server = spawnServer({ dataDir, port, env: ENV });
    await waitUntilServing(server, RESTART_BUDGET_MS);
    const check = ledgerCheck();
    expect(check.status, check.output).toBe(0);
    await stopServer(server);
    expect(await server.exited, server.output().slice(-6000)).toEqual({ code: 0, signal: null });
  });
});
