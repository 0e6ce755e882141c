/**
 * The back-office auth backend on the real server and a fresh PostgreSQL database: bootstrap and
 * admin-only registration, sign-in, the current user, password reset through the mailbox, password
 * change, email confirmation, single sign-on through a real OpenID Connect provider, rate limits, and
 * bad input (always a typed 4xx in the content service's error style).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  browserRequest,
  CookieJar,
  signInAtProvider,
  startTestOidcProvider,
  TEST_PUBLIC_URL,
  type TestOidcProvider,
} from '../social/test-oidc-provider.ts';
import type { BackofficeErrorBody } from './backoffice.routes.ts';
import type { BackofficeUserDto } from './backoffice.service.ts';
import { DEMO_ADMIN, provisionDemoAdmin } from './backoffice.staff.ts';
import { staffAction } from './require-backoffice-role.ts';
import { runStaffCreate } from './staff-cli.ts';
import { createStaff, currentCode } from './staff-test-client.ts';

const TTL_SECONDS = 3600;
const CLI = fileURLToPath(new URL('./staff-cli.ts', import.meta.url));
let provider: TestOidcProvider;
let harness: TestApp;
/** Added to the server's clock, to expire tokens and codes. */
let offsetMs = 0;
/** Added to the rate limiter's clock: each test starts with fresh budgets. */
let limiterOffsetMs = 0;
let ipCounter = 0;
/** A fresh client address per test that must not share rate-limit budgets with others. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const ADMIN = { username: 'boss', email: 'Admin@Croupier.test', password: 'correct horse battery' };
const EDITOR = { username: 'writer', email: 'writer@croupier.test', password: 'ink and paper 42' };

beforeAll(async () => {
  provider = await startTestOidcProvider({
    accounts: [
      { accountId: 'boss', email: 'admin@croupier.test', emailVerified: true },
      { accountId: 'stranger', email: 'stranger@example.test', emailVerified: true },
      { accountId: 'pretender', email: 'writer@croupier.test', emailVerified: false },
    ],
    redirectUris: [`${TEST_PUBLIC_URL}/nfx/connect/oidc/callback`],
    conformIdTokenClaims: false,
  });
  harness = await createTestApp({
    env: {
      ...provider.env,
      CMS_JWT_SECRET: 'test-cms-jwt-secret-test-cms-jwt-secret',
      CMS_JWT_TTL_SECONDS: String(TTL_SECONDS),
    },
    now: () => new Date(Date.now() + offsetMs),
    rateLimiter: createMemoryRateLimiter(() => Date.now() + limiterOffsetMs),
  });
});

beforeEach(() => {
  limiterOffsetMs += 2 * 3600 * 1000;
});

afterAll(async () => {
  await harness?.close();
  await provider?.close();
});

interface CallOptions {
  jwt?: string;
  ip?: string;
  headers?: Record<string, string>;
}

async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, options: CallOptions = {}) {
  const response = await harness.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.jwt ? { authorization: `Bearer ${options.jwt}` } : {}),
      ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return response;
}

function expectError(response: { statusCode: number; json: () => unknown }, status: number, name: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as BackofficeErrorBody;
  expect(body.data).toBeNull();
  expect(body.error.status).toBe(status);
  expect(body.error.name).toBe(name);
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

async function userCount(): Promise<number> {
  const result = await harness.database.db.execute<{ count: string }>(
    sql`SELECT count(*)::text AS count FROM backoffice_users`,
  );
  return Number(result.rows[0]?.count);
}

async function latestMail(
  to: string,
): Promise<{ link: string | null; subject: string | null; text: string } | undefined> {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
  });
  return (response.json() as { items: { link: string | null; subject: string | null; text: string }[] })
    .items[0];
}

async function mailCount(to: string): Promise<number> {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
  });
  return (response.json() as { items: unknown[] }).items.length;
}

/** The code of a reset link (`…/reset-password#code=…`). */
function resetCode(link: string): string {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('code')!;
}

async function login(identifier: string, password: string, ip = freshIp(), code?: string) {
  return call('POST', '/nfx/auth/local', { identifier, password, ...(code ? { code } : {}) }, { ip });
}

/** The admin's authenticator seed once enrolled. */
let adminSecret = '';
/**
 * A code for another admin sign-in. A code's step works once and steps only move forward, while
 * these tests sign in many times within one 30-second step: the spent step is forgotten first (the
 * replay refusal itself is tested where two-factor is enrolled).
 */
async function adminCode(): Promise<string> {
  await harness.database.db.execute(
    sql`UPDATE backoffice_users SET totp_last_step = NULL WHERE username = 'boss'`,
  );
  return currentCode(harness, adminSecret);
}

/** `npm run staff:create -- …` as the operator runs it: node on the script, against this database. */
function runCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: harness.database.pool.options.connectionString!,
        PUBLIC_URL: 'http://casino.test',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let adminJwt: string;
let editorJwt: string;

describe('registration', () => {
  it('grants nothing to an anonymous registration on a fresh install: no user, no token', async () => {
    expect(await userCount()).toBe(0);
    const response = await call('POST', '/nfx/auth/local/register', ADMIN, { ip: freshIp() });
    const error = expectError(response, 403, 'ForbiddenError');
    expect(error.details.code).toBe('registration_closed');
    expect(response.body).not.toContain('jwt');
    expect(await userCount()).toBe(0);
  });

  it('creates the first admin with `npm run staff:create`, whose one-time setup link works once', async () => {
    const result = await runCli(['--email', ADMIN.email, '--username', ADMIN.username, '--role', 'admin']);
    expect(result.code, result.stderr).toBe(0);
    const link = result.stdout.match(/^(http\S+)$/m)?.[1];
    expect(link).toMatch(/^http:\/\/casino\.test\/nfx\/auth\/setup#code=[A-Za-z0-9_-]{43}$/);
    const code = resetCode(link!);
    // Stored hashed, single use, with an expiry.
    const stored = await harness.database.db.execute<{
      code_hash: Buffer;
      hours: number;
      password_hash: string;
    }>(
      sql`SELECT t.code_hash, extract(epoch FROM t.expires_at - t.created_at)::int / 3600 AS hours,
            u.password_hash
          FROM backoffice_tokens t JOIN backoffice_users u ON u.id = t.user_id
          WHERE t.purpose = 'staff_setup'`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(Buffer.from(stored.rows[0]!.code_hash).toString('base64url')).not.toBe(code);
    expect(stored.rows[0]!.hours).toBe(24);
    // No password until the link is used: nothing signs in yet.
    expect(stored.rows[0]!.password_hash).toBe('!');
    expectError(await login('boss', '!'), 400, 'ValidationError');

    const page = await call('GET', '/nfx/auth/setup', undefined, { headers: { 'accept-language': 'fr' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Activez votre compte back-office');
    expect(page.body).toContain('action="/nfx/auth/setup"');
    // The page's style carries the CSP nonce (with a nonce, browsers ignore 'unsafe-inline').
    const styleNonce = /<style nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${styleNonce}'`);

    const response = await call(
      'POST',
      '/nfx/auth/setup',
      { code, password: ADMIN.password, passwordConfirmation: ADMIN.password },
      { ip: freshIp() },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as { jwt: string; user: BackofficeUserDto };
    expect(body.user).toMatchObject({
      username: 'boss',
      email: 'admin@croupier.test',
      provider: 'local',
      role: 'admin',
      blocked: false,
    });
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'blocked',
        'confirmed',
        'createdAt',
        'email',
        'id',
        'mfa',
        'permissions',
        'provider',
        'role',
        'updatedAt',
        'username',
      ].sort(),
    );
    adminJwt = body.jwt;
    const hash = await harness.database.db.execute<{ password_hash: string }>(
      sql`SELECT password_hash FROM backoffice_users WHERE email = 'admin@croupier.test'`,
    );
    expect(hash.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);

    const replay = expectError(
      await call(
        'POST',
        '/nfx/auth/setup',
        { code, password: 'someone else 1', passwordConfirmation: 'someone else 1' },
        { ip: freshIp() },
      ),
      400,
      'ValidationError',
    );
    expect(replay.details.code).toBe('invalid_code');
    expect((await login('boss', ADMIN.password)).statusCode).toBe(200);
    expectError(await login('boss', 'someone else 1'), 400, 'ValidationError');

    // The same email twice is refused, creating nothing (in process: one node start is enough).
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const env = { NODE_ENV: 'test', DATABASE_URL: harness.database.pool.options.connectionString! };
    expect(await runStaffCreate(['--email', ADMIN.email, '--role', 'content'], env, io)).toBe(1);
    expect(lines.join('\n')).toContain('already exists');
    expect(await runStaffCreate(['--email', 'x@croupier.test', '--role', 'owner'], env, io)).toBe(1);
    expect(await runStaffCreate(['--email', 'x@croupier.test', '--role', 'admin', '--bogus'], env, io)).toBe(
      1,
    );
    expect(await userCount()).toBe(1);
  }, 90_000);

  it('is closed to anonymous callers once a user exists', async () => {
    const error = expectError(
      await call(
        'POST',
        '/nfx/auth/local/register',
        { username: 'intruder', email: 'x@evil.test', password: 'password123' },
        { ip: freshIp() },
      ),
      403,
      'ForbiddenError',
    );
    expect(error.details.code).toBe('registration_closed');
    expect(await userCount()).toBe(1);
  });

  it('keeps an admin without two-factor out of staff endpoints until they enrol', async () => {
    const me = (
      await call('GET', '/nfx/users/me', undefined, { jwt: adminJwt })
    ).json() as BackofficeUserDto & {
      mfaVerified: boolean;
    };
    expect(me).toMatchObject({ role: 'admin', mfa: { required: true, enabled: false }, mfaVerified: false });
    expect(me.permissions).toContain('staff.manage');
    const refused = expectError(
      await call('POST', '/nfx/auth/local/register', EDITOR, { jwt: adminJwt, ip: freshIp() }),
      403,
      'ForbiddenError',
    );
    expect(refused.details.code).toBe('mfa_required');
    expect(await userCount()).toBe(1);

    const setup = await call('POST', '/nfx/auth/mfa/setup', {}, { jwt: adminJwt });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json() as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    // Sealed at rest: the database does not hold the seed as handed out.
    const stored = await harness.database.db.execute<{ totp_secret: Buffer }>(
      sql`SELECT totp_secret FROM backoffice_users WHERE username = 'boss'`,
    );
    expect(Buffer.from(stored.rows[0]!.totp_secret).toString('latin1')).not.toContain(secret);
    const wrong = expectError(
      await call('POST', '/nfx/auth/mfa/enable', { code: '000000' }, { jwt: adminJwt }),
      400,
      'ValidationError',
    );
    expect(wrong.details.code).toBe('invalid_mfa_code');
    expectError(
      await call('POST', '/nfx/auth/mfa/enable', { code: '12' }, { jwt: adminJwt }),
      400,
      'ValidationError',
    );
    const enabled = await call(
      'POST',
      '/nfx/auth/mfa/enable',
      { code: currentCode(harness, secret) },
      { jwt: adminJwt },
    );
    expect(enabled.statusCode).toBe(200);
    // Enrolment ends the tokens from before it.
    expectError(await call('GET', '/nfx/users/me', undefined, { jwt: adminJwt }), 401, 'UnauthorizedError');
    adminJwt = (enabled.json() as { jwt: string }).jwt;
    adminSecret = secret;
    expect((await call('GET', '/nfx/users/me', undefined, { jwt: adminJwt })).json()).toMatchObject({
      mfa: { required: true, enabled: true },
      mfaVerified: true,
    });

    // From now on the password alone does not sign in; a code is used once.
    expect(expectError(await login('boss', ADMIN.password), 400, 'ValidationError').details.code).toBe(
      'mfa_code_required',
    );
    const code = currentCode(harness, secret, 1);
    expect((await login('boss', ADMIN.password, freshIp(), code)).statusCode).toBe(200);
    expect(
      expectError(await login('boss', ADMIN.password, freshIp(), code), 400, 'ValidationError').details.code,
    ).toBe('invalid_mfa_code');
  });

  it('lets an admin create role-less accounts, give them a role, and they cannot create anyone', async () => {
    const response = await call('POST', '/nfx/auth/local/register', EDITOR, { jwt: adminJwt, ip: freshIp() });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { jwt?: string; user: BackofficeUserDto };
    expect(body.jwt).toBeUndefined();
    expect(body.user.role).toBeNull();
    const promoted = await call(
      'PUT',
      `/nfx/users/${body.user.id}/role`,
      { role: 'content' },
      { jwt: adminJwt },
    );
    expect((promoted.json() as BackofficeUserDto).role).toBe('content');

    editorJwt = ((await login('writer', EDITOR.password)).json() as { jwt: string }).jwt;
    expectError(
      await call(
        'POST',
        '/nfx/auth/local/register',
        { username: 'third', email: 'third@croupier.test', password: 'password123' },
        { jwt: editorJwt, ip: freshIp() },
      ),
      403,
      'ForbiddenError',
    );
    // A stale or forged token is not treated as "anonymous" (which could mean bootstrap).
    expectError(
      await call(
        'POST',
        '/nfx/auth/local/register',
        { username: 'third', email: 'third@croupier.test', password: 'password123' },
        { jwt: 'not.a.jwt', ip: freshIp() },
      ),
      401,
      'UnauthorizedError',
    );
    expect(await userCount()).toBe(2);
  });

  it('refuses a taken email or username', async () => {
    const taken = expectError(
      await call(
        'POST',
        '/nfx/auth/local/register',
        { ...EDITOR, username: 'other' },
        { jwt: adminJwt, ip: freshIp() },
      ),
      400,
      'ValidationError',
    );
    expect(taken.details.code).toBe('taken');
    expectError(
      await call(
        'POST',
        '/nfx/auth/local/register',
        { ...EDITOR, username: 'WRITER', email: 'new@croupier.test' },
        { jwt: adminJwt, ip: freshIp() },
      ),
      400,
      'ValidationError',
    );
  });

  it.each([
    [{ username: 'ok_name', email: 'not-an-email', password: 'password123' }, { email: 'invalid_format' }],
    [{ username: 'ok_name', email: 'ok@croupier.test', password: 'short' }, { password: 'too_short' }],
    [{ username: 'a@b', email: 'ok@croupier.test', password: 'password123' }, { username: 'invalid_format' }],
    [
      { username: 'ok_name', email: 'ok@croupier.test', password: 'password123', role: 'admin' },
      { role: 'unknown_field' },
    ],
    [{ username: 'ok_name', email: 'ok@croupier.test' }, { password: 'required' }],
    [{ username: 'ok_name', email: 'ok@croupier.test', password: 'x'.repeat(129) }, { password: 'too_long' }],
  ])('refuses bad input %j with field codes', async (body, fields) => {
    const error = expectError(
      await call('POST', '/nfx/auth/local/register', body, { jwt: adminJwt, ip: freshIp() }),
      400,
      'ValidationError',
    );
    expect(error.details.fields).toEqual(fields);
    expect(await userCount()).toBe(2);
  });
});

describe('bad transport input', () => {
  it.each([
    ['malformed JSON', '{"identifier":', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['a JSON array', '[1,2]', 'application/json'],
    ['a JSON string', '"hello"', 'application/json'],
    ['text', 'identifier=boss', 'text/plain'],
    ['a form', 'identifier=boss&password=x', 'application/x-www-form-urlencoded'],
    ['an unknown media type', '<xml/>', 'application/xml'],
  ])('answers %s with a 400, never a 500', async (_label, payload, contentType) => {
    const response = await call('POST', '/nfx/auth/local', payload, {
      ip: freshIp(),
      headers: { 'content-type': contentType },
    });
    expectError(response, 400, 'ValidationError');
  });
});

describe('POST /nfx/auth/local', () => {
  it('signs in by email (any case) or username', async () => {
    const byEmail = await login('ADMIN@croupier.test', ADMIN.password, freshIp(), await adminCode());
    expect(byEmail.statusCode).toBe(200);
    expect((byEmail.json() as { user: BackofficeUserDto }).user.username).toBe('boss');
    const byName = await login('Boss', ADMIN.password, freshIp(), await adminCode());
    expect(byName.statusCode).toBe(200);
  });

  it('fails the same way for an unknown user and a wrong password', async () => {
    const wrong = expectError(await login('boss', 'wrong password'), 400, 'ValidationError');
    const unknown = expectError(
      await login('nobody@croupier.test', 'wrong password'),
      400,
      'ValidationError',
    );
    expect(wrong).toEqual(unknown);
    expect(wrong.details.code).toBe('invalid_credentials');
  });

  it('answers in French when asked', async () => {
    const error = expectError(
      await call(
        'POST',
        '/nfx/auth/local',
        { identifier: 'boss', password: 'nope' },
        {
          ip: freshIp(),
          headers: { 'accept-language': 'fr' },
        },
      ),
      400,
      'ValidationError',
    );
    expect(error.message).toBe('Identifiant ou mot de passe invalide.');
  });

  it('limits attempts per identifier across addresses, with Retry-After', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login('target@croupier.test', 'guess', freshIp())).statusCode).toBe(400);
    }
    const limited = await login('target@croupier.test', 'guess', freshIp());
    expectError(limited, 429, 'RateLimitError');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per address across identifiers', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(`user${attempt}@croupier.test`, 'guess', ip)).statusCode).toBe(400);
    }
    expectError(await login('boss', ADMIN.password, ip), 429, 'RateLimitError');
  });
});

describe('GET /nfx/users/me', () => {
  it('answers the user of a valid token', async () => {
    const response = await call('GET', '/nfx/users/me', undefined, { jwt: adminJwt });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'boss', role: 'admin' });
  });

  it('answers 401 for a missing, malformed, forged or foreign token', async () => {
    expectError(await call('GET', '/nfx/users/me'), 401, 'UnauthorizedError');
    expectError(await call('GET', '/nfx/users/me', undefined, { jwt: 'garbage' }), 401, 'UnauthorizedError');
    expectError(
      await call('GET', '/nfx/users/me', undefined, { headers: { authorization: `Basic ${adminJwt}` } }),
      401,
      'UnauthorizedError',
    );
    const [header, payload] = adminJwt.split('.');
    expectError(
      await call('GET', '/nfx/users/me', undefined, { jwt: `${header}.${payload}.AAAA` }),
      401,
      'UnauthorizedError',
    );
    const foreign = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('croupier')
      .setAudience('croupier-backoffice')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret!!'));
    expectError(await call('GET', '/nfx/users/me', undefined, { jwt: foreign }), 401, 'UnauthorizedError');
  });

  it('answers 401 once the token has expired', async () => {
    const fresh = (
      (await login('boss', ADMIN.password, freshIp(), await adminCode())).json() as { jwt: string }
    ).jwt;
    offsetMs = (TTL_SECONDS + 1) * 1000;
    try {
      expectError(await call('GET', '/nfx/users/me', undefined, { jwt: fresh }), 401, 'UnauthorizedError');
    } finally {
      offsetMs = 0;
    }
    expect((await call('GET', '/nfx/users/me', undefined, { jwt: fresh })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known addresses, and mails only real users', async () => {
    const unknown = await call(
      'POST',
      '/nfx/auth/forgot-password',
      { email: 'ghost@croupier.test' },
      { ip: freshIp() },
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    expect(await mailCount('ghost@croupier.test')).toBe(0);

    const before = await mailCount('writer@croupier.test');
    const known = await call(
      'POST',
      '/nfx/auth/forgot-password',
      { email: 'Writer@Croupier.test' },
      { ip: freshIp() },
    );
    expect(known.json()).toEqual({ ok: true });
    expect(await mailCount('writer@croupier.test')).toBe(before + 1);
  });

  it('resets with the mailed code once, ending older tokens', async () => {
    await call('POST', '/nfx/auth/forgot-password', { email: 'writer@croupier.test' }, { ip: freshIp() });
    const mail = await latestMail('writer@croupier.test');
    expect(mail?.subject).toBe('Reset your back-office password');
    const link = new URL(mail!.link!);
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.pathname).toBe('/nfx/auth/reset-password');
    expect(link.search).toBe('');
    const code = resetCode(mail!.link!);

    // The linked page is a form; the code stays in the fragment (never sent, never logged) until a
    // nonce-bearing script copies it into the form.
    const page = await call('GET', link.pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('name="code" value=""');
    const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    // The query form still works for clients that link that way.
    const withQuery = await call('GET', `${link.pathname}?code=${code}`);
    expect(withQuery.body).toContain(`name="code" value="${code}"`);
    expect(withQuery.body).not.toContain('<script');
    expect((await call('GET', `${link.pathname}?code=%3Cscript%3E`)).statusCode).toBe(400);

    expect(
      expectError(
        await call(
          'POST',
          '/nfx/auth/reset-password',
          { code, password: 'new password 1', passwordConfirmation: 'different' },
          { ip: freshIp() },
        ),
        400,
        'ValidationError',
      ).details.fields,
    ).toEqual({ passwordConfirmation: 'mismatch' });

    const reset = await call(
      'POST',
      '/nfx/auth/reset-password',
      { code, password: 'new password 1', passwordConfirmation: 'new password 1' },
      { ip: freshIp() },
    );
    expect(reset.statusCode).toBe(200);
    const body = reset.json() as { jwt: string; user: BackofficeUserDto };
    expect(body.user.username).toBe('writer');
    // The reset link proved the address.
    expect(body.user.confirmed).toBe(true);

    expectError(await call('GET', '/nfx/users/me', undefined, { jwt: editorJwt }), 401, 'UnauthorizedError');
    expect((await call('GET', '/nfx/users/me', undefined, { jwt: body.jwt })).statusCode).toBe(200);
    expect((await login('writer', 'new password 1')).statusCode).toBe(200);
    expectError(await login('writer', EDITOR.password), 400, 'ValidationError');

    const replay = expectError(
      await call(
        'POST',
        '/nfx/auth/reset-password',
        { code, password: 'another one 2', passwordConfirmation: 'another one 2' },
        { ip: freshIp() },
      ),
      400,
      'ValidationError',
    );
    expect(replay.details.code).toBe('invalid_code');
    editorJwt = body.jwt;
  });

  it('refuses an expired code and keeps only the latest code alive', async () => {
    await call('POST', '/nfx/auth/forgot-password', { email: 'writer@croupier.test' }, { ip: freshIp() });
    const first = resetCode((await latestMail('writer@croupier.test'))!.link!);
    await call('POST', '/nfx/auth/forgot-password', { email: 'writer@croupier.test' }, { ip: freshIp() });
    const second = resetCode((await latestMail('writer@croupier.test'))!.link!);
    expect(second).not.toBe(first);
    const attempt = (code: string) =>
      call(
        'POST',
        '/nfx/auth/reset-password',
        { code, password: 'third password 3', passwordConfirmation: 'third password 3' },
        { ip: freshIp() },
      );
    expectError(await attempt(first), 400, 'ValidationError');
    offsetMs = 3601 * 1000;
    try {
      expectError(await attempt(second), 400, 'ValidationError');
    } finally {
      offsetMs = 0;
    }
    expect((await login('writer', 'new password 1')).statusCode).toBe(200);
  });

  it('works from the HTML form too, answering with a page', async () => {
    await call('POST', '/nfx/auth/forgot-password', { email: 'writer@croupier.test' }, { ip: freshIp() });
    const code = resetCode((await latestMail('writer@croupier.test'))!.link!);
    const form = (password: string, confirmation: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/nfx/auth/reset-password',
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr' },
        payload: new URLSearchParams({ code, password, passwordConfirmation: confirmation }).toString(),
      });
    const mismatch = await form('form password 4', 'nope');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('role="alert"');
    expect(mismatch.body).toContain(`value="${code}"`);
    const done = await form('form password 4', 'form password 4');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Votre mot de passe a été modifié.');
    expect((await login('writer', 'form password 4')).statusCode).toBe(200);
    editorJwt = ((await login('writer', 'form password 4')).json() as { jwt: string }).jwt;
  });

  it('limits forgot-password per address', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await call('POST', '/nfx/auth/forgot-password', { email: `n${attempt}@croupier.test` }, { ip }))
          .statusCode,
      ).toBe(200);
    }
    expectError(
      await call('POST', '/nfx/auth/forgot-password', { email: 'n9@croupier.test' }, { ip }),
      429,
      'RateLimitError',
    );
  });
});

describe('POST /nfx/auth/change-password', () => {
  it('needs the token and the current password, and ends older tokens', async () => {
    expectError(
      await call('POST', '/nfx/auth/change-password', {
        currentPassword: 'x',
        password: 'abcdefgh1',
        passwordConfirmation: 'abcdefgh1',
      }),
      401,
      'UnauthorizedError',
    );
    expectError(
      await call(
        'POST',
        '/nfx/auth/change-password',
        { currentPassword: 'wrong', password: 'changed pass 5', passwordConfirmation: 'changed pass 5' },
        { jwt: editorJwt },
      ),
      400,
      'ValidationError',
    );
    expectError(
      await call(
        'POST',
        '/nfx/auth/change-password',
        {
          currentPassword: 'form password 4',
          password: 'form password 4',
          passwordConfirmation: 'form password 4',
        },
        { jwt: editorJwt },
      ),
      400,
      'ValidationError',
    );
    const changed = await call(
      'POST',
      '/nfx/auth/change-password',
      {
        currentPassword: 'form password 4',
        password: 'changed pass 5',
        passwordConfirmation: 'changed pass 5',
      },
      { jwt: editorJwt },
    );
    expect(changed.statusCode).toBe(200);
    const body = changed.json() as { jwt: string; user: BackofficeUserDto };
    expectError(await call('GET', '/nfx/users/me', undefined, { jwt: editorJwt }), 401, 'UnauthorizedError');
    expect((await call('GET', '/nfx/users/me', undefined, { jwt: body.jwt })).statusCode).toBe(200);
    editorJwt = body.jwt;
  });
});

describe('email confirmation', () => {
  it('sends a link whether or not the address is known, and the link confirms once', async () => {
    const unknown = await call(
      'POST',
      '/nfx/auth/send-email-confirmation',
      { email: 'ghost@croupier.test' },
      { ip: freshIp() },
    );
    expect(unknown.json()).toEqual({ email: 'ghost@croupier.test', sent: true });

    const response = await call(
      'POST',
      '/nfx/auth/send-email-confirmation',
      { email: 'admin@croupier.test' },
      { ip: freshIp() },
    );
    expect(response.json()).toEqual({ email: 'admin@croupier.test', sent: true });
    const link = new URL((await latestMail('admin@croupier.test'))!.link!);
    expect(link.pathname).toBe('/nfx/auth/email-confirmation');

    const page = await call('GET', `${link.pathname}${link.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your email address is confirmed.');
    expect((await call('GET', '/nfx/users/me', undefined, { jwt: adminJwt })).json()).toMatchObject({
      confirmed: true,
    });

    const again = await call('GET', `${link.pathname}${link.search}`, undefined, {
      headers: { accept: 'application/json' },
    });
    expectError(again, 400, 'ValidationError');
    expectError(
      await call('GET', '/nfx/auth/email-confirmation?confirmation=%3Cscript%3E'),
      400,
      'ValidationError',
    );
  });
});

describe('blocked users', () => {
  it('cannot sign in (told only with the right password) and their tokens stop working', async () => {
    await harness.database.db.execute(
      sql`UPDATE backoffice_users SET blocked = true WHERE username = 'writer'`,
    );
    try {
      expect(expectError(await login('writer', 'changed pass 5'), 403, 'ForbiddenError').details.code).toBe(
        'blocked',
      );
      expect(expectError(await login('writer', 'wrong'), 400, 'ValidationError').details.code).toBe(
        'invalid_credentials',
      );
      expectError(
        await call('GET', '/nfx/users/me', undefined, { jwt: editorJwt }),
        401,
        'UnauthorizedError',
      );
    } finally {
      await harness.database.db.execute(
        sql`UPDATE backoffice_users SET blocked = false WHERE username = 'writer'`,
      );
    }
  });
});

describe('permissions (service guard for operator endpoints)', () => {
  it('lets an admin through, stops a content editor outside content, and a guest everywhere', async () => {
    const { backoffice } = harness.app.services;
    expect(await backoffice.requirePermission(`Bearer ${adminJwt}`, 'staff.manage')).toMatchObject({
      username: 'boss',
      role: 'admin',
    });
    await expect(
      backoffice.requirePermission(`Bearer ${editorJwt}`, 'withdrawals.decide'),
    ).rejects.toMatchObject({
      type: 'AccessDeniedException',
    });
    await expect(backoffice.requirePermission(undefined, 'players.read')).rejects.toMatchObject({
      type: 'AuthorizationException',
    });
  });

  it('reads the bearer token of a request', async () => {
    // The request as an operator route would see it; only its headers, address and server are read.
    const request = (authorization?: string) =>
      ({
        headers: authorization ? { authorization } : {},
        ip: '127.0.0.1',
        id: 'req-1',
        server: harness.app,
      }) as unknown as FastifyRequest;
    const run = async () => ({ result: 'ran' });
    const spec = { permission: 'staff.manage' as const, action: 'test.guard' };
    expect(await staffAction(request(`Bearer ${adminJwt}`), spec, run)).toBe('ran');
    await expect(staffAction(request(`Bearer ${editorJwt}`), spec, run)).rejects.toMatchObject({
      httpStatus: 403,
    });
    await expect(staffAction(request(), spec, run)).rejects.toMatchObject({ httpStatus: 401 });
  });
});

describe('single sign-on', () => {
  async function ssoRedirect(accountId: string) {
    const jar = new CookieJar();
    const start = await browserRequest(
      harness.app,
      jar,
      new URL(`${TEST_PUBLIC_URL}/nfx/connect/oidc?redirect_url=%2Fbackoffice%3Ftab%3D1`),
    );
    expect(start.status).toBe(302);
    expect(new URL(start.location!).searchParams.get('code_challenge_method')).toBe('S256');
    const callbackUrl = await signInAtProvider(harness.app, jar, start.location!, accountId);
    expect(callbackUrl.pathname).toBe('/nfx/connect/oidc/callback');
    const back = await browserRequest(harness.app, jar, callbackUrl);
    expect(back.status).toBe(302);
    return new URL(back.location!, TEST_PUBLIC_URL);
  }

  it('hands a known user a one-time code the front end trades for a JWT', async () => {
    const target = await ssoRedirect('boss');
    expect(target.origin).toBe(TEST_PUBLIC_URL);
    expect(target.pathname).toBe('/backoffice');
    expect(target.searchParams.get('tab')).toBe('1');
    const code = target.searchParams.get('access_token')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const traded = await call('GET', `/nfx/auth/oidc/callback?access_token=${code}`, undefined, {
      ip: freshIp(),
    });
    expect(traded.statusCode).toBe(200);
    const body = traded.json() as { jwt: string; user: BackofficeUserDto };
    expect(body.user).toMatchObject({ username: 'boss', role: 'admin' });
    expect((await call('GET', '/nfx/users/me', undefined, { jwt: body.jwt })).statusCode).toBe(200);

    expectError(
      await call('GET', `/nfx/auth/oidc/callback?access_token=${code}`, undefined, { ip: freshIp() }),
      401,
      'UnauthorizedError',
    );
  });

  it('never creates staff: unknown or unverified emails are turned away', async () => {
    const before = await userCount();
    const stranger = await ssoRedirect('stranger');
    expect(stranger.searchParams.get('error')).toBe('access_denied');
    expect(stranger.searchParams.has('access_token')).toBe(false);
    const pretender = await ssoRedirect('pretender');
    expect(pretender.searchParams.get('error')).toBe('access_denied');
    expect(await userCount()).toBe(before);
  });

  it('refuses unknown providers, bad return paths, forged callbacks and bad codes', async () => {
    expectError(await call('GET', '/nfx/connect/github'), 404, 'NotFoundError');
    expectError(
      await call('GET', '/nfx/auth/github/callback?access_token=abcdefghijklmnopqrstuvwxyz'),
      404,
      'NotFoundError',
    );
    expectError(
      await call('GET', '/nfx/connect/oidc?redirect_url=%2F%2Fevil.example'),
      400,
      'ValidationError',
    );
    expectError(await call('GET', '/nfx/connect/oidc/callback?code=x&state=y'), 400, 'ValidationError');
    expectError(await call('GET', '/nfx/auth/oidc/callback'), 400, 'ValidationError');
    expectError(
      await call('GET', '/nfx/auth/oidc/callback?access_token=abcdefghijklmnopqrstuvwxyz', undefined, {
        ip: freshIp(),
      }),
      401,
      'UnauthorizedError',
    );
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

  it('has no /connect provider', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/nfx/connect/oidc' });
    expect(response.statusCode).toBe(404);
    expect((response.json() as BackofficeErrorBody).error.name).toBe('NotFoundError');
  });
});

describe('STAFF_SELF_REGISTRATION on', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ seed: false, env: { STAFF_SELF_REGISTRATION: 'true' } });
  });
  afterAll(async () => {
    await open?.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, jwt?: string) =>
    open.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      headers: {
        ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  it('gives the first anonymous registrant a role-less account that reaches no operator endpoint', async () => {
    const response = await send('POST', '/nfx/auth/local/register', {
      username: 'walkin',
      email: 'walkin@example.test',
      password: 'walk-in password',
    });
    expect(response.statusCode).toBe(200);
    const { jwt, user } = response.json() as { jwt: string; user: BackofficeUserDto };
    expect(user.role).toBeNull();
    expect(user.confirmed).toBe(false);

    const list = await send('GET', '/nfx/operator/withdrawals', undefined, jwt);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('items');
    expect((await send('POST', '/nfx/operator/withdrawals/1/approve', {}, jwt)).statusCode).toBe(403);
    expect(
      (await send('PUT', '/nfx/operator/cashier/settings', { kyc_block_enabled: false }, jwt)).statusCode,
    ).toBe(403);
    expect((await send('GET', '/nfx/operator/withdrawals')).statusCode).toBe(401);
    const decided = await open.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM cashier_transactions WHERE decided_by IS NOT NULL`,
    );
    expect(decided.rows[0]?.n).toBe(0);
    // Nor can it create staff or promote itself.
    expectError(
      await send(
        'POST',
        '/nfx/auth/local/register',
        { username: 'friend', email: 'f@example.test', password: 'password123' },
        jwt,
      ),
      403,
      'ForbiddenError',
    );
    expectError(
      await send('PUT', `/nfx/users/${user.id}/role`, { role: 'admin' }, jwt),
      403,
      'ForbiddenError',
    );
  });

  it('lets an admin promote it, which ends its older tokens', async () => {
    const chief = await createStaff(open, 'admin', { username: 'chief', email: 'chief@croupier.test' });
    const admin = chief.jwt;
    const walkin = (
      await send('POST', '/nfx/auth/local', { identifier: 'walkin', password: 'walk-in password' })
    ).json() as {
      jwt: string;
      user: BackofficeUserDto;
    };
    expect((await send('GET', '/nfx/users', undefined, walkin.jwt)).statusCode).toBe(403);
    const listed = await send('GET', '/nfx/users?limit=10', undefined, admin);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as BackofficeUserDto[]).map((u) => [u.username, u.role])).toEqual([
      ['walkin', null],
      ['chief', 'admin'],
    ]);
    const promoted = await send('PUT', `/nfx/users/${walkin.user.id}/role`, { role: 'payments' }, admin);
    expect(promoted.statusCode).toBe(200);
    expect((promoted.json() as BackofficeUserDto).role).toBe('payments');
    expect((await send('GET', '/nfx/operator/withdrawals', undefined, walkin.jwt)).statusCode).toBe(401);
    const fresh = (
      (
        await send('POST', '/nfx/auth/local', { identifier: 'walkin', password: 'walk-in password' })
      ).json() as {
        jwt: string;
      }
    ).jwt;
    // A money role: nothing until the new payments clerk enrols an authenticator.
    const unenrolled = await send('GET', '/nfx/operator/withdrawals', undefined, fresh);
    expect(unenrolled.statusCode).toBe(403);
    expect(unenrolled.json()).toMatchObject({ error: { details: { code: 'mfa_required' } } });

    const self = expectError(
      await send('PUT', `/nfx/users/${chief.id}/role`, { role: null }, admin),
      403,
      'ForbiddenError',
    );
    expect(self.details.code).toBe('own_role');
    expectError(
      await send('PUT', '/nfx/users/999999/role', { role: 'content' }, admin),
      404,
      'NotFoundError',
    );
    expectError(
      await send('PUT', `/nfx/users/${walkin.user.id}/role`, { role: 'owner' }, admin),
      400,
      'ValidationError',
    );
  });

  it('creates a demo admin only in the demo profile, with a new random password at every start', async () => {
    const db = open.database.db;
    const demoCount = async () =>
      (
        await db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM backoffice_users WHERE email = ${DEMO_ADMIN.email}`,
        )
      ).rows[0]?.n;
    expect(await provisionDemoAdmin(db, { SANDBOX: false, SEED_DEMO: true }, new Date())).toBeNull();
    expect(await provisionDemoAdmin(db, { SANDBOX: true, SEED_DEMO: false }, new Date())).toBeNull();
    expect(await demoCount()).toBe(0);

    const first = await provisionDemoAdmin(db, { SANDBOX: true, SEED_DEMO: true }, new Date());
    expect(first?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const signIn = (password: string) =>
      send('POST', '/nfx/auth/local', { identifier: DEMO_ADMIN.email, password });
    const signedIn = await signIn(first!.password);
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json() as { user: BackofficeUserDto }).user.role).toBe('admin');

    const second = await provisionDemoAdmin(db, { SANDBOX: true, SEED_DEMO: true }, new Date());
    expect(second?.password).not.toBe(first?.password);
    expect((await signIn(first!.password)).statusCode).toBe(400);
    expect((await signIn(second!.password)).statusCode).toBe(200);
    expect(await demoCount()).toBe(1);
  });
});
