/**
 * The player-protection journey of issue #15, in English (1440 px) and in French (375 px): a new
 * adult player verifies their identity on the sandbox provider's hosted page (document + selfie,
 * approved after its review, heard back by a signed webhook), deposits 20.00 with the sandbox card,
 * sets a 24-hour loss limit of 1.00 on /profile/responsible-game and has a 2.00 spin refused inside
 * the slot with the limit's message (nothing charged), writes to support from /support, then takes a
 * 24-hour time-out and is logged out: the profile is closed to them afterwards.
 *
 * axe finds no serious or critical problem on /profile/verification, /profile/responsible-game and
 * /support. Screenshots go to PROTECTION_SCREENSHOTS or a temporary directory (e2e/journey.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { journeySite, type Lang } from './journey.ts';
import { axeProblems, depositWithSuccessCard, gameServerFrame, registerAdult } from './kit.ts';
import { hydrated, interactive } from './page-ready.ts';

const GAME = 'neon-reels';
/** A 1×1 PNG: the sandbox checks the type by the first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What the journey reads and clicks, in the page's language (the app's own words). */
const WORDS = {
  en: {
    verified: 'Verified',
    underReview: 'Under review',
    kycSubmit: 'Send for review',
    kycBack: 'Back to the site',
    lossKind: 'Loss limit',
    day: '24 hours',
    saved: 'Limit saved: it applies now',
    spin: 'Spin',
    betUp: 'Raise the bet',
    lossReached: 'Your loss limit is reached',
    topic: 'Topic',
    topicValue: 'payments',
    subject: 'Subject',
    send: 'Send message',
    sent: 'Message sent',
    startTimeout: 'Yes, start it now',
  },
  fr: {
    verified: 'Vérifiée',
    underReview: 'En cours d’examen',
    kycSubmit: 'Envoyer pour vérification',
    kycBack: 'Retour au site',
    lossKind: 'Limite de pertes',
    day: '24 heures',
    saved: "Limite enregistrée : elle s'applique tout de suite",
    spin: 'Lancer',
    betUp: 'Augmenter la mise',
    lossReached: 'Votre limite de pertes est atteinte',
    topic: 'Sujet',
    topicValue: 'payments',
    subject: 'Objet',
    send: 'Envoyer le message',
    sent: 'Message envoyé',
    startTimeout: 'Oui, commencer maintenant',
  },
};

const journey = journeySite('protection', 'PROTECTION_SCREENSHOTS');
const { goto } = journey;

async function shot(page: Page, name: string): Promise<void> {
  await journey.shot(page, name, true);
}

async function verifyIdentity(page: Page, lang: Lang, prefix: string, width: number): Promise<void> {
  const words = WORDS[lang];
  await goto(page, `${prefix}/profile/verification`);
  expect(await axeProblems(page)).toEqual([]);
  await interactive(page, 'verification-start');
  await page.getByTestId('verification-start').click();
  // The provider's hosted page (the WebSDK's role), in the player's language.
  await page.waitForURL(/\/sandbox\/kyc\/sdk\//);
  await page.locator('#document').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await page.locator('#selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: words.kycSubmit }).click();
  await page.getByRole('link', { name: words.kycBack }).click();
  await page.waitForURL(new RegExp(`^${journey.site.baseUrl}${prefix}/profile/verification`));
  await hydrated(page);
  // Back with `sent=1`, the page marks the player on verification at once; the review ends a few
  // seconds later, its webhook turns the status to verified, and the page (asking again every few
  // seconds while the review runs) shows it without a reload.
  const status = page.getByTestId('verification-status');
  await status.filter({ hasText: new RegExp(`^(${words.underReview}|${words.verified})$`) }).waitFor();
  await status.filter({ hasText: words.verified }).waitFor({ timeout: 45_000 });
  expect(new URL(page.url()).search).toBe('');
  await shot(page, `verification-${lang}-${width}`);
}

async function setLossLimit(page: Page, lang: Lang, prefix: string, width: number): Promise<void> {
  const words = WORDS[lang];
  await goto(page, `${prefix}/profile/responsible-game`);
  await interactive(page, 'rg-limit-open');
  await page.getByTestId('rg-limit-open').click();
  const form = page.getByTestId('rg-limit-form');
  await form.getByRole('radio', { name: words.lossKind }).check();
  await form.getByRole('radio', { name: words.day }).check();
  await form.getByTestId('rg-limit-amount').fill('1.00');
  await form.getByTestId('rg-limit-save').click();
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(words.saved)
    .waitFor();
  await page.getByTestId('rg-limit-loss-day').waitFor();
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, `responsible-game-${lang}-${width}`);
}

/** Raises the stake past the 1.00 limit and spins: refused in the game, nothing charged. */
async function hitLossLimit(page: Page, lang: Lang, prefix: string, width: number): Promise<void> {
  const words = WORDS[lang];
  await goto(page, `${prefix}/game/${GAME}?mode=real`);
  const frame = await gameServerFrame(page, GAME);
  const spin = frame.getByRole('button', { name: words.spin, exact: true, disabled: false });
  await spin.waitFor();
  // Up the ladder (the one bet control phones show too) past the limit.
  for (let step = 0; step < 30; step += 1) {
    const stake = BigInt((await frame.getByTestId('rgs-stake').innerText()).replace(/\D/g, ''));
    if (stake > 100n) break;
    await frame.getByRole('button', { name: words.betUp }).click();
  }
  const before = await frame.getByTestId('rgs-balance').innerText();
  const refused = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/rgs/api/rounds' && response.request().method() === 'POST',
  );
  await spin.click();
  expect((await refused).status()).toBe(409);
  await frame.getByText(words.lossReached).waitFor();
  expect(await frame.getByTestId('rgs-balance').innerText()).toBe(before);
  await shot(page, `loss-limit-in-game-${lang}-${width}`);
}

async function sendFeedback(page: Page, lang: Lang, prefix: string, width: number): Promise<void> {
  const words = WORDS[lang];
  await goto(page, `${prefix}/support`);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel(words.topic).selectOption(words.topicValue);
  await page.getByLabel(words.subject).fill('Deposit limit question');
  await page.locator('textarea[name="message"]').fill('How long does a limit increase take to apply?');
  await page.getByRole('button', { name: words.send }).click();
  await page.getByRole('heading', { name: words.sent }).waitFor();
  await shot(page, `support-sent-${lang}-${width}`);
}

async function takeTimeOut(page: Page, lang: Lang, prefix: string): Promise<void> {
  const words = WORDS[lang];
  await goto(page, `${prefix}/profile/responsible-game`);
  await interactive(page, 'rg-exclude-timeout-24h');
  await page.getByTestId('rg-exclude-timeout-24h').click();
  await page.getByRole('dialog').getByRole('button', { name: words.startTimeout }).click();
  // Every session ends: the site reloads at home as a guest.
  await page.waitForURL(new RegExp(`^${journey.site.baseUrl}${prefix === '' ? '/' : `${prefix}/?`}$`));
  await hydrated(page);
  const account = await page
    .context()
    .request.get(`${journey.site.baseUrl}/api/account.getBalance?v=2.34&locale=en`);
  expect(((await account.json()) as { status: number }).status).not.toBe(1);
  // The profile is a player's area: a guest is sent home with the address to come back to.
  await page.goto(`${journey.site.baseUrl}${prefix}/profile/responsible-game`);
  await page.waitForURL(/redirectUrl=/);
}

async function playerJourney(lang: Lang, width: number): Promise<void> {
  const prefix = lang === 'fr' ? '/fr' : '';
  const page = await journey.openPage(lang, { width, bypassCSP: true, expectRefusals: true });
  await goto(page, `${prefix}/`);
  await registerAdult(page, journey.site.baseUrl, `protection-${lang}-${Date.now()}@example.test`);
  await verifyIdentity(page, lang, prefix, width);
  await depositWithSuccessCard(page, { baseUrl: journey.site.baseUrl, goto }, prefix, 20);
  await setLossLimit(page, lang, prefix, width);
  await hitLossLimit(page, lang, prefix, width);
  await sendFeedback(page, lang, prefix, width);
  await takeTimeOut(page, lang, prefix);
}

describe('player protection (issue #15)', () => {
  test('English at 1440 px: verify, limit, refused spin, support, time-out', async () => {
    await playerJourney('en', 1440);
  });

  test('French at 375 px: verify, limit, refused spin, support, time-out', async () => {
    await playerJourney('fr', 375);
  });
});
