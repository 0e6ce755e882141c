// @vitest-environment happy-dom
/**
 * The session runtime (ADR 028) with the real providers, the player API answered by a stubbed
 * `fetch` and the times given by the server: the previous session shows once per session, the
 * reality check opens its popup when due, and the session limit logs the player out with its reason.
 */
import type { Locale } from '@croupier/contract/locales';
import type { RgSessionOutput } from '@croupier/contract/responsible-gaming/session';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import rgSessionEn from '../../i18n/locales/en/rg-session.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import authFr from '../../i18n/locales/fr/auth.json' with { type: 'json' };
import cashierFr from '../../i18n/locales/fr/cashier.json' with { type: 'json' };
import rgSessionFr from '../../i18n/locales/fr/rg-session.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { PREVIOUS_SHOWN_KEY, RgSessionRuntime } from './session-runtime.tsx';

const eur = (amount: string) => ({ amount, currency: 'EUR' });
const flat = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

/** A session answer whose times are `ms` from now on the server's clock. */
function state(times: { checkInMs?: number; endsInMs?: number; previous?: boolean }): RgSessionOutput {
  const now = Date.now();
  const at = (ms: number | undefined) => (ms === undefined ? null : new Date(now + ms).toISOString());
  return {
    now: new Date(now).toISOString(),
    session_limit_minutes: times.endsInMs === undefined ? null : 30,
    pending_session_limit_minutes: null,
    pending_removal: false,
    pending_effective_at: null,
    reality_check_minutes: times.checkInMs === undefined ? 0 : 15,
    session: {
      started_at: '2030-01-02T10:00:00.000Z',
      elapsed_seconds: 1500,
      ends_at: at(times.endsInMs),
      warn_at: times.endsInMs === undefined ? null : at(times.endsInMs - 300_000),
      remaining_seconds: null,
      limit_reached: false,
      next_reality_check_at: at(times.checkInMs),
      staked: eur('10.00'),
      won: eur('14.00'),
      net: eur('4.00'),
    },
    previous_session: times.previous
      ? {
          started_at: '2030-01-01T08:00:00.000Z',
          ended_at: '2030-01-01T09:40:00.000Z',
          duration_seconds: 6000,
        }
      : null,
  };
}

let calls: string[] = [];
let sessionAnswers: RgSessionOutput[] = [];

beforeEach(() => {
  calls = [];
  sessionAnswers = [];
  window.localStorage.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push(method);
    const data = method === 'responsibleGaming.getSession' ? (sessionAnswers.shift() ?? state({})) : 1;
    return new Response(JSON.stringify({ status: 1, data }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROOT_DATA = {
  isAuthenticated: true,
  sections: { responsibleGaming: true },
  auth: { currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }], validationOverrides: {} },
};

function renderRuntime(locale: Locale = 'en') {
  const i18n = createBundlesTestI18n(locale, {
    en: { 'rg-session': rgSessionEn, auth: authEn, cashier: cashierEn, ui: uiEn },
    fr: { 'rg-session': rgSessionFr, auth: authFr, cashier: cashierFr, ui: uiFr },
  });
  const path = locale === 'fr' ? 'fr/games' : 'games';
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ROOT_DATA,
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={i18n}>
          <ToastProvider>
            <DialogProvider>
              <RgSessionRuntime />
              <Outlet />
            </DialogProvider>
          </ToastProvider>
        </TranslationProvider>
      ),
      children: [
        { path, Component: () => <p>page</p> },
        { path: 'fr', Component: () => <p>home</p> },
      ],
    },
  ]);
  return render(<Stub initialEntries={[`/${path}`]} />);
}

describe('RgSessionRuntime', () => {
  test('shows the previous session once per session', async () => {
    sessionAnswers.push(state({ previous: true }));
    const first = renderRuntime();
    expect(flat((await screen.findByText('Your previous session')).parentElement?.textContent)).toContain(
      'It lasted 1 hour, 40 minutes and ended on 01.01.2030',
    );
    expect(window.localStorage.getItem(PREVIOUS_SHOWN_KEY)).toBe('2030-01-02T10:00:00.000Z');
    first.unmount();

    sessionAnswers.push(state({ previous: true }));
    renderRuntime();
    await waitFor(() => expect(calls).toContain('responsibleGaming.getSession'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Your previous session')).toBeNull();
  });

  test('opens the reality check when due, with fresh figures, in French', async () => {
    sessionAnswers.push(state({ checkInMs: 80 }), state({ checkInMs: 900_000 }));
    renderRuntime('fr');
    const popup = await screen.findByTestId('reality-check', {}, { timeout: 2000 });
    expect(flat(popup.textContent)).toContain('Vous jouez depuis 25 minutes pendant cette session.');
    expect(calls.filter((c) => c === 'responsibleGaming.getSession')).toHaveLength(2);
    fireEvent.click(screen.getByText('Continuer'));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
  });

  test('logs the player out at the session limit and says why', async () => {
    sessionAnswers.push(state({ endsInMs: 100 }));
    renderRuntime();
    expect(await screen.findByText('Session time limit reached', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls).toContain('auth.logout');
  });
});
