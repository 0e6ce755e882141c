/**
 * Identity verification end to end on real PostgreSQL and real HTTP: the platform creates the
 * applicant and an access token at the sandbox provider (signed API), the player uploads a document
 * and a selfie on the provider's page, the review ends GREEN, RED RETRY or RED FINAL, and its signed
 * webhooks move account info; forged or replayed webhooks, bad uploads and bad credentials change nothing.
 */
import { freePort } from '@croupier/db/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_ALG, payloadDigest } from '../../lib/kyc-signature.ts';
import { kycCredentials } from '../../provider-credentials.ts';
import { REVIEW_DELAY_MS } from '../../sandbox/kyc/kyc.service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Browser, signUp } from '../accounts/account-test-client.ts';
import { createStaff } from '../backoffice/staff-test-client.ts';
import { operatorJwt } from '../cashier/cashier-test-client.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

let t: TestApp;
let base: string;
let clock = new Date();

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: {
      PORT: String(port),
      PUBLIC_URL: base,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      // Deposits beyond 50 (lifetime) need a verified identity.
      KYC_DEPOSIT_THRESHOLD: '50',
    },
    now: () => clock,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
});

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

/**
 * Runs the provider until no webhook it owes is left undelivered: the app's own background pass
 * may hold one (its lease) when ours runs, and then ours finds nothing to do.
 */
async function providerPass() {
  const kyc = t.app.sandboxKyc;
  if (!kyc) throw new Error('the sandbox KYC provider is not mounted');
  const deadline = Date.now() + 15_000;
  for (;;) {
    await kyc.deliverDue();
    const owed = await t.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sandbox_kyc_webhooks
      WHERE delivered_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= ${clock}`);
    if ((owed.rows[0]?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('the sandbox KYC provider did not deliver its webhooks');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function info(browser: Browser) {
  const answer = await browser.call('account.getInfo');
  const data = answer.body.data as { is_on_verification: boolean; is_verified: boolean };
  return { onVerification: data.is_on_verification, verified: data.is_verified };
}

async function status(browser: Browser): Promise<string> {
  const answer = await browser.call('sumsub.getStatus');
  return (answer.body.data as { status: string }).status;
}

async function pageUrl(browser: Browser): Promise<string> {
  const answer = await browser.call('sumsub.getAccessToken', {});
  expect(answer.body.status).toBe(1);
  return (answer.body.data as { url: string }).url;
}

async function upload(
  url: string,
  document: { name: string; bytes: Buffer } | null,
  selfie: { name: string; bytes: Buffer } | null = { name: 'selfie.jpg', bytes: JPEG },
) {
  const form = new FormData();
  if (document) form.append('document', new Blob([new Uint8Array(document.bytes)]), document.name);
  if (selfie) form.append('selfie', new Blob([new Uint8Array(selfie.bytes)]), selfie.name);
  return fetch(url, { method: 'POST', body: form, redirect: 'manual' });
}

/** Submits on the provider's page, then runs the provider until its review webhook is in. */
async function verifyWith(browser: Browser, documentName: string) {
  const url = await pageUrl(browser);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="document"');
  const sent = await upload(url, { name: documentName, bytes: PNG });
  expect(sent.status).toBe(303);
  // Back on the provider's page: under review, with the way back to the site.
  const after = await fetch(new URL(sent.headers.get('location') ?? '', base));
  const html = await after.text();
  expect(html).toContain('being reviewed');
  expect(html).toContain(`href="${base}/profile/verification?sent=1"`);
  await providerPass();
  expect(await info(browser)).toEqual({ onVerification: true, verified: false });
  advance(REVIEW_DELAY_MS + 1_000);
  await providerPass();
}

async function documentsOf(uid: number): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sandbox_kyc_documents d
    JOIN sandbox_kyc_applicants a ON a.id = d.applicant_id
    WHERE a.external_user_id = ${`croupier-player-${uid}`}`);
  return rows.rows[0]?.n ?? 0;
}

describe('identity verification with the sandbox provider', () => {
  it('starts as not started, then GREEN verifies the player', async () => {
    const { browser } = await signUp(t.app);
    expect(await status(browser)).toBe('not_started');
    expect((await browser.call('sumsub.createApplicant', {})).body.data).toEqual({ status: 'not_started' });
    // Idempotent: the same applicant again.
    expect((await browser.call('sumsub.createApplicant', {})).body.status).toBe(1);
    await verifyWith(browser, 'passport.png');
    expect(await status(browser)).toBe('verified');
    expect(await info(browser)).toEqual({ onVerification: false, verified: true });
  });

  it('RED RETRY lets the player try again, and a GREEN second review verifies them', async () => {
    const { browser } = await signUp(t.app);
    await verifyWith(browser, 'passport-red-retry.png');
    expect(await status(browser)).toBe('retry');
    expect(await info(browser)).toEqual({ onVerification: false, verified: false });
    await verifyWith(browser, 'passport.png');
    expect(await status(browser)).toBe('verified');
  });

  it('RED FINAL rejects the player for good: no new token, the page takes nothing', async () => {
    const { browser } = await signUp(t.app);
    const url = await pageUrl(browser);
    expect((await upload(url, { name: 'red-final.png', bytes: PNG })).status).toBe(303);
    await providerPass();
    advance(REVIEW_DELAY_MS + 1_000);
    await providerPass();
    expect(await status(browser)).toBe('rejected');
    const again = await browser.call('sumsub.getAccessToken', {});
    expect(again.body.error?.type).toBe('AccessDeniedException');
    expect((await upload(url, { name: 'passport.png', bytes: PNG })).status).toBe(409);
    expect(await status(browser)).toBe('rejected');
  });

  it('refuses forged and replayed webhooks without changing anything', async () => {
    const { browser, uid } = await signUp(t.app);
    await verifyWith(browser, 'passport-red-retry.png');
    expect(await status(browser)).toBe('retry');
    const rows = await t.database.db.execute<{ id: string; body: string }>(sql`
      SELECT a.id, w.body FROM sandbox_kyc_webhooks w JOIN sandbox_kyc_applicants a ON a.id = w.applicant_id
      WHERE a.external_user_id = ${`croupier-player-${uid}`} ORDER BY w.id`);
    const applicantId = rows.rows[0]?.id ?? '';
    const forged = JSON.stringify({
      applicantId,
      type: 'applicantReviewed',
      reviewStatus: 'completed',
      createdAtMs: new Date(clock.getTime() + 60_000).toISOString().replace('T', ' ').replace('Z', ''),
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    const post = (body: string, digest: string, alg = DIGEST_ALG) =>
      fetch(`${base}/webhooks/kyc`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-payload-digest': digest,
          'x-payload-digest-alg': alg,
        },
        body,
      });
    expect((await post(forged, payloadDigest('not-the-secret-at-all', forged))).status).toBe(401);
    expect((await post(forged, 'f'.repeat(64))).status).toBe(401);
    const secret = kycCredentials(t.config).webhookSecret;
    expect((await post(forged, payloadDigest(secret, forged), 'HMAC_SHA1_HEX')).status).toBe(401);
    expect(await status(browser)).toBe('retry');
    // The provider's own deliveries, replayed byte for byte: recorded already, nothing moves.
    for (const row of rows.rows) {
      const replay = await post(row.body, payloadDigest(secret, row.body));
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ ok: true, result: 'duplicate' });
    }
    expect(await status(browser)).toBe('retry');
  });

  it('refuses oversized, non-image and missing uploads and stores nothing', async () => {
    const { browser, uid } = await signUp(t.app);
    const url = await pageUrl(browser);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(url, { name: 'passport.png', bytes: big });
    expect(tooLarge.status).toBe(422);
    expect(await tooLarge.text()).toContain('5 MB');
    const notImage = await upload(url, { name: 'passport.png', bytes: Buffer.from('%PDF-1.7 pretending') });
    expect(notImage.status).toBe(422);
    const selfieNotImage = await upload(
      url,
      { name: 'passport.png', bytes: PNG },
      { name: 's.jpg', bytes: Buffer.from('hi') },
    );
    expect(selfieNotImage.status).toBe(422);
    expect((await upload(url, { name: 'passport.png', bytes: PNG }, null)).status).toBe(422);
    expect(await documentsOf(uid)).toBe(0);
    expect(await status(browser)).toBe('not_started');
    const french = await fetch(url.replace('lang=en', 'lang=fr'));
    expect(await french.text()).toContain('Vérification d’identité');
  });

  it("keeps each player's verification to their own token, and refuses bad tokens and credentials", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await verifyWith(a.browser, 'passport.png');
    expect(await status(a.browser)).toBe('verified');
    expect(await status(b.browser)).toBe('not_started');
    expect((await b.browser.call('account.setUserOnVerification', {})).body.error?.type).toBe(
      'InvalidRequestException',
    );
    // A made-up or expired token opens nothing.
    expect((await fetch(`${base}/sandbox/kyc/sdk/_act-sbx-${'A'.repeat(32)}`)).status).toBe(404);
    const url = await pageUrl(b.browser);
    advance(601_000);
    expect((await fetch(url)).status).toBe(404);
    expect((await upload(url, { name: 'passport.png', bytes: PNG })).status).toBe(404);
    expect(await status(b.browser)).toBe('not_started');
    // The provider's API refuses an unsigned or wrongly signed call.
    const unsigned = await fetch(`${base}/sandbox/kyc/resources/accessTokens/sdk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-token': kycCredentials(t.config).appToken },
      body: JSON.stringify({ userId: `croupier-player-${a.uid}`, levelName: 'basic-kyc-level' }),
    });
    expect(unsigned.status).toBe(401);
  });

  it('asks for verification before deposits beyond the lifetime threshold, and not once verified', async () => {
    const { browser } = await signUp(t.app, { currency: 'EUR' });
    const under = await browser.call('cashier.makedeposit', { method: 'card', amount: '50' });
    expect(under.body.status).toBe(1);
    const over = await browser.call('cashier.makedeposit', { method: 'card', amount: '10' });
    expect(over.body.error?.type).toBe('SumsubVerificationRequiredException');
    expect(over.body.error?.data).toEqual({ link: '/profile/verification' });
    await verifyWith(browser, 'passport.png');
    const after = await browser.call('cashier.makedeposit', { method: 'card', amount: '100' });
    expect(after.body.status).toBe(1);
  });

  it('posts the player a notice when a review ends: verified, retry, rejected (ADR 029)', async () => {
    const kinds = async (browser: Browser) =>
      ((await browser.call('notices.get')).body.data as { items: { kind: string; link: string | null }[] })
        .items;
    const retry = await signUp(t.app);
    await verifyWith(retry.browser, 'passport-red-retry.png');
    expect(await kinds(retry.browser)).toEqual([
      expect.objectContaining({ kind: 'kyc_retry', link: '/profile/verification' }),
    ]);
    await verifyWith(retry.browser, 'passport.png');
    expect((await kinds(retry.browser)).map((n) => n.kind)).toEqual(['kyc_verified', 'kyc_retry']);

    const rejected = await signUp(t.app);
    const url = await pageUrl(rejected.browser);
    expect((await upload(url, { name: 'red-final.png', bytes: PNG })).status).toBe(303);
    await providerPass();
    advance(REVIEW_DELAY_MS + 1_000);
    await providerPass();
    expect((await kinds(rejected.browser)).map((n) => n.kind)).toEqual(['kyc_rejected']);
  });

  it('with the per-player KYC block, deposits and withdrawals need verification whatever the thresholds', async () => {
    const { browser, uid } = await signUp(t.app, { currency: 'EUR' });
    await t.database.db.execute(
      sql`UPDATE player_contacts SET confirmed_at = now() WHERE player_id = ${BigInt(uid)} AND is_login`,
    );
    const blockOf = async () =>
      ((await browser.call('account.getInfo')).body.data as { is_kyc_block_enabled: boolean })
        .is_kyc_block_enabled;
    expect(await blockOf()).toBe(false);
    // An admin sets it through the operator route (an unknown player is a typed error).
    const jwt = await operatorJwt(t);
    const put = (id: number | string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/nfx/operator/players/${id}/kyc-block`,
        headers: { authorization: `Bearer ${jwt}` },
        payload: payload as Record<string, unknown>,
      });
    expect((await put(uid, { enabled: true })).statusCode).toBe(200);
    expect((await put(999_999_999, { enabled: true })).statusCode).toBe(400);
    expect((await put(uid, { enabled: 'yes' })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/nfx/operator/players/${uid}/kyc-block`,
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(401);
    expect(await blockOf()).toBe(true);
    // Under the lifetime threshold (50), yet refused: the block applies regardless.
    const deposit = await browser.call('cashier.makedeposit', { method: 'card', amount: '10' });
    expect(deposit.body.error?.type).toBe('SumsubVerificationRequiredException');
    expect(deposit.body.error?.data).toEqual({ link: '/profile/verification' });
    const withdrawal = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '10' });
    expect(withdrawal.body.error?.type).toBe('KycWithdrawalException');
    const stored = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM cashier_transactions WHERE player_id = ${BigInt(uid)}`,
    );
    expect(stored.rows[0]?.n).toBe(0);
    // Verified, the block no longer stands in the way; off again, nothing changes for this player.
    await verifyWith(browser, 'passport.png');
    expect((await browser.call('cashier.makedeposit', { method: 'card', amount: '10' })).body.status).toBe(1);
    await t.app.services.kyc.setKycBlock(BigInt(uid), false);
    expect(await blockOf()).toBe(false);
  });

  it('refuses the methods to guests', async () => {
    const { newBrowser } = await import('../accounts/account-test-client.ts');
    const guest = newBrowser(t.app);
    expect((await guest.call('sumsub.getAccessToken', {})).body.error?.type).toBe('AuthorizationException');
  });

  it('shows risk staff the provider result and the images; every image read is audited; others are refused', async () => {
    const risk = await createStaff(t, 'risk', { username: 'kyc-desk-risk' });
    const support = await createStaff(t, 'support', { username: 'kyc-desk-support', mfa: false });
    const { browser, uid } = await signUp(t.app);
    await verifyWith(browser, 'passport-red-retry.png');
    const get = async (url: string, jwt = risk.jwt) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${jwt}` },
      });
      return { status: response.statusCode, body: response.json() as { data: Record<string, unknown> } };
    };
    const detail = await get(`/nfx/operator/kyc/reviews/${uid}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      player_id: uid,
      status: 'retry',
      provider: {
        review_status: 'completed',
        review_answer: 'RED',
        reject_type: 'RETRY',
        reject_labels: ['BAD_PROOF_OF_IDENTITY'],
      },
      provider_error: null,
    });
    const documents = detail.body.data.documents as { id: string; type: string; mime_type: string }[];
    expect(documents.map((document) => document.type)).toEqual(['ID_CARD', 'SELFIE']);
    expect(documents[0]?.mime_type).toBe('image/png');

    const image = await get(`/nfx/operator/kyc/reviews/${uid}/documents/${documents[0]?.id}`);
    expect(image.status).toBe(200);
    expect(image.body.data).toMatchObject({ mime_type: 'image/png' });
    expect(Buffer.from(String(image.body.data.content_base64), 'base64').equals(PNG)).toBe(true);

    // Another applicant's image through this player: not found. Other roles: refused.
    const { browser: otherBrowser, uid: otherUid } = await signUp(t.app);
    await verifyWith(otherBrowser, 'passport.png');
    const others = (await get(`/nfx/operator/kyc/reviews/${otherUid}`)).body.data.documents as {
      id: string;
    }[];
    expect((await get(`/nfx/operator/kyc/reviews/${uid}/documents/${others[0]?.id}`)).status).toBe(404);
    expect(
      (await get(`/nfx/operator/kyc/reviews/${uid}/documents/${documents[0]?.id}`, support.jwt)).status,
    ).toBe(403);
    expect((await get(`/nfx/operator/kyc/reviews/${uid}`, support.jwt)).status).toBe(403);

    const audit = await t.database.db.execute<{
      action: string;
      outcome: string;
      staff: string;
      detail: string | null;
    }>(sql`
      SELECT action, outcome, staff_username AS staff, detail FROM staff_audit_log
      WHERE action IN ('kyc.view', 'kyc.read_document') AND target_id = ${String(uid)} ORDER BY id`);
    expect(audit.rows).toEqual([
      { action: 'kyc.view', outcome: 'done', staff: 'kyc-desk-risk', detail: null },
      {
        action: 'kyc.read_document',
        outcome: 'done',
        staff: 'kyc-desk-risk',
        detail: `image ${documents[0]?.id}`,
      },
      { action: 'kyc.read_document', outcome: 'failed', staff: 'kyc-desk-risk', detail: expect.any(String) },
      { action: 'kyc.read_document', outcome: 'refused', staff: 'kyc-desk-support', detail: 'forbidden' },
      { action: 'kyc.view', outcome: 'refused', staff: 'kyc-desk-support', detail: 'forbidden' },
    ]);
  });
});
