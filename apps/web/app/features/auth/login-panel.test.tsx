// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { LoginPanel } from './login-panel.tsx';

function testI18n() {
  const instance = createBundlesTestI18n(
    'en',
    { en: { auth: authEn, common: commonEn, ui: uiEn } },
    'common',
  );
  return instance;
}

const ACCOUNT = {
  uid: 7,
  reg_time: 1_700_000_000,
  login: 'player@example.test',
  login_type: 'email',
  is_login_confirmed: false,
  fakename: null,
  is_subscribed: false,
  currency: 'EUR',
  is_on_verification: false,
  is_verified: false,
  is_kyc_block_enabled: false,
  is_registration_completed: true,
  country_code: null,
  locale: 'en',
  two_factor_auth: true,
  has_deposit: false,
  real_money_block: null,
  balance_main: { amount: '0.00', currency: 'EUR' },
  balance_bonus: { amount: '0.00', currency: 'EUR' },
  balance_betting_bonus: { amount: '0.00', currency: 'EUR' },
  balance_fun: { amount: '0.00', currency: 'EUR' },
};

function answer(status: number, envelope: unknown) {
  return Promise.resolve({ status, json: () => Promise.resolve(envelope) } as Response);
}

function renderPanel(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <TranslationProvider translator={testI18n()}>
            <ToastProvider>
              <DialogProvider>
                <LoginPanel context={{ locale: 'en', overrides: {} }} eager={false} />
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
      { path: '/promotions', element: <p>Promotions page</p> },
    ],
    { initialEntries: [entry] },
  );
  return render(<RouterProvider router={router} />);
}

/** By the label's text (the required mark `*` follows it; password inputs have no textbox role). */
function fill(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(new RegExp(`^${label}\\*?$`)), { target: { value } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('two-factor sign-in', () => {
  test('parks the credentials in memory, asks for the code, repeats the login with it', async () => {
    const fetch = vi
      .fn()
      .mockReturnValueOnce(
        answer(401, {
          status: 0,
          error: {
            type: 'AuthorizationException',
            code: 'two_factor_required',
            message: 'Two-factor authentication is enabled',
            data: { resend_time: 12 },
          },
        }),
      )
      .mockReturnValueOnce(
        answer(401, {
          status: 0,
          error: {
            type: 'AuthorizationException',
            code: 'two_factor_expired',
            message: 'Time expired.',
            fields: { code: 'timeExpired' },
            data: { resend_time: 29 },
          },
        }),
      )
      .mockReturnValueOnce(answer(200, { status: 1, data: ACCOUNT }));
    vi.stubGlobal('fetch', fetch);
    const storage = vi.spyOn(Storage.prototype, 'setItem');
    renderPanel('/?backUrl=%2Fpromotions');

    fill('Email or phone number', '+33 6 12 34 56 78');
    fill('Password', 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Two-factor authentication');
    expect(screen.getByText('New code in 12 seconds')).toBeTruthy();
    // The leading plus is dropped before the call (spec §4).
    const firstBody = String(fetch.mock.calls[0]?.[1]?.body);
    expect(new URLSearchParams(firstBody).get('login')).toBe('33612345678');

    fill('Authentication code', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The code must contain 6 digits');
    expect(fetch).toHaveBeenCalledTimes(1);

    fill('Authentication code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Time expired');

    fill('Authentication code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Promotions page');
    const last = new URLSearchParams(String(fetch.mock.calls[2]?.[1]?.body));
    expect(Object.fromEntries(last)).toEqual({
      login: '33612345678',
      password: 'Secret-123',
      code: '654321',
    });
    // Credentials never touch browser storage.
    expect(storage.mock.calls.flat().join(' ')).not.toContain('Secret-123');
  });

  test('wrong credentials stay on the form with the server text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockReturnValue(
        answer(401, {
          status: 0,
          error: {
            type: 'AuthorizationException',
            code: 'invalid_credentials',
            message: 'Wrong login or password.',
          },
        }),
      ),
    );
    renderPanel('/');
    fill('Email or phone number', 'player@example.test');
    fill('Password', 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong login or password.');
  });
});
