/**
 * Sign-up, sign-in, two-factor, logout, password recovery, messenger sign-up, bans and the rate
 * limits around them, through the real API on a fresh PostgreSQL database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser, signUp, uniqueEmail } from '../accounts/account-test-client.ts';
import { LIMITS } from './auth-limits.ts';
import { KNOWN_DEVICE_COOKIE } from './login-throttle.ts';
import { hashSessionId } from './session.service.ts';
import { signTelegramInitData } from './telegram.ts';
import { base32Decode, totpAt } from './totp.ts';

const BOT_TOKEN = '424242:TESTTOKENtesttokenTESTTOKEN';
let t: TestApp;
/** The app's clock, moved by tests (TOTP steps, link expiry, Telegram auth_date). */
let clock = Date.UTC(2030, 0, 1, 12, 0, 0);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      API_RATE_LIMIT_PER_MINUTE: '100000',
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_AUTH_MAX_AGE_SECONDS: '3600',
    },
    now: () => new Date(clock),
    rateLimiter: createMemoryRateLimiter(() => clock),
  });
});
afterAll(async () => {
  await t?.close();
});

async function mailboxFor(
  to: string,
): Promise<{ subject: string | null; text: string; link: string | null; code: string | null }[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
  });
  return response.json().items;
}

async function count(table: string): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return rows.rows[0]?.n ?? 0;
}

describe('auth.register (form)', () => {
  it('creates the player, sets an httpOnly session cookie and answers Account info', async () => {
    const browser = newBrowser(t.app);
    const login = uniqueEmail('Reg');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth.register?v=2.34&locale=en',
      remoteAddress: browser.ip,
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        login,
        password: 'Secret-123',
        currency: 'usd',
        terms: 'on',
        notify: '1',
        promo_code: 'WELCOME100',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.data).toMatchObject({
      login: login.toLowerCase(),
      login_type: 'email',
      currency: 'USD',
      balance_main: { amount: '0.00', currency: 'USD' },
      is_registration_completed: true,
      is_subscribed: true,
      is_login_confirmed: false,
      two_factor_auth: false,
      locale: 'en',
    });
    expect(body.data.uid).toBeGreaterThan(0);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(t.config.SESSION_TTL_SECONDS);

    const stored = await t.database.db.execute<{ password_hash: string; promo_code: string }>(
      sql`SELECT password_hash, promo_code FROM players WHERE id = ${BigInt(body.data.uid)}`,
    );
    expect(stored.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.rows[0]?.promo_code).toBe('WELCOME100');

    const info = await t.app.inject({
      method: 'GET',
      url: '/api/account.getInfo',
      headers: { cookie: `sid=${cookie?.value}` },
    });
    expect(info.json().data.uid).toBe(body.data.uid);

    // notify ticked: a welcome mail with the unsubscribe link in its footer.
    const mails = await mailboxFor(login.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/unsubscribe?token=');
  });

  it('refuses bad fields with typed field errors and writes nothing', async () => {
    const before = await count('players');
    const browser = newBrowser(t.app);
    const bad = await browser.call('auth.register', { login: 'not-an-email', password: 'a b', terms: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.error).toMatchObject({ type: 'InvalidParameterException' });
    expect(bad.body.error?.fields).toMatchObject({ login: 'phoneFormat', password: 'passwordChars' });

    const noTerms = await browser.call('auth.register', { login: uniqueEmail(), password: 'Secret-123' });
    expect(noTerms.body.error?.fields).toEqual({ terms: 'requiredCheckbox' });
    expect(noTerms.body.error?.message).toBe('Please tick this box to continue');

    const fr = await browser.call(
      'auth.register',
      { login: uniqueEmail(), password: 'Secret-123' },
      { locale: 'fr' },
    );
    expect(fr.body.error?.message).toBe('Veuillez cocher cette case pour continuer');

    const currency = await browser.call('auth.register', {
      login: uniqueEmail(),
      password: 'Secret-123',
      terms: '1',
      currency: 'XXX',
    });
    expect(currency.body.error?.fields).toEqual({ currency: 'unsupported' });

    // The auth config's login type is email: a phone login is refused with the email rule.
    const phone = await browser.call('auth.register', {
      login: '+33612345678',
      password: 'Secret-123',
      terms: '1',
    });
    expect(phone.body.error?.fields).toEqual({ login: 'email' });

    const tooLong = await browser.call('auth.register', {
      login: uniqueEmail(),
      password: 'x'.repeat(21),
      terms: '1',
    });
    expect(tooLong.body.error?.fields).toEqual({ password: 'maxLength' });
    expect(await count('players')).toBe(before);
    expect(bad.session).toBeUndefined();
  });

  it('refuses a login that is taken, whatever its case', async () => {
    const { login } = await signUp(t.app);
    const again = await newBrowser(t.app).call('auth.register', {
      login: login.toUpperCase(),
      password: 'Secret-123',
      terms: '1',
    });
    expect(again.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { login: 'loginTaken' },
      message: 'An account with this login already exists.',
    });
  });
});

describe('auth.login and auth.logout', () => {
  it('signs in, rotates the session, and logs out (revoked, cookie cleared)', async () => {
    const { login, password, browser: first } = await signUp(t.app);
    const browser = newBrowser(t.app, { cookie: first.cookie });
    const oldCookie = browser.cookie;
    const answer = await browser.call('auth.login', { login: ` ${login.toUpperCase()} `, password });
    expect(answer.body.status).toBe(1);
    expect(answer.session).toBeTruthy();
    expect(browser.cookie).not.toBe(oldCookie);
    // The session the browser had before is rotated away.
    const stale = newBrowser(t.app, { cookie: oldCookie });
    expect((await stale.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });

    const sessionCookie = browser.cookie;
    const token = sessionCookie?.slice('sid='.length) ?? '';
    const logout = await browser.call('auth.logout');
    expect(logout.body).toEqual({ status: 1, data: 1 });
    expect(logout.session).toBe('');
    const after = newBrowser(t.app, { cookie: sessionCookie });
    expect((await after.call('account.getInfo')).body.data).toMatchObject({ uid: 0, login: '' });
    const revoked = await t.database.db.execute<{ revoked_reason: string }>(
      sql`SELECT revoked_reason FROM sessions WHERE id_hash = ${hashSessionId(token)}`,
    );
    expect(revoked.rows[0]?.revoked_reason).toBe('logout');
  });

  it('strips a leading + from phone logins', async () => {
    await t.app.services.cms.getConfig('en');
    const phone = '+447911123456';
    // Sign the phone player up directly (the demo config takes emails).
    const playerId = await t.app.services.accounts.register(
      {
        login: uniqueEmail(),
        password: 'Secret-123',
        currency: undefined,
        terms: true,
        notify: false,
        markBetting: false,
        promoCode: undefined,
        character: undefined,
      },
      'en',
    );
    await t.database.db.execute(
      sql`UPDATE players SET login = ${phone.slice(1)}, login_type = 'phone' WHERE id = ${playerId}`,
    );
    const withPlus = await newBrowser(t.app).call('auth.login', { login: phone, password: 'Secret-123' });
    expect(withPlus.body.status).toBe(1);
    const without = await newBrowser(t.app).call('auth.login', {
      login: phone.slice(1),
      password: 'Secret-123',
    });
    expect(without.body.status).toBe(1);
  });

  it('gives the same answer for an unknown login and a wrong password', async () => {
    const { login } = await signUp(t.app);
    const unknown = await newBrowser(t.app).call('auth.login', {
      login: uniqueEmail('nobody'),
      password: 'Secret-123',
    });
    const wrong = await newBrowser(t.app).call('auth.login', { login, password: 'Wrong-123' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error).toEqual({
      type: 'AuthorizationException',
      code: 'invalid_credentials',
      message: 'Wrong login or password.',
    });
    expect(unknown.session).toBeUndefined();
  });

  it('answers UserBannedException and UserDeletedException to the right password only', async () => {
    const banned = await signUp(t.app);
    expect(await t.app.services.accounts.ban(BigInt(banned.uid))).toBe(true);
    // The live session died with the ban.
    expect((await banned.browser.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });
    const login = await newBrowser(t.app).call('auth.login', {
      login: banned.login,
      password: banned.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.body.error?.type).toBe('UserBannedException');
    const wrong = await newBrowser(t.app).call('auth.login', { login: banned.login, password: 'Wrong-123' });
    expect(wrong.body.error?.code).toBe('invalid_credentials');

    const deleted = await signUp(t.app);
    await t.app.services.accounts.delete(BigInt(deleted.uid));
    const gone = await newBrowser(t.app).call('auth.login', {
      login: deleted.login,
      password: deleted.password,
    });
    expect(gone.body.error?.type).toBe('UserDeletedException');

    // A session of a player banned behind the service's back still meets the dispatcher's check.
    const other = await signUp(t.app);
    await t.database.db.execute(sql`UPDATE players SET status = 'banned' WHERE id = ${BigInt(other.uid)}`);
    expect((await other.browser.call('account.getBalance')).body.error?.type).toBe('UserBannedException');
    expect((await other.browser.call('auth.logout')).body.status).toBe(1);
  });
});

describe('two-factor authentication', () => {
  it('enables with a QR code, asks for the code at login, refuses replays, and disables with a code', async () => {
    const { browser, login, password, uid } = await signUp(t.app);
    const started = await browser.call('account.changeTwoFactorAuth', { enable: '1' });
    expect(started.body.status).toBe(1);
    const setup = started.body.data as {
      status: string;
      secret: string;
      otpauth_url: string;
      qr_code: string;
    };
    expect(setup.status).toBe('pending');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    const seed = base32Decode(setup.secret);

    // The secret is sealed at rest, never stored as given to the player.
    const row = await t.database.db.execute<{ two_factor_pending_secret: Buffer }>(
      sql`SELECT two_factor_pending_secret FROM players WHERE id = ${BigInt(uid)}`,
    );
    expect(row.rows[0]?.two_factor_pending_secret.includes(seed)).toBe(false);

    // Not yet confirmed: login needs no code.
    expect((await newBrowser(t.app).call('auth.login', { login, password })).body.status).toBe(1);

    const wrongConfirm = await browser.call('account.confirmTwoFactorAuth', {
      code: '000000' === totpAt(seed, clock) ? '111111' : '000000',
    });
    expect(wrongConfirm.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { code: 'codeInvalid' },
    });
    const badFormat = await browser.call('account.confirmTwoFactorAuth', { code: '12345' });
    expect(badFormat.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { code: 'numericCode' },
    });

    const confirmCode = totpAt(seed, clock);
    expect((await browser.call('account.confirmTwoFactorAuth', { code: confirmCode })).body).toEqual({
      status: 1,
      data: 1,
    });
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({ two_factor_auth: true });

    // Login without a code: the spec's two-factor error with resend_time.
    const device = newBrowser(t.app);
    const first = await device.call('auth.login', { login, password });
    expect(first.statusCode).toBe(401);
    expect(first.body.error).toMatchObject({
      type: 'AuthorizationException',
      code: 'two_factor_required',
      message: expect.stringContaining('Two-factor authentication is enabled'),
    });
    const resend = first.body.error?.data?.resend_time;
    expect(typeof resend === 'number' && resend > 0 && resend <= 30).toBe(true);
    expect(first.session).toBeUndefined();

    // The code used to confirm cannot sign in (same step: a replay).
    const replayedConfirm = await device.call('auth.login', { login, password, code: confirmCode });
    expect(replayedConfirm.body.error?.code).toBe('two_factor_reused');
    expect(replayedConfirm.body.error?.message).toBe('Code is invalid.');

    clock += 30_000;
    const code = totpAt(seed, clock);
    const second = await device.call('auth.login', { login, password, code });
    expect(second.body.status).toBe(1);
    expect(second.session).toBeTruthy();

    // The same code again is refused, even from another device.
    const replay = await newBrowser(t.app).call('auth.login', { login, password, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.body.error?.code).toBe('two_factor_reused');

    // A code from minutes ago: Time expired. A made-up one: code is invalid.
    const old = totpAt(seed, clock - 5 * 30_000);
    const expired = await newBrowser(t.app).call(
      'auth.login',
      { login, password, code: old },
      { locale: 'fr' },
    );
    expect(expired.body.error?.code).toBe('two_factor_expired');
    expect(expired.body.error?.message).toContain('Délai expiré');
    const wrongPassword = await newBrowser(t.app).call('auth.login', { login, password: 'Wrong-123', code });
    expect(wrongPassword.body.error?.code).toBe('invalid_credentials');

    // Enabling twice is refused; disabling needs a valid, fresh code.
    expect((await browser.call('account.changeTwoFactorAuth', { enable: '1' })).body.error?.fields).toEqual({
      enable: 'twoFactorEnabled',
    });
    expect((await device.call('account.changeTwoFactorAuth', { enable: '0' })).body.error?.fields).toEqual({
      code: 'required',
    });
    expect(
      (await device.call('account.changeTwoFactorAuth', { enable: '0', code })).body.error?.fields,
    ).toEqual({
      code: 'codeInvalid',
    });
    clock += 30_000;
    const off = await device.call('account.changeTwoFactorAuth', { enable: '0', code: totpAt(seed, clock) });
    expect(off.body).toEqual({ status: 1, data: { status: 'disabled' } });
    expect((await newBrowser(t.app).call('auth.login', { login, password })).body.status).toBe(1);
  });
});

describe('auth.restore', () => {
  it('answers the same for known and unknown emails and mails a single-use link', async () => {
    const { login, browser } = await signUp(t.app);
    const other = await signUp(t.app);
    const unknown = await newBrowser(t.app).call('auth.restore', { email: uniqueEmail('ghost') });
    const known = await newBrowser(t.app).call('auth.restore', { email: login.toUpperCase() });
    expect(unknown.body).toEqual({ status: 1, data: 1 });
    expect(known.body).toEqual(unknown.body);

    const [mail] = await mailboxFor(login);
    expect(mail?.subject).toBe('Croupier: reset your password');
    const token = new URL(mail?.link ?? '').searchParams.get('restore_token') ?? '';
    expect(mail?.link).toContain('/forms/sign_in?restore_token=');
    const stored = await t.database.db.execute<{ token_hash: Buffer }>(
      sql`SELECT token_hash FROM password_reset_tokens`,
    );
    expect(stored.rows.some((r) => r.token_hash.toString('base64url') === token)).toBe(false);

    const mismatch = await newBrowser(t.app).call('auth.restore', {
      token,
      password: 'Brand-new-1',
      repeat_password: 'Brand-new-2',
    });
    expect(mismatch.body.error?.fields).toEqual({ repeat_password: 'passwordsNotEqual' });

    const device2 = newBrowser(t.app);
    await device2.call('auth.login', { login, password: 'Secret-123' });
    const done = await newBrowser(t.app).call('auth.restore', {
      token,
      password: 'Brand-new-1',
      repeat_password: 'Brand-new-1',
    });
    expect(done.body).toEqual({ status: 1, data: 1 });
    // Every session of the account ended; other players' did not.
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });
    expect((await device2.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });
    expect((await other.browser.call('account.getInfo')).body.data).toMatchObject({ uid: other.uid });

    expect((await newBrowser(t.app).call('auth.login', { login, password: 'Secret-123' })).body.status).toBe(
      0,
    );
    expect((await newBrowser(t.app).call('auth.login', { login, password: 'Brand-new-1' })).body.status).toBe(
      1,
    );

    const reused = await newBrowser(t.app).call('auth.restore', {
      token,
      password: 'Another-1',
      repeat_password: 'Another-1',
    });
    expect(reused.body.error).toMatchObject({
      type: 'InvalidParameterException',
      code: 'restore_token_invalid',
    });
  });

  it('refuses an expired link and writes nothing', async () => {
    const { login } = await signUp(t.app);
    await newBrowser(t.app).call('auth.restore', { email: login });
    const [mail] = await mailboxFor(login);
    const token = new URL(mail?.link ?? '').searchParams.get('restore_token') ?? '';
    clock += 3601_000;
    const expired = await newBrowser(t.app).call('auth.restore', {
      token,
      password: 'Brand-new-1',
      repeat_password: 'Brand-new-1',
    });
    expect(expired.body.error).toMatchObject({
      code: 'restore_token_expired',
      message: 'This password reset link has expired. Request a new one.',
    });
    expect((await newBrowser(t.app).call('auth.login', { login, password: 'Secret-123' })).body.status).toBe(
      1,
    );
    const forged = await newBrowser(t.app).call('auth.restore', {
      token: 'A'.repeat(43),
      password: 'Brand-new-1',
      repeat_password: 'Brand-new-1',
    });
    expect(forged.body.error?.code).toBe('restore_token_invalid');
    const malformed = await newBrowser(t.app).call('auth.restore', {
      token: 'short',
      password: 'Brand-new-1',
    });
    expect(malformed.body.error?.fields).toMatchObject({ token: 'invalid_format' });
  });
});

describe('messenger sign-up (Telegram Mini App)', () => {
  function initData(
    user: Record<string, unknown>,
    authDate = Math.floor(clock / 1000) - 5,
    token = BOT_TOKEN,
  ) {
    return signTelegramInitData(
      { query_id: 'AAHdF6IQ', user: JSON.stringify(user), auth_date: String(authDate) },
      token,
    );
  }
  function params(payload: string, id: number) {
    return {
      is_tg: '1',
      id: String(id),
      username: 'tg_user',
      hash: new URLSearchParams(payload).get('hash') ?? '',
      language_code: 'fr',
      payload,
    };
  }

  it('creates the player on first sign-in and finds them again, logged in both times', async () => {
    const payload = initData({ id: 777001, first_name: 'Ana', username: 'ana', language_code: 'fr' });
    const first = newBrowser(t.app);
    const answer = await first.call('auth.register', params(payload, 777001));
    expect(answer.body.status).toBe(1);
    expect(answer.body.data).toMatchObject({
      login: 'telegram:777001',
      login_type: 'external',
      is_registration_completed: false,
      locale: 'fr',
    });
    expect(answer.session).toBeTruthy();
    const again = await newBrowser(t.app).call('auth.register', params(payload, 777001));
    expect((again.body.data as { uid: number }).uid).toBe((answer.body.data as { uid: number }).uid);

    // Completing the registration (the non-closable popup).
    const missing = await first.call('account.completeRegistration', { currency: 'EUR' });
    expect(missing.body.error?.fields).toEqual({ terms: 'requiredCheckbox' });
    const done = await first.call('account.completeRegistration', {
      currency: 'EUR',
      terms: true,
      notify: true,
    });
    expect(done.body).toEqual({ status: 1, data: 1 });
    expect((await first.call('account.getInfo')).body.data).toMatchObject({
      is_registration_completed: true,
      currency: 'EUR',
    });
    const twice = await first.call('account.completeRegistration', { currency: 'EUR', terms: true });
    expect(twice.body.error?.code).toBe('registration_completed');
  });

  it('refuses forged, mismatched and stale init data, writing nothing', async () => {
    const before = await count('players');
    const forged = initData({ id: 777002 }, undefined, '999:FORGEDforgedFORGEDforged');
    const a = await newBrowser(t.app).call('auth.register', params(forged, 777002));
    expect(a.statusCode).toBe(401);
    expect(a.body.error).toMatchObject({ type: 'AuthorizationException', code: 'messenger_forged' });

    const good = initData({ id: 777003 });
    const otherUser = await newBrowser(t.app).call('auth.register', params(good, 777004));
    expect(otherUser.body.error?.code).toBe('messenger_forged');

    const tampered = new URLSearchParams(good);
    tampered.set('user', JSON.stringify({ id: 777004 }));
    const b = await newBrowser(t.app).call('auth.register', params(tampered.toString(), 777004));
    expect(b.body.error?.code).toBe('messenger_forged');

    const stale = initData({ id: 777005 }, Math.floor(clock / 1000) - 3601);
    const c = await newBrowser(t.app).call('auth.register', params(stale, 777005));
    expect(c.body.error).toMatchObject({ code: 'messenger_stale' });
    expect(await count('players')).toBe(before);
  });
});

describe('rate limits', () => {
  it('limits login attempts per account and address, with Retry-After', async () => {
    const { login } = await signUp(t.app);
    const attacker = newBrowser(t.app);
    let last = await attacker.call('auth.login', { login, password: 'Wrong-123' });
    for (let i = 1; i < LIMITS.loginPerAccountIp.limit; i += 1) {
      last = await attacker.call('auth.login', { login, password: 'Wrong-123' });
    }
    expect(last.body.error?.code).toBe('invalid_credentials');
    // Even the right password is refused from that address now.
    const blocked = await attacker.call('auth.login', { login, password: 'Secret-123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.error?.type).toBe('TooManyRequestsException');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never locks the owner out: known device, or a fresh address, gets in while attackers stay limited', async () => {
    const { login, password } = await signUp(t.app);
    /** auth.login from an address, with the cookies given; answers the status and cookies set. */
    const attempt = async (ip: string, pass: string, cookie?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth.login?v=2.34&locale=en',
        remoteAddress: ip,
        headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
        payload: { login, password: pass },
      });
      const device = response.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
      return { status: response.statusCode, code: response.json().error?.code, device };
    };
    // The owner's laptop signed in before: it now holds a signed known-device cookie.
    const first = await attempt('10.77.0.1', password);
    expect(first.status).toBe(200);
    expect(first.device?.httpOnly).toBe(true);
    const laptop = `${KNOWN_DEVICE_COOKIE}=${first.device!.value}`;

    // A stranger fails ten times from one address: that address is now refused for this account.
    for (let i = 0; i < LIMITS.loginPerAccountIp.limit; i += 1) {
      expect((await attempt('10.66.0.1', 'Wrong-123')).code).toBe('invalid_credentials');
    }
    expect((await attempt('10.66.0.1', password)).status).toBe(429);
    // Then from many addresses: past the account's limit each gets one try per delay, no more.
    for (let i = 2; i < 6; i += 1) {
      expect((await attempt(`10.66.0.${i}`, 'Wrong-123')).code).toBe('invalid_credentials');
      expect((await attempt(`10.66.0.${i}`, 'Wrong-124')).status).toBe(429);
    }
    // A whole IPv6 /64 is one address.
    expect((await attempt('2001:db8:1:2::1', 'Wrong-123')).code).toBe('invalid_credentials');
    expect((await attempt('2001:db8:1:2::ffff', 'Wrong-124')).status).toBe(429);
    // A cookie forged or minted for another account is no known device.
    expect(
      (await attempt('10.66.0.1', 'Wrong-123', `${KNOWN_DEVICE_COOKIE}=${'a'.repeat(22)}.${'b'.repeat(22)}`))
        .status,
    ).toBe(429);

    // The owner: on the known laptop, from yet another network, with the right password.
    const home = await attempt('10.88.0.1', password, laptop);
    expect(home.status).toBe(200);
    // And on a new phone, from a fresh address: the attack does not lock the account.
    const phone = await attempt('10.99.0.1', password);
    expect(phone.status).toBe(200);
    // The stranger still cannot guess from a used address, right password or not.
    expect((await attempt('10.66.0.3', password)).status).toBe(429);
  });

  it('limits login attempts per IP across accounts', async () => {
    const browser = newBrowser(t.app);
    for (let i = 0; i < LIMITS.loginPerIp.limit; i += 1) {
      await browser.call('auth.login', { login: uniqueEmail('spray'), password: 'Wrong-123' });
    }
    const blocked = await browser.call('auth.login', { login: uniqueEmail('spray'), password: 'Wrong-123' });
    expect(blocked.statusCode).toBe(429);
  });

  it('limits registrations per IP', async () => {
    const browser = newBrowser(t.app);
    for (let i = 0; i < LIMITS.registerPerIp.limit; i += 1) {
      const answer = await browser.call('auth.register', {
        login: uniqueEmail('bulk'),
        password: 'Secret-123',
        terms: '1',
      });
      expect(answer.body.status).toBe(1);
    }
    const before = await count('players');
    const blocked = await browser.call('auth.register', {
      login: uniqueEmail('bulk'),
      password: 'Secret-123',
      terms: '1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(await count('players')).toBe(before);
  });

  it('limits restore requests per email and per IP', async () => {
    const { login } = await signUp(t.app);
    for (let i = 0; i < LIMITS.restorePerEmail.limit; i += 1) {
      expect((await newBrowser(t.app).call('auth.restore', { email: login })).body.status).toBe(1);
    }
    const perEmail = await newBrowser(t.app).call('auth.restore', { email: login });
    expect(perEmail.statusCode).toBe(429);
    const browser = newBrowser(t.app);
    for (let i = 0; i < LIMITS.restorePerIp.limit; i += 1) {
      await browser.call('auth.restore', { email: uniqueEmail('r') });
    }
    expect((await browser.call('auth.restore', { email: uniqueEmail('r') })).statusCode).toBe(429);
  });
});
