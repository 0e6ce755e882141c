/**
 * The minimum age end to end on real PostgreSQL: registration and profile refuse a birth date under
 * the age (the site's, or the player's country's from MINIMUM_AGE_BY_COUNTRY) with the rule's
 * message in English and French and write nothing; a deposit and a real-money game launch need a
 * birth date of age (demo stays open); the account says when the player has a paid deposit.
 */
import { freePort } from '@croupier/db/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { payAtProvider } from '../cashier/cashier-test-client.ts';
import { type Browser, newBrowser, signUp } from './account-test-client.ts';

let t: TestApp & { base: string };

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await createTestApp({
    env: {
      PORT: String(port),
      PUBLIC_URL: base,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      MINIMUM_AGE_BY_COUNTRY: 'EE:21,GR:21',
    },
  });
  await app.app.listen({ port, host: '127.0.0.1' });
  t = { ...app, base };
});
afterAll(async () => {
  await t?.close();
});

/** `dd.mm.yyyy` of the 1st of January `years` years ago: the player is `years` old (after 1 January). */
function bornYearsAgo(years: number): string {
  return `01.01.${new Date().getFullYear() - years}`;
}

async function storedBirthDate(uid: number): Promise<string | null> {
  const rows = await t.database.db.execute<{ birth_date: string | null }>(
    sql`SELECT birth_date::text FROM player_profiles WHERE player_id = ${BigInt(uid)}`,
  );
  return rows.rows[0]?.birth_date ?? null;
}

async function cashierRows(uid: number): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM cashier_transactions WHERE player_id = ${BigInt(uid)}`,
  );
  return rows.rows[0]?.n ?? 0;
}

async function launch(browser: Browser, mode: 'real' | 'demo', lang = 'en') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/platform/game/neon-reels/play?mode=${mode}&lang=${lang}`,
    headers: browser.cookie ? { cookie: browser.cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

describe('registration and profile', () => {
  it('refuses to register an 11-year-old, in English and French, and creates no account', async () => {
    const login = `kid.${Date.now()}@example.com`;
    const browser = newBrowser(t.app);
    const en = await browser.call('auth.register', {
      login,
      password: 'Secret-123',
      terms: '1',
      birth_date: '01.01.2015',
    });
    expect(en.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { birth_date: 'minimumAge' },
      message: 'You must be at least 18 years old to play',
    });
    const fr = await browser.call(
      'auth.register',
      { login, password: 'Secret-123', terms: '1', birth_date: '01.01.2015' },
      { locale: 'fr' },
    );
    expect(fr.body.error?.message).toBe('Vous devez avoir au moins 18 ans pour jouer');
    const rows = await t.database.db.execute(sql`SELECT 1 FROM players WHERE login = ${login}`);
    expect(rows.rows).toHaveLength(0);
    // An adult signs up with their birth date on the profile.
    const adult = await signUp(t.app, { birth_date: '07.03.1990' });
    expect(await storedBirthDate(adult.uid)).toBe('1990-03-07');
  });

  it('refuses a profile birth date under the age (the issue: 01.01.2015) and keeps the stored one', async () => {
    const { browser, uid } = await signUp(t.app);
    const en = await browser.call('account.saveProfileInfo', { birth_date: '01.01.2015', first_name: 'Kid' });
    expect(en.statusCode).toBe(400);
    expect(en.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { birth_date: 'minimumAge' },
      message: 'You must be at least 18 years old to play',
    });
    const fr = await browser.call('account.saveProfileInfo', { birth_date: '01.01.2015' }, { locale: 'fr' });
    expect(fr.body.error?.message).toBe('Vous devez avoir au moins 18 ans pour jouer');
    expect(await storedBirthDate(uid)).toBe('1990-01-01');
    const profile = await browser.call('account.getprofileinfo');
    expect((profile.body.data as { fields: { first_name: string | null } }).fields.first_name).toBeNull();
    // 18 today is enough where no country says more.
    const ok = await browser.call('account.saveProfileInfo', { birth_date: bornYearsAgo(18) });
    expect(ok.body.status).toBe(1);
  });

  it("applies the player's country minimum age (EE:21), to the birth date and to a country change", async () => {
    const { browser, uid } = await signUp(t.app);
    expect(
      (await browser.call('account.saveProfileInfo', { birth_date: bornYearsAgo(19) })).body.status,
    ).toBe(1);
    const fields = await browser.call('account.getPersonalDataFields');
    const items = (fields.body.data as { items: { name: string; minimum_age?: number }[] }).items;
    expect(items.find((item) => item.name === 'birth_date')?.minimum_age).toBe(18);
    // Moving to Estonia at 19: refused on the field that changed, nothing written.
    const move = await browser.call('account.saveProfileInfo', { country_code: 'ee' });
    expect(move.body.error).toMatchObject({
      fields: { country_code: 'minimumAge' },
      message: 'You must be at least 21 years old to play',
    });
    const country = await t.database.db.execute<{ country_code: string | null }>(
      sql`SELECT country_code FROM players WHERE id = ${BigInt(uid)}`,
    );
    expect(country.rows[0]?.country_code).toBeNull();
    // A 22-year-old may live in Estonia; the form then asks for 21.
    expect(
      (await browser.call('account.saveProfileInfo', { birth_date: bornYearsAgo(22), country_code: 'EE' }))
        .body.status,
    ).toBe(1);
    const again = await browser.call('account.getPersonalDataFields');
    const birth = (again.body.data as { items: { name: string; minimum_age?: number }[] }).items.find(
      (item) => item.name === 'birth_date',
    );
    expect(birth?.minimum_age).toBe(21);
    const younger = await browser.call(
      'account.saveProfileInfo',
      { birth_date: bornYearsAgo(20) },
      { locale: 'fr' },
    );
    expect(younger.body.error?.message).toBe('Vous devez avoir au moins 21 ans pour jouer');
  });
});

describe('real money', () => {
  it('asks for the birth date before the first deposit and real play; demo stays open', async () => {
    const { browser, uid } = await signUp(t.app, { birth_date: null });
    const info = await browser.call('account.getInfo');
    expect(info.body.data).toMatchObject({ real_money_block: 'birth_date_required' });
    const deposit = await browser.call('cashier.makedeposit', { method: 'card', amount: '25' });
    expect(deposit.statusCode).toBe(409);
    expect(deposit.body.error).toMatchObject({
      type: 'UserNeedProfileDataException',
      code: 'birth_date_required',
      data: { minimum_age: 18, fields: ['birth_date'], link: '/profile/settings' },
    });
    expect(deposit.body.error?.message).toBe(
      'Add your date of birth in your profile settings before you deposit or play for real money: you must be at least 18 years old.',
    );
    const fr = await browser.call('cashier.makedeposit', { method: 'card', amount: '25' }, { locale: 'fr' });
    expect(fr.body.error?.message).toContain('Indiquez votre date de naissance');
    expect(await cashierRows(uid)).toBe(0);
    expect(await launch(browser, 'real')).toBe('/slot-error?embedded=1&reason=birth_date_required');
    expect(await launch(browser, 'real', 'fr')).toBe('/fr/slot-error?embedded=1&reason=birth_date_required');
    expect(await launch(browser, 'demo')).toMatch(/^\/rgs\/launch\?.*mode=demo/);
  });

  it('refuses a deposit and real play to a player under age (data from before the rule); demo stays open', async () => {
    const { browser, uid } = await signUp(t.app);
    // A birth date stored before the server checked ages.
    await t.database.db.execute(
      sql`UPDATE player_profiles SET birth_date = '2015-01-01' WHERE player_id = ${BigInt(uid)}`,
    );
    const sessionsBefore = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM game_sessions WHERE player_id = ${BigInt(uid)}`,
    );
    expect((await browser.call('account.getInfo')).body.data).toMatchObject({
      real_money_block: 'under_age',
    });
    const deposit = await browser.call('cashier.makedeposit', { method: 'card', amount: '25' });
    expect(deposit.statusCode).toBe(403);
    expect(deposit.body.error).toMatchObject({
      type: 'AccessDeniedException',
      code: 'under_age',
      message: 'Real-money play is for adults only: you must be at least 18 years old. Demo games stay open.',
    });
    expect(await cashierRows(uid)).toBe(0);
    expect(await launch(browser, 'real')).toBe('/slot-error?embedded=1&reason=under_age');
    const sessionsAfter = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM game_sessions WHERE player_id = ${BigInt(uid)} AND mode = 'real'`,
    );
    expect(sessionsAfter.rows[0]?.n).toBe(0);
    expect(sessionsBefore.rows[0]?.n).toBe(0);
    expect(await launch(browser, 'demo')).toMatch(/^\/rgs\/launch\?.*mode=demo/);
  });

  it('lets an adult deposit and launch for real, and says when a deposit is paid', async () => {
    const { browser } = await signUp(t.app);
    const info = async () =>
      (await browser.call('account.getInfo')).body.data as { has_deposit: boolean; real_money_block: null };
    expect(await info()).toMatchObject({ has_deposit: false, real_money_block: null });
    expect(await launch(browser, 'real')).toMatch(/^\/rgs\/launch\?token=.*mode=real/);
    const made = await browser.call('cashier.makedeposit', { method: 'card', amount: '25' });
    expect(made.body.status, JSON.stringify(made.body)).toBe(1);
    const { redirect_url, transaction_id } = made.body.data as {
      redirect_url: string;
      transaction_id: number;
    };
    // Pending is not a deposit yet.
    expect((await info()).has_deposit).toBe(false);
    await payAtProvider(redirect_url);
    for (let attempt = 0; attempt < 100 && !(await info()).has_deposit; attempt += 1) {
      await t.app.sandboxPsp?.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await info()).has_deposit, `deposit ${transaction_id}`).toBe(true);
  });
});
