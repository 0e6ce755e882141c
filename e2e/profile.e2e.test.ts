/**
 * Browser journeys of the player's profile (spec §2 profile routes, /confirmation, /unsubscribe;
 * §3 profile data and contacts; §4 contact save; §5 rules; §7 account methods) on the real built
 * site. Players are created through the API (`auth.register`, as a browser would send it) and their
 * session cookie is handed to the browser context. Codes come from the development mailbox; TOTP
 * codes are computed here from the secret the page shows (RFC 6238, SHA-1, 30 s).
 *
 * Also saves screenshots of settings, security (with the QR code) and notification at 375 and
 * 1440 px in English and French to e2e/screenshots/ (gitignored).
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { device, launchBrowser, withoutServiceWorker } from './browser.ts';
import { hydrated, interactive } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');
const PASSWORD = 'Secret-123';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];
/** Console errors a journey provokes on purpose (a refused code answers 400). */
let allowedErrors: RegExp[] = [];
let playerCount = 0;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  const errors = pageErrors.filter((text) => !allowedErrors.some((allowed) => allowed.test(text)));
  pageErrors = [];
  allowedErrors = [];
  expect(errors).toEqual([]);
});

/** This journey provokes refused API calls; the browser logs each as a failed resource. */
function allowRefusedCalls(): void {
  allowedErrors.push(/status of 400/);
}

// --- API helpers (same-origin requests, as the site's own pages send them) ---------------------

interface Envelope {
  status: 0 | 1;
  data?: unknown;
  error?: { type: string; code: string; fields?: Record<string, string> };
}

async function callApi(
  method: string,
  params: Record<string, string>,
  options: { cookie?: string; http?: 'GET' | 'POST' } = {},
): Promise<{ envelope: Envelope; setCookie: string | null }> {
  const http = options.http ?? 'POST';
  const query = new URLSearchParams({ v: '2.34', locale: 'en' });
  const body = new URLSearchParams(params);
  const url = `${site.baseUrl}/api/${method}?${query}${http === 'GET' && body.size > 0 ? `&${body}` : ''}`;
  const response = await fetch(url, {
    method: http,
    headers: {
      origin: site.baseUrl,
      'sec-fetch-site': 'same-origin',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(http === 'POST' ? { body } : {}),
  });
  return { envelope: (await response.json()) as Envelope, setCookie: response.headers.get('set-cookie') };
}

interface Player {
  login: string;
  /** `sid=…` */
  cookie: string;
  token: string;
}

async function registerPlayer(options: { notify?: boolean } = {}): Promise<Player> {
  playerCount += 1;
  const login = `profile${playerCount}-${Date.now()}@example.test`;
  const { envelope, setCookie } = await callApi('auth.register', {
    login,
    password: PASSWORD,
    terms: '1',
    ...(options.notify ? { notify: '1' } : {}),
  });
  expect(envelope.status).toBe(1);
  const token = /(?:^|,\s*)sid=([^;]+)/.exec(setCookie ?? '')?.[1];
  if (!token) throw new Error(`auth.register set no session cookie: ${setCookie}`);
  return { login, token, cookie: `sid=${token}` };
}

interface ProfileInfo {
  fields: Record<string, string | number | null>;
  contacts: { type: string; value: string; confirmed: boolean; subscribed: boolean }[];
}

async function profileOf(player: Player): Promise<ProfileInfo> {
  const { envelope } = await callApi('account.getprofileinfo', {}, { cookie: player.cookie, http: 'GET' });
  expect(envelope.status).toBe(1);
  return envelope.data as ProfileInfo;
}

interface MailboxEntry {
  to: string;
  subject: string | null;
  text: string;
  link: string | null;
  code: string | null;
}

/** Messages to `to`, newest first; waits for one that `matches`. */
async function mailFor(to: string, matches: (entry: MailboxEntry) => boolean): Promise<MailboxEntry> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${site.baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const { items } = (await response.json()) as { items: MailboxEntry[] };
    const found = items.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No matching message to ${to}`);
}

// --- TOTP (RFC 6238 with RFC 4226 truncation), from the secret the page shows ------------------

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index === -1) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

function totp(secretBase32: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

test('the TOTP helper matches the RFC 6238 SHA-1 test vector', () => {
  // Secret "12345678901234567890" (base32 below), T = 59 s → 94287082 (8 digits) → 287082.
  expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
});

// --- Browser helpers ---------------------------------------------------------------------------

async function openAs(
  player: Player | null,
  options: { width?: number; mobile?: boolean } = {},
): Promise<Page> {
  const width = options.width ?? 1440;
  const mobile = options.mobile ?? width < 768;
  context = await withoutServiceWorker(
    await browser.newContext({
      ...device(width, mobile),
      locale: 'en-US',
    }),
  );
  if (player) await context.addCookies([{ name: 'sid', value: player.token, url: site.baseUrl }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) pageErrors.push(message.text());
  });
  return page;
}

async function goto(page: Page, pathAndQuery: string): Promise<void> {
  await page.goto(`${site.baseUrl}${pathAndQuery}`);
  await hydrated(page);
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text);
}

// --- Journeys ----------------------------------------------------------------------------------

describe('profile routes', () => {
  test('/profile redirects to settings in the same language', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await page.goto(`${site.baseUrl}/profile`);
    expect(new URL(page.url()).pathname).toBe('/profile/settings');
    await page.goto(`${site.baseUrl}/fr/profile`);
    expect(new URL(page.url()).pathname).toBe('/fr/profile/settings');
    await hydrated(page);
    await expect(page.locator('h1').innerText()).resolves.toBe('Mon compte');
    // The section menu lists only the areas that exist.
    const sections = await page
      .getByRole('navigation', { name: 'Rubriques du compte' })
      .getByRole('link')
      .all();
    expect(sections).toHaveLength(9);
  });

  test('settings opens with from/toastType: the toast shows once and the parameters go', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/profile/settings?from=confirmation&toastType=success&keep=1');
    await toast(page, 'Contact confirmed').waitFor();
    await page.waitForURL(`${site.baseUrl}/profile/settings?keep=1`);
    await page.reload();
    await hydrated(page);
    await page.getByTestId('personal-data').waitFor();
    await page.waitForTimeout(300);
    expect(await toast(page, 'Contact confirmed').count()).toBe(0);
  });
});

describe('settings', () => {
  test('personal data: a validation error is shown, fixed, and the data is saved', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/profile/settings');
    const card = page.getByTestId('personal-data');

    const firstName = card.getByLabel('First name');
    await firstName.fill('Jean3');
    // Eager validation (forms-config): the message appears as the player types.
    await card.getByText('Wrong symbols in name').waitFor();
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await firstName.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');

    await firstName.fill('Jean');
    await card.getByText('Wrong symbols in name').waitFor({ state: 'detached' });
    await card.getByLabel('Last name').fill('Dupont');
    await card.getByLabel('Sex').selectOption('1');
    await card.getByLabel('Date of birth').fill('24.05.1990');
    await card.getByLabel('Country').selectOption('FR');
    await card.getByLabel('Town or city').fill('Paris');
    await card.getByLabel('Address').fill('12 rue de la Paix');
    // A bad postcode is caught on submit too, and focus goes to it.
    await card.getByLabel('Postcode').fill('75A02');
    await card.getByTestId('personal-save').click();
    await card.getByText('Wrong postcode').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'personal-postcode',
    );
    await card.getByLabel('Postcode').fill('75002');
    await card.getByTestId('personal-save').click();
    await toast(page, 'Your personal data has been saved').waitFor();

    const { fields } = await profileOf(player);
    expect(fields).toMatchObject({
      first_name: 'Jean',
      last_name: 'Dupont',
      sex: 1,
      birth_date: '1990-05-24',
      country_code: 'FR',
      country: 'France',
      home_town: 'Paris',
      address: '12 rue de la Paix',
      postcode: '75002',
    });
    // After a reload the form shows the stored values (birth date as dd.mm.yyyy).
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('personal-data').getByLabel('Date of birth').inputValue()).resolves.toBe(
      '24.05.1990',
    );
    expect(await page.title()).toBe('Settings | Croupier');
  });

  test('contacts: confirm the email with the code from the mailbox; add another and confirm it by link', async () => {
    allowRefusedCalls();
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/profile/settings');
    const contacts = page.getByTestId('contacts');
    const loginContact = contacts.locator(`[data-contact="${player.login}"]`);
    expect(await loginContact.getAttribute('data-confirmed')).toBe('false');

    await loginContact.getByTestId('confirm-contact-open').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your contact' });
    await dialog.getByTestId('send-code').click();
    await dialog.getByText(/New code in \d+ s/).waitFor();
    const mail = await mailFor(player.login, (entry) => entry.code !== null);

    // A wrong code first: the sms code error of spec §5.
    const wrong = mail.code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Confirmation code').fill(wrong);
    await dialog.getByTestId('confirm-submit').click();
    await dialog.getByText('Wrong confirmation code').waitFor();

    await dialog.getByLabel('Confirmation code').fill(mail.code ?? '');
    await dialog.getByTestId('confirm-submit').click();
    await toast(page, 'Contact confirmed').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => loginContact.getAttribute('data-confirmed')).toBe('true');

    // Add a second email: a bad one is flagged as typed; after a successful add the field is clean.
    const second = `second-${player.login}`;
    const add = contacts.getByTestId('add-contact');
    const input = add.getByTestId('add-contact-value');
    await input.fill('not-an-email');
    await add.getByText('Wrong email address').waitFor();
    await input.fill(second);
    await add.getByText('Wrong email address').waitFor({ state: 'detached' });
    expect(await input.getAttribute('data-dirty')).toBe('true');
    await add.getByTestId('add-contact-submit').click();
    await toast(page, 'Contact added').waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await input.getAttribute('data-dirty')).toBe('false');
    const secondContact = contacts.locator(`[data-contact="${second}"]`);
    await secondContact.waitFor();

    // Adding it again: the server's reason is shown on the field.
    await input.fill(second);
    await add.getByTestId('add-contact-submit').click();
    await add.getByText('You have already added this contact.').waitFor();

    // The code mail's link confirms it (signed in) and lands on /confirmation/success.
    await secondContact.getByTestId('confirm-contact-open').click();
    await page.getByRole('dialog').getByTestId('send-code').click();
    const linkMail = await mailFor(second, (entry) => entry.link !== null);
    const link = new URL(linkMail.link ?? '');
    expect(link.pathname).toBe('/confirmation');
    await page.goto(`${site.baseUrl}${link.pathname}${link.search}`);
    expect(new URL(page.url()).pathname).toBe('/confirmation/success');
    await hydrated(page);
    await page.getByTestId('confirmation-success').waitFor();
    const { contacts: stored } = await profileOf(player);
    expect(stored.find((contact) => contact.value === second)?.confirmed).toBe(true);
  });

  test('/confirmation without a link offers the code form; a guest is asked to sign in', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/confirmation');
    await page.getByTestId('confirm-contact').getByText(player.login).waitFor();
    await context?.close();

    const guest = await openAs(null);
    await goto(guest, '/confirmation?contact=a%40b.test&code=123456');
    const signIn = guest.getByTestId('confirmation-sign-in');
    expect(await signIn.getAttribute('href')).toBe(
      `/forms/sign_in?backUrl=${encodeURIComponent('/confirmation?contact=a%40b.test&code=123456')}`,
    );
  });

  test('language: saving French switches the site to French on the same page', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/profile/settings');
    await page.getByTestId('account-locale').selectOption('fr');
    await Promise.all([
      page.waitForURL(`${site.baseUrl}/fr/profile/settings`),
      page.getByTestId('locale-save').click(),
    ]);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-FR');
    const { envelope } = await callApi('account.getInfo', {}, { cookie: player.cookie, http: 'GET' });
    expect((envelope.data as { locale: string }).locale).toBe('fr');
  });
});

describe('security', () => {
  test('change the password, then sign in with the new one through the API', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/profile/security');
    const card = page.getByTestId('password');
    await card.getByLabel(/Current password/).fill(PASSWORD);
    // Offending characters are listed, a space by name.
    await card.getByLabel(/^New password/).fill('new pass é1');
    await card.getByText('Characters not allowed: space, é').waitFor();
    await card.getByLabel(/^New password/).fill('NewSecret-456');
    await card.getByLabel(/Repeat the new password/).fill('NewSecret-45');
    await card.getByText('Passwords are not equal').waitFor();
    await card.getByLabel(/Repeat the new password/).fill('NewSecret-456');
    await card.getByTestId('password-save').click();
    await toast(page, 'Password changed').waitFor();

    // The server rotated this browser's session: it is still signed in.
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/profile/security');

    const withNew = await callApi('auth.login', { login: player.login, password: 'NewSecret-456' });
    expect(withNew.envelope.status).toBe(1);
    const withOld = await callApi('auth.login', { login: player.login, password: PASSWORD });
    expect(withOld.envelope.status).toBe(0);
  });

  test('enable two-factor with a code computed from the secret shown on the page', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/profile/security');
    const card = page.getByTestId('two-factor');
    await card.getByText('Off', { exact: true }).waitFor();
    // React's handler must be attached: a click on the server-rendered button alone does nothing.
    await interactive(page, 'two-factor-enable');
    await card.getByTestId('two-factor-enable').click();
    const qr = card.getByTestId('two-factor-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(true);
    const secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await card.getByLabel(/Enter the 6-digit code/).fill('12345');
    await card.getByTestId('two-factor-confirm').click();
    await card.getByText('The code must contain 6 digits').waitFor();

    await card.getByLabel(/Enter the 6-digit code/).fill(totp(secret));
    await card.getByTestId('two-factor-confirm').click();
    await toast(page, 'Two-factor authentication is on').waitFor();
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByTestId('two-factor-disable').waitFor();

    // From now on a password alone does not sign in.
    const login = await callApi('auth.login', { login: player.login, password: PASSWORD });
    expect(login.envelope.error?.code).toBe('two_factor_required');
  });
});

describe('notifications and unsubscribe', () => {
  test('a switch per contact changes its subscription', async () => {
    const player = await registerPlayer();
    const page = await openAs(player);
    await goto(page, '/profile/notification');
    const row = page.locator(`[data-testid="subscription"][data-contact="${player.login}"]`);
    const toggle = row.getByRole('switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await toast(page, 'Subscribed').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect((await profileOf(player)).contacts[0]?.subscribed).toBe(true);
  });

  test('the mail footer link unsubscribes on the button press, not on opening', async () => {
    const player = await registerPlayer({ notify: true });
    expect((await profileOf(player)).contacts[0]?.subscribed).toBe(true);
    const welcome = await mailFor(player.login, (entry) => /unsubscribe\?token=/.test(entry.text));
    const href = /(https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9._-]+)/.exec(welcome.text)?.[1] ?? '';
    const link = new URL(href);

    // Opened by someone without a session (a mail client's preview): nothing changes yet.
    const page = await openAs(null);
    await goto(page, `${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Unsubscribe from our news' }).waitFor();
    expect(await page.title()).toContain('Unsubscribe from our news');
    expect((await profileOf(player)).contacts[0]?.subscribed).toBe(true);

    await page.getByTestId('unsubscribe-confirm').click();
    await page.locator('[data-system-page="unsubscribe"]').waitFor();
    await page.getByRole('heading', { name: 'You have been unsubscribed' }).waitFor();
    expect((await profileOf(player)).contacts[0]?.subscribed).toBe(false);
  });

  test('a damaged unsubscribe link says so', async () => {
    const page = await openAs(null);
    await goto(page, '/unsubscribe?token=nope');
    await page.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    expect(await page.getByTestId('unsubscribe-confirm').count()).toBe(0);
  });
});

describe('screenshots', () => {
  // One test per width and language: each stays well inside the time limit on a slow machine.
  const screens = [375, 1440].flatMap((width) =>
    (['en', 'fr'] as const).map((locale) => ({ width, locale })),
  );
  test.each(screens)(
    'settings, security (with the QR code) and notification at $width px, $locale',
    async ({ width, locale }) => {
      const player = await registerPlayer();
      const page = await openAs(player, { width });
      const prefix = locale === 'fr' ? '/fr' : '';
      const shot = async (name: string) => {
        await page.waitForTimeout(250);
        const file = `profile-${name}-${locale}-${width}`;
        await page.screenshot({ path: path.join(SCREENSHOTS, `${file}.png`), fullPage: true });
        // Tall phone pages are also saved in screen-sized parts, readable at full resolution.
        if (width < 768) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let top = 0, part = 1; top < height && part <= 4; top += 1200, part += 1) {
            await page.screenshot({
              path: path.join(SCREENSHOTS, `${file}-part${part}.png`),
              fullPage: true,
              clip: { x: 0, y: top, width, height: Math.min(1200, height - top) },
            });
          }
        }
      };
      await goto(page, `${prefix}/profile/settings`);
      await shot('settings');
      await page.getByTestId('confirm-contact-open').click();
      await page.getByRole('dialog').getByTestId('send-code').click();
      await page.getByRole('dialog').getByTestId('confirm-code').fill('12');
      await page.waitForTimeout(400);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `profile-confirm-dialog-${locale}-${width}.png`),
      });
      await goto(page, `${prefix}/profile/security`);
      await page.getByTestId('two-factor-enable').click();
      await page.getByTestId('two-factor-qr').waitFor();
      await shot('security');
      await goto(page, `${prefix}/profile/notification`);
      await shot('notification');
      await context?.close();
      context = undefined;
    },
  );
});
