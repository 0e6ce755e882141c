/**
 * Browser journeys of the game hall (spec §2, §4, §6): a guest filters the hall by studio and
 * category, searches in French (accent-insensitive), opens a game in demo (the frame goes through
 * the platform launcher to the in-house game server's page), arrives with `#real` and gets the
 * registration popup, going home when it closes; a launch failure inside the frame moves the page
 * to the slot error page (checkIframe); a player favourites a game and sees the heart filled after
 * a reload, plays for real with the balance in the game bar, and their big wins reach /winners.
 *
 * Screenshots of /gamehall, /game/neon-reels, /providers and /winners at 375 and 1440 px (English
 * and French) go to GAMEHALL_SCREENSHOTS or a temporary directory, printed at the end.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { device, launchBrowser, withoutServiceWorker } from './browser.ts';
import { hydrated, interactive } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const SCREENSHOTS = process.env.GAMEHALL_SCREENSHOTS ?? path.join(os.tmpdir(), 'croupier-gamehall-screens');
const PASSWORD = 'Secret-123';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

const player = {
  email: `hall-${Date.now()}@example.test`,
  cookies: [] as Awaited<ReturnType<BrowserContext['cookies']>>,
};

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A real port: the game server reaches the platform's wallet API over HTTP at PUBLIC_URL.
  site = await startSite({ publicPort: true, env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  console.info(`game hall screenshots: ${SCREENSHOTS}`);
});

afterEach(async () => {
  const errors = pageErrors;
  pageErrors = [];
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});

async function openPage(
  options: { width?: number; locale?: string; signedIn?: boolean } = {},
): Promise<Page> {
  const width = options.width ?? 1440;
  context = await withoutServiceWorker(
    await browser.newContext({
      ...device(width),
      locale: options.locale ?? 'en-US',
    }),
  );
  if (options.signedIn) await context.addCookies(player.cookies);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = new URL(message.location().url || 'about:blank', 'http://x');
    // Refused API calls (4xx) are answers the journeys provoke; a 404 page is one too.
    if (
      /status of 4\d\d/.test(message.text()) &&
      (url.pathname.startsWith('/api/') || url.pathname.startsWith('/game/'))
    )
      return;
    pageErrors.push(message.text());
  });
  return page;
}

async function goto(page: Page, pathname: string): Promise<void> {
  await page.goto(`${site.baseUrl}${pathname}`);
  await hydrated(page);
}

async function api(name: string, form: Record<string, string> = {}, http: 'GET' | 'POST' = 'POST') {
  if (!context) throw new Error('no browser context');
  const url = `${site.baseUrl}/api/${name}?v=2.34&locale=en`;
  const response =
    http === 'POST'
      ? await context.request.post(url, { form, headers: { origin: site.baseUrl } })
      : await context.request.get(`${url}&${new URLSearchParams(form)}`);
  return (await response.json()) as { status: number; data?: unknown; error?: { type: string } };
}

/** The whole page, and on phones also the first screen (what a player sees on arrival). */
async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.waitForTimeout(400);
  const fullPage = options.fullPage ?? true;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
  if (fullPage && (page.viewportSize()?.width ?? 0) < 768) {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-top.png`) });
  }
}

async function cardSysnames(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="game-card"]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-sysname') ?? ''));
}

/** The game frame once it reached the game server's page. */
async function gameServerFrame(page: Page, code: string): Promise<Frame> {
  const pattern = new RegExp(`/rgs/play/${code}\\?session=[^&]+`);
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const frame = page.frames().find((candidate) => pattern.test(candidate.url()));
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error(`the frame never reached /rgs/play/${code}: ${page.frames().map((f) => f.url())}`);
}

describe('the game hall for a guest', () => {
  test('filters by studio and category; the query holds the state', async () => {
    const page = await openPage();
    await goto(page, '/gamehall');
    // The content's SEO record for /gamehall names the page.
    expect(await page.title()).toMatch(/^Game hall/);
    const all = await cardSysnames(page);
    expect(all.length).toBeGreaterThanOrEqual(13);
    expect(all).toContain('neon-reels');

    await interactive(page, 'provider-filter-button');
    await page.getByTestId('provider-filter-button').click();
    await page.getByTestId('provider-filter-panel').getByText('Northwind Studio').click();
    await page.waitForURL(`${site.baseUrl}/gamehall?providers=northwind`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-card"]').length === 3);
    expect((await cardSysnames(page)).sort()).toEqual(['aurora-reels', 'frost-blackjack', 'polar-plinko']);
    const studios = await page.getByTestId('game-card-provider').allInnerTexts();
    expect(new Set(studios)).toEqual(new Set(['Northwind Studio']));
    // A second studio widens the filter.
    await page.getByTestId('provider-filter-panel').getByText('Tidewater Games').click();
    await page.waitForURL(`${site.baseUrl}/gamehall?providers=northwind,tidewater`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-card"]').length === 5);
    await page.keyboard.press('Escape');
    await page.getByTestId('provider-filter-panel').waitFor({ state: 'detached' });

    // A category keeps the studios.
    await page.getByRole('link', { name: /^Slots/ }).click();
    await page.waitForURL(/\/gamehall\?category=\d+&providers=northwind,tidewater$/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-card"]').length === 2);
    expect((await cardSysnames(page)).sort()).toEqual(['aurora-reels', 'tidal-treasure']);
    expect(await page.getByTestId('hall-title').innerText()).toBe('Slots');

    // Removing a studio chip, then "all games".
    await page.getByTestId('provider-chip-tidewater').click();
    await page.waitForURL(/\/gamehall\?category=\d+&providers=northwind$/);
    // The address changes before the page renders the new query: until the chip is gone, "all
    // games" may still link to both studios (CI clicked it there once).
    await page.getByTestId('provider-chip-tidewater').waitFor({ state: 'detached' });
    await page.getByTestId('category-all').click();
    await page.waitForURL(`${site.baseUrl}/gamehall?providers=northwind`);

    // A shared link shows the same grid straight from the server; /gamehall/{id} lands on it.
    const category = new URL(page.url()).searchParams.get('category');
    expect(category).toBeNull();
    const slots = (await api('games.getCategories', {}, 'GET')).data as {
      items: { id: number; slug: string }[];
    };
    const slotsId = slots.items.find((entry) => entry.slug === 'slots')?.id;
    await goto(page, `/gamehall/${slotsId}`);
    expect(page.url()).toBe(`${site.baseUrl}/gamehall?category=${slotsId}`);
    expect(await page.getByTestId('hall-title').innerText()).toBe('Slots');
    // A category nobody has: the empty state offers the whole hall.
    await goto(page, '/gamehall?category=live');
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('hall-reset').click();
    await page.waitForURL(`${site.baseUrl}/gamehall`);
  });

  test('searches in French, accent-insensitive, and opens a result', async () => {
    const page = await openPage({ locale: 'fr-FR' });
    await goto(page, '/fr/gamehall');
    expect(await page.title()).toMatch(/^Salle de jeux/);
    await interactive(page, 'hall-search-button');
    await page.getByTestId('hall-search-button').click();
    const dialog = page.getByRole('dialog', { name: 'Rechercher des jeux' });
    await dialog.waitFor();
    await dialog.getByText('Jeux populaires').waitFor();
    // "europeenne" finds the French description "La roue européenne…".
    await page.getByTestId('games-search-input').fill('europeenne');
    await dialog.getByText(/jeux? trouvés?/).waitFor();
    const results = dialog.getByTestId('games-search-result');
    const names = await results.allInnerTexts();
    expect(names.some((name) => name.includes('European Roulette'))).toBe(true);
    await page.getByTestId('games-search-input').fill('zzzzqqq');
    await dialog.getByText('Aucun jeu ne correspond à « zzzzqqq »').waitFor();
    await page.getByTestId('games-search-input').fill('roulette europeenne');
    await dialog.getByText(/jeux? trouvés?/).waitFor();
    // Keyboard: down into the results, Enter opens the game.
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused).toContain('European Roulette');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.baseUrl}/fr/game/european-roulette`);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The header's search button opens the same popup on any page.
    await goto(page, '/fr/providers');
    await interactive(page, 'header-search-button');
    await page.getByTestId('header-search-button').click();
    await page.getByRole('dialog', { name: 'Rechercher des jeux' }).waitFor();
  });

  test('opens a game in demo: the frame reaches the game server through the launcher', async () => {
    const page = await openPage();
    await goto(page, '/gamehall');
    await page.locator('[data-sysname="neon-reels"]').getByTestId('game-card-link').click();
    await page.waitForURL(`${site.baseUrl}/game/neon-reels`);
    await page.getByTestId('game-frame').waitFor();
    // Head tags as a first visit (a search engine) gets them.
    await goto(page, '/game/neon-reels');
    expect(await page.title()).toBe('Neon Reels | Croupier');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${site.baseUrl}/platform/game/neon-reels`);
    const frame = page.getByTestId('game-frame');
    expect(await frame.getAttribute('src')).toBe('/platform/game/neon-reels/play?mode=demo&lang=en');
    expect(await page.getByTestId('mode-demo').getAttribute('aria-current')).toBe('true');
    // No balance for guests, and the bar's way back leads to the hall.
    expect(await page.getByTestId('game-bar-balance').count()).toBe(0);
    const served = await gameServerFrame(page, 'neon-reels');
    expect(served.url()).toContain('lang=en');
    expect(await page.getByTestId('game-bar-back').getAttribute('href')).toBe('/gamehall');

    // French: the launcher is asked in French; the canonical keeps the locale before "platform".
    await goto(page, '/fr/game/dice-duel?mode=demo');
    expect(await page.getByTestId('game-frame').getAttribute('src')).toBe(
      '/platform/game/dice-duel/play?mode=demo&lang=fr',
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${site.baseUrl}/fr/platform/game/dice-duel`,
    );
    await gameServerFrame(page, 'dice-duel');

    // An unknown game is the 404 page.
    const missing = await page.goto(`${site.baseUrl}/game/no-such-game`);
    expect(missing?.status()).toBe(404);
    await page.locator('[data-system-page="notFound"]').waitFor();
  });

  test('a guest arriving with #real gets the registration popup and goes home when it closes', async () => {
    const page = await openPage();
    await goto(page, '/game/neon-reels#real');
    const popup = page.getByTestId('auth-popup');
    await popup.waitFor();
    expect(await page.getByTestId('auth-tab-register').getAttribute('aria-selected')).toBe('true');
    // No game launched behind it.
    expect(await page.getByTestId('game-frame').count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close dialog' }).click();
    await page.waitForURL(`${site.baseUrl}/`);

    // The switch's "Real" asks a guest to sign up too, without leaving the game.
    await goto(page, '/game/neon-reels');
    await interactive(page, 'mode-real');
    await page.getByTestId('mode-real').click();
    await page.getByTestId('auth-popup').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('auth-popup').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${site.baseUrl}/game/neon-reels`);
  });

  test('a launch failure inside the frame moves the whole page to the slot error page', async () => {
    const page = await openPage({ locale: 'fr-FR' });
    await goto(page, '/fr/game/neon-reels');
    await page.getByTestId('game-frame').waitFor();
    // What the launcher does when a launch fails: the frame lands on the embedded error page.
    await page.getByTestId('game-frame').evaluate((frame) => {
      (frame as HTMLIFrameElement).src = '/fr/slot-error?embedded=1';
    });
    await page.waitForURL(`${site.baseUrl}/fr/slot-error`);
    await page.locator('[data-system-page="slotError"]').waitFor();
    expect(await page.title()).toBe('Ce jeu n’a pas pu être chargé | Croupier');
    const button = page.getByRole('link', { name: 'Retour à la salle de jeux' });
    expect(await button.getAttribute('href')).toBe('/fr/gamehall');
  });
});

describe('the game hall for a player', () => {
  test('favourites a game: the heart is filled after a reload and the favourites chip lists it', async () => {
    const page = await openPage();
    await goto(page, '/');
    // An adult: real play needs a birth date of age.
    const registered = await api('auth.register', {
      login: player.email,
      password: PASSWORD,
      terms: '1',
      birth_date: '01.01.1990',
    });
    expect(registered.status).toBe(1);
    player.cookies = await context!.cookies();

    await goto(page, '/gamehall');
    const card = page.locator('[data-sysname="neon-reels"]');
    await interactive(page, 'favourite-button');
    await card.hover();
    const heart = card.getByTestId('favourite-button');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-sysname="neon-reels"] [data-testid="favourite-button"]')
          ?.getAttribute('data-liked') === 'true' &&
        !document
          .querySelector('[data-sysname="neon-reels"] [data-testid="favourite-button"]')
          ?.hasAttribute('aria-busy'),
    );
    expect(((await api('games.getLikes', {}, 'GET')).data as { sysnames: string[] }).sysnames).toEqual([
      'neon-reels',
    ]);
    const byName = (await api('games.get', { sysnames: 'neon-reels' }, 'GET')).data as { items: unknown[] };
    expect(byName.items).toHaveLength(1);

    await page.reload();
    await hydrated(page);
    expect(await card.getByTestId('favourite-button').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('category-favourites').click();
    await page.waitForURL(`${site.baseUrl}/gamehall?favourites=1`);
    // The address changes before React shows the new grid: wait for the grid itself.
    await page.getByTestId('hall-title').getByText('My favourites').waitFor();
    expect(await cardSysnames(page)).toEqual(['neon-reels']);
    await shot(page, 'gamehall-favourites-en-1440');

    // Un-liking from the favourites grid reloads it: the grid empties.
    await interactive(page, 'favourite-button');
    await page.locator('[data-sysname="neon-reels"]').hover();
    await page.locator('[data-sysname="neon-reels"]').getByTestId('favourite-button').click();
    await page.getByTestId('empty-state').waitFor();
  });

  test('plays for real with the balance in the bar; real wins reach /winners', async () => {
    const { sql } = await import('drizzle-orm');
    const rows = await site.harness.database.db.execute<{ id: string }>(
      sql`SELECT id FROM players WHERE login = ${player.email}`,
    );
    const playerId = BigInt(rows.rows[0]!.id);
    await site.harness.database.db.execute(
      sql`UPDATE players SET currency = 'EUR' WHERE id = ${playerId} AND currency IS NULL`,
    );
    // A credited deposit, as the payment provider's webhook would leave it.
    await site.harness.app.services.wallet.creditDeposit({
      playerId,
      currency: 'EUR',
      amountMinor: 20_000n,
      paymentId: `hall-e2e-${playerId}`,
    });

    const page = await openPage({ signedIn: true });
    await goto(page, '/game/dice-duel');
    expect(await page.getByTestId('game-frame').getAttribute('src')).toBe(
      '/platform/game/dice-duel/play?mode=real&lang=en',
    );
    expect(await page.getByTestId('mode-real').getAttribute('aria-current')).toBe('true');
    expect(await page.getByTestId('game-bar-balance').innerText()).toContain('€200.00');
    const frame = await gameServerFrame(page, 'dice-duel');
    const session = new URL(frame.url()).searchParams.get('session') ?? '';

    // Rounds through the game server's own API, as its page plays them: 11× bets until some win.
    let wins = 0;
    for (let round = 0; round < 60 && wins < 3; round += 1) {
      const play = () =>
        context!.request.post(`${site.baseUrl}/rgs/api/rounds`, {
          headers: { 'x-rgs-session': session, 'content-type': 'application/json' },
          data: { bet: { stake: '100', target: 900, direction: 'under' } },
        });
      let response = await play();
      // The game server allows a few rounds a second per session: pace like a player would.
      for (let wait = 0; response.status() === 429 && wait < 20; wait += 1) {
        await page.waitForTimeout(250);
        response = await play();
      }
      expect(response.status()).toBe(200);
      const view = (await response.json()) as { payout: string };
      if (Number(view.payout) > 0) wins += 1;
    }
    expect(wins).toBeGreaterThan(0);
    // Settlement reaches the platform through the wallet API; the winners list follows.
    let listed = 0;
    for (let attempt = 0; attempt < 100 && listed === 0; attempt += 1) {
      listed = ((await api('games.getWinners', {}, 'GET')).data as { items: unknown[] }).items.length;
      if (listed === 0) await page.waitForTimeout(100);
    }
    expect(listed).toBeGreaterThan(0);

    await goto(page, '/winners');
    const row = page.getByTestId('winner-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Dice Duel');
    // Masked: never the login.
    expect(await page.getByTestId('winners-list').innerText()).not.toContain(player.email);
    expect(await row.getByTestId('winner-player').innerText()).toMatch(/\*\*\*/);

    // Demo from the switch.
    await goto(page, '/game/dice-duel');
    await interactive(page, 'mode-demo');
    await page.getByTestId('mode-demo').click();
    await page.waitForURL(`${site.baseUrl}/game/dice-duel?mode=demo`);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="game-frame"]')?.getAttribute('src') ===
        '/platform/game/dice-duel/play?mode=demo&lang=en',
    );
  });
});

describe('screenshots', () => {
  for (const width of [1440, 375]) {
    for (const locale of ['en', 'fr'] as const) {
      test(`hall, game, providers and winners at ${width} px in ${locale}`, async () => {
        const page = await openPage({
          width,
          locale: locale === 'fr' ? 'fr-FR' : 'en-US',
          signedIn: width === 1440,
        });
        const prefix = locale === 'fr' ? '/fr' : '';
        await goto(page, `${prefix}/gamehall`);
        await page.locator('[data-testid="game-card"] img').first().waitFor();
        await shot(page, `gamehall-${locale}-${width}`);
        await goto(page, `${prefix}/game/neon-reels?mode=demo`);
        await gameServerFrame(page, 'neon-reels');
        await page.waitForTimeout(1200);
        await page.screenshot({ path: path.join(SCREENSHOTS, `game-${locale}-${width}.png`) });
        await goto(page, `${prefix}/providers`);
        await shot(page, `providers-${locale}-${width}`);
        await goto(page, `${prefix}/winners`);
        await shot(page, `winners-${locale}-${width}`);
        if (locale === 'en') {
          await goto(page, '/gamehall');
          await interactive(page, 'hall-search-button');
          await page.getByTestId('hall-search-button').click();
          await page.getByTestId('games-search-input').fill('plinko');
          await page.getByText(/games? found/).waitFor();
          await shot(page, `search-${locale}-${width}`, { fullPage: false });
        }
      });
    }
  }
});
