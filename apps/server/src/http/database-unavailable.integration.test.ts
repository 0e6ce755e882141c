/**
 * Every HTTP edge answers a request that fails because the database connection fails with its own
 * typed, retryable 503 (never a 500), and serves again once the database is back: the player API
 * (`ApplicationUnavailableException`), the wallet API (`service_unavailable`), the PSP webhook
 * (503 so the provider redelivers), the game server's client API (`wallet_unavailable`), the
 * content service, and routes without an envelope of their own (a 503 page for browsers).
 *
 * The outage: the app's pool hands out connections from a pool aimed at a port nobody listens on,
 * so every query fails the way it does while PostgreSQL is down (ECONNREFUSED through node-postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../modules/auth/session.service.ts';
import { signedWebhook } from '../modules/cashier/cashier-test-client.ts';
import { sign } from '../modules/gamewallet/gamewallet-test-client.ts';
import {
  createRgsHarness,
  fundedPlayer,
  type GameClient,
  launchToken,
  playerSession,
  type RgsHarness,
} from '../modules/rgs/rgs-test-client.ts';
import { rgsCredentials, sandboxPspCredentials } from '../provider-credentials.ts';
import { type DatabaseOutage, databaseOutage } from '../test/database-outage.ts';

let h: RgsHarness;
let cookie: string;
let game: GameClient;
let walletToken: string;
let outage: DatabaseOutage;

beforeAll(async () => {
  h = await createRgsHarness();
  const playerId = await fundedPlayer(h, 10_00n);
  const token = await h.app.services.sessions.create(playerId, { ip: '127.0.0.1', userAgent: 'vitest' });
  cookie = `${SESSION_COOKIE}=${token}`;
  game = await playerSession(h, playerId, 'neon-reels');
  walletToken = await launchToken(h, playerId, 'neon-reels');
  outage = await databaseOutage(h.database.pool);
});
afterAll(async () => {
  await outage?.end();
  await h?.close();
});

/** Runs `work` while every connection the app asks for is refused. */
const duringOutage = <T>(work: () => Promise<T>): Promise<T> => outage.during(work);

async function walletCall(action: string, body: Record<string, unknown>) {
  const { providerId, secret } = rgsCredentials(h.config);
  const raw = JSON.stringify(body);
  const t = Math.floor(Date.now() / 1000);
  const response = await fetch(`${h.base}/gw/v1/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-provider': providerId,
      'x-signature': sign(secret, t, raw),
    },
    body: raw,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

describe('while the database is unreachable', () => {
  it('/api answers ApplicationUnavailableException (503, database_unavailable, Retry-After), then serves again', async () => {
    const call = () =>
      fetch(`${h.base}/api/account.getinfo?locale=fr`, { headers: { cookie } }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as {
          status: number;
          error?: { type: string; code: string; message: string };
        },
      }));
    const down = await duringOutage(call);
    expect(down.status).toBe(503);
    expect(down.retryAfter).toBe('2');
    expect(down.body.status).toBe(0);
    expect(down.body.error).toEqual({
      type: 'ApplicationUnavailableException',
      code: 'database_unavailable',
      message: 'Le service est momentanément indisponible. Réessayez dans un instant.',
    });
    const up = await call();
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.status).toBe(1);
  });

  it('/gw/v1 answers 503 service_unavailable (retry the same call), then serves again', async () => {
    const down = await duringOutage(() => walletCall('balance', { token: walletToken }));
    expect(down).toEqual({
      status: 503,
      retryAfter: '2',
      body: { status: 'error', code: 'service_unavailable' },
    });
    const up = await walletCall('balance', { token: walletToken });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ status: 'ok', balance: '10.00', currency: 'EUR' });
  });

  it('/webhooks/psp answers 503 so that the provider delivers the event again', async () => {
    const { webhookSecret } = sandboxPspCredentials(h.config);
    const event = {
      id: `evt_outage_${Date.now()}`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: 'payment',
        id: 'pay_unknown',
        merchant_reference: 'dep_999999',
        amount: '1.00',
        currency: 'EUR',
        status: 'succeeded',
      },
    };
    const signed = signedWebhook(webhookSecret, event, Math.floor(Date.now() / 1000));
    const deliver = () =>
      fetch(`${h.base}/webhooks/psp`, { method: 'POST', headers: signed.headers, body: signed.payload }).then(
        async (response) => ({ status: response.status, body: await response.json() }),
      );
    const down = await duringOutage(deliver);
    expect(down).toEqual({ status: 503, body: { received: false, error: 'service_unavailable' } });
    const up = await deliver();
    expect(up.status).toBeLessThan(500);
  });

  it('the game server answers 503 wallet_unavailable, then serves again', async () => {
    const down = await duringOutage(() => game.get('/session'));
    expect(down.status).toBe(503);
    expect((down.body.error as { code: string }).code).toBe('wallet_unavailable');
    const up = await game.get('/session');
    expect(up.status).toBe(200);
  });

  it('the content service answers 503 in its own envelope', async () => {
    const down = await duringOutage(() =>
      fetch(`${h.base}/nfx/seos?url=%2F&locale=en`).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      })),
    );
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ data: null, error: { status: 503, name: 'ServiceUnavailableError' } });
  });

  it('a route without an envelope of its own answers 503: a page in the visitor language for browsers, JSON otherwise', async () => {
    const url = `${h.base}/api/games/history-export/game-history-1.csv`;
    const page = await duringOutage(() =>
      fetch(url, { headers: { cookie, accept: 'text/html' } }).then(async (response) => ({
        status: response.status,
        type: response.headers.get('content-type'),
        text: await response.text(),
      })),
    );
    expect(page.status).toBe(503);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).toContain('The service is briefly unavailable. Please try again in a moment.');
    const json = await duringOutage(() =>
      fetch(url, { headers: { cookie } }).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      })),
    );
    expect(json.status).toBe(503);
    expect(json.body).toMatchObject({
      status: 0,
      error: { type: 'ApplicationUnavailableException', code: 'database_unavailable' },
    });
    const up = await fetch(url, { headers: { cookie } });
    await up.text();
    expect(up.status).toBe(404);
  });
});
