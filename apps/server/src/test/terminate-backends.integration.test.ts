/**
 * Fault test: PostgreSQL drops the app's connections under load (`pg_terminate_backend` on every
 * backend of the app, again and again, as a failover or a database restart does). A few seconds of
 * concurrent real-money spins (game page → game server → wallet API → ledger, over HTTP) and of
 * deposit webhooks (signed like the sandbox provider's, redelivered until acknowledged) run while
 * another connection terminates the app's backends. Afterwards: the process is alive (an unhandled
 * 'error' event would have failed this file), it serves again, every acknowledged spin and deposit
 * is in the books exactly once, every balance is start − stakes + payouts + credited deposits, and
 * the ledger invariants hold. Failures during the fault were typed 503s, never a 500.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { signUp } from '../modules/accounts/account-test-client.ts';
import { signedWebhook } from '../modules/cashier/cashier-test-client.ts';
import {
  createRgsHarness,
  fundedPlayer,
  type GameClient,
  playerSession,
  type RgsHarness,
} from '../modules/rgs/rgs-test-client.ts';
import { sandboxPspCredentials } from '../provider-credentials.ts';

const SPIN_PLAYERS = 6;
const DEPOSITS = 8;
const START_MINOR = 1_000_00n;
const STAKE = '100'; // 1.00 EUR
const LOAD_MS = 4_000;
const TERMINATE_EVERY_MS = 700;

let h: RgsHarness;
let admin: pg.Client;

beforeAll(async () => {
  h = await createRgsHarness();
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
});
// Closing waits for the background passes the terminations interrupted to finish their retries: on a
// loaded CI machine that took longer than the default minute.
afterAll(async () => {
  await admin?.end();
  await h?.close();
}, 180_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const minor = (decimal: unknown) => {
  const [units = '0', cents = ''] = String(decimal).split('.');
  return BigInt(units) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2) || '0');
};

interface Spinner {
  playerId: bigint;
  client: GameClient;
}

interface AckedSpin {
  playerId: bigint;
  id: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
}

interface Deposit {
  uid: number;
  transactionId: number;
  paymentId: string;
  amount: string;
}

/** Every answer status seen during the fault, by edge (to show that failures were 503s, not 500s). */
const statuses = { spins: new Map<string, number>(), webhooks: new Map<string, number>() };
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

async function spinUntil(spinner: Spinner, deadline: number, acked: AckedSpin[]): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const spin = await spinner.client.post('/rounds', { bet: { stake: STAKE } });
      count(
        statuses.spins,
        `${spin.status} ${(spin.body.error as { code?: string })?.code ?? spin.body.status}`,
      );
      if (spin.status === 200) {
        acked.push({
          playerId: spinner.playerId,
          id: String(spin.body.id),
          stakeMinor: minor(spin.body.stake),
          payoutMinor: minor(spin.body.payout),
        });
      } else {
        await sleep(20);
      }
    } catch (error) {
      // The connection itself failed (never expected: the app answers even when its database does not).
      count(statuses.spins, `network ${String(error)}`);
    }
  }
}

async function deliverWebhook(secret: string, deposit: Deposit, eventId: string): Promise<number> {
  const event = {
    id: eventId,
    type: 'payment.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: 'payment',
      id: deposit.paymentId,
      merchant_reference: `dep_${deposit.transactionId}`,
      amount: deposit.amount,
      currency: 'EUR',
      customer: { id: String(deposit.uid) },
      status: 'succeeded',
    },
  };
  const signed = signedWebhook(secret, event, Math.floor(Date.now() / 1000));
  const response = await fetch(`${h.base}/webhooks/psp`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.payload,
  });
  await response.text();
  return response.status;
}

/** The provider's delivery: the same event again until a 2xx (it retries 5xx and lost answers). */
async function deliverUntilAcknowledged(
  secret: string,
  deposit: Deposit,
  deadline: number,
): Promise<boolean> {
  const eventId = `evt_fault_${deposit.transactionId}`;
  while (Date.now() < deadline) {
    try {
      const status = await deliverWebhook(secret, deposit, eventId);
      count(statuses.webhooks, String(status));
      if (status >= 200 && status < 300) return true;
    } catch (error) {
      count(statuses.webhooks, `network ${String(error)}`);
    }
    await sleep(50);
  }
  return false;
}

it('survives its backends being terminated under spins and deposits: nothing lost, nothing twice', async () => {
  // --- players, sessions and pending deposits, before the fault ----------------------------------
  const spinners: Spinner[] = [];
  for (let i = 0; i < SPIN_PLAYERS; i += 1) {
    const playerId = await fundedPlayer(h, START_MINOR);
    spinners.push({ playerId, client: await playerSession(h, playerId, 'neon-reels') });
  }
  const deposits: Deposit[] = [];
  for (let i = 0; i < DEPOSITS; i += 1) {
    const { browser, uid } = await signUp(h.app, { currency: 'EUR' });
    const amount = `${10 + i}.00`;
    const made = await browser.call('cashier.makedeposit', { method: 'card', amount });
    expect(made.body.status, JSON.stringify(made.body)).toBe(1);
    const { transaction_id } = made.body.data as { transaction_id: number };
    const row = await h.database.db.execute<{ p: string }>(
      sql`SELECT provider_payment_id AS p FROM cashier_transactions WHERE id = ${transaction_id}`,
    );
    deposits.push({ uid, transactionId: transaction_id, paymentId: row.rows[0]!.p, amount });
  }
  const { webhookSecret } = sandboxPspCredentials(h.config);
  const database = (await h.database.db.execute<{ name: string }>(sql`SELECT current_database() AS name`))
    .rows[0]!.name;

  // --- the fault: load, while another connection terminates the app's backends --------------------
  let terminated = 0;
  let terminating = true;
  const terminator = (async () => {
    while (terminating) {
      const result = await admin.query<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [database],
      );
      terminated += result.rows.filter((row) => row.ok).length;
      await sleep(TERMINATE_EVERY_MS);
    }
  })();

  const acked: AckedSpin[] = [];
  const loadDeadline = Date.now() + LOAD_MS;
  const deliveries = deposits.map(async (deposit, i) => {
    // Spread over the window, so that deliveries meet terminations at different points.
    await sleep((LOAD_MS / DEPOSITS) * i);
    return deliverUntilAcknowledged(webhookSecret, deposit, loadDeadline);
  });
  await Promise.all(spinners.map((spinner) => spinUntil(spinner, loadDeadline, acked)));
  const acknowledgedDuringFault = await Promise.all(deliveries);
  terminating = false;
  await terminator;

  expect(terminated, 'the fault must have hit the app').toBeGreaterThan(0);
  const seen = JSON.stringify({
    spins: Object.fromEntries(statuses.spins),
    webhooks: Object.fromEntries(statuses.webhooks),
    terminated,
  });
  // Failures were the typed, retryable answers; never a 500, never a dropped connection. The
  // spinners go as fast as the app answers, so on a quick machine a session passes the game server's
  // 20 rounds a second and gets its typed 429: a limit doing its job, not a fault.
  for (const key of statuses.spins.keys())
    expect(key, seen).toMatch(
      /^(200 settled|200 settling|503 wallet_unavailable|409 round_in_progress|429 too_many_requests)$/,
    );
  for (const key of statuses.webhooks.keys()) expect(key, seen).toMatch(/^(200|503)$/);
  expect(acked.length, seen).toBeGreaterThan(0);

  // --- the database is back: the provider redelivers what was not acknowledged ---------------------
  const late = Date.now() + 20_000;
  for (const [i, deposit] of deposits.entries()) {
    if (!acknowledgedDuringFault[i]) {
      expect(
        await deliverUntilAcknowledged(webhookSecret, deposit, late),
        `deposit ${deposit.transactionId}`,
      ).toBe(true);
    }
  }
  // The game server's outbox finishes rounds caught half-way (wins sent, unanswered bets rolled back).
  h.advance(60 * 60_000);
  const rgs = h.app.rgs!;
  for (let pass = 0; pass < 10; pass += 1) {
    await rgs.deliverDue();
    const pending = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rgs_wallet_calls WHERE status = 'pending'`,
    );
    if (pending.rows[0]?.n === 0) break;
    h.advance(10 * 60_000);
  }

  // --- no connection was leaked: every client the pool holds goes back to it --------------------
  const pool = h.database.pool;
  for (let i = 0; i < 100 && pool.totalCount !== pool.idleCount; i += 1) await sleep(50);
  expect({ checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }).toEqual({
    checkedOut: 0,
    waiting: 0,
  });

  // --- it serves again ------------------------------------------------------------------------------
  const health = await fetch(`${h.base}/healthz`);
  expect(health.status).toBe(200);
  await health.text();
  const after = await spinners[0]!.client.post('/rounds', { bet: { stake: STAKE } });
  expect(after.status, JSON.stringify(after.body)).toBe(200);
  acked.push({
    playerId: spinners[0]!.playerId,
    id: String(after.body.id),
    stakeMinor: minor(after.body.stake),
    payoutMinor: minor(after.body.payout),
  });

  // --- every acknowledged spin once, as acknowledged --------------------------------------------------
  const unsettled = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM rgs_rounds WHERE status IN ('open', 'settling')`,
  );
  expect(unsettled.rows[0]?.n, 'rounds left unfinished').toBe(0);
  for (const spin of acked) {
    const rows = await h.database.db.execute<{ status: string; stake_minor: bigint; payout_minor: bigint }>(
      sql`SELECT status, stake_minor, payout_minor FROM rgs_rounds WHERE id = ${spin.id}`,
    );
    expect(rows.rows, `round ${spin.id}`).toHaveLength(1);
    expect(rows.rows[0]).toEqual({
      status: 'settled',
      stake_minor: spin.stakeMinor,
      payout_minor: spin.payoutMinor,
    });
    // Its bet and its win reached the platform's wallet exactly once each; a lost spin's bet closed
    // its round, and no win follows it (ADR 066).
    const calls = await h.database.db.execute<{ kind: string; n: number }>(
      sql`SELECT kind, count(*)::int AS n FROM game_wallet_transactions
          WHERE round_id = (SELECT id FROM game_rounds WHERE provider_round_id = ${spin.id})
          GROUP BY kind ORDER BY kind`,
    );
    expect(calls.rows, `wallet calls of round ${spin.id}`).toEqual(
      spin.payoutMinor === 0n
        ? [{ kind: 'bet', n: 1 }]
        : [
            { kind: 'bet', n: 1 },
            { kind: 'win', n: 1 },
          ],
    );
  }

  // --- balances: start − stakes + payouts of the settled rounds (+ a demo jackpot's drop, ADR 032) --
  await h.app.services.wagers.catchUp();
  for (const spinner of spinners) {
    const sums = await h.database.db.execute<{ staked: string; paid: string; jackpots: string }>(sql`
      SELECT coalesce(sum(r.stake_minor), 0)::text AS staked, coalesce(sum(r.payout_minor), 0)::text AS paid,
             (SELECT coalesce(sum(win_minor), 0) FROM jackpot_cycles
              WHERE winner_player_id = ${spinner.playerId})::text AS jackpots
      FROM rgs_rounds r JOIN rgs_sessions s ON s.id = r.session_id
      WHERE s.token_hash = sha256(convert_to(${spinner.client.session}, 'UTF8')) AND r.status = 'settled'`);
    const { staked, paid, jackpots } = sums.rows[0]!;
    const balance = await h.app.services.wallet.balanceMinor(spinner.playerId, 'EUR', 'main');
    expect(balance, `player ${spinner.playerId}`).toBe(
      START_MINOR - BigInt(staked) + BigInt(paid) + BigInt(jackpots),
    );
  }

  // --- every deposit credited exactly once --------------------------------------------------------
  for (const deposit of deposits) {
    const credits = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`psp:payment:${deposit.paymentId}`}`,
    );
    expect(credits.rows[0]?.n, `deposit ${deposit.transactionId}`).toBe(1);
    const balance = await h.app.services.wallet.balanceMinor(BigInt(deposit.uid), 'EUR', 'main');
    expect(balance, `depositor ${deposit.uid}`).toBe(minor(deposit.amount));
  }

  // --- the books balance ------------------------------------------------------------------------------
  expect(await checkInvariants(h.database.db)).toEqual([]);
});
