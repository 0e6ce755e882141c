// @vitest-environment happy-dom
/**
 * The betting pages' parts with the real providers and bundles, the betting API answered by a
 * stubbed `fetch` (ADR 035): event rows with running scores, a ticking clock, greyed suspended
 * markets and flashing odds; the bet slip's maths display, odds formats, persisted state, the
 * phone bottom sheet, refusals (odds changed → accept changes) and the guest prompt; the profile
 * bets list and its cash-out flow with a changed offer.
 */
import type { Locale } from '@croupier/contract/locales';
import type { Bet } from '@croupier/contract/sportsbook/betting';
import type { SportsbookEvent } from '@croupier/contract/sportsbook/catalogue';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import sportsbookEn from '../../i18n/locales/en/sportsbook.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import sportsbookFr from '../../i18n/locales/fr/sportsbook.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { testAuthRoot } from '../auth/test-auth-root.ts';
import { BetSlipDock, BetSlipPanel } from './bet-slip.tsx';
import { BetSlipProvider, QUOTE_DEBOUNCE_MS, SUSPENDED_REQUOTE_MS } from './bet-slip-context.tsx';
import { EventRow, MarketGroups } from './event-views.tsx';
import { BetCard } from './profile-bets.tsx';
import { SLIP_STORAGE_KEY } from './slip-state.ts';

interface Call {
  method: string;
  http: string;
  body: URLSearchParams;
}
let calls: Call[] = [];
let answers: Record<string, Array<{ status: number; body: unknown }>> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  window.localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: { method?: string; body?: URLSearchParams } = {}) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push({ method, http: init.method ?? 'GET', body: init.body ?? new URLSearchParams() });
    const answer = answers[method]?.shift() ?? { status: 200, body: { status: 1, data: 1 } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function queue(method: string) {
  answers[method] = answers[method] ?? [];
  return answers[method];
}

function answer(method: string, data: unknown) {
  queue(method).push({ status: 200, body: { status: 1, data } });
}

function refuse(method: string, error: Record<string, unknown>) {
  queue(method).push({
    status: 422,
    body: {
      status: 0,
      error: { type: 'InvalidParameterException', code: 'invalid_parameter', message: 'Refused.', ...error },
    },
  });
}

const money = (amount: string) => ({ amount, currency: 'EUR' });

function market(key: string, status: 'active' | 'suspended', outcomes: [string, string, number][]) {
  return {
    key,
    name: key === '1x2' ? 'Match result' : 'Total goals 2.5',
    status,
    outcomes: outcomes.map(([okey, name, odds]) => ({
      key: okey,
      name,
      odds: (odds / 1000).toFixed(3),
      odds_milli: odds,
      active: true,
      result: null,
      void_factor: null,
    })),
  };
}

function event(
  id: string,
  home: string,
  away: string,
  overrides: Partial<SportsbookEvent> = {},
): SportsbookEvent {
  return {
    id: `sr:match:${id}`,
    sport: { key: 'football', name: 'Football' },
    category: { key: 'intl', name: 'International', country: null },
    tournament: { key: 'nations', name: 'Nations Cup' },
    home: { key: home.toLowerCase(), name: home },
    away: { key: away.toLowerCase(), name: away },
    start_time: '2026-11-26T18:00:00.000Z',
    status: 'live',
    score: { home: 2, away: 1, period: '2nd_half', clock_seconds: 4020, detail: {} },
    markets_count: 12,
    main_market: market('1x2', 'active', [
      ['1', home, 2000],
      ['x', 'Draw', 3250],
      ['2', away, 1500],
    ]),
    ...overrides,
  };
}

const BET: Bet = {
  id: '41',
  kind: 'single',
  status: 'open',
  placed_at: '2026-11-26T10:00:00.000Z',
  settled_at: null,
  lines: 1,
  stake: money('10.00'),
  source: 'main',
  odds: '2.500',
  potential_payout: money('25.00'),
  payout: null,
  cash_out: money('11.40'),
  legs: [
    {
      event_id: 'sr:match:1',
      event_name: 'Lions – Tigers',
      sport: 'football',
      start_time: '2026-11-26T18:00:00.000Z',
      market_name: 'Match result',
      outcome_name: 'Lions',
      odds: '2.500',
      live: true,
      result: 'open',
    },
  ],
};

function renderWith(
  page: ReactNode,
  { locale = 'en', signedIn = true }: { locale?: Locale; signedIn?: boolean } = {},
) {
  const path = locale === 'fr' ? '/fr/betting' : '/betting';
  const i18n = createBundlesTestI18n(locale, {
    en: { sportsbook: sportsbookEn, ui: uiEn },
    fr: { sportsbook: sportsbookFr, ui: uiFr },
  });
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({
        isAuthenticated: signedIn,
        account: {
          uid: signedIn ? 7 : 0,
          currency: 'EUR',
          balance_betting_bonus: money('5.00'),
        },
        auth: testAuthRoot(),
        sections: { sports: true },
      }),
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={i18n}>
          <ToastProvider>
            <BetSlipProvider>
              <Outlet />
            </BetSlipProvider>
          </ToastProvider>
        </TranslationProvider>
      ),
      children: [{ path: path.slice(1), Component: () => page }],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** Event rows (id, home, away) above an empty-handed bet slip: the slip tests' page. */
function renderRowsAndSlip(rows: [string, string, string][], options?: Parameters<typeof renderWith>[1]) {
  return renderWith(
    <>
      <ul>
        {rows.map(([id, home, away]) => (
          <EventRow key={id} event={event(id, home, away)} utcOffset={0} />
        ))}
      </ul>
      <BetSlipPanel freeBets={[]} />
    </>,
    options,
  );
}

async function settleQuote() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS + 20);
  });
}

function quoteAnswer(selections: [string, number, boolean][], payout: string | null, overrides: object = {}) {
  return {
    selections: selections.map(([id, odds, active]) => ({
      event_id: `sr:match:${id}`,
      market_key: '1x2',
      outcome_key: id === '1' ? '1' : '2',
      event_name: 'x',
      market_name: 'Match result',
      outcome_name: 'y',
      odds: (odds / 1000).toFixed(3),
      odds_milli: odds,
      active,
      live: true,
    })),
    lines: 1,
    total_stake: payout ? money('10.00') : null,
    potential_payout: payout ? money(payout) : null,
    min_stake: money('0.10'),
    max_stake: money('500.00'),
    placeable: true,
    reason: null,
    ...overrides,
  };
}

describe('event rows and markets', () => {
  test('a live row shows the score, a running clock and the main market; a click adds to the slip', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRowsAndSlip([['1', 'Lions', 'Tigers']]);
    const row = within(await screen.findByTestId('event-row'));
    expect(row.getByTestId('score-home').textContent).toBe('2');
    expect(row.getByTestId('score-away').textContent).toBe('1');
    expect(row.getByText('2nd half')).toBeTruthy();
    expect(row.getByTestId('live-clock').textContent).toBe('67:00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100);
    });
    expect(row.getByTestId('live-clock').textContent).toBe('67:03');
    expect(row.getByRole('link').getAttribute('href')).toBe('/betting/event/sr%3Amatch%3A1');
    fireEvent.click(row.getByRole('button', { name: 'Lions 2.00' }));
    expect(screen.getByTestId('slip-count').textContent).toBe('1');
    expect(row.getByRole('button', { name: 'Lions 2.00' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem(SLIP_STORAGE_KEY) ?? '{}').legs[0]).toMatchObject({
      event_id: 'sr:match:1',
      outcome_key: '1',
      odds_milli: 2000,
    });
  });

  test('a row counts its open markets; none open (a bet stop) reads so, never "+0", in both languages', async () => {
    for (const [locale, some, none] of [
      ['en', '+12 markets', 'No markets open'],
      ['fr', '+12 marchés', 'Aucun marché ouvert'],
    ] as const) {
      renderWith(
        <ul>
          <EventRow event={event('1', 'Lions', 'Tigers')} utcOffset={0} />
          <EventRow event={event('2', 'Bears', 'Wolves', { markets_count: 0 })} utcOffset={0} />
        </ul>,
        { locale },
      );
      const [open, stopped] = await screen.findAllByTestId('event-row');
      // Gold is the link colour of "more to open"; a row with none open says so in muted text.
      expect(within(open as HTMLElement).getByText(some).className).toContain('text-gold');
      expect(within(stopped as HTMLElement).getByText(none).className).toContain('text-muted');
      expect(within(stopped as HTMLElement).getByText(none).className).not.toContain('text-gold');
      expect(screen.queryByText(/\+0/)).toBeNull();
      cleanup();
    }
  });

  test('suspended markets are greyed and cannot be clicked; odds flash when they move', async () => {
    const live = event('1', 'Lions', 'Tigers');
    const markets = [
      market('1x2', 'active', [
        ['1', 'Lions', 2000],
        ['2', 'Tigers', 1500],
      ]),
      market('total|total=2.5', 'suspended', [
        ['over', 'Over 2.5', 1800],
        ['under', 'Under 2.5', 1950],
      ]),
    ];
    const view = renderWith(<MarketGroups event={live} markets={markets} />);
    const suspended = (await screen.findAllByTestId('market')).find((m) => m.dataset.status === 'suspended');
    expect(suspended).toBeTruthy();
    // The prices dim; the market's name and its "Suspended" keep their full contrast (axe, 4.5:1).
    expect(within(suspended!).getByText('Suspended').closest('[class*="opacity-"]')).toBeNull();
    for (const button of within(suspended!).getAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    view.unmount();
    function Moving() {
      const [odds, setOdds] = useState(2000);
      return (
        <>
          <MarketGroups event={live} markets={[market('1x2', 'active', [['1', 'Lions', odds]])]} />
          <button type="button" onClick={() => setOdds((value) => value - 150)}>
            move
          </button>
        </>
      );
    }
    renderWith(<Moving />);
    fireEvent.click(await screen.findByRole('button', { name: 'move' }));
    expect(screen.getByRole('button', { name: 'Lions 1.85' }).dataset.flash).toBe('down');
  });
});

describe('the bet slip', () => {
  test('accumulator maths: total odds, lines, total stake and the quoted payout; system kinds by leg count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRowsAndSlip([
      ['1', 'Lions', 'Tigers'],
      ['2', 'Bears', 'Wolves'],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wolves 1.50' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Accumulator' }));
    expect(screen.getByTestId('slip-total-odds').textContent).toBe('3.00');
    expect(screen.getByTestId('slip-lines').textContent).toBe('1');
    expect((screen.getByRole('tab', { name: 'System' }) as HTMLButtonElement).disabled).toBe(true);
    answer(
      'sportsbook.quote',
      quoteAnswer(
        [
          ['1', 2000, true],
          ['2', 1500, true],
        ],
        '30.00',
      ),
    );
    fireEvent.change(screen.getByTestId('slip-stake'), { target: { value: '10' } });
    expect(screen.getByTestId('slip-total-stake').textContent).toBe('€10.00');
    await settleQuote();
    await waitFor(() => expect(screen.getByTestId('slip-payout').textContent).toBe('€30.00'));
    const quotes = calls.filter((c) => c.method === 'sportsbook.quote');
    // Debounced: the clicks and the typing made one quote.
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.http).toBe('POST');
    expect(quotes[0]!.body.get('kind')).toBe('accumulator');
    expect(quotes[0]!.body.get('stake')).toBe('10');
  });

  test('systems are offered when the legs fit: three legs give 2/3, Trixie and Patent', async () => {
    renderRowsAndSlip([
      ['1', 'Lions', 'Tigers'],
      ['2', 'Bears', 'Wolves'],
      ['3', 'Hawks', 'Owls'],
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wolves 1.50' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hawks 2.00' }));
    fireEvent.click(screen.getByRole('tab', { name: 'System' }));
    const select = screen.getByTestId('slip-system') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '2/3 (3 bets)',
      'Trixie (4 bets)',
      'Patent (7 bets)',
    ]);
    fireEvent.change(select, { target: { value: 'patent' } });
    expect(screen.getByTestId('slip-lines').textContent).toBe('7');
    fireEvent.change(screen.getByTestId('slip-stake'), { target: { value: '1.5' } });
    expect(screen.getByTestId('slip-total-stake').textContent).toBe('€10.50');
  });

  test('the odds format is the player’s setting, kept in the browser', async () => {
    renderRowsAndSlip([['1', 'Lions', 'Tigers']]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    fireEvent.change(screen.getByTestId('odds-format'), { target: { value: 'fractional' } });
    expect(screen.getByRole('button', { name: 'Draw 9/4' })).toBeTruthy();
    expect(screen.getByTestId('slip-leg-odds').textContent).toBe('1/1');
    fireEvent.change(screen.getByTestId('odds-format'), { target: { value: 'american' } });
    expect(screen.getByRole('button', { name: 'Tigers -200' })).toBeTruthy();
    expect(window.localStorage.getItem('croupier_odds_format')).toBe('american');
  });

  test('the slip comes back from storage after a reload', async () => {
    window.localStorage.setItem(
      SLIP_STORAGE_KEY,
      JSON.stringify({
        legs: [
          {
            event_id: 'sr:match:9',
            market_key: '1x2',
            outcome_key: '1',
            odds_milli: 2500,
            event_name: 'Foxes – Bulls',
            market_name: 'Match result',
            outcome_name: 'Foxes',
            live: false,
          },
        ],
        mode: 'singles',
        system: null,
        stakes: {},
        source: 'main',
      }),
    );
    renderWith(<BetSlipPanel freeBets={[]} />);
    expect((await screen.findByTestId('slip-leg')).textContent).toContain('Foxes – Bulls');
    expect(screen.getByTestId('slip-leg-odds').textContent).toBe('2.50');
  });

  test('odds changed: the new odds show, Accept changes takes them, the bet goes with them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRowsAndSlip([['1', 'Lions', 'Tigers']]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    answer('sportsbook.quote', quoteAnswer([['1', 2000, true]], null));
    fireEvent.change(screen.getByTestId('slip-stake'), { target: { value: '5' } });
    await settleQuote();
    refuse('sportsbook.placeBet', {
      fields: { selections: 'odds_changed' },
      data: {
        selections: [
          { event_id: 'sr:match:1', market_key: '1x2', outcome_key: '1', odds_milli: 1900, active: true },
        ],
      },
    });
    fireEvent.click(screen.getByTestId('slip-place'));
    expect((await screen.findByTestId('slip-error')).textContent).toBe(
      'The odds changed. Check the new odds and accept them to go on.',
    );
    expect(screen.getByTestId('slip-leg-odds').textContent).toBe('2.00 1.90');
    expect((screen.getByTestId('slip-place') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('slip-accept-changes'));
    expect(screen.getByTestId('slip-leg-odds').textContent).toBe('1.90');
    answer('sportsbook.placeBet', { ...BET, id: '42' });
    fireEvent.click(screen.getByTestId('slip-place'));
    expect(await screen.findByText('Your bet is placed')).toBeTruthy();
    const placed = calls.filter((c) => c.method === 'sportsbook.placeBet');
    expect(placed).toHaveLength(2);
    expect(placed[1]!.http).toBe('POST');
    expect(placed[1]!.body.get('kind')).toBe('single');
    expect(placed[1]!.body.get('stake')).toBe('5');
    expect(placed[1]!.body.get('selections')).toContain('"odds_milli":1900');
    expect(placed[1]!.body.get('request_id')).not.toBe(placed[0]!.body.get('request_id'));
    expect(screen.getByTestId('slip-empty')).toBeTruthy();
  });

  test('a suspended leg: Place waits, the slip asks again by itself and reopens with the market', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRowsAndSlip([['1', 'Lions', 'Tigers']]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    answer('sportsbook.quote', quoteAnswer([['1', 2000, false]], null));
    fireEvent.change(screen.getByTestId('slip-stake'), { target: { value: '5' } });
    await settleQuote();
    expect(await screen.findByText('Not taking bets right now')).toBeTruthy();
    expect((screen.getByTestId('slip-place') as HTMLButtonElement).disabled).toBe(true);
    // Still closed at the next ask; open at the one after: the player touched nothing.
    answer('sportsbook.quote', quoteAnswer([['1', 2000, false]], null));
    answer('sportsbook.quote', quoteAnswer([['1', 2000, true]], '10.00'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUSPENDED_REQUOTE_MS + 20);
    });
    expect(screen.getByText('Not taking bets right now')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUSPENDED_REQUOTE_MS + 20);
    });
    expect(screen.queryByText('Not taking bets right now')).toBeNull();
    expect((screen.getByTestId('slip-place') as HTMLButtonElement).disabled).toBe(false);
    const asked = calls.filter((c) => c.method === 'sportsbook.quote').length;
    // Open again: no more asking on a timer.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * SUSPENDED_REQUOTE_MS);
    });
    expect(calls.filter((c) => c.method === 'sportsbook.quote')).toHaveLength(asked);
  });

  test('singles: one placeBet per staked selection, each with its own request id; a typed refusal in French', async () => {
    renderRowsAndSlip(
      [
        ['1', 'Lions', 'Tigers'],
        ['2', 'Bears', 'Wolves'],
      ],
      { locale: 'fr' },
    );
    // Odds as the site writes every number (spec §9), beside money in the same convention.
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wolves 1.50' }));
    expect(screen.getAllByTestId('slip-leg-odds').map((odds) => odds.textContent)).toEqual(['2.00', '1.50']);
    const [first, second] = screen.getAllByTestId('slip-stake');
    fireEvent.change(first!, { target: { value: '2' } });
    fireEvent.change(second!, { target: { value: '3' } });
    expect(screen.getByTestId('slip-total-stake').textContent).toBe('€5.00');
    answer('sportsbook.placeBet', BET);
    refuse('sportsbook.placeBet', { fields: { stake: 'above_maximum' }, data: { max_stake: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Placer 2 paris' }));
    expect((await screen.findByTestId('slip-error')).textContent).toBe(
      'La mise dépasse le maximum : €2.50 au plus par pari.',
    );
    const placed = calls.filter((c) => c.method === 'sportsbook.placeBet');
    expect(placed.map((c) => c.body.get('stake'))).toEqual(['2', '3']);
    expect(new Set(placed.map((c) => c.body.get('request_id'))).size).toBe(2);
    // The first single is placed and gone; the refused one stays.
    expect(screen.getAllByTestId('slip-leg')).toHaveLength(1);
    expect(screen.getByTestId('slip-leg').textContent).toContain('Wolves');
  });

  test('a stake typed with a French decimal comma is quoted, totalled and placed as that amount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRowsAndSlip([['1', 'Lions', 'Tigers']], { locale: 'fr' });
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    answer('sportsbook.quote', quoteAnswer([['1', 2000, true]], '5.00'));
    fireEvent.change(screen.getByTestId('slip-stake'), { target: { value: '2,50' } });
    expect(screen.getByTestId('slip-total-stake').textContent).toBe('€2.50');
    await settleQuote();
    // The quote had no stake before: '2,50' was not sent, and no payout showed beside €2.50.
    await waitFor(() => expect(screen.getByTestId('slip-payout').textContent).toBe('€5.00'));
    const quotes = calls.filter((c) => c.method === 'sportsbook.quote');
    expect(quotes.at(-1)!.body.get('stake')).toBe('2.50');
    answer('sportsbook.placeBet', BET);
    fireEvent.click(screen.getByRole('button', { name: 'Placer le pari' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'sportsbook.placeBet')).toBe(true));
    expect(calls.find((c) => c.method === 'sportsbook.placeBet')!.body.get('stake')).toBe('2.50');
  });

  test('stake sources: main, the betting bonus balance and the free bets', async () => {
    renderWith(
      <>
        <ul>
          <EventRow event={event('1', 'Lions', 'Tigers')} utcOffset={0} />
        </ul>
        <BetSlipPanel freeBets={[{ id: '3', amount: money('5.00'), min_odds: null }]} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    const source = screen.getByTestId('slip-source') as HTMLSelectElement;
    expect([...source.options].map((o) => o.textContent)).toEqual([
      'Main balance',
      'Betting bonus (€5.00)',
      'Free bet €5.00',
    ]);
    fireEvent.change(source, { target: { value: 'free_bet:3' } });
    expect(screen.queryByTestId('slip-stake')).toBeNull();
    expect(screen.getByTestId('slip-total-stake').textContent).toBe('€5.00');
  });

  test('a guest is asked to log in instead of placing', async () => {
    renderRowsAndSlip([['1', 'Lions', 'Tigers']], { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    expect(screen.queryByTestId('slip-place')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/forms/sign_in?backUrl=%2Fbetting',
    );
  });

  test('on a phone: a badge with the count opens the slip as a bottom sheet', async () => {
    renderWith(
      <>
        <ul>
          <EventRow event={event('1', 'Lions', 'Tigers')} utcOffset={0} />
        </ul>
        <BetSlipDock freeBets={[]} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Lions 2.00' }));
    expect(screen.getByTestId('slip-badge').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('slip-open'));
    const sheet = within(screen.getByRole('dialog', { name: 'Bet slip' }));
    expect(sheet.getByTestId('slip-leg').textContent).toContain('Lions');
    fireEvent.click(sheet.getByRole('button', { name: 'Close the bet slip' }));
    expect(screen.queryByTestId('slip-sheet')).toBeNull();
    expect(screen.getByTestId('slip-badge').textContent).toBe('1');
  });
});

describe('my bets', () => {
  test('an open bet shows its legs and the cash-out offer; a changed offer is shown to accept', async () => {
    renderWith(
      <ul>
        <BetCard bet={BET} />
      </ul>,
    );
    const card = within(await screen.findByTestId('bet-card'));
    expect(card.getByText('Single')).toBeTruthy();
    expect(card.getByTestId('bet-status').textContent).toBe('Open');
    expect(card.getByTestId('bet-payout').textContent).toBe('€25.00');
    refuse('sportsbook.cashOut', { fields: { amount: 'changed' }, data: { cash_out: money('12.10') } });
    fireEvent.click(card.getByRole('button', { name: 'Cash out €11.40' }));
    expect((await card.findByTestId('cash-out-error')).textContent).toBe('The cash-out offer changed.');
    answer('sportsbook.cashOut', { ...BET, status: 'cashed_out', payout: money('12.10'), cash_out: null });
    fireEvent.click(card.getByRole('button', { name: 'Accept the new offer: €12.10' }));
    expect(await screen.findByText('Cashed out for €12.10')).toBeTruthy();
    const cashOuts = calls.filter((c) => c.method === 'sportsbook.cashOut');
    expect(cashOuts.map((c) => [c.http, c.body.get('bet_id'), c.body.get('amount')])).toEqual([
      ['POST', '41', '11.40'],
      ['POST', '41', '12.10'],
    ]);
  });

  test('a settled bet has no cash-out, in French', async () => {
    renderWith(
      <ul>
        <BetCard
          bet={{ ...BET, kind: 'accumulator', status: 'won', payout: money('25.00'), cash_out: null }}
        />
      </ul>,
      { locale: 'fr' },
    );
    const card = within(await screen.findByTestId('bet-card'));
    expect(card.getByText('Combiné')).toBeTruthy();
    expect(card.getByTestId('bet-status').textContent).toBe('Gagné');
    expect(card.queryByTestId('cash-out')).toBeNull();
  });
});
