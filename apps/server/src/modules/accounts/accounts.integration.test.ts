/**
 * Account info, profile, contacts with confirmation codes, subscriptions, settings, currency rates
 * and social identities, through the real API on a fresh PostgreSQL database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LIMITS } from '../auth/auth-limits.ts';
import { newBrowser, signUp, uniqueEmail } from './account-test-client.ts';
import { CONFIRMATION_CODE_MAX_ATTEMPTS, CONFIRMATION_CODE_TTL_SECONDS } from './contacts.ts';

let t: TestApp;
let clock = Date.UTC(2030, 5, 1, 9, 0, 0);

beforeAll(async () => {
  t = await createTestApp({
    env: { API_RATE_LIMIT_PER_MINUTE: '100000' },
    now: () => new Date(clock),
    rateLimiter: createMemoryRateLimiter(() => clock),
  });
});
afterAll(async () => {
  await t?.close();
});

async function lastCode(to: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
  });
  const [latest] = response.json().items as { code: string | null }[];
  if (!latest?.code) throw new Error(`no code for ${to}`);
  return latest.code;
}

async function digest(): Promise<string> {
  const rows = await t.database.db.execute<{ d: string }>(sql`
    SELECT md5(
      (SELECT coalesce(string_agg(p::text, ',' ORDER BY p.id), '') FROM players p) ||
      (SELECT coalesce(string_agg(c::text, ',' ORDER BY c.id), '') FROM player_contacts c) ||
      (SELECT coalesce(string_agg(f::text, ',' ORDER BY f.player_id), '') FROM player_profiles f) ||
      (SELECT coalesce(string_agg(d::text, ',' ORDER BY d.player_id), '') FROM player_documents d)
    ) AS d`);
  return rows.rows[0]?.d ?? '';
}

describe('account.getInfo and account.getBalance', () => {
  it('answers a guest with uid 0 and every Account info field', async () => {
    const answer = await newBrowser(t.app).call('account.getInfo', {}, { locale: 'fr' });
    expect(answer.body.status).toBe(1);
    const data = answer.body.data as Record<string, unknown>;
    for (const field of [
      'uid',
      'reg_time',
      'login',
      'fakename',
      'is_subscribed',
      'balance_main',
      'balance_bonus',
      'balance_betting_bonus',
      'balance_fun',
      'is_on_verification',
      'is_verified',
      'is_kyc_block_enabled',
      'is_registration_completed',
      'country_code',
      'locale',
      'two_factor_auth',
    ]) {
      expect(data, field).toHaveProperty(field);
    }
    expect(data).toMatchObject({
      uid: 0,
      login: '',
      locale: 'fr',
      balance_fun: { amount: '0.00', currency: 'EUR' },
    });
    const balance = await newBrowser(t.app).call('account.getBalance');
    expect(balance.body.error?.type).toBe('AuthorizationException');
  });

  it('shows balances as decimal strings in the currency precision', async () => {
    const { browser, uid } = await signUp(t.app, { currency: 'JPY' });
    const balance = await browser.call('account.getBalance');
    expect(balance.body.data).toEqual({
      balance_main: { amount: '0', currency: 'JPY' },
      balance_bonus: { amount: '0', currency: 'JPY' },
      balance_betting_bonus: { amount: '0', currency: 'JPY' },
      balance_fun: { amount: '0', currency: 'JPY' },
    });
    const info = (await browser.call('account.getInfo')).body.data as { uid: number; reg_time: number };
    expect(info.uid).toBe(uid);
    expect(info.reg_time).toBe(Math.floor(clock / 1000));
  });
});

describe('profile', () => {
  it('saves checked fields and reads them back, cpf as the document', async () => {
    const { browser } = await signUp(t.app);
    const save = await browser.call('account.saveProfileInfo', {
      first_name: ' Jānis ',
      last_name: "O'Neil-Bērziņš",
      sex: '1',
      birth_date: '05.03.1990',
      cpf: '123.456.789-09',
      country: 'France',
      country_code: 'fr',
      region: 'Île-de-France',
      home_town: 'Paris',
      address: "12/3, rue de l'Église",
      postcode: '75001',
    });
    expect(save.body).toEqual({ status: 1, data: 1 });
    const profile = await browser.call('account.getprofileinfo');
    expect(profile.body.data).toMatchObject({
      fields: {
        first_name: 'Jānis',
        last_name: "O'Neil-Bērziņš",
        sex: 1,
        birth_date: '1990-03-05',
        cpf: '123.456.789-09',
        country_code: 'FR',
        home_town: 'Paris',
        postcode: '75001',
      },
      document: { type: 'cpf', number: '123.456.789-09' },
    });
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({ country_code: 'FR' });
    // A partial save keeps the other fields.
    await browser.call('account.saveProfileInfo', { postcode: '13001' });
    expect((await browser.call('account.getprofileinfo')).body.data).toMatchObject({
      fields: { first_name: 'Jānis', postcode: '13001' },
    });
    const fields = await browser.call('account.getPersonalDataFields');
    const items = (fields.body.data as { items: { name: string; check: string; filled: boolean }[] }).items;
    expect(items.find((f) => f.name === 'cpf')).toMatchObject({ check: 'documentNumber', filled: true });
    expect(items.find((f) => f.name === 'birth_date')).toMatchObject({ check: 'birth_date', filled: true });
  });

  it('refuses each bad field with its spec §5 code and writes nothing', async () => {
    const { browser } = await signUp(t.app);
    const before = await digest();
    const answer = await browser.call('account.saveProfileInfo', {
      first_name: 'J0hn',
      last_name: 'Smith!',
      sex: '3',
      birth_date: '31.02.1990',
      address: 'Main <street>',
      postcode: '123456789',
      country_code: 'FRA',
    });
    expect(answer.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: {
        first_name: 'name',
        last_name: 'name',
        sex: 'sex',
        birth_date: 'date',
        address: 'address',
        postcode: 'postcode',
        country_code: 'custom',
      },
    });
    const future = await browser.call('account.saveProfileInfo', { birth_date: '01.01.2999' });
    expect(future.body.error?.fields).toEqual({ birth_date: 'maxDate' });
    expect(await digest()).toBe(before);
  });
});

describe('contacts', () => {
  it('adds an email and a phone, confirms the email with the code from the mailbox', async () => {
    const { browser, login } = await signUp(t.app);
    const email = uniqueEmail('second');
    expect((await browser.call('account.addcontact', { contact: email })).body).toEqual({
      status: 1,
      data: 1,
    });
    expect(
      (await browser.call('account.addcontact', { contact: '06 12 34 56 78', phone_country_code: 'FR' }))
        .body,
    ).toEqual({ status: 1, data: 1 });
    const duplicate = await browser.call('account.addcontact', { contact: email.toUpperCase() });
    expect(duplicate.body.error).toMatchObject({ fields: { contact: 'contactExists' } });
    const duplicatePhone = await browser.call('account.addcontact', {
      contact: '+33 6 12 34 56 78',
      phone_country_code: 'FR',
    });
    expect(duplicatePhone.body.error?.fields).toEqual({ contact: 'contactExists' });
    const wrongCountry = await browser.call('account.addcontact', {
      contact: '+44 7911 123456',
      phone_country_code: 'FR',
    });
    expect(wrongCountry.body.error?.fields).toEqual({ contact: 'phoneFormat' });
    const badEmail = await browser.call('account.addcontact', { contact: 'a b@c' });
    expect(badEmail.body.error?.fields).toEqual({ contact: 'email' });

    const profile = await browser.call('account.getprofileinfo');
    const contacts = (profile.body.data as { contacts: unknown[] }).contacts;
    expect(contacts).toEqual([
      {
        type: 'email',
        value: login.toLowerCase(),
        confirmed: false,
        subscribed: false,
        is_login: true,
        phone_country_code: null,
      },
      {
        type: 'email',
        value: email.toLowerCase(),
        confirmed: false,
        subscribed: false,
        is_login: false,
        phone_country_code: null,
      },
      {
        type: 'phone',
        value: '+33612345678',
        confirmed: false,
        subscribed: false,
        is_login: false,
        phone_country_code: 'FR',
      },
    ]);

    expect((await browser.call('account.sendconfirmationtocontact', { contact: email })).body).toEqual({
      status: 1,
      data: 1,
    });
    const code = await lastCode(email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.database.db.execute<{ code_hash: Buffer }>(
      sql`SELECT code_hash FROM contact_confirmation_codes`,
    );
    expect(stored.rows.every((row) => !row.code_hash.toString().includes(code))).toBe(true);

    const wrong = await browser.call('account.confirmContact', {
      contact: email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.error).toMatchObject({
      fields: { code: 'smsCode' },
      message: 'Wrong confirmation code',
    });
    const short = await browser.call('account.confirmContact', { contact: email, code: '123' });
    expect(short.body.error?.fields).toEqual({ code: 'numericCode' });
    expect((await browser.call('account.confirmContact', { contact: email, code })).body).toEqual({
      status: 1,
      data: 1,
    });
    clock += 61_000;
    expect(
      (await browser.call('account.sendconfirmationtocontact', { contact: email })).body.error?.fields,
    ).toEqual({
      contact: 'contactConfirmed',
    });

    // The phone's code goes out as an SMS to the international number.
    clock += 61_000;
    await browser.call('account.sendconfirmationtocontact', { contact: '+33612345678' });
    const sms = await lastCode('+33612345678');
    expect(
      (await browser.call('account.confirmContact', { contact: '+33 6 12 34 56 78', code: sms })).body.status,
    ).toBe(1);
    const after = (await browser.call('account.getprofileinfo')).body.data as {
      contacts: { confirmed: boolean }[];
    };
    expect(after.contacts.map((c) => c.confirmed)).toEqual([false, true, true]);
  });

  it('expires codes, limits wrong tries, and limits sending', async () => {
    const { browser, login } = await signUp(t.app);
    await browser.call('account.sendconfirmationtocontact', { contact: login });
    const resend = await browser.call('account.sendconfirmationtocontact', { contact: login });
    expect(resend.statusCode).toBe(429);
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(0);
    const code = await lastCode(login.toLowerCase());
    clock += (CONFIRMATION_CODE_TTL_SECONDS + 1) * 1000;
    const expired = await browser.call('account.confirmContact', { contact: login, code });
    expect(expired.body.error).toMatchObject({ fields: { code: 'timeExpired' }, message: 'Time expired' });

    await browser.call('account.sendconfirmationtocontact', { contact: login });
    const fresh = await lastCode(login.toLowerCase());
    const wrongCode = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < CONFIRMATION_CODE_MAX_ATTEMPTS; i += 1) {
      expect(
        (await browser.call('account.confirmContact', { contact: login, code: wrongCode })).body.error
          ?.fields,
      ).toEqual({
        code: 'smsCode',
      });
    }
    const spent = await browser.call('account.confirmContact', { contact: login, code: fresh });
    expect(spent.body.error).toMatchObject({ fields: { code: 'codeAttempts' } });
    expect(spent.body.error?.message).toBe('Too many wrong codes. Request a new code.');
  });

  it('limits confirmation tries per player', async () => {
    const { browser, login } = await signUp(t.app);
    for (let i = 0; i < LIMITS.codeConfirmPerPlayer.limit; i += 1) {
      await browser.call('account.confirmContact', { contact: login, code: '123456' });
    }
    expect(
      (await browser.call('account.confirmContact', { contact: login, code: '123456' })).statusCode,
    ).toBe(429);
  });

  it('lets only one player confirm an address', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const shared = uniqueEmail('shared');
    await alice.browser.call('account.addcontact', { contact: shared });
    await bob.browser.call('account.addcontact', { contact: shared });
    await alice.browser.call('account.sendconfirmationtocontact', { contact: shared });
    const aliceCode = await lastCode(shared.toLowerCase());
    await bob.browser.call('account.sendconfirmationtocontact', { contact: shared });
    const bobCode = await lastCode(shared.toLowerCase());
    expect(
      (await alice.browser.call('account.confirmContact', { contact: shared, code: aliceCode })).body.status,
    ).toBe(1);
    const taken = await bob.browser.call('account.confirmContact', { contact: shared, code: bobCode });
    expect(taken.body.error?.fields).toEqual({ contact: 'contactTaken' });
  });

  it('changes subscriptions and unsubscribes with a signed one-click link', async () => {
    const { browser, login, uid } = await signUp(t.app);
    expect(
      (await browser.call('account.changeSubscription', { contact: login, subscription: '1' })).body.status,
    ).toBe(1);
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({ is_subscribed: true });

    const link = t.app.services.accounts.unsubscribeLink(
      BigInt(uid),
      { type: 'email', value: login.toLowerCase() },
      'fr',
    );
    expect(link).toContain('/fr/unsubscribe?token=');
    const token = new URL(link).searchParams.get('token') ?? '';

    // Tampered: another player's id in the same payload with the old signature.
    const [payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace(`"${uid}"`, `"${uid + 1}"`),
    ).toString('base64url');
    const forged = await newBrowser(t.app).call('account.unsubscribe', {
      token: `${forgedPayload}.${signature}`,
    });
    expect(forged.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { token: 'codeInvalid' },
    });
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({ is_subscribed: true });

    // A guest (no session) clicks the real link from the mail.
    expect((await newBrowser(t.app).call('account.unsubscribe', { token })).body).toEqual({
      status: 1,
      data: 1,
    });
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({ is_subscribed: false });
    expect((await newBrowser(t.app).call('account.unsubscribe', { token })).body.status).toBe(1);

    const unknown = await browser.call('account.changeSubscription', {
      contact: uniqueEmail(),
      subscription: '0',
    });
    expect(unknown.body.error?.fields).toEqual({ contact: 'contactNotFound' });
  });
});

describe('settings', () => {
  it('changes fake name, locale and currency', async () => {
    const { browser } = await signUp(t.app);
    expect((await browser.call('account.changefakename', { fakename: 'LuckyAce7' })).body.status).toBe(1);
    expect(
      (await browser.call('account.changefakename', { fakename: 'lucky_ace' })).body.error?.fields,
    ).toEqual({
      fakename: 'fakeName',
    });
    expect((await browser.call('account.changelocale', { locale: 'fr' })).body.status).toBe(1);
    expect((await browser.call('account.changelocale', { locale: 'de' })).body.error?.type).toBe(
      'InvalidParameterException',
    );
    expect((await browser.call('account.setCurrency', { currency: 'gbp' })).body.status).toBe(1);
    expect((await browser.call('account.setCurrency', { currency: 'XXX' })).body.error?.fields).toEqual({
      currency: 'unsupported',
    });
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({
      fakename: 'LuckyAce7',
      locale: 'fr',
      currency: 'GBP',
      balance_main: { amount: '0.00', currency: 'GBP' },
    });
  });

  it('changes the password: other sessions end, this one is rotated', async () => {
    const { browser, login, password } = await signUp(t.app);
    const other = newBrowser(t.app);
    await other.call('auth.login', { login, password });
    const before = browser.cookie;

    const wrong = await browser.call('account.changepassword', {
      old_password: 'Wrong-123',
      new_password: 'Next-pass-1',
      repeat_password: 'Next-pass-1',
    });
    expect(wrong.body.error).toMatchObject({
      fields: { old_password: 'password' },
      message: 'Wrong password.',
    });
    const mismatch = await browser.call('account.changepassword', {
      old_password: password,
      new_password: 'Next-pass-1',
      repeat_password: 'Next-pass-2',
    });
    expect(mismatch.body.error?.fields).toEqual({ repeat_password: 'passwordsNotEqual' });

    const done = await browser.call('account.changepassword', {
      old_password: password,
      new_password: 'Next-pass-1',
      repeat_password: 'Next-pass-1',
    });
    expect(done.body).toEqual({ status: 1, data: 1 });
    expect(done.session).toBeTruthy();
    expect(browser.cookie).not.toBe(before);
    expect((await browser.call('account.getInfo')).body.data).not.toMatchObject({ uid: 0 });
    expect((await other.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });
    expect((await newBrowser(t.app, { cookie: before }).call('account.getInfo')).body.data).toMatchObject({
      uid: 0,
    });
    expect((await newBrowser(t.app).call('auth.login', { login, password: 'Next-pass-1' })).body.status).toBe(
      1,
    );
  });

  it('answers currency rates between available currencies as decimal strings', async () => {
    const answer = await newBrowser(t.app).call('account.getcurrencyrates');
    const data = answer.body.data as { items: { from: string; to: string; rate: string }[]; total: number };
    expect(data.total).toBe(20);
    expect(data.items).toContainEqual({ from: 'EUR', to: 'USD', rate: '1.08' });
    expect(data.items).toContainEqual({ from: 'USD', to: 'EUR', rate: '0.92592593' });
    expect(data.items).toContainEqual({ from: 'EUR', to: 'JPY', rate: '162.5' });
    for (const item of data.items) expect(typeof item.rate).toBe('string');
  });

  it('describes phone settings', async () => {
    const answer = await newBrowser(t.app).call('account.getContactPhoneSettings', {}, { locale: 'fr' });
    expect(answer.body.data).toMatchObject({
      default_country_code: 'FR',
      code_length: 6,
      resend_seconds: 60,
    });
    expect((answer.body.data as { countries: unknown[] }).countries).toContainEqual({
      country_code: 'GB',
      dial_code: '44',
      name: 'Royaume-Uni',
    });
  });
});

describe('access control', () => {
  it('keeps each player to their own data', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await alice.browser.call('account.saveProfileInfo', { first_name: 'Alice' });
    await bob.browser.call('account.sendconfirmationtocontact', { contact: bob.login });
    const bobCode = await lastCode(bob.login.toLowerCase());
    const before = await digest();
    // Bob names Alice's contact: it is not on his account.
    for (const [method, params] of [
      ['account.sendconfirmationtocontact', { contact: alice.login }],
      ['account.confirmContact', { contact: alice.login, code: bobCode }],
      ['account.changeSubscription', { contact: alice.login, subscription: '1' }],
    ] as const) {
      const answer = await bob.browser.call(method, params);
      expect(answer.body.error?.fields, method).toEqual({ contact: 'contactNotFound' });
    }
    // Parameters naming another player are refused as unknown fields, never obeyed.
    const sneaky = await bob.browser.call('account.saveProfileInfo', {
      first_name: 'Mallory',
      uid: alice.uid,
    });
    expect(sneaky.body.error?.fields).toEqual({ uid: 'unknown_field' });
    expect(await digest()).toBe(before);
    expect((await bob.browser.call('account.getprofileinfo')).body.data).toMatchObject({
      fields: { first_name: null },
    });
    expect((await alice.browser.call('account.getprofileinfo')).body.data).toMatchObject({
      fields: { first_name: 'Alice' },
    });
  });

  it('refuses player methods to guests', async () => {
    for (const method of ['account.getprofileinfo', 'account.saveProfileInfo', 'account.changepassword']) {
      const answer = await newBrowser(t.app).call(
        method,
        method === 'account.getprofileinfo' ? {} : { first_name: 'X' },
      );
      expect(answer.body.error?.type, method).toMatch(/AuthorizationException|InvalidParameterException/);
    }
    expect((await newBrowser(t.app).call('account.getprofileinfo')).statusCode).toBe(401);
  });
});

describe('social identities (findOrCreateSocialPlayer)', () => {
  it('links by (provider, subject) and creates an incomplete player', async () => {
    const accounts = t.app.services.accounts;
    const email = uniqueEmail('social');
    const first = await accounts.findOrCreateSocialPlayer({
      provider: 'oidc',
      subject: 'sub-1',
      email,
      emailVerified: true,
      locale: 'fr',
    });
    expect(first.isNew).toBe(true);
    const again = await accounts.findOrCreateSocialPlayer({
      provider: 'oidc',
      subject: 'sub-1',
      email: null,
      emailVerified: false,
      locale: 'en',
    });
    expect(again).toEqual({ playerId: first.playerId, isNew: false });
    const info = await accounts.getInfo(first.playerId, 'fr');
    expect(info).toMatchObject({
      login: email.toLowerCase(),
      login_type: 'external',
      is_registration_completed: false,
      is_login_confirmed: true,
    });
  });

  it('links to an existing account only when both sides verified the email', async () => {
    const accounts = t.app.services.accounts;
    // An account whose email is confirmed.
    const owner = await signUp(t.app);
    await owner.browser.call('account.sendconfirmationtocontact', { contact: owner.login });
    await owner.browser.call('account.confirmContact', {
      contact: owner.login,
      code: await lastCode(owner.login.toLowerCase()),
    });
    const unverified = await accounts.findOrCreateSocialPlayer({
      provider: 'oidc',
      subject: 'attacker',
      email: owner.login,
      emailVerified: false,
      locale: 'en',
    });
    expect(unverified.isNew).toBe(true);
    expect(unverified.playerId).not.toBe(BigInt(owner.uid));
    const verified = await accounts.findOrCreateSocialPlayer({
      provider: 'oidc',
      subject: 'owner',
      email: owner.login.toUpperCase(),
      emailVerified: true,
      locale: 'en',
    });
    expect(verified).toEqual({ playerId: BigInt(owner.uid), isNew: false });

    // An account whose email was never confirmed is not linked (pre-registration takeover).
    const squatter = await signUp(t.app);
    const victim = await accounts.findOrCreateSocialPlayer({
      provider: 'oidc',
      subject: 'victim',
      email: squatter.login,
      emailVerified: true,
      locale: 'en',
    });
    expect(victim.isNew).toBe(true);
    expect(victim.playerId).not.toBe(BigInt(squatter.uid));
    expect((await accounts.getInfo(victim.playerId, 'en')).login).toBe('oidc:victim');
  });

  it('makes one player of simultaneous first sign-ins', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.services.accounts.findOrCreateSocialPlayer({
          provider: 'oidc',
          subject: 'race',
          email: null,
          emailVerified: false,
          locale: 'en',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.playerId)).size).toBe(1);
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
  });
});
