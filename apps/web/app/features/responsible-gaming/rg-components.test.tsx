// @vitest-environment happy-dom
/**
 * Responsible-gaming components with the real providers and root data, the player API answered by
 * a stubbed `fetch`: limits show used / left and a waiting increase; the form sends kind, period and
 * amount; a server field error shows on the amount; an exclusion needs the danger confirm, and
 * "keep playing" sends nothing.
 */
import type { Locale } from '@croupier/contract/locales';
import type { RgLimitsOutput } from '@croupier/contract/responsible-gaming/common';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import rgEn from '../../i18n/locales/en/responsible-gaming.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import cashierFr from '../../i18n/locales/fr/cashier.json' with { type: 'json' };
import rgFr from '../../i18n/locales/fr/responsible-gaming.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { approximateEnd, RgExclusion } from './rg-exclusion.tsx';
import { RgLimits } from './rg-limits.tsx';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

const STATE: RgLimitsOutput = {
  currency: 'EUR',
  exclusion: null,
  limits: [
    {
      kind: 'loss',
      period: 'day',
      limit_amount: eur('50.00'),
      used_amount: eur('20.00'),
      left_amount: eur('30.00'),
      pending_limit_amount: eur('80.00'),
      pending_removal: false,
      pending_effective_at: '2030-01-02T10:00:00.000Z',
    },
  ],
};

const ROOT_DATA = {
  isAuthenticated: true,
  auth: { currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }], validationOverrides: {} },
};

let answers: Array<{ status: number; body: unknown }> = [];
let calls: { method: string; body: URLSearchParams }[] = [];

beforeEach(() => {
  answers = [];
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    calls.push({ method: /\/api\/([^?]+)/.exec(url)?.[1] ?? '', body: new URLSearchParams(init.body ?? '') });
    const answer = answers.shift() ?? { status: 200, body: { status: 1, data: STATE } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function i18n(locale: Locale) {
  const instance = createBundlesTestI18n(
    locale,
    {
      en: { cashier: cashierEn, ui: uiEn, 'responsible-gaming': rgEn },
      fr: { cashier: cashierFr, ui: uiFr, 'responsible-gaming': rgFr },
    },
    'ui',
  );
  return instance;
}

function renderPage(page: ReactNode, locale: Locale = 'en') {
  const path = locale === 'fr' ? 'fr/profile/responsible-game' : 'profile/responsible-game';
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ROOT_DATA,
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={i18n(locale)}>
          <ToastProvider>
            <DialogProvider>
              <Outlet />
            </DialogProvider>
          </ToastProvider>
        </TranslationProvider>
      ),
      children: [{ path, Component: () => page }],
    },
  ]);
  return render(<Stub initialEntries={[`/${path}`]} />);
}

describe('RgLimits', () => {
  test('shows each limit with what its window used and leaves, and the waiting increase', async () => {
    renderPage(<RgLimits state={STATE} />);
    const row = await screen.findByTestId('rg-limit-loss-day');
    expect(row.textContent).toContain('Loss limit · 24 hours');
    expect(row.textContent).toContain('€50.00');
    expect(row.textContent).toContain('Used €20.00 · left €30.00');
    expect(row.textContent).toContain('Rises to €80.00');
  });

  test('sends kind, period and amount, and shows a server field error on the amount', async () => {
    renderPage(<RgLimits state={{ ...STATE, limits: [] }} />);
    expect(await screen.findByText('You have not set a loss or wager limit.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rg-limit-open'));
    fireEvent.click(screen.getByLabelText('Wager limit'));
    fireEvent.click(screen.getByLabelText('7 days'));
    fireEvent.change(screen.getByTestId('rg-limit-amount'), { target: { value: '-5' } });
    answers.push({
      status: 400,
      body: {
        status: 0,
        error: {
          type: 'InvalidParameterException',
          code: 'invalid_parameter',
          message: 'Enter a positive amount with at most 2 decimal places.',
          fields: { amount: 'format' },
        },
      },
    });
    fireEvent.click(screen.getByTestId('rg-limit-save'));
    expect(await screen.findByText('Enter a positive amount with at most 2 decimal places.')).toBeTruthy();
    const call = calls.find((c) => c.method === 'responsibleGaming.setLimit');
    expect(call?.body.get('kind')).toBe('wager');
    expect(call?.body.get('period')).toBe('week');
    expect(call?.body.get('amount')).toBe('-5');
  });

  test('in French', async () => {
    renderPage(<RgLimits state={STATE} />, 'fr');
    const row = await screen.findByTestId('rg-limit-loss-day');
    expect(row.textContent).toContain('Limite de pertes · 24 heures');
  });
});

describe('RgExclusion', () => {
  test('asks a danger confirm; keeping playing sends nothing, confirming starts it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage(<RgExclusion running={null} />);
    fireEvent.click(await screen.findByTestId('rg-exclude-timeout-24h'));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep playing' })).toBeNull());
    expect(calls.filter((c) => c.method === 'responsibleGaming.exclude')).toEqual([]);

    fireEvent.click(screen.getByTestId('rg-exclude-self_exclusion-1y'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, start it now' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'responsibleGaming.exclude')).toBe(true));
    const call = calls.find((c) => c.method === 'responsibleGaming.exclude');
    expect(call?.body.get('kind')).toBe('self_exclusion');
    expect(call?.body.get('duration')).toBe('1y');
  });

  test('a running exclusion shows its end instead of the buttons', async () => {
    renderPage(
      <RgExclusion
        running={{
          kind: 'timeout',
          duration: '1w',
          starts_at: '2030-01-01T00:00:00Z',
          ends_at: '2030-01-08T00:00:00Z',
          can_request_reopen: false,
          reopen_requested_at: null,
          reopens_at: null,
        }}
      />,
    );
    expect((await screen.findByTestId('rg-exclusion')).textContent).toContain('Your time-out runs until');
    expect(screen.queryByTestId('rg-exclude-timeout-24h')).toBeNull();
  });

  const ENDED = {
    kind: 'self_exclusion',
    duration: '6m',
    starts_at: '2030-01-01T00:00:00Z',
    ends_at: '2030-07-01T12:00:00Z',
    can_request_reopen: true,
    reopen_requested_at: null,
    reopens_at: null,
  } as const;

  test('an ended self-exclusion offers to ask for the reopening, and sends it', async () => {
    renderPage(<RgExclusion running={ENDED} />);
    const box = await screen.findByTestId('rg-reopen');
    expect(box.textContent).toContain('Your self-exclusion ended on 01.07.2030 at');
    expect(box.textContent).toContain('you can play again 24 hours after asking');
    expect(box.textContent).not.toContain('2030-07-01T');
    fireEvent.click(screen.getByTestId('rg-reopen-ask'));
    await waitFor(() => expect(calls.some((c) => c.method === 'responsibleGaming.requestReopen')).toBe(true));
    expect(screen.queryByTestId('rg-exclude-timeout-24h')).toBeNull();
  });

  test('a reopening asked for shows when play reopens, in French too', async () => {
    const waiting = {
      ...ENDED,
      can_request_reopen: false,
      reopen_requested_at: '2030-07-02T08:00:00Z',
      reopens_at: '2030-07-03T12:00:00Z',
    };
    renderPage(<RgExclusion running={waiting} />, 'fr');
    const box = await screen.findByTestId('rg-reopen');
    expect(box.textContent).toContain('Votre compte rouvre le 03.07.2030 à');
    expect(screen.queryByTestId('rg-reopen-ask')).toBeNull();
  });

  test('approximateEnd counts days and calendar months', () => {
    const from = new Date('2030-01-15T12:00:00Z');
    expect(approximateEnd('24h', from).toISOString()).toBe('2030-01-16T12:00:00.000Z');
    expect(approximateEnd('6w', from).toISOString()).toBe('2030-02-26T12:00:00.000Z');
    expect(approximateEnd('2y', from).toISOString()).toBe('2032-01-15T12:00:00.000Z');
  });
});
