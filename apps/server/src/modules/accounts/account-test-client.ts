/**
 * Test helpers for the accounts and auth integration tests: calls the API like a browser would
 * (same-origin, cookies carried between calls), from a chosen IP.
 */
import { findMethod } from '@croupier/contract/registry';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/session.service.ts';

export interface ApiAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: {
    status: 0 | 1;
    data?: unknown;
    error?: {
      type: string;
      code: string;
      message: string;
      fields?: Record<string, string>;
      data?: Record<string, unknown>;
    };
  };
  /** The session cookie the answer set ('' when it cleared it), if any. */
  session: string | undefined;
}

export interface Browser {
  ip: string;
  cookie: string | undefined;
  call(method: string, params?: Record<string, unknown>, options?: { locale?: string }): Promise<ApiAnswer>;
}

let ipCounter = 0;

/** A new visitor from a fresh IP (per-IP rate limits do not leak between tests). */
export function newBrowser(app: FastifyInstance, options: { ip?: string; cookie?: string } = {}): Browser {
  ipCounter += 1;
  const browser: Browser = {
    ip: options.ip ?? `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    cookie: options.cookie,
    async call(method, params = {}, callOptions = {}) {
      const isGet = findMethod(method)?.http === 'GET';
      const query = new URLSearchParams({ v: '2.34', locale: callOptions.locale ?? 'en' });
      if (isGet) for (const [key, value] of Object.entries(params)) query.set(key, String(value));
      const response = await app.inject({
        method: isGet ? 'GET' : 'POST',
        url: `/api/${method}?${query}`,
        remoteAddress: browser.ip,
        headers: {
          'sec-fetch-site': 'same-origin',
          ...(browser.cookie ? { cookie: browser.cookie } : {}),
        },
        ...(isGet ? {} : { payload: params }),
      });
      const set = response.cookies.find((c) => c.name === SESSION_COOKIE);
      if (set) browser.cookie = set.value ? `${SESSION_COOKIE}=${set.value}` : undefined;
      return {
        statusCode: response.statusCode,
        headers: response.headers,
        body: response.json(),
        session: set ? set.value : undefined,
      };
    },
  };
  return browser;
}

let loginCounter = 0;

export function uniqueEmail(prefix = 'player'): string {
  loginCounter += 1;
  return `${prefix}${loginCounter}.${Date.now()}@example.com`;
}

/** Signs a new player up through auth.register and returns the browser holding their session. */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<{ browser: Browser; login: string; password: string; uid: number }> {
  const browser = newBrowser(app);
  const login = typeof overrides.login === 'string' ? overrides.login : uniqueEmail();
  const password = typeof overrides.password === 'string' ? overrides.password : 'Secret-123';
  // An adult by default (real money needs a birth date); `birth_date: null` signs up without one.
  const params: Record<string, unknown> = {
    login,
    password,
    terms: '1',
    birth_date: '01.01.1990',
    ...overrides,
  };
  if (params.birth_date === null) delete params.birth_date;
  const answer = await browser.call('auth.register', params);
  if (answer.body.status !== 1) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return { browser, login, password, uid: (answer.body.data as { uid: number }).uid };
}
