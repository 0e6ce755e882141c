/**
 * Social login end to end: the real server on a fresh PostgreSQL database, a real OpenID Connect
 * provider (oidc-provider) on 127.0.0.1, and a scripted browser that follows every redirect and fills
 * the provider's login and consent forms. Nothing about the protocol is mocked.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from '../auth/session.service.ts';
import type { OAuthPopupMessage } from './popup-page.ts';
import { OAUTH_FLOW_COOKIE } from './social.routes.ts';
import {
  browserRequest,
  CookieJar,
  signInAtProvider,
  startTestOidcProvider,
  TEST_PUBLIC_URL,
  type TestOidcProvider,
} from './test-oidc-provider.ts';

let provider: TestOidcProvider;
let harness: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    accounts: [
      { accountId: 'alice', email: 'Alice.Social@example.test', emailVerified: true, name: 'Alice' },
      { accountId: 'bob', email: 'bob.social@example.test', emailVerified: false },
    ],
    redirectUris: [`${TEST_PUBLIC_URL}/oauth/callback`],
  });
  harness = await createTestApp({ env: provider.env });
});

afterAll(async () => {
  await harness?.close();
  await provider?.close();
});

const app = () => harness.app;
const appUrl = (path: string) => new URL(path, TEST_PUBLIC_URL);

function popupMessage(html: string): OAuthPopupMessage {
  const match = /<script type="application\/json" id="oauth-result">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`no popup message in:\n${html.slice(0, 400)}`);
  return JSON.parse(match[1] ?? 'null') as OAuthPopupMessage;
}

function setCookies(headers: Record<string, string | string[] | undefined>): string[] {
  const value = headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

async function playerCount(): Promise<number> {
  const result = await harness.database.db.execute<{ count: string }>(
    sql`SELECT count(*)::text AS count FROM players`,
  );
  return Number(result.rows[0]?.count);
}

/** /oauth/init → provider → back to our callback (not yet called). */
async function startAndSignIn(
  jar: CookieJar,
  accountId: string,
  query = 'service=oidc&redirect_url=%2Fprofile%2Fsettings&type_auth=register',
) {
  const init = await browserRequest(app(), jar, appUrl(`/oauth/init?${query}`));
  expect(init.status).toBe(302);
  expect(init.location).toBeDefined();
  const callbackUrl = await signInAtProvider(app(), jar, init.location!, accountId);
  return { init, callbackUrl };
}

describe('GET /oauth/init', () => {
  it('starts an authorization code flow with PKCE S256, state and nonce, secrets in a sealed cookie', async () => {
    const jar = new CookieJar();
    const init = await browserRequest(
      app(),
      jar,
      appUrl('/oauth/init?service=oidc&redirect_url=%2F&type_auth=login'),
    );
    expect(init.status).toBe(302);
    const target = new URL(init.location!);
    expect(target.origin).toBe(provider.issuer);
    expect(target.searchParams.get('response_type')).toBe('code');
    expect(target.searchParams.get('client_id')).toBe(provider.clientId);
    expect(target.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/oauth/callback`);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(target.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(target.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(target.searchParams.get('scope')).toContain('openid');

    const cookie = setCookies(init.headers).find((value) => value.startsWith(`${OAUTH_FLOW_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/oauth/);
    // Sealed: the browser cannot read the state, let alone the PKCE verifier.
    expect(cookie).not.toContain(target.searchParams.get('state'));
  });

  it.each([
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['javascript:alert(document.cookie)'],
    ['https://evil.example/'],
    ['/%09/evil.example'.replace('%09', '\t')],
    ['profile'],
  ])('refuses the return path %j before sending anyone anywhere', async (redirectUrl) => {
    const jar = new CookieJar();
    const response = await browserRequest(
      app(),
      jar,
      appUrl(`/oauth/init?service=oidc&type_auth=login&redirect_url=${encodeURIComponent(redirectUrl)}`),
    );
    expect(response.status).toBe(400);
    expect(response.location).toBeUndefined();
    expect(jar.get(TEST_PUBLIC_URL, OAUTH_FLOW_COOKIE)).toBeUndefined();
    const message = popupMessage(response.body);
    expect(message).toMatchObject({
      type: 'oauth',
      status: 'error',
      error: 'invalid_redirect_url',
      redirectUrl: '/',
    });
  });

  it('answers JSON errors to a client that asks for JSON, in the request language', async () => {
    const jar = new CookieJar();
    const unknown = await browserRequest(app(), jar, appUrl('/oauth/init?service=myspace&redirect_url=%2F'), {
      headers: { accept: 'application/json', 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(unknown.status).toBe(400);
    const body = JSON.parse(unknown.body) as {
      status: number;
      error: { type: string; code: string; message: string; fields: Record<string, string> };
    };
    expect(body.status).toBe(0);
    expect(body.error).toMatchObject({
      type: 'InvalidParameterException',
      code: 'unknown_service',
      fields: { service: 'unknown' },
    });
    expect(body.error.message).toBe("Ce mode de connexion n'est pas disponible.");

    const badType = await browserRequest(app(), jar, appUrl('/oauth/init?service=oidc&type_auth=admin'), {
      headers: { accept: 'application/json' },
    });
    expect(badType.status).toBe(400);
    expect(JSON.parse(badType.body).error.fields).toEqual({ type_auth: 'invalid_value' });
  });

  it('shows the error page in French when the language cookie says so', async () => {
    const response = await app().inject({
      method: 'GET',
      url: '/oauth/init?service=unknown',
      headers: { cookie: 'i18n_locale=fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('Échec de la connexion');
  });
});

describe('GET /oauth/callback', () => {
  let aliceId: bigint;
  let firstToken: string;

  it('creates the player on first sign-in, starts a session and tells the opener', async () => {
    const before = await playerCount();
    const jar = new CookieJar();
    const { callbackUrl } = await startAndSignIn(jar, 'alice');
    expect(callbackUrl.pathname).toBe('/oauth/callback');
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();

    const callback = await browserRequest(app(), jar, callbackUrl);
    expect(callback.status).toBe(200);
    expect(callback.headers['content-type']).toMatch(/text\/html/);
    expect(callback.headers['cache-control']).toBe('no-store');
    expect(callback.headers['referrer-policy']).toBe('no-referrer');
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');

    const message = popupMessage(callback.body);
    expect(message).toEqual({
      type: 'oauth',
      status: 'success',
      isNew: true,
      redirectUrl: '/profile/settings',
      typeAuth: 'register',
    });
    // The script that posts it carries this response's CSP nonce, and targets our own origin only.
    const nonce = /<script nonce="([^"]+)">/.exec(callback.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(callback.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    expect(callback.body).toContain('window.opener.postMessage(result, window.location.origin)');

    const sessionCookie = setCookies(callback.headers).find((value) =>
      value.startsWith(`${SESSION_COOKIE}=`),
    );
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    // The flow cookie is spent.
    expect(jar.get(TEST_PUBLIC_URL, OAUTH_FLOW_COOKIE)).toBeUndefined();

    expect(await playerCount()).toBe(before + 1);
    firstToken = jar.get(TEST_PUBLIC_URL, SESSION_COOKIE)!;
    const session = await harness.app.services.sessions.resolve(firstToken);
    expect(session).toBeDefined();
    aliceId = session!.playerId;
    const row = await harness.database.db.execute<{ is_registration_completed: boolean; login: string }>(
      sql`SELECT is_registration_completed, login FROM players WHERE id = ${aliceId}`,
    );
    expect(row.rows[0]?.is_registration_completed).toBe(false);
    expect(row.rows[0]?.login).toBe('alice.social@example.test');

    // The session works on the player API.
    const keys = await app().inject({
      method: 'GET',
      url: '/api/storage.getKeys',
      headers: { cookie: `${SESSION_COOKIE}=${firstToken}` },
    });
    expect(keys.statusCode).toBe(200);
    expect(keys.json()).toEqual({ status: 1, data: [] });
  });

  it('finds the same player on the next sign-in and rotates the session', async () => {
    const before = await playerCount();
    const jar = new CookieJar();
    // Same browser session as before at our site: the old session must be replaced, not kept.
    jar.store(new URL(TEST_PUBLIC_URL), `${SESSION_COOKIE}=${firstToken}; Path=/`);
    const { callbackUrl } = await startAndSignIn(
      jar,
      'alice',
      'service=oidc&redirect_url=%2Fgamehall&type_auth=login',
    );
    const callback = await browserRequest(app(), jar, callbackUrl);
    expect(callback.status).toBe(200);
    expect(popupMessage(callback.body)).toMatchObject({
      status: 'success',
      isNew: false,
      redirectUrl: '/gamehall',
      typeAuth: 'login',
    });
    expect(await playerCount()).toBe(before);

    const secondToken = jar.get(TEST_PUBLIC_URL, SESSION_COOKIE)!;
    expect(secondToken).not.toBe(firstToken);
    expect((await harness.app.services.sessions.resolve(secondToken))?.playerId).toBe(aliceId);
    expect(await harness.app.services.sessions.resolve(firstToken)).toBeUndefined();
  });

  it('creates a separate player for an unverified email and does not use it as login', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await startAndSignIn(jar, 'bob');
    const callback = await browserRequest(app(), jar, callbackUrl);
    expect(popupMessage(callback.body)).toMatchObject({ status: 'success', isNew: true });
    const session = await harness.app.services.sessions.resolve(jar.get(TEST_PUBLIC_URL, SESSION_COOKIE));
    expect(session?.playerId).not.toBe(aliceId);
  });

  it('tells a banned player so, in the popup, without starting a session', async () => {
    await harness.database.db.execute(sql`UPDATE players SET status = 'banned' WHERE id = ${aliceId}`);
    try {
      const jar = new CookieJar();
      const { callbackUrl } = await startAndSignIn(jar, 'alice');
      const response = await browserRequest(app(), jar, callbackUrl, {
        headers: { 'accept-language': 'fr' },
      });
      expect(response.status).toBe(403);
      expect(popupMessage(response.body)).toMatchObject({
        status: 'error',
        error: 'user_banned',
        message: 'Ce compte est bloqué.',
      });
      expect(jar.get(TEST_PUBLIC_URL, SESSION_COOKIE)).toBeUndefined();
    } finally {
      await harness.database.db.execute(sql`UPDATE players SET status = 'active' WHERE id = ${aliceId}`);
    }
  });

  it('refuses a forged state and writes nothing', async () => {
    const before = await playerCount();
    const jar = new CookieJar();
    const { callbackUrl } = await startAndSignIn(jar, 'alice');
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'forged-state-value-0123456789');
    const response = await browserRequest(app(), jar, forged);
    expect(response.status).toBe(400);
    expect(popupMessage(response.body)).toMatchObject({
      status: 'error',
      error: 'state_mismatch',
      isNew: false,
    });
    expect(jar.get(TEST_PUBLIC_URL, SESSION_COOKIE)).toBeUndefined();
    expect(await playerCount()).toBe(before);
  });

  it('refuses a callback without its flow cookie (a login forced on someone else’s browser)', async () => {
    const before = await playerCount();
    const attacker = new CookieJar();
    const { callbackUrl } = await startAndSignIn(attacker, 'alice');
    const victim = new CookieJar();
    const response = await browserRequest(app(), victim, callbackUrl);
    expect(response.status).toBe(400);
    expect(popupMessage(response.body)).toMatchObject({ status: 'error', error: 'flow_missing' });
    expect(victim.get(TEST_PUBLIC_URL, SESSION_COOKIE)).toBeUndefined();
    expect(await playerCount()).toBe(before);
  });

  it('refuses a tampered flow cookie (e.g. a rewritten return path)', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await startAndSignIn(jar, 'alice');
    const sealed = jar.get(TEST_PUBLIC_URL, OAUTH_FLOW_COOKIE)!;
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2] ?? '', 'base64url');
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 0x20;
    parts[2] = body.toString('base64url');
    jar.store(new URL(`${TEST_PUBLIC_URL}/oauth`), `${OAUTH_FLOW_COOKIE}=${parts.join('.')}; Path=/oauth`);
    const response = await browserRequest(app(), jar, callbackUrl);
    expect(response.status).toBe(400);
    expect(popupMessage(response.body)).toMatchObject({ status: 'error', error: 'flow_missing' });
    expect(jar.get(TEST_PUBLIC_URL, SESSION_COOKIE)).toBeUndefined();
  });

  it('cannot be replayed: the code and the flow are single-use', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await startAndSignIn(jar, 'alice');
    const sealed = jar.get(TEST_PUBLIC_URL, OAUTH_FLOW_COOKIE)!;
    expect((await browserRequest(app(), jar, callbackUrl)).status).toBe(200);
    // Even with the flow cookie put back, the provider refuses a second use of the code.
    jar.store(new URL(`${TEST_PUBLIC_URL}/oauth`), `${OAUTH_FLOW_COOKIE}=${sealed}; Path=/oauth`);
    const replay = await browserRequest(app(), jar, callbackUrl);
    expect(replay.status).toBe(400);
    expect(popupMessage(replay.body)).toMatchObject({ status: 'error', error: 'provider_error' });
  });

  it('reports a sign-in the player cancelled at the provider', async () => {
    const jar = new CookieJar();
    const init = await browserRequest(app(), jar, appUrl('/oauth/init?service=oidc'));
    const state = new URL(init.location!).searchParams.get('state')!;
    const response = await browserRequest(
      app(),
      jar,
      appUrl(`/oauth/callback?error=access_denied&state=${state}`),
    );
    expect(response.status).toBe(401);
    expect(popupMessage(response.body)).toMatchObject({ status: 'error', error: 'access_denied' });
  });
});

describe('without OpenID Connect configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers a clear error, never a 500', async () => {
    const page = await bare.app.inject({ method: 'GET', url: '/oauth/init?service=oidc&redirect_url=%2F' });
    expect(page.statusCode).toBe(400);
    expect(popupMessage(page.body)).toMatchObject({ status: 'error', error: 'not_configured' });
    const json = await bare.app.inject({
      method: 'GET',
      url: '/oauth/callback?code=x&state=y',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('flow_missing');
  });
});

describe('with the provider down', () => {
  let orphan: TestApp;
  beforeAll(async () => {
    orphan = await createTestApp({
      seed: false,
      env: { ...provider.env, OIDC_ISSUER: 'http://127.0.0.1:9/' },
    });
  });
  afterAll(async () => {
    await orphan?.close();
  });

  it('says the provider is unavailable', async () => {
    const response = await orphan.app.inject({
      method: 'GET',
      url: '/oauth/init?service=oidc',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({
      type: 'ApplicationUnavailableException',
      code: 'provider_unavailable',
    });
  });
});
