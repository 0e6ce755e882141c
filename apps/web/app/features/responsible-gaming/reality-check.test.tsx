// @vitest-environment happy-dom
/**
 * Session time in the page (ADR 028): the reality-check popup in English and French (time played,
 * net position, Continue / Log out / history), the durations per locale, the message the game
 * frame accepts, its overlay, and the session card's sending of a limit.
 */
import type { Locale } from '@croupier/contract/locales';
import type { RgSessionOutput } from '@croupier/contract/responsible-gaming/session';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import rgSessionEn from '../../i18n/locales/en/rg-session.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import cashierFr from '../../i18n/locales/fr/cashier.json' with { type: 'json' };
import rgSessionFr from '../../i18n/locales/fr/rg-session.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { REALITY_CHECK_MESSAGE, readRealityCheckMessage } from '../rgs/reality-check-message.ts';
import { RealityCheckOverlay } from '../rgs/shell/reality-check-overlay.tsx';
import { RealityCheck } from './reality-check.tsx';
import { RgSessionSettings } from './rg-session-settings.tsx';
import { formatDuration } from './session-format.ts';

const eur = (amount: string) => ({ amount, currency: 'EUR' });
/** French puts a narrow no-break space between a number and its unit: compare with plain spaces. */
const flat = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const SESSION: NonNullable<RgSessionOutput['session']> = {
  started_at: '2030-01-02T10:00:00.000Z',
  elapsed_seconds: 3900,
  ends_at: null,
  warn_at: null,
  remaining_seconds: null,
  limit_reached: false,
  next_reality_check_at: '2030-01-02T11:15:00.000Z',
  staked: eur('30.00'),
  won: eur('12.50'),
  net: eur('-17.50'),
};

const STATE: RgSessionOutput = {
  now: '2030-01-02T11:05:00.000Z',
  session_limit_minutes: 60,
  pending_session_limit_minutes: null,
  pending_removal: false,
  pending_effective_at: null,
  reality_check_minutes: 15,
  session: SESSION,
  previous_session: null,
};

const ROOT_DATA = {
  isAuthenticated: true,
  auth: { currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }], validationOverrides: {} },
};

let calls: { method: string; body: URLSearchParams }[] = [];
let answers: Array<{ status: number; body: unknown }> = [];

beforeEach(() => {
  calls = [];
  answers = [];
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
  return createBundlesTestI18n(locale, {
    en: { 'rg-session': rgSessionEn, cashier: cashierEn, ui: uiEn },
    fr: { 'rg-session': rgSessionFr, cashier: cashierFr, ui: uiFr },
  });
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

const format = (locale: Locale) => ({
  locale,
  money: (value: { amount: string }) => `€${value.amount}`,
  time: () => '10:00',
});

describe('RealityCheck popup', () => {
  test('English: time played, net position, Continue, Log out and the history link', async () => {
    const onContinue = vi.fn();
    const onLogout = vi.fn();
    renderPage(
      <RealityCheck session={SESSION} format={format('en')} onContinue={onContinue} onLogout={onLogout} />,
    );
    const popup = await screen.findByTestId('reality-check');
    expect(popup.textContent).toContain('You have played for 1 hour, 5 minutes this session.');
    expect(popup.textContent).toContain('Session started at 10:00.');
    expect(popup.textContent).toContain('Net position this session');
    expect(screen.getByTestId('reality-check-net').textContent).toBe('€-17.50');
    expect(popup.textContent).toContain('Winnings €12.50 minus stakes €30.00.');
    expect(screen.getByTestId('reality-check-history').getAttribute('href')).toBe('/cashier/history');
    fireEvent.click(screen.getByText('Continue'));
    fireEvent.click(screen.getByText('Log out'));
    expect(onContinue).toHaveBeenCalledOnce();
    expect(onLogout).toHaveBeenCalledOnce();
  });

  test('French: the same in French, durations per locale, the French history path', async () => {
    renderPage(
      <RealityCheck session={SESSION} format={format('fr')} onContinue={() => {}} onLogout={() => {}} />,
      'fr',
    );
    const popup = await screen.findByTestId('reality-check');
    expect(flat(popup.textContent)).toContain(
      'Vous jouez depuis 1 heure et 5 minutes pendant cette session.',
    );
    expect(popup.textContent).toContain('Bilan de la session');
    expect(popup.textContent).toContain('Gains €12.50 moins mises €30.00.');
    expect(screen.getByText('Continuer')).toBeTruthy();
    expect(screen.getByText('Se déconnecter')).toBeTruthy();
    expect(screen.getByTestId('reality-check-history').getAttribute('href')).toBe('/fr/cashier/history');
  });
});

describe('durations', () => {
  test('hours and minutes in each language, seconds under a minute', () => {
    expect(formatDuration(3900, 'en')).toBe('1 hour, 5 minutes');
    expect(flat(formatDuration(3900, 'fr'))).toBe('1 heure et 5 minutes');
    expect(formatDuration(7200, 'en')).toBe('2 hours');
    expect(flat(formatDuration(45, 'fr'))).toBe('45 secondes');
    expect(formatDuration(1800, 'en')).toBe('30 minutes');
  });
});

describe('the game frame', () => {
  const parent = {};
  const message = {
    type: REALITY_CHECK_MESSAGE,
    title: 'Reality check',
    lines: ['a', 'b'],
    continueLabel: 'Go',
  };

  test('accepts the message only from its same-origin parent, in its exact shape', () => {
    const expected = { origin: 'https://site.test', source: parent };
    expect(
      readRealityCheckMessage({ origin: 'https://site.test', source: parent, data: message }, expected),
    ).toEqual(message);
    expect(
      readRealityCheckMessage({ origin: 'https://evil.test', source: parent, data: message }, expected),
    ).toBeNull();
    expect(
      readRealityCheckMessage({ origin: 'https://site.test', source: {}, data: message }, expected),
    ).toBeNull();
    expect(
      readRealityCheckMessage(
        { origin: 'https://site.test', source: parent, data: { ...message, lines: 'x' } },
        expected,
      ),
    ).toBeNull();
  });

  test('shows the overlay over the game until Continue', async () => {
    const source = {};
    render(<RealityCheckOverlay parent={() => source} />);
    expect(screen.queryByTestId('rgs-reality-check')).toBeNull();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            ...message,
            lines: ['Vous jouez depuis 1 heure.', 'Bilan : €-2.00'],
            continueLabel: 'Continuer',
          },
          source: source as never,
        }),
      );
    });
    const overlay = await screen.findByTestId('rgs-reality-check');
    expect(overlay.textContent).toContain('Vous jouez depuis 1 heure.');
    fireEvent.click(screen.getByText('Continuer'));
    expect(screen.queryByTestId('rgs-reality-check')).toBeNull();
  });
});

describe('RgSessionSettings', () => {
  test('shows the limit in force and sends a new one', async () => {
    renderPage(<RgSessionSettings state={STATE} />);
    const status = await screen.findByTestId('rg-session-status');
    expect(status.textContent).toContain('Your session limit: 1 hour.');
    fireEvent.change(screen.getByTestId('rg-session-limit'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('rg-session-limit-save'));
    await waitFor(() => expect(calls.map((c) => c.method)).toContain('responsibleGaming.setSessionLimit'));
    const sent = calls.find((c) => c.method === 'responsibleGaming.setSessionLimit');
    expect(sent?.body.get('minutes') ?? JSON.stringify([...(sent?.body ?? [])])).toMatch(/30/);
  });

  test('French: a waiting raise and the reality-check choices', async () => {
    renderPage(
      <RgSessionSettings
        state={{
          ...STATE,
          pending_session_limit_minutes: 120,
          pending_effective_at: '2030-01-03T11:05:00.000Z',
        }}
      />,
      'fr',
    );
    const status = await screen.findByTestId('rg-session-status');
    expect(flat(status.textContent)).toContain('Votre limite de session : 1 heure.');
    expect(flat(status.textContent)).toContain('Passera à 2 heures le 03.01.2030');
    const options = [...(screen.getByTestId('rg-reality-check') as HTMLSelectElement).options].map((o) =>
      flat(o.text),
    );
    expect(options).toEqual([
      'Désactivé',
      '15 minutes',
      '30 minutes',
      '45 minutes',
      '1 heure',
      '1 heure et 30 minutes',
      '2 heures',
    ]);
  });
});
