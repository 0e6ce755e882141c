// @vitest-environment happy-dom
/**
 * The tournament pages in a router with the real bundles: the list by status with countdowns and
 * the content's display settings, the tournament page's prizes, rules, leaderboard with the
 * player's own row, the Join button (a player calls tournaments.participate once; a guest gets the
 * login prompt), and the game hall's pages, in English and French.
 */
import type { LeaderboardRow, TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { testAuthRoot } from '../features/auth/test-auth-root.ts';
import { splitDuration } from '../features/tournaments/countdown.tsx';
import { TournamentWinsStrip } from '../features/tournaments/tournament-wins-strip.tsx';
import authEn from '../i18n/locales/en/auth.json' with { type: 'json' };
import commonEn from '../i18n/locales/en/common.json' with { type: 'json' };
import gamesEn from '../i18n/locales/en/games.json' with { type: 'json' };
import tournamentsEn from '../i18n/locales/en/tournaments.json' with { type: 'json' };
import uiEn from '../i18n/locales/en/ui.json' with { type: 'json' };
import authFr from '../i18n/locales/fr/auth.json' with { type: 'json' };
import commonFr from '../i18n/locales/fr/common.json' with { type: 'json' };
import gamesFr from '../i18n/locales/fr/games.json' with { type: 'json' };
import tournamentsFr from '../i18n/locales/fr/tournaments.json' with { type: 'json' };
import uiFr from '../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { DialogProvider } from '../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../ui/test-i18n.ts';
import { ToastProvider } from '../ui/toasts.tsx';
import TournamentPage from './tournament.tsx';
import TournamentGameHallPage from './tournament-gamehall.tsx';
import TournamentsPage from './tournaments.tsx';

const NOW = '2026-06-01T12:00:00.000Z';

const TOURNAMENT: TournamentOutput = {
  id: 7,
  name: 'Weekly Reels Race',
  description: 'Stake the most on Neon Reels.',
  status: 'active',
  start_at: '2026-05-31T12:00:00.000Z',
  end_at: '2026-06-03T14:30:15.000Z',
  recurring_days: 7,
  currencies: ['EUR'],
  scoring: 'total_bet',
  points_per_bet: null,
  min_stake: null,
  entry: 'opt_in',
  buy_in: null,
  restrictions: { max_participants: null, min_stake: null },
  reset_on_cashout: true,
  prizes: [
    { from: 1, to: 1, kind: 'cash', amount: '5000.00', points: null, label: '5000.00 EUR' },
    { from: 4, to: 10, kind: 'free_spins', amount: null, points: null, label: '20 free spins' },
  ],
  total_prize: '10000.00',
  total_participants: 42,
  total_points: 1234,
  user_info: null,
  winners: [],
  provider: 'croupier',
  image_url: '',
  tags: [],
  extra: {},
  games_count: 2,
  games: [],
};

const DISPLAY = { showParticipants: true, durationType: 'countdown' as const, leaderImages: [] };

const row = (rank: number, score: number, me = false): LeaderboardRow => ({
  rank,
  player: me ? 'ja***e' : `pl***${rank}`,
  score,
  prize: rank === 1 ? '5000.00 EUR' : null,
  me,
});

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(/\/api\/([^?]+)/.exec(url)?.[1] ?? '');
    return new Response(JSON.stringify({ status: 1, data: 1 }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The route components only read loaderData; the other props are React Router's.
const props = (loaderData: unknown) =>
  ({ loaderData, params: {}, matches: [] }) as unknown as {
    loaderData: never;
    params: never;
    matches: never;
  };

function renderAt(path: string, page: ReactNode, isAuthenticated = false) {
  const locale = path.startsWith('/fr') ? 'fr' : 'en';
  const i18n = createBundlesTestI18n(locale, {
    en: { tournaments: tournamentsEn, common: commonEn, games: gamesEn, ui: uiEn, auth: authEn },
    fr: { tournaments: tournamentsFr, common: commonFr, games: gamesFr, ui: uiFr, auth: authFr },
  });
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ isAuthenticated, account: { uid: 0 }, auth: testAuthRoot(), sections: {} }),
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={i18n}>
          <ToastProvider>
            <DialogProvider>
              <Outlet />
            </DialogProvider>
          </ToastProvider>
        </TranslationProvider>
      ),
      children: [{ path: path.slice(1), Component: () => page }],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe('countdown', () => {
  test('splits the time left into days, hours, minutes and seconds; never negative', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(splitDuration(-5_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('/tournaments', () => {
  test('running, upcoming and finished sections; a card with its prize pool, countdown and players', async () => {
    renderAt(
      '/tournaments',
      <TournamentsPage
        {...props({
          active: [TOURNAMENT],
          future: [],
          finished: [],
          display: DISPLAY,
          serverNow: NOW,
        })}
      />,
    );
    const card = within(await screen.findByTestId('tournament-card'));
    expect(card.getByTestId('tournament-prize').textContent).toBe('€10,000.00');
    expect(card.getByText('42 players')).toBeTruthy();
    expect(card.getByTestId('tournament-countdown').textContent).toMatch(/^Ends in \dd \d\d:\d\d:\d\d$/);
    expect(
      card.getByRole('link', { name: 'See the tournament Weekly Reels Race' }).getAttribute('href'),
    ).toBe('/tournaments/7');
    expect(
      within(screen.getByTestId('tournaments-future')).getByText('No tournament is planned yet.'),
    ).toBeTruthy();
  });

  test('the content may hide participants and show dates; nothing at all is an empty state (fr)', async () => {
    const { unmount } = renderAt(
      '/fr/tournaments',
      <TournamentsPage
        {...props({
          active: [TOURNAMENT],
          future: [],
          finished: [],
          display: { ...DISPLAY, showParticipants: false, durationType: 'dates' },
          serverNow: NOW,
        })}
      />,
    );
    const card = within(await screen.findByTestId('tournament-card'));
    expect(card.queryByTestId('tournament-participants')).toBeNull();
    expect(card.getByTestId('tournament-dates').textContent).toMatch(/^Du .+ au .+$/);
    expect(card.getByRole('link', { name: 'Voir le tournoi Weekly Reels Race' }).getAttribute('href')).toBe(
      '/fr/tournaments/7',
    );
    unmount();
    renderAt(
      '/fr/tournaments',
      <TournamentsPage
        {...props({ active: [], future: [], finished: [], display: DISPLAY, serverNow: NOW })}
      />,
    );
    expect(await screen.findByText('Pas encore de tournoi')).toBeTruthy();
  });
});

describe('/tournaments/{id}', () => {
  const board = { items: [row(1, 500), row(2, 300)], total: 5, me: row(4, 120, true), final: false };

  test('prizes, rules, the leaderboard with the player’s own row; Join calls tournaments.participate once', async () => {
    renderAt(
      '/tournaments/7',
      <TournamentPage
        {...props({
          tournament: { ...TOURNAMENT, user_info: { participates: false, rank: null, score: 0 } },
          board,
          display: DISPLAY,
          serverNow: NOW,
        })}
      />,
      true,
    );
    const leaderboard = within(await screen.findByTestId('leaderboard'));
    expect(leaderboard.getAllByTestId('leaderboard-row')).toHaveLength(2);
    expect(leaderboard.getByTestId('leaderboard-me').textContent).toContain('120');
    // Wider than a small phone, the table scrolls in a box a keyboard can focus (WCAG 2.1.1), named
    // apart from the section around it (one landmark per name).
    const box = screen.getByRole('region', { name: 'Table: Leaderboard' });
    expect(box.tabIndex).toBe(0);
    expect(box.contains(screen.getByTestId('leaderboard'))).toBe(true);
    // The leader's prize in the site's money format, not the API's plain label.
    expect(leaderboard.getAllByTestId('leaderboard-row')[0]!.textContent).toContain('€5,000.00');
    const prizes = within(screen.getByTestId('tournament-prizes'));
    expect(prizes.getByText('€5,000.00')).toBeTruthy();
    expect(prizes.getByText('Places 4 to 10')).toBeTruthy();
    expect(screen.getByText(/resets your score to zero/)).toBeTruthy();
    expect(screen.getByTestId('tournament-games-link').getAttribute('href')).toBe('/tournaments/7/gamehall');
    fireEvent.click(screen.getByTestId('tournament-join'));
    await waitFor(() => expect(calls).toEqual(['tournaments.participate']));
    expect(await screen.findByText('You joined the tournament. Good luck!')).toBeTruthy();
  });

  test('a guest pressing Join gets the login prompt, no call (fr)', async () => {
    renderAt(
      '/fr/tournaments/7',
      <TournamentPage {...props({ tournament: TOURNAMENT, board, display: DISPLAY, serverNow: NOW })} />,
    );
    fireEvent.click(await screen.findByTestId('tournament-join'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Classement' })).toBeTruthy();
  });

  test('scores are grouped as the site writes numbers (spec §9), whatever the browser’s own locale (fr)', async () => {
    // A French browser's default locale would write "1 234 567" where the server wrote "1,234,567".
    const ownLocale = vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (
      this: number,
    ) {
      return new Intl.NumberFormat('fr-FR').format(this);
    });
    try {
      renderAt(
        '/fr/tournaments/7',
        <TournamentPage
          {...props({
            tournament: TOURNAMENT,
            board: { ...board, items: [row(1, 1_234_567), row(2, 300)] },
            display: DISPLAY,
            serverNow: NOW,
          })}
        />,
      );
      const leaderboard = within(await screen.findByTestId('leaderboard'));
      expect(leaderboard.getAllByTestId('leaderboard-row')[0]!.textContent).toContain('1,234,567');
    } finally {
      ownLocale.mockRestore();
    }
  });

  test('a finished tournament shows its final board and no Join', async () => {
    renderAt(
      '/tournaments/7',
      <TournamentPage
        {...props({
          tournament: { ...TOURNAMENT, status: 'finished' },
          board: { ...board, final: true },
          display: DISPLAY,
          serverNow: NOW,
        })}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Final leaderboard and winners' })).toBeTruthy();
    expect(screen.queryByTestId('tournament-join')).toBeNull();
  });
});

describe('/tournaments/{id}/gamehall', () => {
  test('12 a page with page links; no games is an empty state', async () => {
    renderAt(
      '/tournaments/7/gamehall',
      <TournamentGameHallPage
        {...props({
          tournament: { id: 7, name: 'Weekly Reels Race' },
          games: [],
          total: 30,
          page: 2,
          liked: null,
        })}
      />,
    );
    expect(await screen.findByText('Games of Weekly Reels Race')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/tournaments/7/gamehall',
    );
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/tournaments/7/gamehall?page=3',
    );
    expect(screen.getByText('No games in this tournament')).toBeTruthy();
  });
});

describe('tournament winners on /winners', () => {
  const FINISHED = {
    ...TOURNAMENT,
    status: 'finished' as const,
    prizes: [
      ...TOURNAMENT.prizes.slice(0, 1),
      { from: 2, to: 2, kind: 'loyalty_points' as const, amount: null, points: 500, label: '500 points' },
    ],
    winners: [row(1, 900), row(2, 800), row(3, 700), row(4, 600)],
  };

  test('each finished tournament (linked) with its top three, each prize in the money format', async () => {
    renderAt(
      '/winners',
      <TournamentWinsStrip tournaments={[FINISHED, { ...TOURNAMENT, id: 8, winners: [] }]} />,
    );
    const strip = within(await screen.findByTestId('tournament-wins'));
    expect(screen.getByRole('heading', { name: 'Tournament winners' })).toBeTruthy();
    expect(strip.getAllByRole('link')).toHaveLength(1);
    expect(strip.getByRole('link', { name: 'Weekly Reels Race' }).getAttribute('href')).toBe(
      '/tournaments/7',
    );
    expect(strip.getByText('pl***1')).toBeTruthy();
    expect(strip.getByText('€5,000.00')).toBeTruthy();
    expect(strip.getByText('500 points')).toBeTruthy();
    expect(strip.queryByText('pl***4')).toBeNull();
  });

  test('in French; nothing when no tournament has winners', async () => {
    const { unmount } = renderAt('/fr/winners', <TournamentWinsStrip tournaments={[FINISHED]} />);
    expect(await screen.findByRole('heading', { name: 'Gagnants des tournois' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Weekly Reels Race' }).getAttribute('href')).toBe(
      '/fr/tournaments/7',
    );
    unmount();
    renderAt('/winners', <TournamentWinsStrip tournaments={[{ ...TOURNAMENT, winners: [] }]} />);
    await waitFor(() => expect(screen.queryByTestId('tournament-wins')).toBeNull());
  });
});
