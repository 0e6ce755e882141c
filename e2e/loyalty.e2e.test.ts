/**
 * The loyalty journey of issue #14, in English (1440 px) and in French (375 px): a new adult player
 * who chose a character at sign-up sees it in the header menu; the shop refuses a product they
 * cannot afford yet (the insufficient-funds popup); they deposit 250.00 with the sandbox card, play
 * two real spins at the slot's top stake (100.00), and the points the stream credits arrive as a
 * "Points earned" toast; they buy the cheapest product, the points are deducted once, and the bonus
 * it grants is in /profile/bonuses.
 *
 * axe finds no serious or critical problem on /loyalty/shop and /profile/loyalty. Screenshots go to
 * LOYALTY_SCREENSHOTS or a temporary directory (e2e/journey.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { journeySite, type Lang } from './journey.ts';
import {
  axeProblems,
  callApi,
  depositWithSuccessCard,
  gameServerFrame,
  registerAdult,
  until,
} from './kit.ts';
import { hydrated, interactive } from './page-ready.ts';

const GAME = 'neon-reels';

/** What the journey reads and clicks, in the page's language (the app's own words). */
const WORDS = {
  en: {
    spin: 'Spin',
    betUp: 'Raise the bet',
    buy: 'Buy',
    insufficient: 'Not enough coins',
    earned: 'Points earned',
    bought: /is yours/,
    close: 'Close',
  },
  fr: {
    spin: 'Lancer',
    betUp: 'Augmenter la mise',
    buy: 'Acheter',
    insufficient: 'Pas assez de jetons',
    earned: 'Points gagnés',
    bought: /est à vous/,
    close: 'Fermer',
  },
};

const journey = journeySite('loyalty', 'LOYALTY_SCREENSHOTS');
const { goto } = journey;

async function shot(page: Page, name: string): Promise<void> {
  await journey.shot(page, name, true);
}

/** Signs up with the second character (the sign-up form's picker sends the same `character`). */
async function register(page: Page, lang: Lang, email: string): Promise<{ id: number; name: string }> {
  const characters = await callApi<{ items: { id: number; name: string }[] }>(
    page,
    journey.site.baseUrl,
    'loyalty.getcharacters',
    undefined,
    lang,
  );
  const character = characters.items[1]!;
  await registerAdult(page, journey.site.baseUrl, email, { character: String(character.id) });
  return character;
}

async function points(page: Page): Promise<number> {
  return (await callApi<{ points: number }>(page, journey.site.baseUrl, 'loyalty.getinfo')).points;
}

/** Two real spins at the top of the stake ladder (100.00 each): 200 points at 1 per 1.00 staked. */
async function playTwoTopSpins(page: Page, lang: Lang, prefix: string): Promise<void> {
  const words = WORDS[lang];
  await goto(page, `${prefix}/game/${GAME}?mode=real`);
  const frame = await gameServerFrame(page, GAME);
  const spin = frame.getByRole('button', { name: words.spin, exact: true, disabled: false });
  await spin.waitFor();
  const up = frame.getByRole('button', { name: words.betUp });
  for (let step = 0; step < 40 && (await up.isEnabled()); step += 1) await up.click();
  expect((await frame.getByTestId('rgs-stake').innerText()).replace(/\D/g, '')).toBe('10000');
  for (let round = 0; round < 2; round += 1) {
    const played = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/rgs/api/rounds' && response.request().method() === 'POST',
    );
    await spin.click();
    expect((await played).status()).toBe(200);
    await spin.waitFor();
  }
}

/**
 * With toasts showing, the account menu opens clear of them: a phone's bottom sheet starts below the
 * toast it shows, a wider screen's side panel is beside them (they used to cover each other for the
 * toasts' 5 s).
 */
async function toastsClearOfMenu(page: Page, toasts: Locator, width: number): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  const panel = page.locator('[data-curtain-side]');
  await panel.waitFor();
  // The sheet slides in; measure once nothing moves.
  let previous = '';
  const settled = async () => {
    const boxes = JSON.stringify({
      panel: await panel.boundingBox(),
      toasts: (
        await Promise.all((await toasts.getByRole('listitem').all()).map((item) => item.boundingBox()))
      ).filter((box) => box !== null),
    });
    const same = boxes === previous;
    previous = boxes;
    return same ? boxes : undefined;
  };
  const seen = JSON.parse(await until('the menu to settle', settled)) as { panel: Box | null; toasts: Box[] };
  const { panel: menu } = seen;
  if (!menu || seen.toasts.length === 0) throw new Error(`nothing to compare: ${JSON.stringify(seen)}`);
  for (const toast of seen.toasts) {
    const clear =
      width < 768
        ? toast.y + toast.height <= menu.y + 1
        : toast.x + toast.width <= menu.x + 1 || toast.x >= menu.x + menu.width - 1;
    expect(clear, JSON.stringify(seen)).toBe(true);
  }
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function loyaltyJourney(lang: Lang, width: number): Promise<void> {
  const words = WORDS[lang];
  const prefix = lang === 'fr' ? '/fr' : '';
  const page = await journey.openPage(lang, { width, bypassCSP: true, expectRefusals: true });
  await goto(page, `${prefix}/`);
  const character = await register(page, lang, `loyalty-${lang}-${Date.now()}@example.test`);

  // The character chosen at sign-up is the player's, drawn in the header's user menu.
  await goto(page, `${prefix}/profile/loyalty`);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByTestId('loyalty-points').waitFor();
  await page.getByTestId('user-menu-button').click();
  const picture = page.getByTestId('menu-character');
  await picture.waitFor();
  expect(await picture.getAttribute('alt')).toBe(character.name);
  await shot(page, `menu-character-${lang}-${width}`);
  await page.keyboard.press('Escape');

  // Nothing to spend yet: the shop answers with the insufficient-funds popup.
  await goto(page, `${prefix}/loyalty/shop`);
  expect(await axeProblems(page)).toEqual([]);
  const cheapest = page.getByTestId('loyalty-product').last();
  await interactive(page, 'loyalty-buy');
  await cheapest.getByTestId('loyalty-buy').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: words.insufficient }).waitFor();
  await shot(page, `shop-insufficient-${lang}-${width}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await depositWithSuccessCard(page, { baseUrl: journey.site.baseUrl, goto }, prefix, 250);
  await playTwoTopSpins(page, lang, prefix);

  // The stream credits the points; the notice arrives as a toast on the next page, once the player
  // touches it (notices load after the first interaction, spec §4).
  await until('the points of two spins', async () => ((await points(page)) >= 200 ? true : undefined));
  await goto(page, `${prefix}/loyalty/shop`);
  await page.getByRole('heading', { level: 1 }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await toasts.getByText(words.earned).first().waitFor({ timeout: 15_000 });
  await shot(page, `points-toast-${lang}-${width}`);
  await toastsClearOfMenu(page, toasts, width);
  await shot(page, `points-toast-menu-${lang}-${width}`);
  await page.keyboard.press('Escape');
  await page.locator('[data-curtain-side]').waitFor({ state: 'detached' });

  // Buy the cheapest product: confirm, points deducted once, the bonus is the player's.
  const before = await points(page);
  const price = Number((await cheapest.getByTestId('loyalty-price').innerText()).replace(/\D/g, ''));
  expect(price).toBeLessThanOrEqual(before);
  await cheapest.getByTestId('loyalty-buy').click();
  await page.getByRole('dialog').getByRole('button', { name: words.buy, exact: true }).click();
  await toasts.getByText(words.bought).waitFor();
  expect(await points(page)).toBe(before - price);
  await shot(page, `shop-bought-${lang}-${width}`);
  const bonuses = await callApi<{ total: number }>(page, journey.site.baseUrl, 'bonuses.get');
  expect(bonuses.total).toBeGreaterThan(0);
  await hydrated(page);
}

describe('loyalty (issue #14)', { timeout: 180_000 }, () => {
  test('English at 1440 px: character, insufficient points, earn, toast, buy', async () => {
    await loyaltyJourney('en', 1440);
  });

  test('French at 375 px: character, insufficient points, earn, toast, buy', async () => {
    await loyaltyJourney('fr', 375);
  });
});
