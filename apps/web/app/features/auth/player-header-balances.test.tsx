// @vitest-environment happy-dom
/**
 * Balances main / bonus in the header (issue 12): the bonus balance shows beside the main one only
 * when there is bonus money, is part of the button's label, and follows a refresh; in both languages.
 */
import type { Locale } from '@croupier/contract/locales';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import bonusesEn from '../../i18n/locales/en/bonuses.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import authFr from '../../i18n/locales/fr/auth.json' with { type: 'json' };
import bonusesFr from '../../i18n/locales/fr/bonuses.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { PlayerHeaderActions } from './player-header.tsx';
import { testAuthRoot } from './test-auth-root.ts';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

function testI18n(locale: Locale) {
  return createBundlesTestI18n(locale, {
    en: { auth: authEn, bonuses: bonusesEn, ui: uiEn },
    fr: { auth: authFr, bonuses: bonusesFr, ui: uiFr },
  });
}

let refreshed: unknown = null;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify({ status: 1, data: refreshed }), { status: 200 }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeader(bonus: string, locale: Locale = 'en') {
  const account = {
    uid: 7,
    login: 'player@example.com',
    fakename: '',
    balance_main: eur('1234.50'),
    balance_bonus: eur(bonus),
  };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({ isAuthenticated: true, account, auth: testAuthRoot() }),
        HydrateFallback: () => null,
        element: (
          <TranslationProvider translator={testI18n(locale)}>
            <ToastProvider>
              <DialogProvider>
                <PlayerHeaderActions locale={locale} />
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: [locale === 'fr' ? '/fr' : '/'] },
  );
  render(<RouterProvider router={router} />);
  return screen.findByTestId('header-balance');
}

describe('header balances', () => {
  test('no bonus money: the main balance alone', async () => {
    const button = await renderHeader('0.00');
    expect(screen.getByTestId('header-balance-main').textContent).toBe('€1,234.50');
    expect(screen.queryByTestId('header-balance-bonus')).toBeNull();
    expect(button.getAttribute('aria-label')).not.toContain('bonus');
  });

  test('bonus money shows beside the main balance and in the label, and follows a refresh', async () => {
    const button = await renderHeader('42.50');
    expect(screen.getByTestId('header-balance-bonus').textContent).toBe('€42.50');
    expect(button.getAttribute('aria-label')).toBe('Balance €1,234.50, bonus €42.50. Refresh');
    refreshed = {
      balance_main: eur('1300.00'),
      balance_bonus: eur('0.00'),
      balance_betting_bonus: eur('0.00'),
      balance_fun: eur('0.00'),
    };
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('header-balance-main').textContent).toBe('€1,300.00'));
    expect(screen.queryByTestId('header-balance-bonus')).toBeNull();
  });

  test('in French', async () => {
    const button = await renderHeader('5.00', 'fr');
    expect(button.getAttribute('aria-label')).toBe('Solde €1,234.50, bonus €5.00. Actualiser');
  });
});
