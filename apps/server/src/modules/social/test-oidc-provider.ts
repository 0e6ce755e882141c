/**
 * Test support: a real OpenID Connect provider (`oidc-provider`) on 127.0.0.1, and a tiny browser
 * that walks a sign-in through it with plain HTTP — following redirects by hand, keeping each
 * origin's cookies, and filling the provider's own login and consent forms (its development
 * interactions). The protocol is the real one: authorization code, PKCE required, signed ID token.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  accountId: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Env for createTestApp: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_SERVICE, PUBLIC_URL. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://casino.test';

export async function startTestOidcProvider(options: {
  accounts: TestAccount[];
  redirectUris: string[];
  service?: string;
  /** true (the default, and the spec's rule): profile claims come from UserInfo, not the ID token. */
  conformIdTokenClaims?: boolean;
}): Promise<TestOidcProvider> {
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server: Server = createServer((request, response) => {
    if (!handler) {
      response.statusCode = 503;
      response.end();
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const clientId = 'croupier-test';
  const clientSecret = 'croupier-test-client-secret-0123456789';
  const accounts = new Map(options.accounts.map((account) => [account.accountId, account]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: account.accountId,
        claims: () => ({
          sub: account.accountId,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.conformIdTokenClaims ?? true,
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-oidc-cookie-key-0123456789abcdef'] },
    features: { devInteractions: { enabled: true } },
    // Every client must use PKCE, so a flow that forgot it fails here.
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
  });
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_SERVICE: options.service ?? 'oidc',
      PUBLIC_URL: TEST_PUBLIC_URL,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface StoredCookie {
  value: string;
  path: string;
}

/** Cookies per origin, honouring Path and deletion; enough for these flows, not a full RFC 6265 jar. */
export class CookieJar {
  readonly #byOrigin = new Map<string, Map<string, StoredCookie>>();

  store(url: URL, setCookie: string | string[] | undefined): void {
    const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    let cookies = this.#byOrigin.get(url.origin);
    if (!cookies) {
      cookies = new Map();
      this.#byOrigin.set(url.origin, cookies);
    }
    for (const header of headers) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', raw = ''] = attribute.split('=');
        const lower = key.trim().toLowerCase();
        if (lower === 'path') path = raw.trim();
        if (lower === 'max-age' && Number(raw) <= 0) expired = true;
        if (lower === 'expires' && Date.parse(raw) <= Date.now()) expired = true;
      }
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, { value, path });
    }
  }

  header(url: URL): string {
    const cookies = this.#byOrigin.get(url.origin);
    if (!cookies) return '';
    return [...cookies.entries()]
      .filter(
        ([, cookie]) =>
          url.pathname === cookie.path ||
          url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  get(origin: string, name: string): string | undefined {
    return this.#byOrigin.get(origin)?.get(name)?.value;
  }

  delete(origin: string, name: string): void {
    this.#byOrigin.get(origin)?.delete(name);
  }
}

/** A response from either side, in one shape. */
export interface HopResponse {
  status: number;
  location: string | undefined;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One GET or form POST, to the app (through inject) or to the provider (through fetch), with cookies. */
export async function browserRequest(
  app: FastifyInstance,
  jar: CookieJar,
  url: URL,
  init: { method?: 'GET' | 'POST'; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<HopResponse> {
  const cookie = jar.header(url);
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...init.headers };
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (url.origin === TEST_PUBLIC_URL) {
    const response = await app.inject({
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host, ...headers },
      ...(body !== undefined ? { payload: body } : {}),
    });
    jar.store(url, response.headers['set-cookie']);
    const location = response.headers.location;
    return {
      status: response.statusCode,
      location: typeof location === 'string' ? location : undefined,
      body: response.body,
      headers: response.headers as Record<string, string | string[] | undefined>,
    };
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
  jar.store(url, response.headers.getSetCookie());
  const collected: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    collected[key] = value;
  });
  return {
    status: response.status,
    location: response.headers.get('location') ?? undefined,
    body: await response.text(),
    headers: collected,
  };
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x2F;/gi, '/')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first form of a provider page: its action and hidden inputs. */
function readForm(html: string): { action: string; hidden: Record<string, string> } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the provider page:\n${html.slice(0, 500)}`);
  const hidden: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) hidden[name] = decodeEntities(value);
  }
  return { action: decodeEntities(form[1] ?? ''), hidden };
}

/**
 * Follows a sign-in from `start` (a URL of the provider, usually the app's redirect target) through
 * the provider's login and consent pages until the provider sends the browser back to the app.
 * Returns that callback URL without calling it, so a test can call, forge or replay it.
 */
export async function signInAtProvider(
  app: FastifyInstance,
  jar: CookieJar,
  start: string,
  accountId: string,
): Promise<URL> {
  let url = new URL(start);
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.origin === TEST_PUBLIC_URL) return url;
    const response = await browserRequest(app, jar, url);
    if (response.status >= 300 && response.status < 400 && response.location) {
      url = new URL(response.location, url);
      continue;
    }
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status}: ${response.body.slice(0, 500)}`);
    const { action, hidden } = readForm(response.body);
    const form: Record<string, string> =
      hidden.prompt === 'login' ? { ...hidden, login: accountId, password: 'any-password' } : hidden;
    const submitted = await browserRequest(app, jar, new URL(action, url), { method: 'POST', form });
    if (!submitted.location) throw new Error(`provider form answered ${submitted.status} without a redirect`);
    url = new URL(submitted.location, url);
  }
  throw new Error('too many redirects at the provider');
}
