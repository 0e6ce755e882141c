/**
 * A money write whose COMMIT reached PostgreSQL but whose answer was lost with the connection (the
 * backend terminated right after committing): the caller cannot know it committed. The edge says
 * "retry" (a 503), and the retry of the same call answers what was done, moving no money twice:
 * the wallet API replays a bet by its transaction id, the PSP webhook a credited deposit by its
 * event and payment.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUp } from '../modules/accounts/account-test-client.ts';
import {
  type CashierHarness,
  createCashierHarness,
  signedWebhook,
} from '../modules/cashier/cashier-test-client.ts';
import { createWalletHarness, type WalletHarness } from '../modules/gamewallet/gamewallet-test-client.ts';

let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Lets the next statement `lose` picks run to completion on the server (a COMMIT, or a statement
 * that is its own transaction), then terminates that backend and fails the statement with the
 * error node-postgres gives when the connection drops before the answer. `mark` flags a client
 * (e.g. the one that wrote the bet) so that `lose` can pick that client's COMMIT and no other
 * (background loops commit too).
 */
function loseNextAnswer(options: {
  mark?: (text: string) => boolean;
  lose: (text: string, marked: boolean) => boolean;
}): { committed: () => boolean; restore: () => void } {
  const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  const marked = new WeakSet<object>();
  let armed = true;
  let committed = false;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (armed && options.mark?.(text)) marked.add(this);
    if (!armed || !options.lose(text, marked.has(this))) return original.apply(this, args);
    armed = false;
    const client = this as pg.Client & { processID: number; _queryable: boolean };
    const callback =
      typeof args.at(-1) === 'function' ? (args.pop() as (e: unknown, r?: unknown) => void) : undefined;
    const run = (async () => {
      await (original.apply(client, args) as Promise<unknown>);
      committed = true;
      await admin.query('SELECT pg_terminate_backend($1)', [client.processID]);
      for (let i = 0; i < 400 && client._queryable; i += 1) await sleep(5);
      throw new Error('Connection terminated unexpectedly');
    })();
    if (!callback) return run;
    run.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error),
    );
    return undefined;
  } as typeof pg.Client.prototype.query;
  return {
    committed: () => committed,
    restore: () => {
      pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
    },
  };
}

describe('wallet API: a bet whose commit answer was lost', () => {
  let h: WalletHarness;
  beforeAll(async () => {
    h = await createWalletHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 service_unavailable; the retry replays the bet, debited once', async () => {
    const { id, token } = await h.player({ deposit: 100n });
    const bet = {
      token,
      transaction_id: 'lost-commit-bet-1',
      round_id: 'lost-commit-round-1',
      game: h.gameCode,
      amount: '2.50',
      currency: 'EUR',
    };
    // The COMMIT of the transaction that wrote the bet.
    const fault = loseNextAnswer({
      mark: (text) => /INSERT INTO game_wallet_transactions/i.test(text),
      lose: (text, marked) => marked && text.trim().toLowerCase() === 'commit',
    });
    let first: Awaited<ReturnType<WalletHarness['call']>>;
    try {
      first = await h.call('bet', bet);
    } finally {
      fault.restore();
    }
    expect(fault.committed()).toBe(true);
    expect(first).toEqual({ status: 503, body: { status: 'error', code: 'service_unavailable' } });
    // It did commit: the money moved once already.
    expect(await h.mainMinor(id)).toBe(97_50n);

    const retry = await h.call('bet', bet);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: 'ok', balance: '97.50', currency: 'EUR' });
    const again = await h.call('bet', bet);
    expect(again.body).toEqual(retry.body);
    expect(await h.mainMinor(id)).toBe(97_50n);
    const rows = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM game_wallet_transactions WHERE provider_tx_id = ${bet.transaction_id}`,
    );
    expect(rows.rows[0]?.n).toBe(1);
  });
});

describe('PSP webhook: a deposit credit whose commit answer was lost', () => {
  let h: CashierHarness;
  beforeAll(async () => {
    h = await createCashierHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 so the provider redelivers; the redelivery is acknowledged, credited once', async () => {
    const { browser, uid } = await signUp(h.app, { currency: 'EUR' });
    const made = await browser.call('cashier.makedeposit', { method: 'card', amount: '25.00' });
    expect(made.body.status, JSON.stringify(made.body)).toBe(1);
    const { transaction_id } = made.body.data as { transaction_id: number };
    const row = await h.database.db.execute<{ p: string }>(
      sql`SELECT provider_payment_id AS p FROM cashier_transactions WHERE id = ${transaction_id}`,
    );
    const paymentId = row.rows[0]!.p;
    const event = {
      id: `evt_lost_commit_${transaction_id}`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: 'payment',
        id: paymentId,
        merchant_reference: `dep_${transaction_id}`,
        amount: '25.00',
        currency: 'EUR',
        customer: { id: String(uid) },
        status: 'succeeded',
      },
    };
    const deliver = async () => {
      const signed = signedWebhook(h.webhookSecret, event, Math.floor(Date.now() / 1000));
      const response = await fetch(`${h.base}/webhooks/psp`, {
        method: 'POST',
        headers: signed.headers,
        body: signed.payload,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    // The one statement that locks, stores the event, credits and marks the deposit (autocommit).
    const fault = loseNextAnswer({ lose: (text) => text.includes('cashier_credit_deposit(') });
    let first: Awaited<ReturnType<typeof deliver>>;
    try {
      first = await deliver();
    } finally {
      fault.restore();
    }
    expect(fault.committed()).toBe(true);
    expect(first).toEqual({ status: 503, body: { received: false, error: 'service_unavailable' } });

    const retry = await deliver();
    expect(retry.status).toBe(200);
    expect(retry.body.received).toBe(true);
    const credits = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`psp:payment:${paymentId}`}`,
    );
    expect(credits.rows[0]?.n).toBe(1);
    expect(await h.app.services.wallet.balanceMinor(BigInt(uid), 'EUR', 'main')).toBe(25_00n);
  });
});
