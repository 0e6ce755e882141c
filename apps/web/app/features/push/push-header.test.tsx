// @vitest-environment happy-dom
/**
 * The header balance follows the push stream (ADR 037): the provider opens `/api/stream` for a
 * signed-in player, and a `balance` event replaces the amounts the loader sent; a malformed event
 * changes nothing.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
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
import { PlayerHeaderActions } from '../auth/player-header.tsx';
import { testAuthRoot } from '../auth/test-auth-root.ts';
import { FakeEventSource } from './fake-event-source.ts';
import { PushProvider } from './push-provider.tsx';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 1, data: {} }), { status: 200 }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('header balance from the push stream', () => {
  test('a balance event updates the header', async () => {
    const account = {
      uid: 7,
      login: 'player@example.com',
      fakename: '',
      balance_main: eur('10.00'),
      balance_bonus: eur('0.00'),
      balance_betting_bonus: eur('0.00'),
      balance_fun: eur('0.00'),
    };
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '*',
          loader: () => ({ isAuthenticated: true, account, auth: testAuthRoot() }),
          HydrateFallback: () => null,
          element: (
            <TranslationProvider
              translator={createBundlesTestI18n('en', {
                en: { auth: authEn, bonuses: bonusesEn, ui: uiEn },
                fr: { auth: authFr, bonuses: bonusesFr, ui: uiFr },
              })}
            >
              <ToastProvider>
                <DialogProvider>
                  <PushProvider enabled>
                    <PlayerHeaderActions locale="en" />
                  </PushProvider>
                </DialogProvider>
              </ToastProvider>
            </TranslationProvider>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const main = await screen.findByTestId('header-balance-main');
    expect(main.textContent).toContain('10.00');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/stream');

    const pushed = JSON.stringify({
      balance_main: eur('133.45'),
      balance_bonus: eur('5.00'),
      balance_betting_bonus: eur('0.00'),
      balance_fun: eur('0.00'),
    });
    // The header subscribes once the provider's stream is in context: until then nothing listens.
    await waitFor(() => {
      act(() => {
        source.emit('balance', '{"balance_main":{"amount":"oops"}}');
        source.emit('balance', pushed);
      });
      expect(screen.getByTestId('header-balance-main').textContent).toContain('133.45');
    });
    expect(screen.getByTestId('header-balance-bonus').textContent).toContain('5.00');
    // Subscribed now: a malformed balance leaves the header as it was.
    act(() => source.emit('balance', '{"balance_main":{"amount":"oops","currency":"EUR"}}'));
    expect(screen.getByTestId('header-balance-main').textContent).toContain('133.45');
  }, 20_000);
});
