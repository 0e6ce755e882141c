/**
 * The cashier when the provider misbehaves: unreachable (explicit PSP_* settings pointing at a
 * closed port), refusing a payment, refusing our credentials. Typed errors, nothing credited, held
 * funds stay held while a payout's outcome is unknown, and a late `payment.succeeded` still credits.
 */
import { freePort } from '@croupier/db/database';
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createJobQueue } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../accounts/account-test-client.ts';
import { createCashierService } from './cashier.service.ts';
import { confirmedPlayer, operatorJwt, signedWebhook } from './cashier-test-client.ts';
import { type PaymentProvider, ProviderRefusedError, ProviderUnavailableError } from './payment-provider.ts';

const SECRET = 'whsec_explicit_provider_secret';
let t: TestApp;

beforeAll(async () => {
  const closedPort = await freePort();
  t = await createTestApp({
    env: {
      API_RATE_LIMIT_PER_MINUTE: '100000',
      PSP_BASE_URL: `http://127.0.0.1:${closedPort}/psp`,
      PSP_API_KEY: 'sk_explicit_provider_key',
      PSP_WEBHOOK_SECRET: SECRET,
    },
  });
});
afterAll(async () => {
  await t?.close();
});

async function webhook(event: Record<string, unknown>) {
  const signed = signedWebhook(SECRET, event, Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/psp',
    headers: signed.headers,
    payload: signed.payload,
  });
}

describe('an unreachable provider', () => {
  it('answers BillingUnavailableException, records the attempt failed and credits nothing', async () => {
    const { browser } = await signUp(t.app);
    const answer = await browser.call('cashier.makedeposit', { method: 'card', amount: '20' });
    expect(answer.statusCode).toBe(409);
    expect(answer.body.error).toMatchObject({
      type: 'BillingUnavailableException',
      code: 'provider_unavailable',
    });
    const history = (await browser.call('cashier.gethistory')).body.data as {
      items: { status: string; failure_code: string }[];
    };
    expect(history.items[0]).toMatchObject({ status: 'failed', failure_code: 'provider_unavailable' });
    const banks = await browser.call('cashier.getbanks', { country: 'FR' });
    expect(banks.body.error?.type).toBe('BillingUnavailableException');
    // No player money moved (the demo seed's own postings, jackpot pools among them, are house ones).
    const ledger = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id WHERE a.type = 'player'`,
    );
    expect(ledger.rows[0]?.n).toBe(0);
  });

  it('credits a deposit the provider took after all (late success after our timeout), once', async () => {
    const { browser, uid } = await confirmedPlayer(t);
    await browser.call('cashier.makedeposit', { method: 'card', amount: '80' });
    const [row] = (
      await t.database.db.execute<{ id: string }>(
        sql`SELECT id::text FROM cashier_transactions WHERE player_id = ${BigInt(uid)} ORDER BY id DESC LIMIT 1`,
      )
    ).rows;
    const event = {
      id: 'evt_late_success',
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: 'payment',
        id: 'pay_late_1',
        merchant_reference: `dep_${row?.id}`,
        amount: '80.00',
        currency: 'EUR',
        status: 'succeeded',
      },
    };
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).json()).toMatchObject({ duplicate: true });
    // The same payment under our reference but with another provider id is not ours.
    const forged = await webhook({ ...event, id: 'evt_other', data: { ...event.data, id: 'pay_other' } });
    expect(forged.statusCode).toBe(409);
    const balance = (await browser.call('account.getBalance')).body.data as {
      balance_main: { amount: string };
    };
    expect(balance.balance_main.amount).toBe('80.00');

    // A withdrawal is held; the payout request cannot reach the provider: it stays approved, held.
    const made = await browser.call('cashier.makewithdrawal', {
      method: 'bank_transfer',
      amount: '30',
      requisites: { iban: 'FR7630006000011234567890189', holder: 'Jane Player' },
    });
    const id = (made.body.data as { id: number }).id;
    const jwt = await operatorJwt(t);
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: `/nfx/operator/withdrawals/${id}/approve`,
        headers: { authorization: `Bearer ${jwt}` },
      });
    const first = await approve();
    expect(first.statusCode).toBe(409);
    expect(first.json().error.details.code).toBe('provider_unavailable');
    expect((await approve()).statusCode).toBe(409);
    const status = await t.database.db.execute<{ status: string }>(
      sql`SELECT status FROM cashier_transactions WHERE id = ${BigInt(id)}`,
    );
    expect(status.rows[0]?.status).toBe('approved');
    const after = (await browser.call('account.getBalance')).body.data as {
      balance_main: { amount: string };
    };
    expect(after.balance_main.amount).toBe('50.00');
    // Only a waiting withdrawal may be rejected: an approved one may already be at the provider.
    const reject = await t.app.inject({
      method: 'POST',
      url: `/nfx/operator/withdrawals/${id}/reject`,
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(reject.statusCode).toBe(422);
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });
});

describe('a provider that refuses', () => {
  function serviceWith(provider: PaymentProvider) {
    return createCashierService(
      {
        db: t.database.db,
        config: t.config,
        log: t.app.log,
        now: () => new Date(),
        // A queue of its own (never started): this extra service's passes are called by hand.
        jobs: createJobQueue({ pool: t.database.pool, log: t.app.log }),
      },
      {
        wallet: t.app.services.wallet,
        accounts: t.app.services.accounts,
        cms: t.app.services.cms,
        metadata: t.app.services.metadata,
      },
      {
        provider,
        psp: { baseUrl: 'http://provider.invalid', apiKey: 'k'.repeat(16), webhookSecret: SECRET },
      },
    );
  }
  const refusing = (status: number, code: string): PaymentProvider => ({
    createPayment: async () => {
      throw new ProviderRefusedError(status, code, 'refused');
    },
    createPayout: async () => {
      throw new ProviderRefusedError(status, code, 'refused');
    },
    listBanks: async () => [],
  });

  it('maps a refused payment to BillingTransactionDeclinedException and our bad key to a service error', async () => {
    const { uid } = await signUp(t.app);
    const input = { method: 'card', amount: '20', campaign_offer_id: -1 };
    const declined = await serviceWith(refusing(400, 'invalid_request'))
      .makeDeposit(BigInt(uid), input, 'en')
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(AppError);
    expect(declined).toMatchObject({ type: 'BillingTransactionDeclinedException', code: 'invalid_request' });
    const misconfigured = await serviceWith(refusing(401, 'unauthorized'))
      .makeDeposit(BigInt(uid), input, 'en')
      .catch((error: unknown) => error);
    expect(misconfigured).toMatchObject({ type: 'BillingServiceErrorException', code: 'unauthorized' });
  });

  it('gives the held funds back when the provider refuses the payout (compensation)', async () => {
    const { browser, uid } = await confirmedPlayer(t);
    await browser.call('cashier.makedeposit', { method: 'card', amount: '50' });
    const [row] = (
      await t.database.db.execute<{ id: string }>(
        sql`SELECT id::text FROM cashier_transactions WHERE player_id = ${BigInt(uid)} ORDER BY id DESC LIMIT 1`,
      )
    ).rows;
    await webhook({
      id: 'evt_refusal_seed',
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: 'payment',
        id: 'pay_refusal_seed',
        merchant_reference: `dep_${row?.id}`,
        amount: '50.00',
        currency: 'EUR',
        status: 'succeeded',
      },
    });
    const made = await browser.call('cashier.makewithdrawal', {
      method: 'bank_transfer',
      amount: '20',
      requisites: { iban: 'FR7630006000011234567890189', holder: 'Jane Player' },
    });
    const id = (made.body.data as { id: number }).id;
    const result = await serviceWith(refusing(400, 'invalid_request'))
      .approveWithdrawal(BigInt(id), 'tester')
      .catch((error: unknown) => error);
    expect(result).toMatchObject({ type: 'WithdrawalDeclinedException', code: 'invalid_request' });
    const tx = (await browser.call('cashier.getdepositinfo', { id })).body.data as {
      status: string;
      failure_code: string;
    };
    expect(tx).toMatchObject({ status: 'failed', failure_code: 'invalid_request' });
    const balance = (await browser.call('account.getBalance')).body.data as {
      balance_main: { amount: string };
    };
    expect(balance.balance_main.amount).toBe('50.00');
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });
});

describe('stuck approved payouts', () => {
  function serviceWith(provider: PaymentProvider) {
    return createCashierService(
      {
        db: t.database.db,
        config: t.config,
        log: t.app.log,
        now: () => new Date(),
        // A queue of its own (never started): this extra service's passes are called by hand.
        jobs: createJobQueue({ pool: t.database.pool, log: t.app.log }),
      },
      {
        wallet: t.app.services.wallet,
        accounts: t.app.services.accounts,
        cms: t.app.services.cms,
        metadata: t.app.services.metadata,
      },
      {
        provider,
        psp: { baseUrl: 'http://provider.invalid', apiKey: 'k'.repeat(16), webhookSecret: SECRET },
      },
    );
  }
  const unreachable: PaymentProvider = {
    createPayment: async () => {
      throw new ProviderUnavailableError('down');
    },
    createPayout: async () => {
      throw new ProviderUnavailableError('down');
    },
    listBanks: async () => [],
  };

  /** A player with 60.00 and a 25.00 withdrawal approved while the provider was down. */
  async function stuckWithdrawal(tag: string) {
    const { browser, uid } = await confirmedPlayer(t);
    await browser.call('cashier.makedeposit', { method: 'card', amount: '60' });
    const [row] = (
      await t.database.db.execute<{ id: string }>(
        sql`SELECT id::text FROM cashier_transactions WHERE player_id = ${BigInt(uid)} ORDER BY id DESC LIMIT 1`,
      )
    ).rows;
    await webhook({
      id: `evt_stuck_${tag}`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: 'payment',
        id: `pay_stuck_${tag}`,
        merchant_reference: `dep_${row?.id}`,
        amount: '60.00',
        currency: 'EUR',
        status: 'succeeded',
      },
    });
    const made = await browser.call('cashier.makewithdrawal', {
      method: 'bank_transfer',
      amount: '25',
      requisites: { iban: 'FR7630006000011234567890189', holder: 'Jane Player' },
    });
    const id = BigInt((made.body.data as { id: number }).id);
    const approved = await serviceWith(unreachable)
      .approveWithdrawal(id, 'tester')
      .catch((error: unknown) => error);
    expect(approved).toMatchObject({ type: 'BillingUnavailableException' });
    return { browser, id };
  }

  const statusOf = async (id: bigint) =>
    (
      await t.database.db.execute<{
        status: string;
        provider_payout_id: string | null;
        failure_code: string | null;
      }>(sql`SELECT status, provider_payout_id, failure_code FROM cashier_transactions WHERE id = ${id}`)
    ).rows[0];
  const age = (id: bigint) =>
    t.database.db.execute(
      sql`UPDATE cashier_transactions SET updated_at = now() - interval '2 minutes' WHERE id = ${id}`,
    );

  it('asks the provider again once the last try is a minute old, with the same idempotency key', async () => {
    const { id } = await stuckWithdrawal('ok');
    const keys: string[] = [];
    const accepting: PaymentProvider = {
      ...unreachable,
      createPayout: async (input, key) => {
        keys.push(key);
        expect(input.merchantReference).toBe(`wd_${id}`);
        return { id: `po_retry_${id}`, status: 'processing' };
      },
    };
    const service = serviceWith(accepting);
    // Just tried: not yet.
    await service.retryStuckPayouts();
    expect(keys).toEqual([]);
    await age(id);
    expect(await service.retryStuckPayouts()).toBeGreaterThanOrEqual(1);
    expect(keys).toEqual([`wd_${id}`]);
    expect(await statusOf(id)).toMatchObject({ status: 'processing', provider_payout_id: `po_retry_${id}` });
    // Nothing left to retry for it.
    await age(id);
    await service.retryStuckPayouts();
    expect(keys).toEqual([`wd_${id}`]);
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });

  it('a provider still down leaves it approved and held; a refusal on retry gives the funds back', async () => {
    const { browser, id } = await stuckWithdrawal('refused');
    await age(id);
    await serviceWith(unreachable).retryStuckPayouts();
    expect(await statusOf(id)).toMatchObject({ status: 'approved', provider_payout_id: null });
    const held = (await browser.call('account.getBalance')).body.data as { balance_main: { amount: string } };
    expect(held.balance_main.amount).toBe('35.00');

    await age(id);
    const refusing: PaymentProvider = {
      ...unreachable,
      createPayout: async () => {
        throw new ProviderRefusedError(400, 'invalid_request', 'refused');
      },
    };
    await serviceWith(refusing).retryStuckPayouts();
    expect(await statusOf(id)).toMatchObject({ status: 'failed', failure_code: 'invalid_request' });
    const back = (await browser.call('account.getBalance')).body.data as { balance_main: { amount: string } };
    expect(back.balance_main.amount).toBe('60.00');
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });
});
