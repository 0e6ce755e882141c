import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isProtocolRelative, requestGuard, requestProblem } from './request-guard.ts';

describe('requestProblem', () => {
  it('accepts a path with a plausible host', () => {
    expect(requestProblem('/about?x=1', 'casino.example')).toBeUndefined();
    expect(requestProblem('/', '127.0.0.1:3000')).toBeUndefined();
    expect(requestProblem('/api/metadata.get', '[::1]:3000')).toBeUndefined();
  });

  it('refuses absolute-form and asterisk targets', () => {
    expect(requestProblem('http://evil.com/', 'evil.com')?.code).toBe('invalid_request_target');
    expect(requestProblem('*', 'casino.example')?.code).toBe('invalid_request_target');
    expect(requestProblem(undefined, 'casino.example')?.code).toBe('invalid_request_target');
  });

  it('refuses an empty or garbage Host', () => {
    for (const host of [undefined, '', ' ', 'a b', '<script>', 'x/y', 'évil.com', 'a..b', 'x:70000']) {
      expect(requestProblem('/', host)?.code, String(host)).toBe('invalid_host');
      expect(requestProblem('/', host)?.httpStatus).toBe(400);
    }
  });
});

describe('Location check of every reply', () => {
  it('spots protocol-relative targets', () => {
    for (const location of ['//evil.com', '/\\evil.com', '\\\\evil.com', ' //evil.com', '/\t/evil.com']) {
      expect(isProtocolRelative(location), location).toBe(true);
    }
    for (const location of ['/about', 'https://example.org/', '/a//b', '/']) {
      expect(isProtocolRelative(location), location).toBe(false);
    }
  });

  it('a route redirecting to another host answers 404 instead', async () => {
    const app = Fastify();
    requestGuard(app);
    app.get('/bad', async (_request, reply) => reply.redirect('//evil.com/x', 302));
    app.get('/good', async (_request, reply) => reply.redirect('/about', 302));
    const bad = await app.inject({ url: '/bad' });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers.location).toBeUndefined();
    const good = await app.inject({ url: '/good' });
    expect(good.statusCode).toBe(302);
    expect(good.headers.location).toBe('/about');
    await app.close();
  });
});
