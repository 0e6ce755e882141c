// @vitest-environment happy-dom
/**
 * The jackpot pages in a router with the real bundles: cards with live-growing amounts (a loader
 * revalidation every few seconds), the empty state, and the jackpot page's rules, commitment,
 * games, winners with their verification data, in English and French.
 */
import type { JackpotOutput, JackpotWinOutput } from '@croupier/contract/jackpots/common';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { testAuthRoot } from '../features/auth/test-auth-root.ts';
import { JACKPOT_REFRESH_MS } from '../features/jackpots/jackpot-paths.ts';
import { JackpotTicker } from '../features/jackpots/jackpot-ticker.tsx';
import { JackpotWinsStrip } from '../features/jackpots/jackpot-wins-strip.tsx';
import commonEn from '../i18n/locales/en/common.json' with { type: 'json' };
import gamesEn from '../i18n/locales/en/games.json' with { type: 'json' };
import jackpotsEn from '../i18n/locales/en/jackpots.json' with { type: 'json' };
import uiEn from '../i18n/locales/en/ui.json' with { type: 'json' };
import commonFr from '../i18n/locales/fr/common.json' with { type: 'json' };
import gamesFr from '../i18n/locales/fr/games.json' with { type: 'json' };
import jackpotsFr from '../i18n/locales/fr/jackpots.json' with { type: 'json' };
import uiFr from '../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { createBundlesTestI18n } from '../ui/test-i18n.ts';
import JackpotPage from './jackpot.tsx';
import JackpotsPage from './jackpots.tsx';

function testI18n(locale: 'en' | 'fr') {
  return createBundlesTestI18n(locale, {
    en: { common: commonEn, jackpots: jackpotsEn, games: gamesEn, ui: uiEn },
    fr: { common: commonFr, jackpots: jackpotsFr, games: gamesFr, ui: uiFr },
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const JACKPOT: JackpotOutput = {
  id: 3,
  name: 'Mega Reels Jackpot',
  currency: 'EUR',
  amount: '1234.56',
  seed: '1000.00',
  ceiling: '5000.00',
  rules: { contribution_percent: '1', pool_share_percent: '80', reserve_share_percent: '20' },
  cycle: 2,
  commitment: 'a'.repeat(64),
  games: [
    { sysname: 'neon-reels', name: 'Neon Reels', image_url: '/nfx/media/neon.svg' },
    { sysname: 'gem-cascade', name: 'Gem Cascade', image_url: '/nfx/media/gem.svg' },
  ],
  last_win: { amount: '3210.00', at: '2026-11-25T10:00:00.000Z' },
};

const WIN: JackpotWinOutput = {
  jackpot_id: 3,
  jackpot_name: 'Mega Reels Jackpot',
  cycle: 1,
  player: 'ma***n',
  amount: '3210.00',
  currency: 'EUR',
  game: { sysname: 'neon-reels', name: 'Neon Reels', image_url: '/nfx/media/neon.svg' },
  at: '2026-11-25T10:00:00.000Z',
  verification: {
    server_seed: 'b'.repeat(64),
    commitment: 'c'.repeat(64),
    start: '1000.00',
    ceiling: '5000.00',
  },
};

/** The page under a root route whose loader answers `data()` again at every revalidation. */
function renderPage<T>(path: string, data: () => unknown, page: (loaderData: T) => ReactNode) {
  const locale = path.startsWith('/fr') ? 'fr' : 'en';
  function Page() {
    const loaded = useLoaderData() as { page: T };
    return <>{page(loaded.page)}</>;
  }
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({ isAuthenticated: false, account: { uid: 0 }, auth: testAuthRoot(), page: data() }),
        HydrateFallback: () => null,
        element: (
          <TranslationProvider translator={testI18n(locale)}>
            <main data-testid="page">
              <Page />
            </main>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

// The route components only read loaderData; the other props are React Router's.
const props = (loaderData: unknown) =>
  ({ loaderData, params: {}, matches: [] }) as unknown as {
    loaderData: never;
    params: never;
    matches: never;
  };

describe('/jackpots', () => {
  test('a card per jackpot with its amount, ceiling and a link to its page', async () => {
    renderPage(
      '/jackpots',
      () => ({ jackpots: [JACKPOT] }),
      (data) => <JackpotsPage {...props(data)} />,
    );
    const card = within(await screen.findByTestId('jackpot-card'));
    expect(card.getByTestId('jackpot-amount').textContent).toBe('€1,234.56');
    // Amounts change every few seconds: not a live region a screen reader would read out each time.
    expect(card.getByTestId('jackpot-amount').closest('[aria-live]')).toBeNull();
    expect(card.getByText('Must drop by €5,000.00')).toBeTruthy();
    expect(card.getByText('1 % of each eligible stake')).toBeTruthy();
    expect(card.getByText('2 games')).toBeTruthy();
    expect(card.getByRole('link', { name: 'See the jackpot Mega Reels Jackpot' }).getAttribute('href')).toBe(
      '/jackpots/3',
    );
  });

  test('the amounts grow live: the loader runs again every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let amount = '1234.56';
    renderPage(
      '/jackpots',
      () => ({ jackpots: [{ ...JACKPOT, amount }] }),
      (data) => <JackpotsPage {...props(data)} />,
    );
    expect((await screen.findByTestId('jackpot-amount')).textContent).toBe('€1,234.56');
    expect(screen.getByTestId('jackpot-amount').closest('[aria-live]')).toBeNull();
    amount = '1240.00';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(JACKPOT_REFRESH_MS + 10);
    });
    expect((await screen.findByText('€1,240.00')).getAttribute('data-testid')).toBe('jackpot-amount');
  });

  test('in French, under /fr, with French links', async () => {
    renderPage(
      '/fr/jackpots',
      () => ({ jackpots: [JACKPOT] }),
      (data) => <JackpotsPage {...props(data)} />,
    );
    const card = within(await screen.findByTestId('jackpot-card'));
    expect(card.getByText('Tombe avant €5,000.00')).toBeTruthy();
    expect(card.getByText('2 jeux')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Voir le jackpot Mega Reels Jackpot' }).getAttribute('href')).toBe(
      '/fr/jackpots/3',
    );
  });

  test('says so when no jackpot runs, with a way to the game hall', async () => {
    renderPage(
      '/jackpots',
      () => ({ jackpots: [] }),
      (data) => <JackpotsPage {...props(data)} />,
    );
    expect(await screen.findByText('No jackpots running right now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the game hall' }).getAttribute('href')).toBe('/gamehall');
  });
});

describe('/jackpots/{id}', () => {
  test('states the rules, the commitment, the games and the winners with their verification data', async () => {
    renderPage(
      '/jackpots/3',
      () => ({ jackpot: JACKPOT, winners: [WIN] }),
      (data) => <JackpotPage {...props(data)} />,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Mega Reels Jackpot');
    const rules = within(screen.getByTestId('jackpot-rules'));
    expect(rules.getByText(/^1 % of every eligible real-money stake/)).toBeTruthy();
    expect(rules.getByText(/^80 % grows this jackpot; 20 % goes to a reserve/)).toBeTruthy();
    expect(rules.getByText('€1,000.00 after every win')).toBeTruthy();
    expect(rules.getByText(/^€5,000.00: the jackpot is always won at or below/)).toBeTruthy();
    expect(rules.getByText('How a win is decided')).toBeTruthy();
    expect(rules.getByText('What happens at a win')).toBeTruthy();
    expect(screen.getByTestId('jackpot-commitment').textContent).toBe('a'.repeat(64));
    const games = within(screen.getByTestId('jackpot-games'));
    expect(games.getByRole('link', { name: /Neon Reels/ }).getAttribute('href')).toBe('/game/neon-reels');
    const winner = within(screen.getByTestId('jackpot-winner'));
    expect(winner.getByText('ma***n')).toBeTruthy();
    expect(winner.getByText('€3,210.00')).toBeTruthy();
    expect(winner.getByText('b'.repeat(64))).toBeTruthy();
    expect(screen.getByText(/HMAC-SHA256\(key: seed, message: "3:cycle"\)/)).toBeTruthy();
  });

  test('in French, with no winner yet', async () => {
    renderPage(
      '/fr/jackpots/3',
      () => ({ jackpot: JACKPOT, winners: [] }),
      (data) => <JackpotPage {...props(data)} />,
    );
    expect(await screen.findByText('Règles')).toBeTruthy();
    expect(screen.getByText('Pas encore gagné : il tombera avant €5,000.00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jackpots' }).getAttribute('href')).toBe('/fr/jackpots');
    expect(screen.getByText('Comment le gagnant est désigné')).toBeTruthy();
  });
});

describe('jackpot wins on /winners', () => {
  test('each win names the masked player, the jackpot (linked) and the amount, in both languages', async () => {
    renderPage(
      '/winners',
      () => ({ wins: [WIN] }),
      (data: { wins: JackpotWinOutput[] }) => <JackpotWinsStrip wins={data.wins} />,
    );
    const strip = within(await screen.findByTestId('jackpot-wins'));
    expect(strip.getByText('ma***n')).toBeTruthy();
    expect(strip.getByRole('link', { name: 'won Mega Reels Jackpot' }).getAttribute('href')).toBe(
      '/jackpots/3',
    );
    expect(strip.getByText('€3,210.00')).toBeTruthy();
    cleanup();
    renderPage(
      '/fr/winners',
      () => ({ wins: [WIN] }),
      (data: { wins: JackpotWinOutput[] }) => <JackpotWinsStrip wins={data.wins} />,
    );
    expect((await screen.findByRole('heading', { name: 'Gains de jackpot' })).tagName).toBe('H2');
    expect(screen.getByRole('link', { name: 'a gagné Mega Reels Jackpot' }).getAttribute('href')).toBe(
      '/fr/jackpots/3',
    );
  });

  test('shows nothing without a jackpot win', async () => {
    renderPage(
      '/winners',
      () => ({ wins: [] }),
      (data: { wins: JackpotWinOutput[] }) => (
        <div data-testid="strip-host">
          <JackpotWinsStrip wins={data.wins} />
        </div>
      ),
    );
    expect((await screen.findByTestId('strip-host')).innerHTML).toBe('');
  });
});

describe('the home page’s jackpot ticker', () => {
  test('each jackpot’s amount links to its page; nothing without a jackpot', async () => {
    renderPage(
      '/fr',
      () => ({ jackpots: [JACKPOT] }),
      (data: { jackpots: JackpotOutput[] }) => <JackpotTicker jackpots={data.jackpots} />,
    );
    const ticker = within(await screen.findByTestId('jackpot-ticker'));
    expect(ticker.getByRole('link', { name: 'Jackpots' }).getAttribute('href')).toBe('/fr/jackpots');
    expect(ticker.getByRole('link', { name: /Mega Reels Jackpot/ }).getAttribute('href')).toBe(
      '/fr/jackpots/3',
    );
    expect(ticker.getByText('€1,234.56')).toBeTruthy();
    cleanup();
    renderPage(
      '/',
      () => ({ jackpots: [] }),
      (data: { jackpots: JackpotOutput[] }) => (
        <div data-testid="ticker-host">
          <JackpotTicker jackpots={data.jackpots} />
        </div>
      ),
    );
    expect((await screen.findByTestId('ticker-host')).innerHTML).toBe('');
  });
});
