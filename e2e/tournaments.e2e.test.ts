/**
 * The tournaments journey of issue #14, in English (1440 px) and in French (375 px): a new adult
 * player deposits 20.00 with the sandbox card, opens /tournaments, goes to the running demo
 * tournament (Weekly Reels Race on Neon Reels), joins it (the Join button, `tournaments.participate`),
 * plays a real spin of its game on the in-house game server, and sees their own leaderboard row's
 * score move from 0 (the wager stream's tournament consumer scored the stake).
 *
 * axe finds no serious or critical problem on /tournaments and the tournament page. Screenshots go
 * to TOURNAMENTS_SCREENSHOTS or a temporary directory (e2e/journey.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { journeySite, type Lang } from './journey.ts';
import { axeProblems, depositWithSuccessCard, gameServerFrame, registerAdult, until } from './kit.ts';
import { hydrated, interactive } from './page-ready.ts';

const GAME = 'neon-reels';

const WORDS = {
  en: {
    card: 'See the tournament Weekly Reels Race',
    joined: 'You joined the tournament. Good luck!',
    spin: 'Spin',
  },
  fr: {
    card: 'Voir le tournoi Course aux rouleaux de la semaine',
    joined: 'Vous participez au tournoi. Bonne chance !',
    spin: 'Lancer',
  },
};

const journey = journeySite('tournaments', 'TOURNAMENTS_SCREENSHOTS');
const { goto } = journey;

/** The player's own score on the tournament page, or undefined while their row is not shown. */
async function myScore(page: Page): Promise<number | undefined> {
  const row = page.getByTestId('leaderboard-me');
  if ((await row.count()) === 0) return undefined;
  const cells = await row.locator('td').allInnerTexts();
  return Number((cells[2] ?? '').replace(/\D/g, ''));
}

async function tournamentJourney(lang: Lang, width: number): Promise<void> {
  const words = WORDS[lang];
  const prefix = lang === 'fr' ? '/fr' : '';
  const page = await journey.openPage(lang, { width, bypassCSP: true });
  await goto(page, `${prefix}/`);
  await registerAdult(page, journey.site.baseUrl, `tournaments-${lang}-${Date.now()}@example.test`);
  await depositWithSuccessCard(page, { baseUrl: journey.site.baseUrl, goto }, prefix, 20);

  await goto(page, `${prefix}/tournaments`);
  await page.getByTestId('tournaments-active').waitFor();
  expect(await axeProblems(page)).toEqual([]);
  await journey.shot(page, `tournaments-${lang}-${width}`, true);
  // The running one (its next occurrence, same name, is among the upcoming ones).
  await page.getByTestId('tournaments-active').getByRole('link', { name: words.card }).click();
  await page.waitForURL(new RegExp(`${prefix}/tournaments/\\d+$`));
  await hydrated(page);
  const tournamentUrl = page.url();

  await interactive(page, 'tournament-join');
  await page.getByTestId('tournament-join').click();
  await page.getByText(words.joined).waitFor();
  await page.getByTestId('tournament-joined').waitFor();
  expect(await myScore(page)).toBe(0);
  expect(await axeProblems(page)).toEqual([]);

  // A real spin of the tournament's game at the default stake.
  await goto(page, `${prefix}/game/${GAME}?mode=real`);
  const frame = await gameServerFrame(page, GAME);
  const spin = frame.getByRole('button', { name: words.spin, exact: true, disabled: false });
  await spin.waitFor();
  const played = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/rgs/api/rounds' && response.request().method() === 'POST',
  );
  await spin.click();
  expect((await played).status()).toBe(200);

  // The consumer scores the stake within seconds: the player's row moves.
  await page.goto(tournamentUrl);
  await hydrated(page);
  const score = await until(
    'the leaderboard to move',
    async () => {
      const value = await myScore(page);
      if (value !== undefined && value > 0) return value;
      await page.reload();
      await hydrated(page);
      return undefined;
    },
    45_000,
  );
  expect(score).toBeGreaterThan(0);
  await journey.shot(page, `tournament-${lang}-${width}`, true);
}

describe('tournaments (issue #14)', () => {
  test('English at 1440 px: join, spin, the leaderboard moves', async () => {
    await tournamentJourney('en', 1440);
  });

  test('French at 375 px: join, spin, the leaderboard moves', async () => {
    await tournamentJourney('fr', 375);
  });
});
