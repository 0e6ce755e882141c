// @vitest-environment happy-dom
/**
 * The player's header part with the real providers and root data, the player API answered by a
 * stubbed `fetch`: where the content puts the deposit detalization in the profile menu, the click
 * that opens the menu asks for the recent deposits (nothing is asked before), and the menu shows them.
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import type { AuthRootData } from '../../lib/root-data.ts';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { PlayerHeaderActions } from './player-header.tsx';
import { testAuthRoot } from './test-auth-root.ts';

function testI18n() {
  const instance = createBundlesTestI18n(
    'en',
    { en: { auth: authEn, cashier: cashierEn, common: commonEn, ui: uiEn } },
    'common',
  );
  return instance;
}

const AUTH = testAuthRoot({ depositDetalization: 'profileMenu' });

const eur = (amount: string) => ({ amount, currency: 'EUR' });

const DEPOSIT: TransactionOutput = {
  id: 9,
  type: 'deposit',
  method: 'card',
  status: 'succeeded',
  amount: eur('25.00'),
  requisites: {},
  created_at: '2030-01-01T09:05:00.000Z',
  updated_at: '2030-01-01T09:06:00.000Z',
  domain: 'casino.example',
  failure_code: null,
  can_cancel: false,
};

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    // The header's notices menu loads on the first click (spec §4); these tests are about the user menu.
    if (method === 'notices.get') {
      return new Response(JSON.stringify({ status: 1, data: { items: [], unread: 0 } }), { status: 200 });
    }
    calls.push(method);
    const data =
      method === 'cashier.gethistory'
        ? { items: [DEPOSIT], total: 1 }
        : method === 'cashier.paymentMethods'
          ? { items: [], total: 0 }
          : 1;
    return new Response(JSON.stringify({ status: 1, data }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderHeader(auth: AuthRootData) {
  const account = {
    uid: 7,
    login: 'player@example.com',
    fakename: '',
    balance_main: eur('25.00'),
    balance_bonus: eur('0.00'),
  };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({ isAuthenticated: true, account, auth }),
        HydrateFallback: () => null,
        element: (
          <TranslationProvider translator={testI18n()}>
            <ToastProvider>
              <DialogProvider>
                <PlayerHeaderActions locale="en" />
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return screen.findByTestId('user-menu-button');
}

describe('the profile menu', () => {
  test('opening it asks for the recent deposits, then shows the latest', async () => {
    const button = await renderHeader(AUTH);
    expect(calls).toEqual([]);
    // The deposits arrive through Suspense: an awaited act lets React show them when they come.
    await act(async () => fireEvent.click(button));
    const panel = await screen.findByTestId('deposit-detalization');
    expect(panel.textContent).toContain('€25.00');
    expect([...calls].sort()).toEqual(['cashier.gethistory', 'cashier.paymentMethods']);
  });

  test('where the detalization lives in the cashier header, the menu asks for nothing', async () => {
    const button = await renderHeader({ ...AUTH, depositDetalization: 'cashierHeader' });
    await act(async () => fireEvent.click(button));
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('deposit-detalization')).toBeNull();
    expect(calls).toEqual([]);
  });
});
