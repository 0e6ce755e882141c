/**
 * Test helpers for the cashier integration tests: a test app listening on a real port (the sandbox
 * provider calls it back over HTTP), players with a confirmed login, paying at the provider's
 * hosted page like a browser, signed webhooks like the provider's, and a back-office token.
 */
import { freePort } from '@croupier/db/database';
import { sql } from 'drizzle-orm';
import { signWebhookBody } from '../../lib/signature.ts';
import { sandboxPspCredentials } from '../../provider-credentials.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Browser, newBrowser, signUp } from '../accounts/account-test-client.ts';
import { createStaff, signInStaff, type TestStaff } from '../backoffice/staff-test-client.ts';

export interface CashierHarness extends TestApp {
  base: string;
  webhookSecret: string;
  /** Runs the sandbox provider's background pass (settle due payments, deliver webhooks). */
  providerPass(): Promise<void>;
}

export async function createCashierHarness(options: { now?: () => Date } = {}): Promise<CashierHarness> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    env: { PORT: String(port), PUBLIC_URL: base, API_RATE_LIMIT_PER_MINUTE: '1000000' },
    ...(options.now ? { now: options.now } : {}),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    base,
    webhookSecret: sandboxPspCredentials(t.config).webhookSecret,
    async providerPass() {
      const psp = t.app.sandboxPsp;
      if (!psp) throw new Error('the sandbox provider is not mounted');
      await psp.deliverDue();
    },
  };
}

/** A signed-up player whose login email is confirmed (withdrawals need it). */
export async function confirmedPlayer(
  h: TestApp,
  currency = 'EUR',
): Promise<{ browser: Browser; uid: number }> {
  const { browser, uid } = await signUp(h.app, { currency });
  await h.database.db.execute(
    sql`UPDATE player_contacts SET confirmed_at = now() WHERE player_id = ${BigInt(uid)} AND is_login`,
  );
  return { browser, uid };
}

/** A deposit started through the player API, as the provider knows it. */
export interface MadeDeposit {
  /** Ours (`dep_<id>` is the merchant reference). */
  id: number;
  /** The provider's payment. */
  paymentId: string;
  /** The customer id we created the payment with: the player's id. */
  customer: string;
}

/** Starts a deposit through the player API (`cashier.makedeposit`: the payment exists at the provider). */
export async function makeDeposit(
  h: TestApp,
  browser: Browser,
  form: Record<string, string | number>,
): Promise<MadeDeposit> {
  const made = await browser.call('cashier.makedeposit', { method: 'card', ...form });
  if (made.body.status !== 1) throw new Error(`makedeposit failed: ${JSON.stringify(made.body)}`);
  const { transaction_id } = made.body.data as { transaction_id: number };
  const row = await h.database.db.execute<{ p: string; player: string }>(
    sql`SELECT provider_payment_id AS p, player_id::text AS player FROM cashier_transactions WHERE id = ${transaction_id}`,
  );
  const found = row.rows[0];
  if (!found) throw new Error(`deposit ${transaction_id} not found`);
  return { id: transaction_id, paymentId: found.p, customer: found.player };
}

let paymentEvents = 0;
/** A payment event as the provider sends it about `made`, naming its customer; `extra` overrides data fields. */
export function paymentEvent(
  type: string,
  made: MadeDeposit,
  amount: string,
  extra: Record<string, unknown> = {},
) {
  paymentEvents += 1;
  return {
    id: `evt_test_${paymentEvents}_${Date.now()}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: 'payment',
      id: made.paymentId,
      merchant_reference: `dep_${made.id}`,
      amount,
      currency: 'EUR',
      customer: { id: made.customer },
      status: type.split('.')[1],
      ...extra,
    },
  };
}

/** The player in the hosted page: opens it, types a test card, follows the provider back to us. */
export async function payAtProvider(
  redirectUrl: string,
  card = '4242 4242 4242 4242',
): Promise<{ returnLocation: string; resultLocation: string | null }> {
  const page = await fetch(redirectUrl, { redirect: 'manual' });
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}`);
  await page.text();
  const submitted = await fetch(`${redirectUrl}/card`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({
      number: card,
      expiry: '12/39',
      cvc: '123',
      holder: 'Jane Player',
    }).toString(),
  });
  const returnLocation = submitted.headers.get('location');
  await submitted.text();
  if (submitted.status !== 303 || !returnLocation) throw new Error(`card form answered ${submitted.status}`);
  // Back on our site: /cashier/payresult/{id}?status=… redirects to the result page.
  const back = await fetch(returnLocation, { redirect: 'manual' });
  await back.text();
  return { returnLocation, resultLocation: back.headers.get('location') };
}

/** A webhook body and headers exactly as the provider signs them. */
export function signedWebhook(
  secret: string,
  event: Record<string, unknown>,
  timestampSeconds: number,
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'croupier-signature': `t=${timestampSeconds},v1=${signWebhookBody(secret, timestampSeconds, payload)}`,
    },
  };
}

let operator: { app: unknown; staff: TestStaff } | null = null;

/**
 * A back-office admin (every permission) with two-factor on, made as an operator does: the
 * `staff:create` step, its one-time setup link, then authenticator enrolment.
 */
export async function operatorJwt(h: TestApp): Promise<string> {
  const staff = await createStaff(h, 'admin', { username: 'cashier-boss', email: 'boss@croupier.test' });
  operator = { app: h.app, staff };
  return staff.jwt;
}

/** A fresh token for that user (tests that move the clock past the JWT's life sign in again). */
export async function operatorLogin(h: TestApp): Promise<string> {
  if (operator?.app !== h.app) throw new Error('operatorJwt(h) first');
  return signInStaff(h, operator.staff);
}

export function player(h: TestApp, cookie: string): Browser {
  return newBrowser(h.app, { cookie });
}
