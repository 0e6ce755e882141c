// @vitest-environment happy-dom
/**
 * The bonus and cashback pages in a router with the real providers (dialogs, toasts, root data),
 * the player API answered by a stubbed `fetch`: each section and its empty state, the wagering bar
 * on amounts beyond a float, the spec §4 confirm dialogs (activate, burn, remove) and what a
 * refusal shows, the cashback countdown, claim and remove, the history tabs' rows, in both languages.
 */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import type { CashbackOutput } from '@croupier/contract/cashbacks/common';
import { SITE_SECTIONS, type SiteSections } from '@croupier/contract/content/site-sections';
import type { FreespinPack } from '@croupier/contract/freespins/get';
import type { Locale } from '@croupier/contract/locales';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { ToastProvider } from '../../ui/toasts.tsx';
import { BonusesPage, type BonusesPageData } from './bonuses-page.tsx';
import { CashbackPage } from './cashback-list.tsx';
import { BonusHistoryRows, CashbackHistoryRows } from './history-rows.tsx';
import { createBonusesTestI18n } from './test-bonuses-i18n.ts';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

function sections(on: Partial<SiteSections>): SiteSections {
  return { ...(Object.fromEntries(SITE_SECTIONS.map((s) => [s, false])) as SiteSections), ...on };
}

let rootSections = sections({ bonuses: true, promotions: true });

function bonus(overrides: Partial<BonusOutput> = {}): BonusOutput {
  return {
    id: 1,
    kind: 'deposit_match',
    status: 'available',
    name: 'Welcome 100%',
    description: 'Double your first deposit.',
    amount: eur('50.00'),
    balance: eur('0.00'),
    wagering: { multiplier: 30, required: eur('1500.00'), progress: eur('0.00'), left: eur('1500.00') },
    max_bet: eur('5.00'),
    max_win: null,
    converted: null,
    activate_by: '2030-02-01T10:00:00.000Z',
    wager_by: null,
    created_at: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const WAGERING = bonus({
  id: 2,
  status: 'wagering',
  name: 'Reload 50%',
  amount: eur('100.00'),
  balance: eur('42.50'),
  wagering: { multiplier: 5, required: eur('500.00'), progress: eur('125.00'), left: eur('375.00') },
  wager_by: '2030-01-08T10:00:00.000Z',
});

const PACK: FreespinPack = {
  id: 5,
  game: { sysname: 'neon-reels', name: 'Neon Reels' },
  remaining_count: 7,
  total_count: 10,
  bet: eur('0.20'),
  status: 'active',
  description: null,
  expires_at: '2030-01-05T10:00:00.000Z',
};

function pageData(overrides: Partial<BonusesPageData> = {}): BonusesPageData {
  return {
    active: [WAGERING],
    available: [bonus()],
    history: { items: [bonus({ id: 3, status: 'burned', name: 'Old bonus' })], total: 5 },
    freespins: [PACK],
    moreHistoryHref: '/profile/bonuses?pages=2',
    ...overrides,
  };
}

function cashback(overrides: Partial<CashbackOutput> = {}): CashbackOutput {
  return {
    id: 9,
    status: 'active',
    name: 'Weekly cashback',
    description: '10% of your net losses.',
    amount: eur('12.50'),
    net_loss: eur('125.00'),
    percent: '10',
    start_date: '2030-01-01T00:00:00.000Z',
    end_date: '2030-01-08T00:00:00.000Z',
    receiving_expired_at: new Date(Date.now() + (2 * 24 + 3) * 3_600_000 + 30 * 60_000).toISOString(),
    paid_out_at: null,
    created_at: '2030-01-08T00:00:00.000Z',
    ...overrides,
  };
}

let calls: { method: string; body: URLSearchParams }[] = [];
let answers: Array<{ status: number; body: unknown }> = [];

beforeEach(() => {
  calls = [];
  answers = [];
  rootSections = sections({ bonuses: true, promotions: true });
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

function renderPage(page: ReactNode, locale: Locale = 'en') {
  const path = locale === 'fr' ? '/fr/profile/bonuses' : '/profile/bonuses';
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({
        isAuthenticated: true,
        sections: rootSections,
        auth: { currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }], validationOverrides: {} },
      }),
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={createBonusesTestI18n(locale)}>
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

describe('the bonuses page', () => {
  test('shows each section: the active bonus with its balance and wagering, available, history, free spins', async () => {
    renderPage(<BonusesPage data={pageData()} />);
    const active = within(await screen.findByTestId('bonuses-active'));
    expect(active.getByTestId('bonus-balance').textContent).toBe('€42.50');
    expect(active.getByTestId('bonus-max-bet').textContent).toBe('€5.00');
    expect(active.getByTestId('bonus-left').textContent).toBe('€375.00 left to wager');
    const bar = active.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('€125.00 of €500.00 wagered');
    expect(active.getByTestId('bonus-progress-fill').style.width).toBe('25%');
    // A wagering bonus can only be removed (burned); an available one activated or removed.
    expect(active.queryByTestId('bonus-deactivate')).toBeNull();
    expect(active.getByTestId('bonus-remove')).toBeTruthy();
    const available = within(screen.getByTestId('bonuses-available'));
    expect(available.getByTestId('bonus-activate')).toBeTruthy();
    expect(available.getByText('Wager ×30')).toBeTruthy();
    const history = within(screen.getByTestId('bonuses-history'));
    expect(history.getByText('Burned')).toBeTruthy();
    expect(history.queryByRole('button')).toBeNull();
    expect(history.getByText('1 of 5')).toBeTruthy();
    expect(history.getByTestId('bonuses-history-more').getAttribute('href')).toBe('/profile/bonuses?pages=2');
    const pack = within(screen.getByTestId('freespin-pack'));
    expect(pack.getByTestId('freespin-count').textContent).toBe('7 of 10 spins left');
    expect(pack.getByText('€0.20')).toBeTruthy();
    expect(pack.getByRole('link', { name: 'Play Neon Reels' }).getAttribute('href')).toBe('/game/neon-reels');
  });

  test('the wagering bar is exact on amounts beyond a float', async () => {
    const huge = bonus({
      id: 4,
      status: 'wagering',
      name: 'Whale bonus',
      wagering: {
        multiplier: 10,
        required: eur('90071992547409940.00'),
        progress: eur('90071992547409939.99'),
        left: eur('0.01'),
      },
    });
    renderPage(<BonusesPage data={pageData({ active: [huge] })} />);
    const card = within(await screen.findByTestId('bonuses-active'));
    // A float would round the share to 100 % and the amount to …40.00.
    expect(card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('99');
    expect(card.getByTestId('bonus-progress-fill').style.width).toBe('99.99%');
    expect(card.getByTestId('bonus-left').textContent).toBe('€0.01 left to wager');
    expect(card.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '€90,071,992,547,409,939.99 of €90,071,992,547,409,940.00 wagered',
    );
  });

  test('activation asks first (spec §4), then calls bonuses.activate and says so', async () => {
    renderPage(<BonusesPage data={pageData()} />);
    fireEvent.click(within(await screen.findByTestId('bonuses-available')).getByTestId('bonus-activate'));
    const dialog = await screen.findByRole('dialog', { name: 'Activate this bonus?' });
    expect(dialog.textContent).toContain('€50.00 goes to your bonus balance. Wager €1,500.00 to convert it');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['bonuses.activate']));
    expect(calls[0]?.body.get('bonus_id')).toBe('1');
    expect(await screen.findByText('Bonus activated')).toBeTruthy();
  });

  test('removing a funded bonus is the burn confirm with the money lost; cancel changes nothing', async () => {
    renderPage(<BonusesPage data={pageData()} />);
    fireEvent.click(within(await screen.findByTestId('bonuses-active')).getByTestId('bonus-remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Burn this bonus?' });
    expect(dialog.textContent).toContain('You lose €42.50 of bonus money');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(within(screen.getByTestId('bonuses-active')).getByTestId('bonus-remove'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Burn this bonus?' })).getByRole('button', {
        name: 'Burn bonus',
      }),
    );
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['bonuses.remove']));
    expect(calls[0]?.body.get('bonus_id')).toBe('2');
  });

  test('an active bonus not yet played can be set aside, after its confirm', async () => {
    const active = bonus({ id: 6, status: 'active', name: 'Fresh bonus', balance: eur('50.00') });
    renderPage(<BonusesPage data={pageData({ active: [active] })} />);
    fireEvent.click(within(await screen.findByTestId('bonuses-active')).getByTestId('bonus-deactivate'));
    const dialog = await screen.findByRole('dialog', { name: 'Set this bonus aside?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set aside' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['bonuses.deactivate']));
  });

  test('a refusal shows the server’s localized message', async () => {
    answers.push({
      status: 400,
      body: {
        status: 0,
        error: {
          type: 'InvalidParameterException',
          code: 'bonus_already_active',
          message: 'You already have an active bonus in this currency.',
        },
      },
    });
    renderPage(<BonusesPage data={pageData()} />);
    fireEvent.click(within(await screen.findByTestId('bonuses-available')).getByTestId('bonus-activate'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Activate this bonus?' })).getByRole('button', {
        name: 'Activate',
      }),
    );
    expect(await screen.findByText('You already have an active bonus in this currency.')).toBeTruthy();
    expect(screen.queryByText('Bonus activated')).toBeNull();
  });

  test('removing an available bonus is the plain remove confirm', async () => {
    renderPage(<BonusesPage data={pageData()} />);
    fireEvent.click(within(await screen.findByTestId('bonuses-available')).getByTestId('bonus-remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this bonus?' });
    expect(dialog.textContent).not.toContain('You lose');
  });

  test('nothing at all: the empty state points to the promotions, when that section exists', async () => {
    const empty = pageData({ active: [], available: [], history: { items: [], total: 0 }, freespins: [] });
    renderPage(<BonusesPage data={empty} />);
    expect((await screen.findByTestId('bonuses-empty')).textContent).toContain('No bonuses yet');
    expect(screen.getByTestId('bonuses-promotions').getAttribute('href')).toBe('/promotions');
    cleanup();
    rootSections = sections({ bonuses: true });
    renderPage(<BonusesPage data={empty} />);
    await screen.findByTestId('bonuses-empty');
    expect(screen.queryByTestId('bonuses-promotions')).toBeNull();
  });

  test('in French', async () => {
    renderPage(<BonusesPage data={pageData()} />, 'fr');
    const active = within(await screen.findByTestId('bonuses-active'));
    expect(active.getByTestId('bonus-left').textContent).toBe('Encore €375.00 à miser');
    expect(active.getByText('En cours de mise')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jouer à Neon Reels' }).getAttribute('href')).toBe(
      '/fr/game/neon-reels',
    );
    fireEvent.click(active.getByTestId('bonus-remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Brûler ce bonus ?' });
    expect(dialog.textContent).toContain('Vous perdez €42.50 d’argent bonus');
  });
});

describe('the cashback page', () => {
  test('an active cashback: amount, share, period, countdown; Claim pays it out', async () => {
    renderPage(<CashbackPage list={{ items: [cashback()], total: 1 }} moreHref={null} />);
    const card = within(await screen.findByTestId('cashback-card'));
    expect(card.getByTestId('cashback-amount').textContent).toBe('€12.50');
    expect(card.getByTestId('cashback-share').textContent).toBe('10% of €125.00 net loss');
    // The period's end is exclusive: it ends on the 7th.
    expect(card.getByText('01.01.2030 – 07.01.2030')).toBeTruthy();
    expect((await card.findByTestId('cashback-countdown')).textContent).toBe('2 d 3 h left');
    expect(screen.queryByTestId('cashback-more')).toBeNull();
    fireEvent.click(card.getByTestId('cashback-claim'));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['cashbacks.payout']));
    expect(calls[0]?.body.get('cashback_id')).toBe('9');
    expect(await screen.findByText('€12.50 added to your balance')).toBeTruthy();
  });

  test('Remove asks first and says what is given up', async () => {
    renderPage(<CashbackPage list={{ items: [cashback()], total: 1 }} moreHref={null} />);
    fireEvent.click(await screen.findByTestId('cashback-remove'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this cashback?' });
    expect(dialog.textContent).toContain('You give up €12.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['cashbacks.remove']));
  });

  test('paid-out ones have no actions; show more when there are more; empty state', async () => {
    const paid = cashback({ id: 10, status: 'paid_out', paid_out_at: '2030-01-09T08:00:00.000Z' });
    renderPage(<CashbackPage list={{ items: [paid], total: 6 }} moreHref="/profile/cashback?pages=2" />);
    const card = within(await screen.findByTestId('cashback-card'));
    expect(card.getByText('Paid out', { selector: 'span' })).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
    expect(card.queryByTestId('cashback-countdown')).toBeNull();
    expect(screen.getByText('1 of 6')).toBeTruthy();
    expect(screen.getByTestId('cashback-more').getAttribute('href')).toBe('/profile/cashback?pages=2');
    cleanup();
    renderPage(<CashbackPage list={{ items: [], total: 0 }} moreHref={null} />);
    expect((await screen.findByTestId('cashback-empty')).textContent).toBe('No cashback yet.');
  });

  test('in French', async () => {
    renderPage(<CashbackPage list={{ items: [cashback()], total: 1 }} moreHref={null} />, 'fr');
    const card = within(await screen.findByTestId('cashback-card'));
    expect(card.getByText('À récupérer', { selector: 'span' })).toBeTruthy();
    expect((await card.findByTestId('cashback-countdown')).textContent).toBe('Encore 2 j 3 h');
    expect(card.getByTestId('cashback-share').textContent).toBe('10 % de €125.00 de perte nette');
  });
});

describe('the history tabs of bonuses and cashbacks', () => {
  const list = <T,>(items: T[], inited = true) => ({ items, total: items.length, pageSize: 4, inited });

  test('rows open the profile page; empty and loading states', async () => {
    renderPage(
      <>
        <BonusHistoryRows list={list([WAGERING])} />
        <CashbackHistoryRows list={list([cashback()])} />
      </>,
    );
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Reload 50%');
    expect(rows[0]?.textContent).toContain('€100.00');
    expect(rows[0]?.textContent).toContain('Wagering');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/profile/bonuses');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/profile/cashback');
    cleanup();
    renderPage(
      <>
        <BonusHistoryRows list={list<BonusOutput>([])} />
        <CashbackHistoryRows list={list<CashbackOutput>([], false)} />
      </>,
      'fr',
    );
    expect((await screen.findByTestId('history-empty')).textContent).toBe('Aucun bonus pour l’instant.');
    expect(screen.getByRole('list', { busy: true })).toBeTruthy();
  });
});
