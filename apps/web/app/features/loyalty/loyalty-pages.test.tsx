// @vitest-environment happy-dom
/**
 * The loyalty pages in a router with the real providers (dialogs, toasts), the player API answered
 * by a stubbed `fetch`, in English and French: the programme (levels, rates, progress), the shop's
 * buy confirm and insufficient-points popup, the character change confirm, and the loyalty
 * notices shown as toasts 300 ms after their fetch.
 */

import type { Locale } from '@croupier/contract/locales';
import type {
  LoyaltyCharacter,
  LoyaltyInfo,
  LoyaltyProduct,
  LoyaltyProgram,
} from '@croupier/contract/loyalty/loyalty';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import loyaltyEn from '../../i18n/locales/en/loyalty.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import loyaltyFr from '../../i18n/locales/fr/loyalty.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { levelProgress } from './loyalty-maths.ts';
import { LOYALTY_NOTICE_DELAY_MS, LoyaltyNotices, useLoyaltyNotices } from './loyalty-notices.tsx';
import { LoyaltyProgramPage, LoyaltyShopPage, ProfileLoyaltyPage } from './loyalty-views.tsx';
import { MenuLoyalty } from './menu-loyalty.tsx';

const LEVELS = [
  { id: 1, name: 'Bronze', threshold: 0, perks: ['Shop access'], image: '/coin.svg' },
  { id: 2, name: 'Silver', threshold: 500, perks: ['Shop access', 'Birthday surprise'], image: '/coin.svg' },
  { id: 3, name: 'Gold', threshold: 2000, perks: ['Faster reviews'], image: '/coin.svg' },
  { id: 4, name: 'Platinum', threshold: 10000, perks: ['Personal manager'], image: '/coin.svg' },
];

function info(overrides: Partial<LoyaltyInfo> = {}): LoyaltyInfo {
  return {
    id: 1,
    is_active: true,
    points: 1250,
    character: null,
    levels: LEVELS,
    pointsAlias: 'coins',
    pointsAliasOne: 'coin',
    uid: '7',
    level: 2,
    level_points: 1250,
    points_expire_at: null,
    ...overrides,
  };
}

const PROGRAM: LoyaltyProgram = {
  id: 1,
  key: 'croupier-club',
  name: 'Croupier Club',
  description: 'Earn coins on every real-money bet.',
  pointsAlias: 'coins',
  pointsAliasOne: 'coin',
  expiry_days: 90,
  downgrade: 'keep',
  levels: LEVELS,
  rates: [
    { product: 'casino', game_type: null, currency: 'EUR', points: 1, per_amount: '1.00' },
    { product: 'casino', game_type: 'live', currency: 'EUR', points: 1, per_amount: '2.00' },
  ],
};

const PRODUCTS: LoyaltyProduct[] = [
  {
    id: 11,
    name: '20 free spins',
    description: 'On Neon Reels.',
    image: '/coin.svg',
    type: 'free_spins',
    price: 300,
  },
  {
    id: 12,
    name: 'Betting bonus of 20',
    description: 'Sports.',
    image: '/coin.svg',
    type: 'betting_bonus',
    price: 5000,
  },
];

const CHARACTERS: LoyaltyCharacter[] = [
  { id: 1, name: 'Ace', description: 'Bold.', image: '/coin.svg' },
  { id: 2, name: 'Queen', description: 'Calm.', image: '/coin.svg' },
];

let calls: { method: string; body: URLSearchParams }[] = [];
let answers: Array<{ status: number; body: unknown }> = [];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    calls.push({ method: /\/api\/([^?]+)/.exec(url)?.[1] ?? '', body: init.body ?? new URLSearchParams() });
    const answer = answers.shift() ?? { status: 200, body: { status: 1, data: 1 } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The loyalty config's character settings the user menu reads. */
const MENU_CONFIG = { isEnableCharacters: true, placesWhereDisplayedCharacters: ['header'] };
let rootLoyalty: { config: typeof MENU_CONFIG; info: LoyaltyInfo | null } | null = null;

function renderPage(page: ReactNode, locale: Locale = 'en') {
  const path = locale === 'fr' ? '/fr/loyalty' : '/loyalty';
  const i18n = createBundlesTestI18n(locale, {
    en: { loyalty: loyaltyEn, ui: uiEn },
    fr: { loyalty: loyaltyFr, ui: uiFr },
  });
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ isAuthenticated: true, sections: { loyalty: true }, loyalty: rootLoyalty }),
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

describe('level progress', () => {
  test('is the share of the way from the current threshold to the next', () => {
    expect(levelProgress(info({ level_points: 1250 }))).toMatchObject({
      current: { name: 'Silver' },
      next: { name: 'Gold' },
      percent: 50,
    });
    expect(levelProgress(info({ level_points: 0 })).percent).toBe(0);
    expect(levelProgress(info({ level_points: 20000 }))).toMatchObject({ next: null, percent: 100 });
  });
});

describe('the programme page', () => {
  test('shows the levels, how to earn and the player progress (en)', async () => {
    renderPage(<LoyaltyProgramPage program={PROGRAM} info={info()} />);
    const levels = within(await screen.findByTestId('loyalty-levels'));
    expect(levels.getAllByRole('listitem').filter((li) => li.querySelector('h3'))).toHaveLength(4);
    expect(levels.getByText('From 500 coins')).toBeTruthy();
    const rates = within(screen.getByTestId('loyalty-rates'));
    // One point: the programme's singular.
    expect(rates.getByText(/1 coin for every 2\.00 EUR staked in real money/)).toBeTruthy();
    expect(rates.getByText('Casino · live')).toBeTruthy();
    expect(screen.getByTestId('loyalty-points').textContent).toBe('1,250 coins');
    expect(screen.getByTestId('loyalty-level').textContent).toBe('Level Silver');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('loyalty-progress').textContent).toBe('1,250 of 2,000 to Gold');
    expect(screen.getByText(/Your balance lapses after 90 days without earning/)).toBeTruthy();
  });

  test('in French, and asks a guest to sign in', async () => {
    renderPage(<LoyaltyProgramPage program={{ ...PROGRAM, pointsAlias: 'jetons' }} info={null} />, 'fr');
    expect(await screen.findByText('Niveaux')).toBeTruthy();
    expect(screen.getByText('Connectez-vous pour gagner des jetons.')).toBeTruthy();
    expect(screen.getByText('Comment gagner des jetons')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller à la boutique' }).getAttribute('href')).toBe(
      '/fr/loyalty/shop',
    );
    expect(screen.queryByTestId('loyalty-summary')).toBeNull();
  });
});

describe('the shop', () => {
  const COINS = { pointsAlias: 'coins', pointsAliasOne: 'coin' };

  test('buying asks first, calls loyalty.buyproduct once and says so', async () => {
    renderPage(<LoyaltyShopPage products={PRODUCTS} info={info()} alias={COINS} />);
    const [spins] = await screen.findAllByTestId('loyalty-product');
    fireEvent.click(within(spins!).getByTestId('loyalty-buy'));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 20 free spins?' });
    expect(dialog.textContent).toContain('300 coins will be taken from your balance of 1,250.');
    answers.push({ status: 200, body: { status: 1, data: { purchase_id: 5, points: 950 } } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('20 free spins is yours: find it in your bonuses.')).toBeTruthy();
    const buys = calls.filter((c) => c.method === 'loyalty.buyproduct');
    expect(buys).toHaveLength(1);
    expect(buys[0]!.body.get('id')).toBe('11');
    expect(buys[0]!.body.get('request_id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  test('the French confirmation reads right for one jeton and for several', async () => {
    const JETONS = { pointsAlias: 'jetons', pointsAliasOne: 'jeton' };
    const one = { ...PRODUCTS[0]!, id: 13, name: 'Un tour gratuit', price: 1 };
    renderPage(<LoyaltyShopPage products={[one, PRODUCTS[0]!]} info={info(JETONS)} alias={JETONS} />, 'fr');
    const [single, several] = await screen.findAllByTestId('loyalty-buy');
    fireEvent.click(single!);
    const first = await screen.findByRole('dialog', { name: 'Acheter Un tour gratuit ?' });
    expect(first.textContent).toContain('Nous prendrons 1 jeton sur votre solde de 1,250.');
    fireEvent.click(within(first).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(several!);
    const second = await screen.findByRole('dialog', { name: 'Acheter 20 free spins ?' });
    expect(second.textContent).toContain('Nous prendrons 300 jetons sur votre solde de 1,250.');
    expect(calls).toEqual([]);
  });

  test('too few points shows the insufficient popup and calls nothing (fr)', async () => {
    renderPage(
      <LoyaltyShopPage
        products={PRODUCTS}
        info={info({ pointsAlias: 'jetons', pointsAliasOne: 'jeton' })}
        alias={{ pointsAlias: 'jetons', pointsAliasOne: 'jeton' }}
      />,
      'fr',
    );
    const products = await screen.findAllByTestId('loyalty-product');
    expect(within(products[1]!).getByTestId('loyalty-price').textContent).toBe('5,000 jetons');
    fireEvent.click(within(products[1]!).getByTestId('loyalty-buy'));
    const dialog = await screen.findByRole('dialog', { name: 'Pas assez de jetons' });
    expect(dialog.textContent).toContain('Betting bonus of 20 coûte 5,000 jetons ; vous en avez 1,250.');
    expect(calls).toEqual([]);
  });

  test('the server refusing for points shows the same popup', async () => {
    renderPage(<LoyaltyShopPage products={PRODUCTS} info={info()} alias={COINS} />);
    const [spins] = await screen.findAllByTestId('loyalty-product');
    fireEvent.click(within(spins!).getByTestId('loyalty-buy'));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 20 free spins?' });
    answers.push({
      status: 422,
      body: {
        status: 0,
        error: {
          type: 'BillingTransactionDeclinedException',
          code: 'insufficient_funds',
          message: 'Not enough.',
        },
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('dialog', { name: 'Not enough coins' })).toBeTruthy();
  });
});

describe('the profile loyalty page', () => {
  test('changing the character asks first, then calls loyalty.setcharacter (en)', async () => {
    renderPage(
      <ProfileLoyaltyPage
        info={info({ character: CHARACTERS[0]! })}
        characters={CHARACTERS}
        showCharacters
      />,
    );
    const list = within(await screen.findByTestId('loyalty-characters'));
    expect(list.getByText('Current')).toBeTruthy();
    fireEvent.click(list.getByTestId('loyalty-choose'));
    const dialog = await screen.findByRole('dialog', { name: 'Change your character?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Queen is your character now.')).toBeTruthy();
    const set = calls.filter((c) => c.method === 'loyalty.setcharacter');
    expect(set.map((c) => c.body.get('id'))).toEqual(['2']);
  });

  test('in French, without characters when the config hides them', async () => {
    renderPage(
      <ProfileLoyaltyPage
        info={info({ pointsAlias: 'jetons' })}
        characters={CHARACTERS}
        showCharacters={false}
      />,
      'fr',
    );
    expect(await screen.findByText('Ma fidélité')).toBeTruthy();
    expect(screen.getByTestId('loyalty-points').textContent).toBe('1,250 jetons');
    expect(screen.getByTestId('loyalty-level').textContent).toBe('Niveau Silver');
    expect(screen.queryByTestId('loyalty-characters')).toBeNull();
  });
});

describe('the user menu', () => {
  test('shows the points and level, linking to the profile area (fr); nothing without info', async () => {
    rootLoyalty = { config: MENU_CONFIG, info: info({ pointsAlias: 'jetons', pointsAliasOne: 'jeton' }) };
    renderPage(<MenuLoyalty locale="fr" onNavigate={() => {}} />, 'fr');
    const link = await screen.findByTestId('menu-loyalty');
    expect(link.getAttribute('href')).toBe('/fr/profile/loyalty');
    expect(link.textContent).toBe('1,250 jetonsNiveau Silver');
    expect(screen.queryByTestId('menu-character')).toBeNull();
    cleanup();
    rootLoyalty = null;
    renderPage(
      <>
        <span>ready</span>
        <MenuLoyalty locale="en" onNavigate={() => {}} />
      </>,
    );
    await screen.findByText('ready');
    expect(screen.queryByTestId('menu-loyalty')).toBeNull();
  });

  test('says "1 coin" and "2 coins"; in French "0 jeton", "1 jeton" and "2 jetons"', async () => {
    const shown = async (points: number, locale: 'en' | 'fr') => {
      const alias =
        locale === 'fr'
          ? { pointsAlias: 'jetons', pointsAliasOne: 'jeton' }
          : { pointsAlias: 'coins', pointsAliasOne: 'coin' };
      rootLoyalty = { config: MENU_CONFIG, info: info({ points, ...alias }) };
      renderPage(<MenuLoyalty locale={locale} onNavigate={() => {}} />, locale);
      const text = (await screen.findByTestId('menu-loyalty')).textContent;
      cleanup();
      return text?.replace(/(Level|Niveau) .*$/, '');
    };
    expect(await shown(1, 'en')).toBe('1 coin');
    expect(await shown(2, 'en')).toBe('2 coins');
    expect(await shown(0, 'en')).toBe('0 coins');
    expect(await shown(0, 'fr')).toBe('0 jeton');
    expect(await shown(1, 'fr')).toBe('1 jeton');
    expect(await shown(2, 'fr')).toBe('2 jetons');
  });

  test('shows the character where the config places it in the header, not elsewhere', async () => {
    const character = { id: 4, name: 'Queen', description: 'Plays it smart', image: '/media/queen.svg' };
    rootLoyalty = { config: MENU_CONFIG, info: info({ character }) };
    renderPage(<MenuLoyalty locale="en" onNavigate={() => {}} />);
    const picture = await screen.findByTestId('menu-character');
    expect(picture.getAttribute('src')).toBe('/media/queen.svg');
    expect(picture.getAttribute('alt')).toBe('Queen');
    cleanup();
    rootLoyalty = {
      config: { isEnableCharacters: true, placesWhereDisplayedCharacters: ['profile'] },
      info: info({ character }),
    };
    renderPage(<MenuLoyalty locale="en" onNavigate={() => {}} />);
    await screen.findByTestId('menu-loyalty');
    expect(screen.queryByTestId('menu-character')).toBeNull();
  });
});

describe('loyalty notices', () => {
  function Trigger() {
    const notices = useLoyaltyNotices();
    return (
      <button type="button" onClick={() => notices.fetchNow()}>
        fetch
      </button>
    );
  }

  test('show as toasts 300 ms after the fetch: success for a credit, error otherwise', async () => {
    answers.push({
      status: 200,
      body: {
        status: 1,
        data: {
          items: [
            {
              id: 1,
              trigger: 'wager',
              type: 'credit',
              title: 'Points earned',
              message: '+50 coins',
              amount: 50,
              amountType: 'points',
              image: null,
              created_at: '2030-01-01T00:00:00.000Z',
            },
            {
              id: 2,
              trigger: 'expiry',
              type: 'expiry',
              title: 'Points expired',
              message: 'Your balance has lapsed: 10 coins',
              amount: 10,
              amountType: 'points',
              image: null,
              created_at: '2030-01-01T00:00:00.000Z',
            },
          ],
        },
      },
    });
    renderPage(
      <LoyaltyNotices enabled settings={{ duration: 5, sound: false }}>
        <Trigger />
      </LoyaltyNotices>,
    );
    const button = await screen.findByRole('button', { name: 'fetch' });
    const started = Date.now();
    fireEvent.click(button);
    const credit = await screen.findByText('+50 coins', {}, { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOYALTY_NOTICE_DELAY_MS - 20);
    expect(credit.closest('[data-kind]')?.getAttribute('data-kind')).toBe('success');
    const lapsed = screen.getByText('Your balance has lapsed: 10 coins');
    expect(lapsed.closest('[data-kind]')?.getAttribute('data-kind')).toBe('error');
    await waitFor(() => expect(calls.filter((c) => c.method === 'loyalty.getnotifications')).toHaveLength(1));
  });
});
