// @vitest-environment happy-dom
/**
 * The sign-up form's promo code (features/auth/registration-form.tsx) with the campaigns rules:
 * prefilled from the kept `promo_code`, a server promo_code error shown with the promo-code texts
 * (first code, fallback INVALID) on the field, and the kept code cleared once the registration
 * carrying it succeeded.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import campaignsEn from '../../i18n/locales/en/campaigns.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { RegistrationForm } from '../auth/registration-form.tsx';
import { testAuthRoot } from '../auth/test-auth-root.ts';

function testI18n() {
  const instance = createBundlesTestI18n(
    'en',
    { en: { auth: authEn, common: commonEn, ui: uiEn, campaigns: campaignsEn } },
    'common',
  );
  return instance;
}

let bodies: URLSearchParams[] = [];
let urls: string[] = [];
let next: { status: number; body: unknown } = { status: 200, body: { status: 1, data: {} } };

beforeEach(() => {
  bodies = [];
  urls = [];
  window.localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    urls.push(url);
    bodies.push(init.body ?? new URLSearchParams());
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <TranslationProvider translator={testI18n()}>
            <ToastProvider>
              <DialogProvider>
                <RegistrationForm auth={testAuthRoot()} />
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

function fill(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(new RegExp(`^${label}\\*?$`)), { target: { value } });
}

async function submitWithKeptCode() {
  window.localStorage.setItem('promo_code', 'WELCOME10');
  renderForm();
  const promo = (await screen.findByLabelText('Promo code')) as HTMLInputElement;
  await waitFor(() => expect(promo.value).toBe('WELCOME10'));
  fill('Email', 'new.player@example.test');
  fill('Password', 'Secret-123');
  fireEvent.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  return promo;
}

describe('sign-up promo code', () => {
  test('a server promo_code error shows the promo-code text on the field (unknown code → INVALID)', async () => {
    next = {
      status: 400,
      body: {
        status: 0,
        error: {
          type: 'InvalidParameterException',
          code: 'invalid_parameter',
          message: 'Invalid parameter',
          fields: { promo_code: 'too_big' },
        },
      },
    };
    const promo = await submitWithKeptCode();
    expect(await screen.findByText('This promo code is not valid.')).toBeTruthy();
    expect(promo.getAttribute('aria-invalid')).toBe('true');
    expect(window.localStorage.getItem('promo_code')).toBe('WELCOME10');
    // The promo-not-found analytics event (spec §8).
    await waitFor(() => expect(urls.some((url) => url.includes('/api/events.handle'))).toBe(true));
    const event = new URL(urls.find((url) => url.includes('/api/events.handle')) ?? '', 'http://x')
      .searchParams;
    expect(event.get('event_name')).toBe('promo_not_found');
  });

  test('a known first code shows its own text', async () => {
    next = {
      status: 400,
      body: {
        status: 0,
        error: {
          type: 'InvalidParameterException',
          code: 'promo_code_expired',
          message: 'Expired',
          fields: { promo_code: 'EXPIRED' },
        },
      },
    };
    await submitWithKeptCode();
    expect(await screen.findByText('This promo code has expired.')).toBeTruthy();
  });

  test('a successful registration with the code clears the kept promo_code', async () => {
    next = { status: 200, body: { status: 1, data: { uid: 9 } } };
    await submitWithKeptCode();
    await waitFor(() => expect(window.localStorage.getItem('promo_code')).toBeNull());
    expect(bodies[0]?.get('promo_code')).toBe('WELCOME10');
  });
});
