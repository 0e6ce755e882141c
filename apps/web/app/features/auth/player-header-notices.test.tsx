// @vitest-environment happy-dom
/**
 * The phone user menu's "Notifications" row (the header's bell is hidden below tablets): it shows
 * the unread count, even when the notices loaded after the menu opened, and opens the same list,
 * which marks them read; in English and French.
 */
import type { Locale } from '@croupier/contract/locales';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import supportEn from '../../i18n/locales/en/support.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import authFr from '../../i18n/locales/fr/auth.json' with { type: 'json' };
import cashierFr from '../../i18n/locales/fr/cashier.json' with { type: 'json' };
import commonFr from '../../i18n/locales/fr/common.json' with { type: 'json' };
import supportFr from '../../i18n/locales/fr/support.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { PlayerHeaderActions } from './player-header.tsx';
import { testAuthRoot } from './test-auth-root.ts';

function testI18n(locale: Locale) {
  const instance = createBundlesTestI18n(
    locale,
    {
      en: { auth: authEn, cashier: cashierEn, common: commonEn, support: supportEn, ui: uiEn },
      fr: { auth: authFr, cashier: cashierFr, common: commonFr, support: supportFr, ui: uiFr },
    },
    'common',
  );
  return instance;
}

const eur = (amount: string) => ({ amount, currency: 'EUR' });
let calls: string[] = [];
let release: () => void = () => {};

beforeEach(() => {
  calls = [];
  // notices.get answers only when released: the menu opens before the notices are in.
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (url: string) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push(method);
    if (method === 'notices.get') {
      await gate;
      const items = [
        {
          id: 5,
          kind: 'kyc_verified',
          link: '/profile/verification',
          is_read: false,
          created_at: '2030-01-02T10:00:00Z',
        },
        {
          id: 4,
          kind: 'limit_change_applied',
          link: null,
          is_read: false,
          created_at: '2030-01-01T10:00:00Z',
        },
      ];
      return new Response(JSON.stringify({ status: 1, data: { items, unread: 2 } }), { status: 200 });
    }
    return new Response(JSON.stringify({ status: 1, data: 1 }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderHeader(locale: Locale) {
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
  return screen.findByTestId('user-menu-button');
}

/**
 * Renders the header and taps the user menu button in the same task that shows it (a
 * MutationObserver's microtask), before React's passive effects of that commit have run.
 */
async function renderAndTapAtOnce(locale: Locale) {
  const tapped = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      const button = document.querySelector('[data-testid="user-menu-button"]');
      if (!button) return;
      observer.disconnect();
      fireEvent.click(button);
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  void renderHeader(locale);
  await tapped;
}

describe('notifications in the phone user menu', () => {
  test('shows the unread count once loaded, and opens the same list', async () => {
    const button = await renderHeader('en');
    // The tap that opens the menu is the first interaction: the notices are asked for now.
    await act(async () => fireEvent.click(button));
    const row = await screen.findByTestId('notices-menu-item');
    expect(row.closest('li')?.className).toContain('tablet:hidden');
    expect(row.getAttribute('aria-label')).toBe('Notifications');
    await act(async () => release());
    await waitFor(() => expect(row.getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(row.textContent).toContain('2');

    await act(async () => fireEvent.click(row));
    await waitFor(() => expect(screen.queryByTestId('user-menu')).toBeNull());
    const verified = await screen.findByText('Your identity is verified. Thank you!');
    // A notice about a page leads there.
    expect(verified.closest('a')?.getAttribute('href')).toBe('/profile/verification');
    expect(screen.getByText('Your new responsible gaming limit is now in force.')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('notices.markRead'));
  });

  test('a tap on the button the moment it appears counts as the first interaction', async () => {
    await renderAndTapAtOnce('en');
    const row = await screen.findByTestId('notices-menu-item');
    await act(async () => release());
    await waitFor(() => expect(row.getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(calls.filter((method) => method === 'notices.get')).toHaveLength(1);
  });

  test('in French', async () => {
    const button = await renderHeader('fr');
    await act(async () => fireEvent.click(button));
    const row = await screen.findByTestId('notices-menu-item');
    await act(async () => release());
    await waitFor(() => expect(row.getAttribute('aria-label')).toBe('Notifications, 2 non lues'));
    await act(async () => fireEvent.click(row));
    const verified = await screen.findByText('Votre identité est vérifiée. Merci !');
    expect(verified.closest('a')?.getAttribute('href')).toBe('/fr/profile/verification');
  });
});
