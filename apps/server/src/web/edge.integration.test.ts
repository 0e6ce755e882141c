/**
 * The HTTP edge of the site on the real server (requires `npm run build`): every redirect stays on
 * this origin, odd request lines and Host headers are 400s, absolute URLs come from PUBLIC_URL when
 * it is set, and the signed-in player's saved language takes its place in the locale order.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let site: TestApp;
/** Production, with PUBLIC_URL: the configuration the open redirect and Host reports came from. */
let production: TestApp;
let productionPort: number;

beforeAll(async () => {
  site = await createTestApp({ web: 'production' });
  production = await createTestApp({
    web: 'production',
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://casino.example', SANDBOX: 'false' },
  });
  await production.app.listen({ port: 0, host: '127.0.0.1' });
  productionPort = (production.app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await site?.close();
  await production?.close();
});

function location(value: string | string[] | number | undefined): string {
  return String(value ?? '');
}

/** Sends bytes as they are (no client normalises the request line) and returns the status line and body. */
function raw(request: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(productionPort, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
    socket.write(request, 'latin1');
  });
}

/** A redirect target of this site: a path, never `//host` or `/\host`. */
function expectSameOrigin(target: string) {
  expect(target.startsWith('/'), target).toBe(true);
  expect(/^[/\\]{2}/.test(target), target).toBe(false);
  expect(target.includes('\\'), target).toBe(false);
}

describe('every redirect stays on this origin', () => {
  for (const app of ['site', 'production'] as const) {
    test(`locale correction collapses slashes after the prefix (${app})`, async () => {
      const harness = app === 'site' ? site : production;
      const cases: Array<[string, string]> = [
        ['/en//evil.com/phish', '/evil.com/phish'],
        ['/EN//evil.com/phish', '/evil.com/phish'],
        ['/en/\\evil.com', '/evil.com'],
        ['/en/\\/evil.com', '/evil.com'],
        ['/en///evil.com/', '/evil.com/'],
        ['/FR//evil.com/phish', '/fr/evil.com/phish'],
        ['/Fr/\\evil.com?x=1', '/fr/evil.com?x=1'],
      ];
      for (const [url, expected] of cases) {
        const response = await harness.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(301);
        expect(location(response.headers.location), url).toBe(expected);
      }
    });
  }

  test('the preferred-language redirect and the guest guard keep double slashes on the site', async () => {
    for (const url of ['//evil.com/phish', '/..//evil.com', '//evil.com/cashier', '/\\evil.com/profile']) {
      const byCookie = await site.app.inject({ method: 'GET', url, headers: { cookie: 'i18n_locale=fr' } });
      if (byCookie.headers.location !== undefined) expectSameOrigin(location(byCookie.headers.location));
      const guest = await site.app.inject({ method: 'GET', url });
      if (guest.headers.location !== undefined) expectSameOrigin(location(guest.headers.location));
    }
    const guarded = await site.app.inject({ method: 'GET', url: '/en//cashier' });
    expect(guarded.statusCode).toBe(301);
    expect(location(guarded.headers.location)).toBe('/cashier');
  });

  test('a signed-in backUrl / redirectUrl is a same-origin path, ASCII-encoded (never a 500)', async () => {
    const player = await site.createPlayer();
    const cases: Array<[string, string]> = [
      [`/forms/sign_in?backUrl=${encodeURIComponent('/promotions/日本')}`, '/promotions/%E6%97%A5%E6%9C%AC'],
      [`/forms/sign_in?backUrl=${encodeURIComponent('/a?q=€')}`, '/a?q=%E2%82%AC'],
      [`/fr/forms/sign_up?redirectUrl=${encodeURIComponent('/fr/cashier/Ā')}`, '/fr/cashier/%C4%80'],
      [`/forms/sign_in?backUrl=${encodeURIComponent('//evil.com/x')}`, '/'],
      [`/forms/sign_in?backUrl=${encodeURIComponent('/\\evil.com')}`, '/'],
      [`/forms/sign_in?backUrl=${encodeURIComponent('/..//evil.com')}`, '/evil.com'],
      [`/forms/sign_in?redirectUrl=${encodeURIComponent('https://evil.com/')}`, '/'],
    ];
    for (const [url, expected] of cases) {
      const response = await site.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });
      expect(response.statusCode, url).toBe(302);
      expect(location(response.headers.location), url).toBe(expected);
    }
  });
});

describe('odd request lines and Host headers are typed 400s', () => {
  test('an absolute-form request target', async () => {
    const page = await raw('GET http://evil.com/ HTTP/1.1\r\nHost: evil.com\r\nConnection: close\r\n\r\n');
    expect(page.status).toBe(400);
    const api = await raw(
      'GET http://evil.com/api/metadata.get HTTP/1.1\r\nHost: casino.example\r\nConnection: close\r\n\r\n',
    );
    expect(api.status).toBe(400);
    const asterisk = await raw('OPTIONS * HTTP/1.1\r\nHost: casino.example\r\nConnection: close\r\n\r\n');
    expect(asterisk.status).toBe(400);
  });

  test('an empty or garbage Host header', async () => {
    for (const host of ['', 'a b', '<script>', 'evil.com:99999', 'évil.com', '..', 'x/y']) {
      const page = await raw(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(page.status, JSON.stringify(host)).toBe(400);
      const api = await raw(
        `GET /api/metadata.get?v=2 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(api.status, JSON.stringify(host)).toBe(400);
      const body = api.text.slice(api.text.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1))).toMatchObject({
        status: 0,
        error: { type: 'InvalidRequestException', code: 'invalid_host' },
      });
    }
  });

  test('a good request still renders, and the health check needs no Host', async () => {
    const page = await raw('GET /about HTTP/1.1\r\nHost: casino.example\r\nConnection: close\r\n\r\n');
    expect(page.status).toBe(200);
    const health = await raw('GET /healthz HTTP/1.0\r\n\r\n');
    expect(health.text).toMatch(/^HTTP\/1\.[01] 200/);
  });
});

describe('absolute URLs', () => {
  test('with PUBLIC_URL, canonical, og:url, hreflang and JSON-LD never use the Host header', async () => {
    const response = await production.app.inject({
      method: 'GET',
      url: '/fr/about',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('<link rel="canonical" href="https://casino.example/fr/about"/>');
    expect(body).toContain('<meta property="og:url" content="https://casino.example/fr/about"/>');
    expect(body).toContain('<link rel="alternate" hrefLang="en" href="https://casino.example/about"/>');
    expect(body).not.toContain('evil.example');
  });

  test('without PUBLIC_URL, mailed links use the host the player used', async () => {
    const email = `links-${Date.now()}@example.test`;
    await site.createPlayer(email);
    const response = await site.app.inject({
      method: 'POST',
      url: '/api/auth.restore?v=2',
      headers: {
        host: 'casino.local:8080',
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ email }),
    });
    expect(response.json()).toMatchObject({ status: 1 });
    const [message] = await site.app.services.notifications.mailbox({ to: email });
    expect(message?.text).toContain('http://casino.local:8080/forms/sign_in?restore_token=');
    expect(message?.text).not.toContain('localhost:');
  });

  test('with PUBLIC_URL, mailed links use it whatever the Host', async () => {
    const email = `public-${Date.now()}@example.test`;
    await production.createPlayer(email);
    const response = await production.app.inject({
      method: 'POST',
      url: '/api/auth.restore?v=2',
      headers: { host: 'evil.example', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: JSON.stringify({ email }),
    });
    expect(response.json()).toMatchObject({ status: 1 });
    const [message] = await production.app.services.notifications.mailbox({ to: email });
    expect(message?.text).toContain('https://casino.example/forms/sign_in?restore_token=');
    expect(message?.text).not.toContain('evil.example');
  });
});

describe('the account locale (spec §2: URL → cookie → account → browser)', () => {
  test('after account.changelocale fr, the same session gets French pages', async () => {
    const player = await site.createPlayer();
    const before = await site.app.inject({ method: 'GET', url: '/', headers: { cookie: player.cookie } });
    expect(before.statusCode).toBe(200);
    const changed = await site.app.inject({
      method: 'POST',
      url: '/api/account.changelocale?v=2',
      headers: { cookie: player.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: JSON.stringify({ locale: 'fr' }),
    });
    expect(changed.json()).toMatchObject({ status: 1 });
    const home = await site.app.inject({
      method: 'GET',
      url: '/about?x=1',
      headers: { cookie: player.cookie },
    });
    expect(home.statusCode).toBe(302);
    expect(location(home.headers.location)).toBe('/fr/about?x=1');
    // The account outranks the browser; an explicit cookie outranks the account.
    const french = await site.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: player.cookie, 'accept-language': 'en-US' },
    });
    expect(location(french.headers.location)).toBe('/fr');
    const chosen = await site.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `${player.cookie}; i18n_locale=en`, 'accept-language': 'fr' },
    });
    expect(chosen.statusCode).toBe(200);
  });
});
