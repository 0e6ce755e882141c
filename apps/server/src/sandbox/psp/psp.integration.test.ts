/**
 * CroupierPay Sandbox end to end on real PostgreSQL: the merchant API (auth, idempotency, amounts),
 * every test card through the hosted page driven by plain form posts, 3-D Secure, pending cards
 * settled by the background pass, bank transfers, payouts, signed webhooks delivered to a real HTTP
 * receiver with back-off, and no card number left in any table.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../lib/signature.ts';
import { sandboxPspCredentials } from '../../provider-credentials.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_CARDS } from './cards.ts';
import { PENDING_RESOLUTION_MS } from './checkout.ts';
import type { DashboardData } from './dashboard.ts';
import { COLLECTION_ACCOUNT, formatIban, ibanFromBban } from './iban.ts';
import { PAYOUT_RESOLUTION_MS } from './merchant-api.ts';
import { createSandboxPsp, type SandboxPsp } from './psp.service.ts';
import { WEBHOOK_RETRY_WINDOW_MS, webhookRetryDelayMs } from './webhook-delivery.ts';

/** The receiver's check of lib/signature.ts over a body held as text. */
const verifySignature = (secret: string, header: string | undefined, raw: string, nowSeconds: number) =>
  verifyWebhookSignature(secret, header, Buffer.from(raw), nowSeconds).ok;

interface Received {
  path: string;
  signature: string | undefined;
  raw: string;
  event: {
    id: string;
    type: string;
    created: number;
    data: { object: string; id: string; status: string; amount: string; failure_code?: string };
  };
}

interface ApiError {
  error: { code: string; message: string; param?: string };
}

interface PaymentCreated {
  id: string;
  status: string;
  redirect_url: string;
}

interface PaymentDto {
  id: string;
  merchant_reference: string;
  amount: string;
  currency: string;
  method: string;
  status: string;
  failure_code?: string;
}

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const INVALID_CARD_NUMBERS = ['4242424242424241', '5555555555554444'];

describe('CroupierPay Sandbox', () => {
  let t: TestApp;
  let psp: SandboxPsp;
  let receiver: Server;
  let hookBase: string;
  let apiKey: string;
  let webhookSecret: string;
  let clock = Date.now();
  const received: Received[] = [];
  /** Receiver paths that answer 500 this many more times before a 200. */
  const failuresLeft = new Map<string, number>();
  let sequence = 0;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      void readBody(request).then((raw) => {
        const path = request.url ?? '/';
        const signature = request.headers['croupier-signature'];
        received.push({
          path,
          signature: Array.isArray(signature) ? signature[0] : signature,
          raw,
          event: JSON.parse(raw),
        });
        const left = failuresLeft.get(path) ?? 0;
        if (left > 0) {
          failuresLeft.set(path, left - 1);
          response.writeHead(500).end('not now');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp({ env: { SANDBOX: '1' }, now: () => new Date(clock) });
    psp = t.app.sandboxPsp!;
    ({ apiKey, webhookSecret } = sandboxPspCredentials(t.config));
  });

  afterAll(async () => {
    await t?.close();
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  function auth(key = apiKey) {
    return { authorization: `Bearer ${key}` };
  }

  function paymentBody(overrides: Record<string, unknown> = {}) {
    sequence += 1;
    return {
      merchant_reference: `dep_${sequence}`,
      amount: '25.00',
      currency: 'EUR',
      method: 'card',
      customer: { id: '42', email: 'player@example.com' },
      return_url: `https://casino.example/cashier/payresult/dep_${sequence}`,
      webhook_url: `${hookBase}/hooks/ok`,
      ...overrides,
    };
  }

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: `/sandbox/psp/api/v1${path}`,
      headers: { ...auth(), 'idempotency-key': `key-${Math.random()}`, ...headers },
      payload: body as Record<string, unknown>,
    });
  }

  async function createPayment(overrides: Record<string, unknown> = {}): Promise<PaymentCreated> {
    const response = await post('/payments', paymentBody(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PaymentCreated>();
  }

  async function getPayment(id: string): Promise<PaymentDto> {
    const response = await t.app.inject({ url: `/sandbox/psp/api/v1/payments/${id}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    return response.json<PaymentDto>();
  }

  function pagePath(redirectUrl: string): string {
    return new URL(redirectUrl).pathname;
  }

  async function submitForm(path: string, fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  async function payWithCard(created: PaymentCreated, number: string, fields: Record<string, string> = {}) {
    const page = await t.app.inject({ url: pagePath(created.redirect_url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/sandbox/psp/pay/');
    return submitForm(`${pagePath(created.redirect_url)}/card`, {
      number,
      expiry: '12/49',
      cvc: '123',
      holder: 'Ada Lovelace',
      ...fields,
    });
  }

  function eventsFor(objectId: string): Received[] {
    return received.filter((entry) => entry.event.data.id === objectId);
  }

  async function webhook(objectId: string, type: string): Promise<Received> {
    return waitFor(async () => {
      await psp.deliverDue();
      return eventsFor(objectId).find((entry) => entry.event.type === type);
    });
  }

  async function countRows(table: string): Promise<number> {
    const result = await t.database.db.execute<{ count: string }>(
      sql.raw(`SELECT count(*)::text AS count FROM ${table}`),
    );
    return Number(result.rows[0]?.count);
  }

  describe('API authentication', () => {
    it.each([
      ['no header', {}],
      ['an unknown key', auth('sk_sandbox_not_the_key')],
      ['a malformed header', { authorization: 'Basic abc' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ])('refuses %s with 401', async (_name, headers) => {
      for (const [method, url] of [
        ['POST', '/sandbox/psp/api/v1/payments'],
        ['GET', '/sandbox/psp/api/v1/payments/pay_0123456789abcdef0123456789abcdef'],
        ['POST', '/sandbox/psp/api/v1/payouts'],
        ['GET', '/sandbox/psp/api/v1/banks?country=FR'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...headers, 'idempotency-key': 'k1' },
          ...(method === 'POST' ? { payload: paymentBody() } : {}),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json<ApiError>().error.code).toBe('unauthorized');
        expect(response.headers['www-authenticate']).toContain('Bearer');
      }
    });

    it('answers unknown endpoints and ids with its own 404', async () => {
      const unknown = await t.app.inject({ url: '/sandbox/psp/api/v1/charges', headers: auth() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ApiError>().error.code).toBe('not_found');
      for (const id of ['pay_0123456789abcdef0123456789abcdef', 'nope', '..%2F..']) {
        const response = await t.app.inject({ url: `/sandbox/psp/api/v1/payments/${id}`, headers: auth() });
        expect(response.statusCode).toBe(404);
        expect(response.json<ApiError>().error.code).toBe('not_found');
      }
      const payout = await t.app.inject({
        url: '/sandbox/psp/api/v1/payouts/po_0123456789abcdef0123456789abcdef',
        headers: auth(),
      });
      expect(payout.statusCode).toBe(404);
    });
  });

  describe('idempotency', () => {
    it('returns the first response for the same key and body, 409 for another body', async () => {
      const body = paymentBody();
      const first = await post('/payments', body, { 'idempotency-key': 'idem-same' });
      expect(first.statusCode).toBe(201);
      const again = await post('/payments', { ...body }, { 'idempotency-key': 'idem-same' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      // Key order does not make another request.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      expect((await post('/payments', reordered, { 'idempotency-key': 'idem-same' })).json()).toEqual(
        first.json(),
      );

      const conflict = await post(
        '/payments',
        { ...body, amount: '26.00' },
        { 'idempotency-key': 'idem-same' },
      );
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json<ApiError>().error.code).toBe('idempotency_conflict');
      const otherEndpoint = await post(
        '/payouts',
        {
          merchant_reference: 'wd_x',
          amount: '1.00',
          currency: 'EUR',
          destination: { type: 'iban', iban: 'DE89370400440532013000', holder: 'A' },
          webhook_url: `${hookBase}/hooks/ok`,
        },
        { 'idempotency-key': 'idem-same' },
      );
      expect(otherEndpoint.statusCode).toBe(409);
    });

    it('creates one payment for concurrent requests with the same key', async () => {
      const body = paymentBody();
      const before = await countRows('sandbox_psp_payments');
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => post('/payments', body, { 'idempotency-key': 'idem-race' })),
      );
      const ids = new Set(responses.map((response) => response.json<PaymentCreated>().id));
      expect(responses.every((response) => response.statusCode === 201)).toBe(true);
      expect(ids.size).toBe(1);
      expect(await countRows('sandbox_psp_payments')).toBe(before + 1);
    });

    it('requires a well-formed Idempotency-Key on creation', async () => {
      for (const headers of [{ 'idempotency-key': '' }, { 'idempotency-key': 'has space' }]) {
        const response = await post('/payments', paymentBody(), headers);
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().error).toMatchObject({
          code: 'invalid_request',
          param: 'Idempotency-Key',
        });
      }
      const missing = await t.app.inject({
        method: 'POST',
        url: '/sandbox/psp/api/v1/payments',
        headers: auth(),
        payload: paymentBody(),
      });
      expect(missing.statusCode).toBe(400);
    });

    it('keeps no key for a refused request, so the merchant can fix the body and reuse it', async () => {
      const bad = await post('/payments', paymentBody({ amount: '1.001' }), {
        'idempotency-key': 'idem-fix',
      });
      expect(bad.statusCode).toBe(400);
      const fixed = await post('/payments', paymentBody(), { 'idempotency-key': 'idem-fix' });
      expect(fixed.statusCode).toBe(201);
    });
  });

  describe('request validation', () => {
    it.each([
      ['fraction beyond the exponent', { amount: '10.001' }],
      ['fraction on a zero-exponent currency', { amount: '100.5', currency: 'JPY' }],
      ['negative', { amount: '-5.00' }],
      ['zero', { amount: '0.00' }],
      ['huge', { amount: '1000000000000000000000.00' }],
      ['non-numeric', { amount: 'ten' }],
      ['exponent notation', { amount: '1e3' }],
      ['a JSON number', { amount: 25 }],
      ['missing', { amount: undefined }],
    ])('refuses an amount that is %s', async (_name, overrides) => {
      const before = await countRows('sandbox_psp_payments');
      const response = await post('/payments', paymentBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().error).toMatchObject({ code: 'invalid_request', param: 'amount' });
      expect(await countRows('sandbox_psp_payments')).toBe(before);
    });

    it('accepts amounts at the currency exponent', async () => {
      const yen = await createPayment({ amount: '1500', currency: 'JPY' });
      expect(await getPayment(yen.id)).toMatchObject({
        amount: '1500',
        currency: 'JPY',
        status: 'requires_action',
      });
      const euro = await createPayment({ amount: '7.5' });
      expect((await getPayment(euro.id)).amount).toBe('7.50');
    });

    it.each([
      ['an unsupported currency', { currency: 'XYZ' }, 'currency'],
      ['a lowercase currency', { currency: 'eur' }, 'currency'],
      ['an unknown method', { method: 'crypto' }, 'method'],
      ['a javascript: return URL', { return_url: 'javascript:alert(1)' }, 'return_url'],
      ['a relative webhook URL', { webhook_url: '/hooks' }, 'webhook_url'],
      ['an unknown field', { coupon: 'FREE' }, 'coupon'],
      ['no customer', { customer: undefined }, 'customer'],
      ['an invalid requisites IBAN', { requisites: { iban: 'FR00 0000' } }, 'requisites.iban'],
      ['an over-long reference', { merchant_reference: 'x'.repeat(200) }, 'merchant_reference'],
    ])('refuses %s', async (_name, overrides, param) => {
      const response = await post('/payments', paymentBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().error).toMatchObject({ code: 'invalid_request', param });
    });

    it('refuses malformed bodies with a typed 4xx', async () => {
      for (const [contentType, payload] of [
        ['application/json', '{"amount": '],
        ['application/json', '[]'],
        ['application/json', '"text"'],
        ['application/json', 'null'],
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'amount=1'],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/sandbox/psp/api/v1/payments',
          headers: { ...auth(), 'idempotency-key': 'malformed', 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, `${contentType} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json<ApiError>().error.code).toBe('invalid_request');
      }
    });

    it('lists banks by country and refuses a malformed country', async () => {
      const fr = await t.app.inject({ url: '/sandbox/psp/api/v1/banks?country=FR', headers: auth() });
      expect(fr.statusCode).toBe(200);
      const items = fr.json<{ items: Array<{ id: string; name: string; bic: string; country: string }> }>()
        .items;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((bank) => bank.country === 'FR' && bank.bic.length >= 8)).toBe(true);
      const none = await t.app.inject({ url: '/sandbox/psp/api/v1/banks?country=ZZ', headers: auth() });
      expect(none.json()).toEqual({ items: [] });
      const bad = await t.app.inject({ url: '/sandbox/psp/api/v1/banks?country=France', headers: auth() });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().error).toMatchObject({ code: 'invalid_request', param: 'country' });
    });
  });

  describe('hosted payment page', () => {
    it('is the provider own, script-free page with the test cards', async () => {
      const created = await createPayment({ amount: '12.50' });
      expect(created.status).toBe('requires_action');
      const page = await t.app.inject({ url: pagePath(created.redirect_url) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('CroupierPay');
      expect(page.body).toContain('SANDBOX');
      expect(page.body).toContain('12.50 EUR');
      for (const card of TEST_CARDS) expect(page.body).toContain(card.number.replace(/(.{4})(?=.)/g, '$1 '));
      expect(page.body).not.toMatch(/<script/i);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
      expect(csp).toContain('form-action');
      expect(csp).toContain('https://casino.example');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['cache-control']).toBe('no-store');
    });

    it('answers unknown payment pages with its own 404', async () => {
      for (const path of ['/sandbox/psp/pay/pay_0123456789abcdef0123456789abcdef', '/sandbox/psp/pay/x']) {
        const response = await t.app.inject({ url: path });
        expect(response.statusCode).toBe(404);
        expect(response.body).toContain('CroupierPay');
      }
    });

    it('succeeds with 4242 4242 4242 4242 and signs the payment.succeeded webhook', async () => {
      const created = await createPayment();
      const submitted = await payWithCard(created, '4242 4242 4242 4242');
      expect(submitted.statusCode).toBe(303);
      expect(submitted.headers.location).toMatch(
        /^https:\/\/casino\.example\/cashier\/payresult\/dep_\d+\?status=success$/,
      );
      expect(await getPayment(created.id)).toMatchObject({
        status: 'succeeded',
        amount: '25.00',
        method: 'card',
      });

      const hook = await webhook(created.id, 'payment.succeeded');
      expect(hook.path).toBe('/hooks/ok');
      expect(verifySignature(webhookSecret, hook.signature, hook.raw, Math.floor(clock / 1000))).toBe(true);
      expect(
        verifySignature('wrong-secret-wrong-secret', hook.signature, hook.raw, Math.floor(clock / 1000)),
      ).toBe(false);
      expect(hook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(hook.event).toMatchObject({
        type: 'payment.succeeded',
        created: Math.floor(clock / 1000),
        data: { object: 'payment', id: created.id, status: 'succeeded', amount: '25.00', currency: 'EUR' },
      });
      expect(hook.event.id).toMatch(/^evt_/);
      expect(hook.event.data).not.toHaveProperty('failure_code');
      // The customer the payment was created with, its id only (the casino's one-statement credit
      // reads whose deposit it is from it, ADR 069): no e-mail address travels in events.
      expect(hook.raw).toContain('"customer":{"id":"42"}');
      expect(await getPayment(created.id)).toMatchObject({ customer: { id: '42' } });

      // After the checkout the page only says what happened and links back.
      const after = await t.app.inject({ url: pagePath(created.redirect_url) });
      expect(after.body).toContain('Payment successful');
      expect(after.body).toContain('status=success');
    });

    it.each([
      ['4000 0000 0000 0002', 'card_declined'],
      ['4000 0000 0000 9995', 'insufficient_funds'],
    ])('fails %s with %s', async (number, failureCode) => {
      const created = await createPayment();
      const submitted = await payWithCard(created, number);
      expect(submitted.statusCode).toBe(303);
      expect(submitted.headers.location).toMatch(/\?status=fail$/);
      expect(await getPayment(created.id)).toMatchObject({ status: 'failed', failure_code: failureCode });
      const hook = await webhook(created.id, 'payment.failed');
      expect(hook.event.data).toMatchObject({ status: 'failed', failure_code: failureCode });
    });

    it('runs the 3-D Secure challenge: 123456 succeeds', async () => {
      const created = await createPayment();
      const submitted = await payWithCard(created, '4000000000003220');
      expect(submitted.statusCode).toBe(303);
      expect(submitted.headers.location).toBe(pagePath(created.redirect_url));
      const challenge = await t.app.inject({ url: pagePath(created.redirect_url) });
      expect(challenge.body).toContain('3-D Secure');
      expect(challenge.body).toContain('ending in 3220');
      expect((await getPayment(created.id)).status).toBe('requires_action');
      const passed = await submitForm(`${pagePath(created.redirect_url)}/challenge`, { code: '123456' });
      expect(passed.statusCode).toBe(303);
      expect(passed.headers.location).toMatch(/\?status=success$/);
      expect((await getPayment(created.id)).status).toBe('succeeded');
      await webhook(created.id, 'payment.succeeded');
    });

    it('runs the 3-D Secure challenge: a wrong code fails', async () => {
      const created = await createPayment();
      await payWithCard(created, '4000000000003220');
      const failed = await submitForm(`${pagePath(created.redirect_url)}/challenge`, { code: '000000' });
      expect(failed.headers.location).toMatch(/\?status=fail$/);
      expect(await getPayment(created.id)).toMatchObject({
        status: 'failed',
        failure_code: 'authentication_failed',
      });
      // The challenge cannot be retried once failed.
      const retry = await submitForm(`${pagePath(created.redirect_url)}/challenge`, { code: '123456' });
      expect(retry.headers.location).toBe(pagePath(created.redirect_url));
      expect((await getPayment(created.id)).status).toBe('failed');
    });

    it.each([
      ['4000 0000 0000 0077', 'succeeded', 'payment.succeeded', undefined],
      ['4000 0000 0000 0085', 'failed', 'payment.failed', 'card_declined'],
    ])('leaves %s pending, then settles it as %s', async (number, status, type, failureCode) => {
      const created = await createPayment();
      const submitted = await payWithCard(created, number);
      expect(submitted.headers.location).toMatch(/\?status=pending$/);
      expect((await getPayment(created.id)).status).toBe('processing');
      await webhook(created.id, 'payment.processing');

      // Not before its time…
      await psp.deliverDue();
      expect((await getPayment(created.id)).status).toBe('processing');
      // …then on the next pass after it.
      clock += PENDING_RESOLUTION_MS;
      const hook = await webhook(created.id, type);
      const payment = await getPayment(created.id);
      expect(payment.status).toBe(status);
      expect(payment.failure_code).toBe(failureCode);
      expect(hook.event.data.failure_code).toBe(failureCode);
    });

    it('cancels, appending the status to a return URL that has a query', async () => {
      const created = await createPayment({
        return_url: 'https://casino.example/cashier/paycancel?tx=dep%209',
      });
      const canceled = await submitForm(`${pagePath(created.redirect_url)}/cancel`, {});
      expect(canceled.statusCode).toBe(303);
      expect(canceled.headers.location).toBe(
        'https://casino.example/cashier/paycancel?tx=dep%209&status=cancel',
      );
      expect((await getPayment(created.id)).status).toBe('canceled');
      await webhook(created.id, 'payment.canceled');
      // A return URL the parser must encode still makes a valid Location header.
      const unicode = await createPayment({ return_url: 'https://casino.example/caisse/annulé' });
      const unicodeCanceled = await submitForm(`${pagePath(unicode.redirect_url)}/cancel`, {});
      expect(unicodeCanceled.headers.location).toBe(
        'https://casino.example/caisse/annul%C3%A9?status=cancel',
      );
      // A card posted after the cancel changes nothing.
      const late = await submitForm(`${pagePath(created.redirect_url)}/card`, {
        number: '4242424242424242',
        expiry: '12/49',
        cvc: '123',
        holder: 'Ada Lovelace',
      });
      expect(late.statusCode).toBe(303);
      expect(late.headers.location).toBe(pagePath(created.redirect_url));
      expect((await getPayment(created.id)).status).toBe('canceled');
    });

    it('shows field errors without echoing the card number and keeps the payment open', async () => {
      const created = await createPayment();
      for (const [fields, field] of [
        [{ number: '4242 4242 4242 4241' }, 'number-error'],
        [{ number: '5555 5555 5555 4444' }, 'number-error'],
        [{ number: '4242424242424242', expiry: '01/20' }, 'expiry-error'],
        [{ number: '4242424242424242', cvc: '12' }, 'cvc-error'],
        [{ number: '4242424242424242', holder: ' ' }, 'holder-error'],
        [{ number: '' }, 'number-error'],
      ] as const) {
        const response = await payWithCard(created, fields.number, fields);
        expect(response.statusCode).toBe(422);
        expect(response.body).toContain(`id="${field}"`);
        // The number field comes back empty; a number outside the test-card table appears nowhere.
        expect(/<input id="number"[^>]*>/.exec(response.body)?.[0]).not.toContain('value=');
        const digits = fields.number.replace(/\D/g, '');
        if (digits && !TEST_CARDS.some((card) => card.number === digits)) {
          expect(response.body.replace(/\s/g, '')).not.toContain(digits);
        }
      }
      expect((await getPayment(created.id)).status).toBe('requires_action');
      expect(eventsFor(created.id)).toHaveLength(0);
    });

    it('takes a double submit once', async () => {
      const created = await createPayment();
      const [first, second] = await Promise.all([
        payWithCard(created, '4242424242424242'),
        payWithCard(created, '4242424242424242'),
      ]);
      const locations = [first.headers.location, second.headers.location];
      expect(locations.filter((location) => String(location).endsWith('status=success'))).toHaveLength(1);
      await webhook(created.id, 'payment.succeeded');
      await psp.deliverDue();
      expect(eventsFor(created.id).filter((entry) => entry.event.type === 'payment.succeeded')).toHaveLength(
        1,
      );
    });

    it('refuses a cross-site form post', async () => {
      const created = await createPayment();
      const response = await t.app.inject({
        method: 'POST',
        url: `${pagePath(created.redirect_url)}/cancel`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
        payload: '',
      });
      expect(response.statusCode).toBe(403);
      expect((await getPayment(created.id)).status).toBe('requires_action');
    });

    it('expires a checkout nobody completes', async () => {
      const created = await createPayment();
      clock += 24 * 3_600_000;
      const hook = await webhook(created.id, 'payment.canceled');
      expect(hook.event.data).toMatchObject({ status: 'canceled', failure_code: 'expired' });
    });
  });

  describe('bank transfer', () => {
    it('shows the IBAN and reference, goes pending when sent, succeeds when received', async () => {
      const created = await createPayment({
        method: 'bank_transfer',
        requisites: { iban: 'DE89 3704 0044 0532 0130 00' },
      });
      const page = await t.app.inject({ url: pagePath(created.redirect_url) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(formatIban(COLLECTION_ACCOUNT.iban));
      expect(page.body).toMatch(/CPS-[A-Z0-9]{10}/);
      expect(page.body).toContain('Simulate transfer received');

      const sent = await submitForm(`${pagePath(created.redirect_url)}/bank-transfer/sent`, {});
      expect(sent.headers.location).toMatch(/\?status=pending$/);
      expect(await getPayment(created.id)).toMatchObject({ status: 'processing', method: 'bank_transfer' });
      await webhook(created.id, 'payment.processing');

      const waiting = await t.app.inject({ url: pagePath(created.redirect_url) });
      expect(waiting.body).toContain('waiting for your transfer');
      const simulated = await submitForm(`${pagePath(created.redirect_url)}/bank-transfer/simulate`, {});
      expect(simulated.headers.location).toMatch(/\?status=success$/);
      expect((await getPayment(created.id)).status).toBe('succeeded');
      await webhook(created.id, 'payment.succeeded');
    });

    it('can be simulated straight away, and a card is not taken for it', async () => {
      const created = await createPayment({ method: 'bank_transfer' });
      const card = await payWithCard(created, '4242424242424242');
      expect(card.headers.location).toBe(pagePath(created.redirect_url));
      const simulated = await submitForm(`${pagePath(created.redirect_url)}/bank-transfer/simulate`, {});
      expect(simulated.headers.location).toMatch(/\?status=success$/);
    });
  });

  describe('webhook delivery', () => {
    it('retries with exponential back-off until the receiver answers 2xx', async () => {
      failuresLeft.set('/hooks/flaky', 3);
      const created = await createPayment({ webhook_url: `${hookBase}/hooks/flaky` });
      await payWithCard(created, '4242424242424242');

      const attempts = async () => {
        const rows = await t.database.db.execute<{ status: string; attempts: number; next_attempt_at: Date }>(
          sql`SELECT d.status, d.attempts, d.next_attempt_at FROM sandbox_psp_webhook_deliveries d
              JOIN sandbox_psp_events e ON e.id = d.event_id WHERE e.object_id = ${created.id}`,
        );
        return rows.rows[0];
      };
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const row = await waitFor(async () => {
          await psp.deliverDue();
          const current = await attempts();
          return current?.attempts === attempt && current.status === 'pending' ? current : undefined;
        });
        expect(new Date(row.next_attempt_at).getTime()).toBe(clock + webhookRetryDelayMs(attempt));
        // Nothing is sent again before the back-off has passed.
        await psp.deliverDue();
        expect((await attempts())?.attempts).toBe(attempt);
        clock += webhookRetryDelayMs(attempt);
      }
      const delivered = await waitFor(async () => {
        await psp.deliverDue();
        const current = await attempts();
        return current?.status === 'delivered' ? current : undefined;
      });
      expect(delivered.attempts).toBe(4);
      const hooks = eventsFor(created.id);
      expect(hooks).toHaveLength(4);
      // Every retry carries the same event and bytes, each correctly signed.
      expect(new Set(hooks.map((hook) => hook.raw)).size).toBe(1);
      for (const hook of hooks) {
        const t0 = Number(/t=(\d+)/.exec(hook.signature ?? '')?.[1]);
        expect(verifySignature(webhookSecret, hook.signature, hook.raw, t0)).toBe(true);
      }

      const dashboard = await t.app.inject({ url: '/sandbox/psp/dashboard.json' });
      const data = dashboard.json<DashboardData>();
      const entry = data.webhooks.find((webhookRow) => webhookRow.object_id === created.id);
      expect(entry).toMatchObject({ status: 'delivered', attempts: 4 });
      expect(entry?.attempt_log.map((attempt) => attempt.status_code)).toEqual([500, 500, 500, 200]);
    });

    it('records a refused connection and retries it later', async () => {
      const created = await createPayment({ webhook_url: 'http://127.0.0.1:9/hooks' });
      await payWithCard(created, '4242424242424242');
      const row = await waitFor(async () => {
        await psp.deliverDue();
        const rows = await t.database.db.execute<{ status: string; attempts: number; last_error: string }>(
          sql`SELECT d.status, d.attempts, d.last_error FROM sandbox_psp_webhook_deliveries d
              JOIN sandbox_psp_events e ON e.id = d.event_id WHERE e.object_id = ${created.id}`,
        );
        const current = rows.rows[0];
        return current && current.attempts >= 1 && current.status === 'pending' ? current : undefined;
      });
      expect(row.last_error).toBeTruthy();
    });

    it('gives up after the 3-day retry window', async () => {
      failuresLeft.set('/hooks/down', Number.POSITIVE_INFINITY);
      const created = await createPayment({ webhook_url: `${hookBase}/hooks/down` });
      await payWithCard(created, '4242424242424242');
      const status = async () => {
        await psp.deliverDue();
        const rows = await t.database.db.execute<{ status: string; attempts: number }>(
          sql`SELECT d.status, d.attempts FROM sandbox_psp_webhook_deliveries d
              JOIN sandbox_psp_events e ON e.id = d.event_id WHERE e.object_id = ${created.id}`,
        );
        return rows.rows[0];
      };
      await waitFor(async () => ((await status())?.attempts === 1 ? true : undefined));
      clock += WEBHOOK_RETRY_WINDOW_MS;
      const final = await waitFor(async () => {
        const current = await status();
        return current?.status === 'failed' ? current : undefined;
      });
      expect(final.attempts).toBe(2);
      clock += 3_600_000;
      await psp.deliverDue();
      expect(await status()).toMatchObject({ status: 'failed', attempts: 2 });
    });

    it('delivers each event once when two nodes run the loop side by side', async () => {
      const other = createSandboxPsp({
        db: t.database.db,
        config: t.config,
        log: t.app.log,
        now: () => new Date(clock),
      });
      const ids: string[] = [];
      for (let index = 0; index < 8; index += 1) {
        const created = await createPayment({ webhook_url: `${hookBase}/hooks/nodes` });
        await payWithCard(created, '4242424242424242');
        ids.push(created.id);
      }
      await Promise.all([psp.deliverDue(), other.deliverDue(), psp.deliverDue(), other.deliverDue()]);
      await waitFor(() => (ids.every((id) => eventsFor(id).length > 0) ? true : undefined));
      await Promise.all([psp.deliverDue(), other.deliverDue()]);
      for (const id of ids) expect(eventsFor(id)).toHaveLength(1);
    });
  });

  describe('payouts', () => {
    async function createPayout(overrides: Record<string, unknown>) {
      sequence += 1;
      return post('/payouts', {
        merchant_reference: `wd_${sequence}`,
        amount: '40.00',
        currency: 'EUR',
        destination: { type: 'iban', iban: 'FR76 3000 6000 0112 3456 7890 189', holder: 'Ada Lovelace' },
        webhook_url: `${hookBase}/hooks/ok`,
        ...overrides,
      });
    }

    async function payout(id: string) {
      const response = await t.app.inject({ url: `/sandbox/psp/api/v1/payouts/${id}`, headers: auth() });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: string; status: string; amount: string; failure_code?: string }>();
    }

    it.each([
      ['an IBAN payout', {}, 'paid', undefined],
      [
        'an IBAN ending in 0000',
        { destination: { type: 'iban', iban: ibanFromBban('FR', '30001007941234567890000'), holder: 'Ada' } },
        'failed',
        'payout_declined',
      ],
      ['an amount ending in .13', { amount: '10.13' }, 'failed', 'payout_declined'],
    ])('settles %s a moment later', async (_name, overrides, status, failureCode) => {
      const created = await createPayout(overrides);
      expect(created.statusCode, created.body).toBe(201);
      const { id, status: initial } = created.json<{ id: string; status: string }>();
      expect(id).toMatch(/^po_/);
      expect(initial).toBe('pending');
      expect((await payout(id)).status).toBe('pending');
      clock += PAYOUT_RESOLUTION_MS;
      const hook = await webhook(id, status === 'paid' ? 'payout.paid' : 'payout.failed');
      expect(hook.event.data).toMatchObject({ object: 'payout', id, status });
      expect(hook.event.data.failure_code).toBe(failureCode);
      const settled = await payout(id);
      expect(settled.status).toBe(status);
      expect(settled.failure_code).toBe(failureCode);
      expect(verifySignature(webhookSecret, hook.signature, hook.raw, Math.floor(clock / 1000))).toBe(true);
    });

    it('pays back to the card of a succeeded payment, and only such a card', async () => {
      const paid = await createPayment();
      await payWithCard(paid, '4242424242424242');
      const created = await createPayout({ destination: { type: 'card', payment_id: paid.id } });
      expect(created.statusCode).toBe(201);
      clock += PAYOUT_RESOLUTION_MS;
      await webhook(created.json<{ id: string }>().id, 'payout.paid');

      const open = await createPayment();
      for (const destination of [
        { type: 'card', payment_id: open.id },
        { type: 'card', payment_id: 'pay_0123456789abcdef0123456789abcdef' },
      ]) {
        const refused = await createPayout({ destination });
        expect(refused.statusCode).toBe(400);
        expect(refused.json<ApiError>().error.param).toBe('destination.payment_id');
      }
      const otherCurrency = await createPayout({
        currency: 'USD',
        destination: { type: 'card', payment_id: paid.id },
      });
      expect(otherCurrency.statusCode).toBe(400);
    });

    it.each([
      [
        'an invalid IBAN',
        { destination: { type: 'iban', iban: 'FR7630006000011234567890188', holder: 'A' } },
      ],
      ['no holder', { destination: { type: 'iban', iban: 'FR7630006000011234567890189' } }],
      ['an unknown destination type', { destination: { type: 'wallet', id: 'x' } }],
      ['a bad amount', { amount: '1.234' }],
      ['a negative amount', { amount: '-1.00' }],
    ])('refuses %s', async (_name, overrides) => {
      const before = await countRows('sandbox_psp_payouts');
      const response = await createPayout(overrides);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().error.code).toBe('invalid_request');
      expect(await countRows('sandbox_psp_payouts')).toBe(before);
    });
  });

  describe('over real HTTP', () => {
    it('redirects the browser to its own address and back to the merchant', async () => {
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${origin}/sandbox/psp/api/v1/payments`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json', 'idempotency-key': 'http-1' },
        body: JSON.stringify(paymentBody()),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as PaymentCreated;
      expect(created.redirect_url).toBe(`${origin}/sandbox/psp/pay/${created.id}`);
      const page = await fetch(created.redirect_url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Card number');
      const submitted = await fetch(`${created.redirect_url}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12/49',
          cvc: '123',
          holder: 'A B',
        }),
        redirect: 'manual',
      });
      expect(submitted.status).toBe(303);
      expect(submitted.headers.get('location')).toMatch(/\?status=success$/);
    });
  });

  describe('card data', () => {
    it('is in no table beyond brand and last four digits', async () => {
      // Every card outcome has been through the page above; scan every row of every table.
      const tables = await t.database.db.execute<{ table_name: string }>(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      );
      expect(tables.rows.length).toBeGreaterThan(5);
      const numbers = [...TEST_CARDS.map((card) => card.number), ...INVALID_CARD_NUMBERS];
      for (const { table_name: table } of tables.rows) {
        const rows = await t.database.db.execute<{ row: string }>(
          sql.raw(`SELECT row_to_json(t)::text AS row FROM "${table}" t`),
        );
        for (const { row } of rows.rows) {
          const digitsOnly = row.replace(/[^0-9]/g, ' ');
          for (const number of numbers) {
            expect(row, `${table}`).not.toContain(number);
            expect(row, `${table}`).not.toContain(number.replace(/(.{4})(?=.)/g, '$1 '));
            expect(digitsOnly.split(' ')).not.toContain(number);
          }
        }
      }
      const stored = await t.database.db.execute<{ card_last4: string; card_brand: string }>(
        sql`SELECT card_last4, card_brand FROM sandbox_psp_payments WHERE card_last4 IS NOT NULL LIMIT 1`,
      );
      expect(stored.rows[0]).toMatchObject({
        card_brand: 'visa',
        card_last4: expect.stringMatching(/^\d{4}$/),
      });
    });
  });

  describe('dashboard', () => {
    it('lists payments, payouts and deliveries with their attempts', async () => {
      const page = await t.app.inject({ url: '/sandbox/psp/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sandbox dashboard');
      expect(page.body).toContain('payout_declined');
      expect(page.body).not.toMatch(/<script/i);
      const data = (await t.app.inject({ url: '/sandbox/psp/dashboard.json' })).json<DashboardData>();
      expect(data.payments.length).toBeGreaterThan(0);
      expect(data.payouts.length).toBeGreaterThan(0);
      expect(data.webhooks.some((entry) => entry.attempt_log.length > 0)).toBe(true);
      const root = await t.app.inject({ url: '/sandbox/psp' });
      expect(root.statusCode).toBe(302);
    });
  });
});

describe('CroupierPay Sandbox when SANDBOX is off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not mounted', async () => {
    expect(t.app.sandboxPsp).toBeUndefined();
    const response = await t.app.inject({ url: '/sandbox/psp/dashboard' });
    expect(response.statusCode).toBe(404);
  });
});
