// @vitest-environment happy-dom
/**
 * /winners follows the big wins as they happen (ADR 037): a guest's page opens the public push
 * stream, a `big_win` event joins the top of the list, a malformed one changes nothing; in French too.
 */
import type { GameWinner } from '@croupier/contract/games/get-winners';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { testAuthRoot } from '../features/auth/test-auth-root.ts';
import { FakeEventSource } from '../features/push/fake-event-source.ts';
import { PushProvider } from '../features/push/push-provider.tsx';
import gamesEn from '../i18n/locales/en/games.json' with { type: 'json' };
import jackpotsEn from '../i18n/locales/en/jackpots.json' with { type: 'json' };
import tournamentsEn from '../i18n/locales/en/tournaments.json' with { type: 'json' };
import uiEn from '../i18n/locales/en/ui.json' with { type: 'json' };
import gamesFr from '../i18n/locales/fr/games.json' with { type: 'json' };
import jackpotsFr from '../i18n/locales/fr/jackpots.json' with { type: 'json' };
import tournamentsFr from '../i18n/locales/fr/tournaments.json' with { type: 'json' };
import uiFr from '../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { createBundlesTestI18n } from '../ui/test-i18n.ts';
import Winners from './winners.tsx';

const win = (player: string, amount: string): GameWinner => ({
  game: { sysname: 'neon-reels', name: 'Neon Reels', image_url: '/neon.svg' },
  player,
  amount: { amount, currency: 'EUR' },
  multiplier: 'x12.5',
  at: '2026-11-26T09:00:00.000Z',
});

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWinners(path: string) {
  const locale = path.startsWith('/fr') ? 'fr' : 'en';
  const loaderData = {
    winners: [win('ol***d', '50.00')],
    jackpotWins: [],
    tournaments: [],
    pageMeta: { title: '' },
  };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ isAuthenticated: false, account: null, auth: testAuthRoot(), sections: {} }),
        HydrateFallback: () => null,
        element: (
          <TranslationProvider
            translator={createBundlesTestI18n(locale, {
              en: { games: gamesEn, jackpots: jackpotsEn, tournaments: tournamentsEn, ui: uiEn },
              fr: { games: gamesFr, jackpots: jackpotsFr, tournaments: tournamentsFr, ui: uiFr },
            })}
          >
            <PushProvider enabled={false}>
              <Winners
                {...({ loaderData, params: {}, matches: [] } as unknown as Parameters<typeof Winners>[0])}
              />
            </PushProvider>
          </TranslationProvider>
        ),
        children: [{ path: path.slice(1) || undefined, index: path === '/', element: null }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('/winners live', () => {
  test('a big win from the public stream joins the top; a malformed one does nothing', async () => {
    renderWinners('/winners');
    const list = within(await screen.findByTestId('winners-list'));
    expect(list.getAllByTestId('winner-row')).toHaveLength(1);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/stream/public');
    act(() => {
      source.emit('big_win', '{"player":"x"}');
      source.emit('big_win', JSON.stringify(win('ma***n', '250.00')));
    });
    const rows = list.getAllByTestId('winner-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('ma***n');
    expect(rows[0]!.textContent).toContain('€250.00');
    expect(rows[0]!.getAttribute('data-live')).toBe('true');
    expect(rows[1]!.getAttribute('data-live')).toBeNull();
  });

  test('in French', async () => {
    renderWinners('/fr/winners');
    await screen.findByTestId('winners-list');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Derniers gros gains');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.opened[0]!.emit('big_win', JSON.stringify(win('jo***e', '99.00'))));
    expect(screen.getAllByTestId('winner-row')[0]!.textContent).toContain('jo***e');
  });
});
