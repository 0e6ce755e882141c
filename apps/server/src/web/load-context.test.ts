import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import type { Config } from '../config.ts';
import type { Dispatcher, DispatchRequest } from '../http/dispatcher.ts';
import type { Services } from '../services.ts';
import { createPageRequestContext } from './load-context.ts';

/** A Fastify app whose only route builds the page context and reports what the fakes saw. */
async function harness(
  options: { sessionPlayer?: boolean; cookieWrites?: boolean; publicUrl?: string } = {},
) {
  const app = Fastify();
  await app.register(cookie);
  // What securityHeaders (http/security-headers.ts) provides on every reply.
  app.decorateReply('cspNonce', { getter: () => ({ script: 'script-nonce', style: 'style-nonce' }) });
  const dispatched: DispatchRequest[] = [];
  const dispatcher: Dispatcher = {
    async dispatch(request) {
      dispatched.push(request);
      if (options.cookieWrites) {
        request.cookies.set('sid', 'rotated', { maxAgeSeconds: 60, httpOnly: true });
        request.cookies.clear('old', { httpOnly: false });
      }
      return {
        status: 200,
        envelope: { status: 1, data: { seen: request.cookies.get('sid') ?? null } },
        headers: {},
      };
    },
  };
  const resolved: Array<string | undefined> = [];
  const services = {
    sessions: {
      async resolve(token: string | undefined) {
        resolved.push(token);
        return options.sessionPlayer
          ? { playerId: 1n, playerStatus: 'active', playerLocale: 'fr' }
          : undefined;
      },
    },
    cms: {
      async findPage() {
        return { body: '<p><a href="/live-casino">Live casino</a> or <a href="/faq">FAQ</a></p>' };
      },
    },
  } as unknown as Services;
  const config = { PUBLIC_URL: options.publicUrl, TRUST_PROXY: false } as unknown as Config;
  app.get('/*', async (request, reply) => {
    const context = await createPageRequestContext(request, reply, { app, config, services, dispatcher });
    const result = await context.value.api.call('metadata.get');
    return {
      result,
      setCookies: context.setCookies,
      nonce: context.value.nonce,
      host: context.value.host,
      origin: context.value.origin,
      publicUrl: context.value.publicUrl,
      isAuthenticated: context.value.isAuthenticated,
      accountLocale: context.value.accountLocale,
      content: (await context.value.content.findPage('about', 'fr'))?.body,
      liveCasinoSection: context.value.sections.liveCasino,
    };
  });
  return { app, dispatched, resolved };
}

describe('createPageRequestContext', () => {
  test('API calls run in process, in the page locale, with the visitor cookies', async () => {
    const { app, dispatched, resolved } = await harness({ sessionPlayer: true });
    const response = await app.inject({
      url: '/fr/about.data',
      headers: { cookie: 'sid=abc; other=1', host: 'casino.test' },
    });
    const body = response.json();
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({
      methodName: 'metadata.get',
      httpMethod: 'GET',
      inProcess: true,
      query: { v: '2.34', locale: 'fr' },
      headers: { host: 'casino.test' },
    });
    expect(resolved).toEqual(['abc']);
    expect(body).toMatchObject({
      result: { seen: 'abc' },
      nonce: 'script-nonce',
      host: 'casino.test',
      origin: 'http://casino.test',
      publicUrl: 'http://casino.test',
      isAuthenticated: true,
      // The signed-in player's saved language takes its place in the locale order (spec §2).
      accountLocale: 'fr',
      // The content service as the site reads it: no link into a section without pages (ADR 014).
      content: '<p>Live casino or <a href="/faq">FAQ</a></p>',
      liveCasinoSection: false,
    });
  });

  test('a guest has no account locale; PUBLIC_URL beats the Host header for absolute URLs', async () => {
    const { app } = await harness({ publicUrl: 'https://casino.example/' });
    const body = (await app.inject({ url: '/', headers: { host: 'evil.example' } })).json();
    expect(body.accountLocale).toBeNull();
    expect(body.publicUrl).toBe('https://casino.example');
    expect(body.host).toBe('evil.example');
  });

  test('a guest has no session; cookie writes become Set-Cookie values', async () => {
    const { app } = await harness({ cookieWrites: true });
    const body = (await app.inject({ url: '/' })).json();
    expect(body.isAuthenticated).toBe(false);
    // The jar reads its own writes, as the next request would.
    expect(body.result).toEqual({ seen: 'rotated' });
    expect(body.setCookies[0]).toMatch(/^sid=rotated; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(body.setCookies[1]).toMatch(
      /^old=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax$/,
    );
  });
});
