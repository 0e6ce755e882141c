/**
 * KYC Sandbox on its own, against a real HTTP receiver: webhooks carry a digest the receiver can
 * check, a failing receiver is retried with back-off until it answers 2xx, and two nodes running
 * the pass side by side deliver each webhook once; the signed API refuses bad signatures and stale
 * timestamps.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_ALG, verifyPayloadDigest } from '../../lib/kyc-signature.ts';
import { kycCredentials } from '../../provider-credentials.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSandboxKyc, kycWebhookRetryDelayMs, REVIEW_DELAY_MS, type SandboxKyc } from './kyc.service.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface Received {
  raw: string;
  digest: string | undefined;
  alg: string | undefined;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

describe('KYC Sandbox webhooks', () => {
  let t: TestApp;
  let receiver: Server;
  let kyc: SandboxKyc;
  let other: SandboxKyc;
  let clock = Date.now();
  let failuresLeft = 0;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      void readBody(request).then((raw) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        received.push({ raw, digest: header('x-payload-digest'), alg: header('x-payload-digest-alg') });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          response.writeHead(503).end('not now');
          return;
        }
        response.writeHead(200).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp({ env: { SANDBOX: '1' }, now: () => new Date(clock) });
    // Only this test's passes deliver (the app's own loop would race them for the same rows).
    await t.app.sandboxKyc?.stop();
    // Providers whose webhook URL (from PUBLIC_URL) is the receiver; their loops are not started.
    const config = { ...t.config, PUBLIC_URL: hookBase };
    const deps = { db: t.database.db, config, log: t.app.log, now: () => new Date(clock) };
    kyc = createSandboxKyc(deps);
    other = createSandboxKyc(deps);
  });

  afterAll(async () => {
    await t?.close();
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  async function submitted(userId: string, documentName = 'passport.png') {
    const { token } = await kyc.createAccessToken({ userId, levelName: 'basic-kyc-level' });
    const result = await kyc.submit(token, {
      document: { fileName: documentName, bytes: PNG, truncated: false },
      selfie: { fileName: 'selfie.png', bytes: PNG, truncated: false },
    });
    expect(result).toEqual({ ok: true });
    return token;
  }

  it('signs each webhook with the payload digest and retries a failing receiver with back-off', async () => {
    received.length = 0;
    failuresLeft = 2;
    await submitted('kyc-retry-user');
    const pending = () => received.filter((r) => r.raw.includes('"applicantPending"'));
    await kyc.deliverDue();
    expect(pending()).toHaveLength(1);
    const secret = kycCredentials(t.config).webhookSecret;
    const first = received[0];
    expect(first?.alg).toBe(DIGEST_ALG);
    expect(verifyPayloadDigest(secret, Buffer.from(first?.raw ?? ''), first?.digest, first?.alg)).toBe(true);
    expect(JSON.parse(first?.raw ?? '{}')).toMatchObject({
      type: 'applicantPending',
      reviewStatus: 'pending',
    });
    // Not due again before the back-off.
    await kyc.deliverDue();
    expect(pending()).toHaveLength(1);
    clock += kycWebhookRetryDelayMs(1);
    await kyc.deliverDue();
    expect(pending()).toHaveLength(2);
    clock += kycWebhookRetryDelayMs(2);
    await kyc.deliverDue();
    expect(pending()).toHaveLength(3);
    const rows = await t.database.db.execute<{ attempts: number; delivered: boolean }>(sql`
      SELECT w.attempts, w.delivered_at IS NOT NULL AS delivered FROM sandbox_kyc_webhooks w
      JOIN sandbox_kyc_applicants a ON a.id = w.applicant_id WHERE a.external_user_id = 'kyc-retry-user'
      ORDER BY w.id LIMIT 1`);
    expect(rows.rows).toEqual([{ attempts: 3, delivered: true }]);
    // The review follows, reviewed GREEN.
    clock += REVIEW_DELAY_MS;
    await kyc.deliverDue();
    expect(JSON.parse(received.at(-1)?.raw ?? '{}')).toMatchObject({
      type: 'applicantReviewed',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
  });

  it('delivers each webhook once when two nodes run the pass side by side', async () => {
    received.length = 0;
    failuresLeft = 0;
    for (let index = 0; index < 6; index += 1) await submitted(`kyc-nodes-${index}`, 'id-red-retry.png');
    clock += REVIEW_DELAY_MS;
    await Promise.all([kyc.deliverDue(), other.deliverDue(), kyc.deliverDue()]);
    await Promise.all([kyc.deliverDue(), other.deliverDue()]);
    const bodies = received.map((r) => JSON.parse(r.raw) as { correlationId: string; type: string });
    expect(bodies).toHaveLength(12);
    expect(new Set(bodies.map((b) => b.correlationId)).size).toBe(12);
    expect(bodies.filter((b) => b.type === 'applicantReviewed')).toHaveLength(6);
  });

  it('refuses an unknown app token, a bad signature and a stale timestamp', () => {
    const { appToken } = kycCredentials(t.config);
    const request = {
      appToken,
      timestamp: String(Math.floor(clock / 1000)),
      signature: 'a'.repeat(64),
      method: 'POST',
      url: '/resources/accessTokens/sdk',
      rawBody: Buffer.from('{}'),
    };
    expect(() => kyc.authenticate({ ...request, appToken: 'sbx:wrong' })).toThrow('Invalid App-Token');
    expect(() => kyc.authenticate(request)).toThrow('Invalid signature');
    expect(() => kyc.authenticate({ ...request, timestamp: String(Math.floor(clock / 1000) - 301) })).toThrow(
      'too far',
    );
  });
});
