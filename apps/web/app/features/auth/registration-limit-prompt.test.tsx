// @vitest-environment happy-dom
/**
 * After a successful registration the limit prompt opens (ADR 029), in the player's language; a
 * failed registration opens nothing.
 */
import type { Locale } from '@croupier/contract/locales';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import campaignsEn from '../../i18n/locales/en/campaigns.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import rgEn from '../../i18n/locales/en/responsible-gaming.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import authFr from '../../i18n/locales/fr/auth.json' with { type: 'json' };
import campaignsFr from '../../i18n/locales/fr/campaigns.json' with { type: 'json' };
import commonFr from '../../i18n/locales/fr/common.json' with { type: 'json' };
import rgFr from '../../i18n/locales/fr/responsible-gaming.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { testAuthRoot } from './test-auth-root.ts';

function testI18n(locale: Locale) {
  const instance = createBundlesTestI18n(
    locale,
    {
      en: { auth: authEn, common: commonEn, ui: uiEn, campaigns: campaignsEn, 'responsible-gaming': rgEn },
      fr: { auth: authFr, common: commonFr, ui: uiFr, campaigns: campaignsFr, 'responsible-gaming': rgFr },
    },
    'common',
  );
  return instance;
}

let next: { status: number; body: unknown } = { status: 200, body: { status: 1, data: { uid: 9 } } };

beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(next.body), { status: next.status }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(locale: Locale) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TranslationProvider translator={testI18n(locale)}>
            <ToastProvider>
              <DialogProvider>
                <RegistrationForm auth={testAuthRoot()} />
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: [locale === 'fr' ? '/fr' : '/'] },
  );
  return render(<RouterProvider router={router} />);
}

async function register() {
  const form = await screen.findByTestId('registration-form');
  const [login, password] = form.querySelectorAll('input');
  fireEvent.input(login as HTMLInputElement, { target: { value: 'new.player@example.test' } });
  fireEvent.input(password as HTMLInputElement, { target: { value: 'Secret-123' } });
  fireEvent.click(form.querySelector('input[type="checkbox"]') as HTMLInputElement);
  fireEvent.submit(form);
}

describe('the limit prompt after registration', () => {
  test('opens once the registration succeeded', async () => {
    next = { status: 200, body: { status: 1, data: { uid: 9 } } };
    renderForm('en');
    await register();
    expect(await screen.findByRole('heading', { name: 'Set your limits' })).toBeTruthy();
    expect(screen.getByTestId('limit-prompt-skip').textContent).toBe('Not now');
  });

  test('in French', async () => {
    next = { status: 200, body: { status: 1, data: { uid: 9 } } };
    renderForm('fr');
    await register();
    expect(await screen.findByRole('heading', { name: 'Fixez vos limites' })).toBeTruthy();
  });

  test('a failed registration opens nothing', async () => {
    next = {
      status: 400,
      body: { status: 0, error: { type: 'InvalidRequestException', code: 'x', message: 'No.' } },
    };
    renderForm('en');
    await register();
    await waitFor(() => expect(screen.getByText('No.')).toBeTruthy());
    expect(screen.queryByTestId('limit-prompt')).toBeNull();
  });
});
