/**
 * The cashier end to end on real PostgreSQL with the sandbox provider over real HTTP: methods and
 * settings, deposits through the hosted page and signed webhooks, webhook security, deposit
 * limits, withdrawals with their gates, approval and payouts, access control, and bad input that
 * must move nothing. The ledger's invariants are checked at the end.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../accounts/account-test-client.ts';
import { signUp } from '../accounts/account-test-client.ts';
import {
  type CashierHarness,
  confirmedPlayer,
  createCashierHarness,
  operatorJwt,
  operatorLogin,
  payAtProvider,
  signedWebhook,
} from './cashier-test-client.ts';

let h: CashierHarness;
let clock = Date.now();
const seconds = () => Math.floor(clock / 1000);
let jwt: { token: string; at: number };

beforeAll(async () => {
  h = await createCashierHarness({ now: () => new Date(clock) });
  jwt = { token: await operatorJwt(h), at: clock };
});
afterAll(async () => {
  await h?.close();
});

interface Tx {
  id: number;
  type: string;
  status: string;
  amount: { amount: string; currency: string };
  requisites: Record<string, string>;
  failure_code: string | null;
  can_cancel: boolean;
  domain: string;
}

async function balance(browser: Browser): Promise<string> {
  const answer = await browser.call('account.getBalance');
  return (answer.body.data as { balance_main: { amount: string } }).balance_main.amount;
}

async function moneyDigest(): Promise<string> {
  const rows = await h.database.db.execute<{ d: string }>(sql`
    SELECT md5(
      (SELECT coalesce(string_agg(t::text, ',' ORDER BY t.id), '') FROM cashier_transactions t) ||
      (SELECT coalesce(string_agg(l::text, ',' ORDER BY l.id), '') FROM ledger_transactions l) ||
      (SELECT coalesce(string_agg(a.account_key || a.balance_minor, ',' ORDER BY a.id), '') FROM ledger_accounts a) ||
      (SELECT coalesce(string_agg(e.event_id, ',' ORDER BY e.event_id), '') FROM cashier_webhook_events e) ||
      (SELECT coalesce(string_agg(d::text, ',' ORDER BY d.player_id, d.period), '') FROM cashier_deposit_limits d)
    ) AS d`);
  return rows.rows[0]?.d ?? '';
}

/**
 * Runs the provider's pass until the transaction leaves the given statuses. Bounded: the
 * provider's own background loop may hold a delivery we then wait for.
 */
async function settle(id: number, from: string[]): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await h.providerPass();
    const rows = await h.database.db.execute<{ status: string }>(
      sql`SELECT status FROM cashier_transactions WHERE id = ${id}`,
    );
    if (!from.includes(rows.rows[0]?.status ?? '')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`transaction ${id} did not settle`);
}

/** makedeposit, pay with `card` at the hosted page, let the provider deliver its webhooks. */
async function deposit(browser: Browser, amount: string, card = '4242 4242 4242 4242') {
  const made = await browser.call('cashier.makedeposit', { method: 'card', amount });
  expect(made.body.status, JSON.stringify(made.body)).toBe(1);
  const { redirect_url, transaction_id } = made.body.data as { redirect_url: string; transaction_id: number };
  const result = await payAtProvider(redirect_url, card);
  await settle(transaction_id, ['pending', 'processing']);
  return { transactionId: transaction_id, redirectUrl: redirect_url, ...result };
}

async function info(browser: Browser, id: number): Promise<Tx> {
  const answer = await browser.call('cashier.getdepositinfo', { id });
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
  return answer.body.data as Tx;
}

async function providerPaymentId(id: number): Promise<string> {
  const rows = await h.database.db.execute<{ p: string }>(
    sql`SELECT provider_payment_id AS p FROM cashier_transactions WHERE id = ${id}`,
  );
  return rows.rows[0]!.p;
}

async function sendWebhook(event: Record<string, unknown>, options: { at?: number; secret?: string } = {}) {
  const signed = signedWebhook(options.secret ?? h.webhookSecret, event, options.at ?? seconds());
  return h.app.inject({
    method: 'POST',
    url: '/webhooks/psp',
    headers: signed.headers,
    payload: signed.payload,
  });
}

let eventCounter = 0;
function paymentEvent(type: string, paymentId: string, transactionId: number, amount: string, extra = {}) {
  eventCounter += 1;
  return {
    id: `evt_test_${eventCounter}_${Date.now()}`,
    type,
    created: seconds(),
    data: {
      object: 'payment',
      id: paymentId,
      merchant_reference: `dep_${transactionId}`,
      amount,
      currency: 'EUR',
      status: type.split('.')[1],
      ...extra,
    },
  };
}

async function operator(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, anonymous = false) {
  // Tests move the clock by days: a token older than an hour of test time is renewed.
  if (clock - jwt.at > 3600_000) jwt = { token: await operatorLogin(h), at: clock };
  const token = anonymous ? null : jwt.token;
  const response = await h.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    statusCode: response.statusCode,
    body: response.json() as { data: unknown; error?: { details: { code: string } } },
  };
}

describe('payment methods and settings', () => {
  it('lists the methods in the player currency with the content service texts', async () => {
    const { browser } = await signUp(h.app);
    const answer = await browser.call('cashier.paymentMethods');
    expect(answer.body.status).toBe(1);
    const { items } = answer.body.data as { items: Record<string, unknown>[] };
    expect(items.map((m) => m.sysname)).toEqual(['card', 'bank_transfer']);
    expect(items[0]).toMatchObject({
      title: 'Bank card',
      icons: ['payment-visa', 'payment-mastercard'],
      currency: 'EUR',
      deposit: { min: { amount: '10.00', currency: 'EUR' }, max: { amount: '5000.00', currency: 'EUR' } },
      withdrawal: { min: { amount: '20.00', currency: 'EUR' }, period_hours: 24 },
    });
    expect(items[1]?.withdrawal_requisites).toEqual([
      { name: 'iban', rule: 'iban', required: true },
      { name: 'holder', rule: 'cardHolder', required: true },
      { name: 'bank_id', rule: 'text', required: false },
    ]);
    const fr = await browser.call('cashier.paymentMethods', {}, { locale: 'fr' });
    expect((fr.body.data as { items: { title: string }[] }).items[0]?.title).toBe('Carte bancaire');
  });

  it('gives presets per currency, currencies and no deposit limit; JPY has no decimals', async () => {
    const { browser } = await signUp(h.app, { currency: 'JPY' });
    const answer = await browser.call('cashier.getdepositsettings');
    const data = answer.body.data as {
      currency: string;
      available_currencies: Record<string, string>;
      amount_presets: { currency: string; values: string[] }[];
      methods: { sysname: string; min: { amount: string } }[];
      deposit_limit: { period: string };
    };
    expect(data.currency).toBe('JPY');
    expect(data.available_currencies).toMatchObject({ EUR: '€', JPY: '¥' });
    expect(data.amount_presets.find((p) => p.currency === 'EUR')?.values).toEqual([
      '10.00',
      '25.00',
      '50.00',
      '100.00',
      '250.00',
    ]);
    expect(data.amount_presets.find((p) => p.currency === 'JPY')?.values[0]).toBe('1500');
    expect(data.methods[0]).toMatchObject({ sysname: 'card', min: { amount: '1500' } });
    expect(data.deposit_limit.period).toBe('none');
    expect((await browser.call('account.getBalance')).body.data).toMatchObject({
      balance_main: { amount: '0', currency: 'JPY' },
    });
  });

  it('refuses guests', async () => {
    const { browser } = await signUp(h.app);
    browser.cookie = undefined;
    expect((await browser.call('cashier.paymentMethods')).body.error?.type).toBe('AuthorizationException');
    expect(
      (await browser.call('cashier.makedeposit', { method: 'card', amount: '10' })).body.error?.type,
    ).toBe('AuthorizationException');
  });
});

describe('deposits', () => {
  it('credits the balance once the provider says paid, and sends the player to the result page', async () => {
    const { browser } = await signUp(h.app);
    const made = await deposit(browser, '25.50');
    expect(made.redirectUrl).toMatch(new RegExp(`^${h.base}/sandbox/psp/pay/pay_[0-9a-f]{32}$`));
    expect(made.returnLocation).toBe(`${h.base}/cashier/payresult/${made.transactionId}?status=success`);
    expect(made.resultLocation).toBe(`/cashier/paysuccess/${made.transactionId}`);
    expect(await balance(browser)).toBe('25.50');
    const tx = await info(browser, made.transactionId);
    expect(tx).toMatchObject({
      id: made.transactionId,
      type: 'deposit',
      method: 'card',
      status: 'succeeded',
      amount: { amount: '25.50', currency: 'EUR' },
      domain: new URL(h.base).host,
      can_cancel: false,
    });
    const account = (await browser.call('account.getInfo')).body.data as { balance_main: { amount: string } };
    expect(account.balance_main.amount).toBe('25.50');
    // Money moved: the currency is fixed now.
    const setCurrency = await browser.call('account.setCurrency', { currency: 'USD' });
    expect(setCurrency.body.error?.fields).toEqual({ currency: 'currencyLocked' });
  });

  it('marks a declined card failed and sends the player to the failed page in their language', async () => {
    const { browser } = await signUp(h.app);
    const made = await browser.call('cashier.makedeposit', { method: 'card', amount: '30' });
    const { redirect_url, transaction_id } = made.body.data as {
      redirect_url: string;
      transaction_id: number;
    };
    const result = await payAtProvider(redirect_url, '4000 0000 0000 0002');
    expect(result.returnLocation).toContain('status=fail');
    const fr = await fetch(result.returnLocation, {
      redirect: 'manual',
      headers: { cookie: 'i18n_locale=fr' },
    });
    expect(fr.status).toBe(302);
    expect(fr.headers.get('location')).toBe(`/fr/cashier/payfail/${transaction_id}`);
    await settle(transaction_id, ['pending', 'processing']);
    expect(await info(browser, transaction_id)).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
    });
    expect(await balance(browser)).toBe('0.00');
  });

  it('brings a deposit made on a French page back to the French result page, cookie or not', async () => {
    const { browser } = await signUp(h.app);
    const made = await browser.call(
      'cashier.makedeposit',
      { method: 'card', amount: '12' },
      { locale: 'fr' },
    );
    const { redirect_url, transaction_id } = made.body.data as {
      redirect_url: string;
      transaction_id: number;
    };
    // payAtProvider follows the return like a browser with no locale cookie and no Accept-Language.
    const result = await payAtProvider(redirect_url);
    expect(result.returnLocation).toBe(`${h.base}/fr/cashier/payresult/${transaction_id}?status=success`);
    expect(result.resultLocation).toBe(`/fr/cashier/paysuccess/${transaction_id}`);
    // The page's language wins over a cookie and a browser left in English.
    const english = await fetch(result.returnLocation, {
      redirect: 'manual',
      headers: { cookie: 'i18n_locale=en', 'accept-language': 'en-GB' },
    });
    expect(english.headers.get('location')).toBe(`/fr/cashier/paysuccess/${transaction_id}`);
    // A junk id under the prefix lands on the French page without it.
    const junk = await h.app.inject({ method: 'GET', url: '/fr/cashier/payresult/abc?status=cancel' });
    expect(junk.headers.location).toBe('/fr/cashier/paycancel');
    await settle(transaction_id, ['pending', 'processing']);
  });

  it('redirects unknown outcomes to the pending page and junk ids without a transaction', async () => {
    const pending = await h.app.inject({ method: 'GET', url: '/cashier/payresult/12?status=weird' });
    expect(pending.headers.location).toBe('/cashier/paypending/12');
    const junk = await h.app.inject({
      method: 'GET',
      url: '/cashier/payresult/..%2F..%2Fevil?status=success',
    });
    expect(junk.headers.location).toBe('/cashier/paysuccess');
    const cancel = await h.app.inject({ method: 'GET', url: '/cashier/payresult/7?status=cancel' });
    expect(cancel.headers.location).toBe('/cashier/paycancel/7');
  });

  it('answers a double submit with the same request id once', async () => {
    const { browser } = await signUp(h.app);
    const params = { method: 'card', amount: '40', request_id: 'form-submit-0001' };
    const [first, second] = await Promise.all([
      browser.call('cashier.makedeposit', params),
      browser.call('cashier.makedeposit', params),
    ]);
    expect(first.body.data).toEqual(second.body.data);
    const other = await browser.call('cashier.makedeposit', { ...params, amount: '41' });
    expect(other.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { request_id: 'conflict' },
    });
    const history = await browser.call('cashier.gethistory', { type: 'deposit' });
    expect((history.body.data as { total: number }).total).toBe(1);
  });

  it('refuses bad amounts, methods and currencies with a typed error and moves nothing', async () => {
    const { browser } = await signUp(h.app);
    const before = await moneyDigest();
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ method: 'card', amount: '-10' }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: '0' }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: '12.345' }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: '9'.repeat(30) }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: '5000.01' }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: '9.99' }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: 'ten' }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: '1e3' }, 'InvalidParameterException', { amount: 'sumRange' }],
      [{ method: 'card', amount: 12.5 }, 'InvalidParameterException', { amount: 'invalid_type' }],
      [{ method: 'card' }, 'InvalidParameterException', { amount: 'required' }],
      [{ method: 'bitcoin', amount: '20' }, 'InvalidParameterException', { method: 'unsupported' }],
      [
        { method: 'card', amount: '20', currency: 'USD' },
        'InvalidParameterException',
        { currency: 'unsupported' },
      ],
      [
        { method: 'card', amount: '20', currency: 'XYZ1' },
        'InvalidParameterException',
        { currency: 'invalid_format' },
      ],
      [
        { method: 'bank_transfer', amount: '20', requisites: JSON.stringify({ iban: 'FR00 1234' }) },
        'RequisitesValidationRequiredException',
        { iban: 'iban' },
      ],
    ];
    for (const [params, type, fields] of cases) {
      const answer = await browser.call('cashier.makedeposit', params);
      expect(answer.body.status, JSON.stringify(params)).toBe(0);
      expect(answer.body.error?.type, JSON.stringify(params)).toBe(type);
      expect(answer.body.error?.fields, JSON.stringify(params)).toEqual(fields);
    }
    const range = await browser.call('cashier.makedeposit', { method: 'card', amount: '1' });
    expect(range.body.error?.message).toBe('Enter an amount from 10.00\u00a0EUR to 5,000.00\u00a0EUR');
    expect(await moneyDigest()).toBe(before);
  });
});

describe('webhook security and ordering', () => {
  async function pendingDeposit(amount: string) {
    const { browser } = await signUp(h.app);
    const made = await browser.call('cashier.makedeposit', { method: 'card', amount });
    const { transaction_id } = made.body.data as { transaction_id: number };
    return { browser, id: transaction_id, paymentId: await providerPaymentId(transaction_id) };
  }

  it('refuses bad signatures, stale timestamps and unknown transactions, crediting nothing', async () => {
    const { browser, id, paymentId } = await pendingDeposit('50');
    const event = paymentEvent('payment.succeeded', paymentId, id, '50.00');
    const before = await moneyDigest();

    const forged = await sendWebhook(event, { secret: 'whsec_not_the_real_one_at_all' });
    expect(forged.statusCode).toBe(401);
    const stale = await sendWebhook(event, { at: seconds() - 301 });
    expect(stale.statusCode).toBe(401);
    const future = await sendWebhook(event, { at: seconds() + 301 });
    expect(future.statusCode).toBe(401);
    const unsigned = await h.app.inject({
      method: 'POST',
      url: '/webhooks/psp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    // A valid signature over other bytes than those sent.
    const signed = signedWebhook(h.webhookSecret, event, seconds());
    const tampered = await h.app.inject({
      method: 'POST',
      url: '/webhooks/psp',
      headers: signed.headers,
      payload: signed.payload.replace('50.00', '5000.00'),
    });
    expect(tampered.statusCode).toBe(401);
    const unknown = await sendWebhook(paymentEvent('payment.succeeded', 'pay_unknown', 999_999, '50.00'));
    expect(unknown.statusCode).toBe(404);
    const wrongAmount = await sendWebhook(paymentEvent('payment.succeeded', paymentId, id, '5000.00'));
    expect(wrongAmount.statusCode).toBe(422);
    const malformed = await sendWebhook({ hello: 'world' });
    expect(malformed.statusCode).toBe(400);
    expect(await moneyDigest()).toBe(before);
    expect(await balance(browser)).toBe('0.00');
  });

  it('applies a replayed event once, ignores failure after success and credits success after failure', async () => {
    const { browser, id, paymentId } = await pendingDeposit('60');
    const succeeded = paymentEvent('payment.succeeded', paymentId, id, '60.00');
    const answers = await Promise.all([
      sendWebhook(succeeded),
      sendWebhook(succeeded),
      sendWebhook(succeeded),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate === true)).toHaveLength(2);
    // Another event id for the same payment (the provider re-sent it as a new event): still once.
    expect((await sendWebhook(paymentEvent('payment.succeeded', paymentId, id, '60.00'))).statusCode).toBe(
      200,
    );
    expect((await sendWebhook(paymentEvent('payment.failed', paymentId, id, '60.00'))).statusCode).toBe(200);
    expect(await balance(browser)).toBe('60.00');
    expect(await info(browser, id)).toMatchObject({ status: 'succeeded' });

    const late = await pendingDeposit('70');
    await sendWebhook(paymentEvent('payment.processing', late.paymentId, late.id, '70.00'));
    expect(await info(late.browser, late.id)).toMatchObject({ status: 'processing' });
    await sendWebhook(
      paymentEvent('payment.failed', late.paymentId, late.id, '70.00', { failure_code: 'card_declined' }),
    );
    expect(await info(late.browser, late.id)).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
    });
    // Decision: the provider holds the money, so a success after a failure credits it (once).
    await sendWebhook(paymentEvent('payment.succeeded', late.paymentId, late.id, '70.00'));
    await sendWebhook(paymentEvent('payment.processing', late.paymentId, late.id, '70.00'));
    expect(await info(late.browser, late.id)).toMatchObject({ status: 'succeeded', failure_code: null });
    expect(await balance(late.browser)).toBe('70.00');
    const credits = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`psp:payment:${late.paymentId}`}`,
    );
    expect(credits.rows[0]?.n).toBe(1);
  });
});

describe('deposit info and history belong to their player', () => {
  it('hides another player transactions and pages the history 4 at a time', async () => {
    const { browser: alice } = await signUp(h.app);
    const { browser: bob } = await signUp(h.app);
    const ids: number[] = [];
    for (const amount of ['10', '11', '12', '13', '14']) {
      const made = await alice.call('cashier.makedeposit', { method: 'card', amount });
      ids.push((made.body.data as { transaction_id: number }).transaction_id);
    }
    const stolen = await bob.call('cashier.getdepositinfo', { id: ids[0] });
    expect(stolen.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { id: 'not_found' },
    });
    const missing = await bob.call('cashier.getdepositinfo', { id: 99_999_999 });
    expect(missing.body.error?.message).toBe(stolen.body.error?.message);
    expect((await bob.call('cashier.gethistory')).body.data).toEqual({ items: [], total: 0 });
    const cancel = await bob.call('cashier.cancelwithdrawal', { id: ids[0] });
    expect(cancel.body.error?.fields).toEqual({ id: 'not_found' });

    const page1 = (await alice.call('cashier.gethistory')).body.data as { items: Tx[]; total: number };
    expect(page1.total).toBe(5);
    expect(page1.items.map((i) => i.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    const page2 = (await alice.call('cashier.gethistory', { offset: 4 })).body.data as { items: Tx[] };
    expect(page2.items.map((i) => i.id)).toEqual([ids[0]]);
    const none = await alice.call('cashier.gethistory', { type: 'withdrawal' });
    expect((none.body.data as { total: number }).total).toBe(0);
    const pending = await alice.call('cashier.gethistory', { statuses: 'pending,processing', count: 2 });
    expect(pending.body.data).toMatchObject({ total: 5 });
    expect((pending.body.data as { items: unknown[] }).items).toHaveLength(2);
    const tooMany = await alice.call('cashier.gethistory', { count: 500 });
    expect(tooMany.body.error?.fields).toEqual({ count: 'too_big' });
  });
});

describe('deposit limits', () => {
  it('applies the lowest limit, a decrease at once and an increase after 24 hours', async () => {
    const { browser } = await signUp(h.app);
    const set = await browser.call('account.setDepositLimit', { period: 'week', amount: '100' });
    expect(set.body.data).toMatchObject({
      period: 'week',
      limit_amount: { amount: '100.00', currency: 'EUR' },
      available_amount: { amount: '100.00', currency: 'EUR' },
      can_edit: true,
    });
    await browser.call('account.setDepositLimit', { period: 'day', amount: '50' });
    await deposit(browser, '30');
    const state = (await browser.call('account.getDepositLimit')).body.data as {
      period: string;
      available_amount: { amount: string };
      expired_at: string;
      limits: { period: string; available_amount: { amount: string } }[];
    };
    expect(state).toMatchObject({ period: 'day', available_amount: { amount: '20.00' } });
    expect(state.limits.map((l) => [l.period, l.available_amount.amount])).toEqual([
      ['day', '20.00'],
      ['week', '70.00'],
    ]);
    expect(new Date(state.expired_at).getTime()).toBeGreaterThan(clock);

    const before = await moneyDigest();
    const over = await browser.call('cashier.makedeposit', { method: 'card', amount: '25' });
    expect(over.body.error).toMatchObject({
      type: 'BillingDepositLimitExceededException',
      data: { available_amount: { amount: '20.00', currency: 'EUR' }, period: 'day' },
    });
    expect(over.statusCode).toBe(422);
    expect(await moneyDigest()).toBe(before);

    // Raising waits 24 hours; lowering applies at once.
    const raised = (await browser.call('account.setDepositLimit', { period: 'day', amount: '500' })).body
      .data as {
      limits: {
        period: string;
        limit_amount: { amount: string };
        pending_limit_amount: { amount: string } | null;
      }[];
    };
    expect(raised.limits[0]).toMatchObject({
      limit_amount: { amount: '50.00' },
      pending_limit_amount: { amount: '500.00' },
    });
    expect(
      (await browser.call('cashier.makedeposit', { method: 'card', amount: '25' })).body.error?.type,
    ).toBe('BillingDepositLimitExceededException');
    const lowered = (await browser.call('account.setDepositLimit', { period: 'week', amount: '40' })).body
      .data as {
      period: string;
      available_amount: { amount: string };
    };
    expect(lowered).toMatchObject({ period: 'week', available_amount: { amount: '10.00' } });
    // Removing every limit also waits; after 24 hours (and in a new week) nothing binds.
    await browser.call('account.setDepositLimit', { period: 'none' });
    clock += 8 * 24 * 3600 * 1000;
    const later = (await browser.call('account.getDepositLimit')).body.data as { period: string };
    expect(later.period).toBe('none');
    const free = await browser.call('cashier.makedeposit', { method: 'card', amount: '25' });
    expect(free.body.status).toBe(1);
  });

  it('refuses a bad limit amount', async () => {
    const { browser } = await signUp(h.app);
    for (const amount of ['-5', '0', '1.234', 'lots']) {
      const answer = await browser.call('account.setDepositLimit', { period: 'day', amount });
      expect(answer.body.error?.fields, amount).toEqual({ amount: 'amount' });
    }
    const period = await browser.call('account.setDepositLimit', { period: 'year', amount: '5' });
    expect(period.body.error?.fields).toEqual({ period: 'invalid_format' });
  });
});

describe('withdrawals', () => {
  it('gates on a confirmed contact and, when the block is on, on KYC, with the configured links', async () => {
    const { browser } = await signUp(h.app);
    const unconfirmed = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '20' });
    expect(unconfirmed.body.error).toMatchObject({
      type: 'UserNeedConfirmContactException',
      data: { link: '/profile/settings' },
    });
    const { browser: confirmed } = await confirmedPlayer(h);
    expect(
      (await operator('PUT', '/nfx/operator/cashier/settings', { kyc_block_enabled: true })).statusCode,
    ).toBe(200);
    try {
      const kyc = await confirmed.call('cashier.makewithdrawal', { method: 'card', amount: '20' });
      expect(kyc.body.error).toMatchObject({
        type: 'KycWithdrawalException',
        data: { link: '/profile/verification' },
      });
      const settings = (await confirmed.call('cashier.getwithdrawsettings')).body.data as {
        requirements: { kyc: { required: boolean } };
      };
      expect(settings.requirements.kyc.required).toBe(true);
    } finally {
      await operator('PUT', '/nfx/operator/cashier/settings', { kyc_block_enabled: false });
    }
  });

  it('holds the funds, refuses a second request, and gives them back on cancel', async () => {
    const { browser } = await confirmedPlayer(h);
    await deposit(browser, '100');
    const made = await browser.call('cashier.makewithdrawal', {
      method: 'card',
      amount: '30',
      request_id: 'wd-request-1',
    });
    expect(made.body.status, JSON.stringify(made.body)).toBe(1);
    const withdrawal = made.body.data as Tx;
    expect(withdrawal).toMatchObject({
      type: 'withdrawal',
      status: 'pending',
      can_cancel: true,
      amount: { amount: '30.00' },
    });
    expect(await balance(browser)).toBe('70.00');
    const replay = await browser.call('cashier.makewithdrawal', {
      method: 'card',
      amount: '30',
      request_id: 'wd-request-1',
    });
    expect((replay.body.data as Tx).id).toBe(withdrawal.id);
    const second = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '20' });
    expect(second.body.error).toMatchObject({
      type: 'WithdrawalDeclinedException',
      code: 'withdrawal_pending',
    });
    expect(await balance(browser)).toBe('70.00');
    const settings = (await browser.call('cashier.getwithdrawsettings')).body.data as {
      withdrawable: { amount: string };
      open_withdrawal: Tx | null;
      methods: { sysname: string; available: boolean }[];
    };
    expect(settings.withdrawable.amount).toBe('70.00');
    expect(settings.open_withdrawal?.id).toBe(withdrawal.id);
    expect(settings.methods.find((m) => m.sysname === 'card')?.available).toBe(true);

    expect((await browser.call('cashier.cancelwithdrawal', { id: withdrawal.id })).body.data).toBe(1);
    expect(await balance(browser)).toBe('100.00');
    const again = await browser.call('cashier.cancelwithdrawal', { id: withdrawal.id });
    expect(again.body.error).toMatchObject({ type: 'WithdrawalDeclinedException', code: 'not_cancelable' });
    expect(await balance(browser)).toBe('100.00');
    expect(await info(browser, withdrawal.id)).toMatchObject({ status: 'canceled', can_cancel: false });
  });

  it('refuses what the limits, the balance, the requisites and the method do not allow, holding nothing', async () => {
    const { browser } = await confirmedPlayer(h);
    const noCard = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '20' });
    expect(noCard.body.error).toMatchObject({ type: 'WithdrawalDeclinedException', code: 'no_card_deposit' });
    await deposit(browser, '200');
    const before = await moneyDigest();
    const low = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '5' });
    expect(low.body.error).toMatchObject({
      type: 'WithdrawalLimitsExceededException',
      data: { min: { amount: '20.00' }, max: { amount: '5000.00' } },
    });
    const high = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '5001' });
    expect(high.body.error?.type).toBe('WithdrawalLimitsExceededException');
    const poor = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '300' });
    expect(poor.body.error).toMatchObject({
      type: 'WithdrawalDeclinedException',
      code: 'insufficient_funds',
    });
    const badIban = await browser.call('cashier.makewithdrawal', {
      method: 'bank_transfer',
      amount: '50',
      requisites: { iban: 'FR76 3000 6000 0112 3456 7890 188', holder: 'Jane Player' },
    });
    expect(badIban.body.error).toMatchObject({
      type: 'RequisitesValidationRequiredException',
      fields: { iban: 'iban' },
    });
    const noHolder = await browser.call('cashier.makewithdrawal', {
      method: 'bank_transfer',
      amount: '50',
      requisites: { iban: 'FR7630006000011234567890189' },
    });
    expect(noHolder.body.error?.fields).toEqual({ holder: 'required' });
    for (const amount of ['-20', '0', '20.001', 'abc', '1'.repeat(50)]) {
      const answer = await browser.call('cashier.makewithdrawal', { method: 'card', amount });
      expect(answer.body.error?.fields, amount).toEqual({ amount: 'sumRange' });
    }
    const unknown = await browser.call('cashier.makewithdrawal', { method: 'paypal', amount: '20' });
    expect(unknown.body.error?.fields).toEqual({ method: 'unsupported' });
    expect(await moneyDigest()).toBe(before);
    expect(await balance(browser)).toBe('200.00');
  });

  it('enforces the period cap of a method', async () => {
    const { browser } = await confirmedPlayer(h);
    await deposit(browser, '300');
    await h.database.db.execute(sql`
      UPDATE cashier_method_limits SET period_max_minor = 10000
      WHERE method = 'bank_transfer' AND currency = 'EUR' AND direction = 'withdrawal'`);
    try {
      const requisites = { iban: 'FR7630006000011234567890189', holder: 'Jane Player' };
      const first = await browser.call('cashier.makewithdrawal', {
        method: 'bank_transfer',
        amount: '80',
        requisites,
      });
      expect(first.body.status).toBe(1);
      await browser.call('cashier.cancelwithdrawal', { id: (first.body.data as Tx).id });
      const kept = await browser.call('cashier.makewithdrawal', {
        method: 'bank_transfer',
        amount: '80',
        requisites,
      });
      const id = (kept.body.data as Tx).id;
      expect((await operator('POST', `/nfx/operator/withdrawals/${id}/approve`)).statusCode).toBe(200);
      const over = await browser.call('cashier.makewithdrawal', {
        method: 'bank_transfer',
        amount: '30',
        requisites,
      });
      expect(over.body.error).toMatchObject({
        type: 'WithdrawalLimitsPeriodExceededException',
        data: { period_max: { amount: '100.00' }, available_amount: { amount: '20.00' }, period_hours: 24 },
      });
    } finally {
      await h.database.db.execute(sql`
        UPDATE cashier_method_limits SET period_max_minor = 5000000
        WHERE method = 'bank_transfer' AND currency = 'EUR' AND direction = 'withdrawal'`);
    }
  });

  it('pays out an approved withdrawal to the card and returns a rejected one', async () => {
    const { browser } = await confirmedPlayer(h);
    await deposit(browser, '150');
    const made = (await browser.call('cashier.makewithdrawal', { method: 'card', amount: '40' })).body
      .data as Tx;

    expect(
      (await operator('POST', `/nfx/operator/withdrawals/${made.id}/approve`, undefined, true)).statusCode,
    ).toBe(401);
    const listed = await operator('GET', '/nfx/operator/withdrawals?status=pending');
    expect((listed.body.data as { items: Tx[] }).items.map((i) => i.id)).toContain(made.id);
    const approved = await operator('POST', `/nfx/operator/withdrawals/${made.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.body.data).toMatchObject({ id: made.id, status: 'processing' });
    // The staff audit log keeps the decision with the withdrawal before and after (issue #18).
    const audited = await h.database.db.execute<{
      outcome: string;
      before: { status: string };
      after: { status: string };
    }>(
      sql`SELECT outcome, before, after FROM staff_audit_log
           WHERE action = 'cashier.approve_withdrawal' AND target_id = ${String(made.id)} AND outcome = 'done'
           ORDER BY id`,
    );
    expect(audited.rows[0]).toMatchObject({
      outcome: 'done',
      before: { status: 'pending' },
      after: { status: 'processing' },
    });
    // Approving twice asks nothing new of the provider.
    expect((await operator('POST', `/nfx/operator/withdrawals/${made.id}/approve`)).body.data).toMatchObject({
      status: 'processing',
    });
    expect((await browser.call('cashier.cancelwithdrawal', { id: made.id })).body.error?.code).toBe(
      'not_cancelable',
    );
    clock += 5_000;
    await settle(made.id, ['processing']);
    expect(await info(browser, made.id)).toMatchObject({ status: 'paid' });
    expect(await balance(browser)).toBe('110.00');

    const rejected = (await browser.call('cashier.makewithdrawal', { method: 'card', amount: '60' })).body
      .data as Tx;
    expect(await balance(browser)).toBe('50.00');
    const answer = await operator('POST', `/nfx/operator/withdrawals/${rejected.id}/reject`, {
      reason: 'bonus_abuse',
    });
    expect(answer.body.data).toMatchObject({ status: 'rejected', failure_code: 'bonus_abuse' });
    expect(await balance(browser)).toBe('110.00');
    const late = await operator('POST', `/nfx/operator/withdrawals/${rejected.id}/approve`);
    expect(late.statusCode).toBe(422);
  });

  it('returns the funds when the bank declines the payout', async () => {
    const { browser } = await confirmedPlayer(h);
    await deposit(browser, '100');
    const made = (
      await browser.call('cashier.makewithdrawal', {
        method: 'bank_transfer',
        amount: '25',
        requisites: JSON.stringify({
          iban: 'DE89370400440532013000',
          holder: "Jane O'Player",
          bank_id: 'bank_de_sdk',
        }),
      })
    ).body.data as Tx;
    expect(made.requisites).toEqual({
      iban: 'DE89 •••• 3000',
      holder: "Jane O'Player",
      bank_id: 'bank_de_sdk',
    });
    expect(await balance(browser)).toBe('75.00');
    await operator('POST', `/nfx/operator/withdrawals/${made.id}/approve`);
    clock += 5_000;
    await settle(made.id, ['processing']);
    // The sandbox bank declines IBANs ending in 0000 and amounts ending in .13: this one is paid.
    expect((await info(browser, made.id)).status).toBe('paid');

    const declined = (
      await browser.call('cashier.makewithdrawal', {
        method: 'bank_transfer',
        amount: '20.13',
        requisites: { iban: 'DE89370400440532013000', holder: 'Jane Player' },
      })
    ).body.data as Tx;
    await operator('POST', `/nfx/operator/withdrawals/${declined.id}/approve`);
    clock += 5_000;
    await settle(declined.id, ['processing']);
    expect(await info(browser, declined.id)).toMatchObject({
      status: 'failed',
      failure_code: 'payout_declined',
    });
    expect(await balance(browser)).toBe('75.00');
  });
});

describe('banks', () => {
  it('lists the provider banks for a country', async () => {
    const { browser } = await signUp(h.app);
    const answer = await browser.call('cashier.getbanks', { country: 'de' });
    expect(answer.body.data).toMatchObject({ total: 2 });
    const fr = await browser.call('cashier.getbanks');
    expect((fr.body.data as { items: { country: string }[] }).items.every((b) => b.country === 'FR')).toBe(
      true,
    );
  });
});

describe('the ledger after all of it', () => {
  it('keeps every invariant', async () => {
    expect(await checkInvariants(h.database.db)).toEqual([]);
    const pending = await h.database.db.execute<{ total: string | null }>(sql`
      SELECT sum(balance_minor)::text AS total FROM ledger_accounts WHERE name = 'pending_withdrawals'`);
    const held = await h.database.db.execute<{ total: string | null }>(sql`
      SELECT sum(amount_minor)::text AS total FROM cashier_transactions
      WHERE type = 'withdrawal' AND status IN ('pending', 'approved', 'processing')`);
    expect(pending.rows[0]?.total ?? '0').toBe(held.rows[0]?.total ?? '0');
  });
});
