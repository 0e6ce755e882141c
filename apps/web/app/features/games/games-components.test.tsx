// @vitest-environment happy-dom
/**
 * Game components in a router with the real providers and root data, the player API answered by a
 * stubbed `fetch`: a player's heart adds the like, reloads the list and shows filled (and goes
 * back when the call is refused); guests see no heart; the search popup asks the server after the
 * player stops typing and the results are reachable with the arrow keys; the game stage frames
 * the platform launcher in the visitor's mode and obeys same-origin checkIframe messages.
 */
import type { Locale } from '@croupier/contract/locales';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { ToastProvider } from '../../ui/toasts.tsx';
import { FramedRuntime } from '../framed/framed-runtime.tsx';
import { GameCard } from './game-card.tsx';
import { type GamePageData, GameStage } from './game-page.tsx';
import type { HallGame, PlayableGame } from './game-types.ts';
import { HallSearchButton } from './games-search-buttons.tsx';
import { createGamesTestI18n } from './test-games-i18n.ts';
import { FavouritesProvider } from './use-favourites.tsx';

const NEON: HallGame = {
  sysname: 'neon-reels',
  name: 'Neon Reels',
  provider: { sysname: 'croupier-originals', name: 'Croupier Originals' },
  image: '',
  type: 'slot',
  hasDemo: true,
  canFavourite: true,
  rtp: '96.12',
  tags: [],
};

const PLAYABLE: PlayableGame = {
  ...NEON,
  customCode: null,
  description: 'A neon slot.',
  canAccessSlotWithZeroBalance: false,
  visibleFullScreen: true,
  contentViewType: 'iframe',
};

function rootData(isAuthenticated: boolean) {
  return {
    isAuthenticated,
    account: {
      uid: isAuthenticated ? 7 : 0,
      balance_main: { amount: isAuthenticated ? '25.00' : '0.00', currency: 'EUR' },
    },
    auth: { currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }], authBanner: null, popupEnabled: true },
  };
}

interface Call {
  method: string;
  params: URLSearchParams;
}
let calls: Call[] = [];
let answer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  answer = () => ({ status: 200, body: { status: 1, data: 1 } });
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const params = init.body ?? parsed.searchParams;
    const call = { method: /\/api\/([^?]+)/.exec(url)?.[1] ?? '', params };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function renderAt(entry: string, page: ReactNode, options: { player?: boolean; locale?: Locale } = {}) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => rootData(options.player ?? false),
        HydrateFallback: () => null,
        element: (
          <TranslationProvider translator={createGamesTestI18n(options.locale ?? 'en')}>
            <ToastProvider>
              <DialogProvider>
                <LocationProbe />
                <Outlet />
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
        children: [{ path: '*', element: page }],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('GameCard favourites', () => {
  test('a player toggles the heart: addLike, then the list reload, and the heart is filled', async () => {
    let liked: string[] = [];
    answer = ({ method, params }) => {
      if (method === 'games.addLike') liked = [params.get('sysname') ?? ''];
      if (method === 'games.removeLike') liked = [];
      return {
        status: 200,
        body: { status: 1, data: method === 'games.getLikes' ? { sysnames: liked } : 1 },
      };
    };
    renderAt(
      '/gamehall',
      <FavouritesProvider liked={[]}>
        <GameCard game={NEON} isAuthenticated />
      </FavouritesProvider>,
      { player: true },
    );
    const heart = await screen.findByRole('button', { name: 'Add Neon Reels to favourites' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() =>
      expect(calls.map((call) => call.method)).toEqual(['games.addLike', 'games.getLikes']),
    );
    expect(calls[0]?.params.get('sysname')).toBe('neon-reels');
    const filled = await screen.findByRole('button', { name: 'Remove Neon Reels from favourites' });
    expect(filled.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(filled.getAttribute('aria-busy')).toBeNull());

    fireEvent.click(filled);
    await waitFor(() =>
      expect(calls.map((call) => call.method).slice(2)).toEqual(['games.removeLike', 'games.getLikes']),
    );
    expect(
      (await screen.findByRole('button', { name: 'Add Neon Reels to favourites' })).getAttribute(
        'aria-pressed',
      ),
    ).toBe('false');
  });

  test('a refused like puts the heart back and says so', async () => {
    answer = ({ method }) =>
      method === 'games.addLike'
        ? {
            status: 422,
            body: {
              status: 0,
              error: { type: 'InvalidParameterException', code: 'invalid', message: 'Unknown game' },
            },
          }
        : { status: 200, body: { status: 1, data: { sysnames: [] } } };
    renderAt(
      '/gamehall',
      <FavouritesProvider liked={[]}>
        <GameCard game={NEON} isAuthenticated />
      </FavouritesProvider>,
      { player: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Neon Reels to favourites' }));
    expect(await screen.findByText('Unknown game')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Add Neon Reels to favourites' }).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(calls.map((call) => call.method)).toEqual(['games.addLike']);
  });

  test('guests see no heart; the card links to the game page and its demo', async () => {
    renderAt(
      '/fr/gamehall',
      <FavouritesProvider liked={null}>
        <GameCard game={NEON} isAuthenticated={false} />
      </FavouritesProvider>,
      { locale: 'fr' },
    );
    const link = await screen.findByRole('link', { name: 'Neon Reels' });
    expect(link.getAttribute('href')).toBe('/fr/game/neon-reels');
    expect(screen.queryByTestId('favourite-button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Jouer à Neon Reels en mode démo' }).getAttribute('href')).toBe(
      '/fr/game/neon-reels?mode=demo',
    );
  });
});

describe('GamesSearch', () => {
  test('asks games.get with the query once typing pauses; arrow keys reach the results', async () => {
    answer = ({ method, params }) => {
      if (method !== 'games.get') return { status: 200, body: { status: 1, data: 1 } };
      const query = params.get('query');
      const items = query
        ? [{ ...NEON, sysname: 'european-roulette', name: 'European Roulette', provider: NEON.provider }]
        : [{ sysname: 'neon-reels', name: 'Neon Reels', provider: NEON.provider }];
      return { status: 200, body: { status: 1, data: { items, total: items.length } } };
    };
    renderAt('/fr/gamehall', <HallSearchButton settings={{ minQueryLength: 3 }} />, { locale: 'fr' });
    const open = await screen.findByRole('button', { name: /Rechercher un jeu ou un studio/ });
    // Opening asks for the popular games, which the popup shows through Suspense: an awaited act
    // lets React retry the suspended list when they arrive.
    await act(async () => fireEvent.click(open));
    expect(await screen.findByRole('dialog', { name: 'Rechercher des jeux' })).toBeTruthy();
    // Before anything is typed: the popular games.
    expect(await screen.findByText('Jeux populaires')).toBeTruthy();
    const input = screen.getByRole('searchbox', { name: 'Nom du jeu ou du studio' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: 'ro' } });
    expect(await screen.findByText('Saisissez au moins 3 caractères')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'rou' } });
    fireEvent.change(input, { target: { value: '  roulette   europeenne ' } });
    const result = await screen.findByRole('link', { name: /European Roulette/ });
    expect(result.getAttribute('href')).toBe('/fr/game/european-roulette');
    expect(screen.getByText('1 jeu trouvé')).toBeTruthy();
    const searches = calls.filter((call) => call.params.get('query') !== null);
    // One request for the settled text, not one per keystroke.
    expect(searches.map((call) => call.params.get('query'))).toEqual(['roulette europeenne']);
    expect(searches[0]?.params.get('count')).toBe('12');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(result);
    fireEvent.keyDown(result, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
    // Choosing a result closes the popup.
    fireEvent.click(result);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/fr/game/european-roulette');
  });
});

describe('GameStage', () => {
  const data: GamePageData = { game: PLAYABLE, liked: null, fullscreen: 'all' };

  test('a guest plays demo: the frame opens the platform launcher in French', async () => {
    renderAt('/fr/game/neon-reels', <GameStage data={data} />, { locale: 'fr' });
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe('/platform/game/neon-reels/play?mode=demo&lang=fr');
    expect(frame.getAttribute('title')).toBe('Neon Reels — jeu');
    // Fullscreen through `allow` alone: with `allowfullscreen` too, Chromium warns on every load.
    expect(frame.getAttribute('allow')).toBe('fullscreen; autoplay; clipboard-write');
    expect(frame.hasAttribute('allowfullscreen')).toBe(false);
  });

  test('a player plays real by default and demo on request', async () => {
    const router = renderAt('/game/neon-reels', <GameStage data={data} />, { player: true });
    expect((await screen.findByTestId('game-frame')).getAttribute('src')).toBe(
      '/platform/game/neon-reels/play?mode=real&lang=en',
    );
    await act(() => router.navigate('/game/neon-reels?mode=demo'));
    await waitFor(() =>
      expect(screen.getByTestId('game-frame').getAttribute('src')).toBe(
        '/platform/game/neon-reels/play?mode=demo&lang=en',
      ),
    );
  });

  test('a same-origin checkIframe message moves the page; others are ignored', async () => {
    // The root's framed runtime obeys the message on every page (features/framed, ADR 039).
    renderAt(
      '/game/neon-reels',
      <>
        <GameStage data={data} />
        <FramedRuntime frameMessageOrigins={[]} />
      </>,
    );
    await screen.findByTestId('game-frame');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.test',
          data: { type: 'checkIframe', url: '/x' },
        }),
      );
    });
    expect(screen.getByTestId('location').textContent).toBe('/game/neon-reels');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'checkIframe', url: '/slot-error' },
        }),
      );
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/slot-error'));
  });
});
