// @vitest-environment happy-dom
/**
 * The sign-up form's character picker (auth config showCharacterSelect, ADR 033): shown with the
 * characters the root loader found, in the player's language; the choice is sent as `character`;
 * "Later" sends none; without the config flag the picker stays away.
 */
import type { Locale } from '@croupier/contract/locales';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import authFr from '../../i18n/locales/fr/auth.json' with { type: 'json' };
import commonFr from '../../i18n/locales/fr/common.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { testAuthRoot } from './test-auth-root.ts';

const CHARACTERS = [
  { id: 3, name: 'King', description: 'Rules the table', image: '/media/king.svg' },
  { id: 4, name: 'Queen', description: 'Plays it smart', image: '/media/queen.svg' },
];

function testI18n(locale: Locale) {
  const instance = createBundlesTestI18n(
    locale,
    {
      en: { auth: authEn, common: commonEn, ui: uiEn },
      fr: { auth: authFr, common: commonFr, ui: uiFr },
    },
    'common',
  );
  return instance;
}

let sent: Record<string, string> | null = null;

beforeEach(() => {
  sent = null;
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    sent = Object.fromEntries(new URLSearchParams(String(init?.body ?? '')));
    return new Response(
      JSON.stringify({ status: 0, error: { type: 'InvalidRequestException', code: 'x', message: 'Stop.' } }),
      { status: 400 },
    );
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(locale: Locale, showCharacterSelect: boolean) {
  const base = testAuthRoot();
  const auth = testAuthRoot({
    config: { ...base.config, registration: { ...base.config.registration, showCharacterSelect } },
  });
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({ loyalty: { characters: CHARACTERS } }),
        element: (
          <TranslationProvider translator={testI18n(locale)}>
            <ToastProvider>
              <DialogProvider>
                <RegistrationForm auth={auth} />
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

async function fillAndSubmit() {
  const form = await screen.findByTestId('registration-form');
  const login = form.querySelector('input[name="login"]') as HTMLInputElement;
  const password = form.querySelector('input[type="password"]') as HTMLInputElement;
  fireEvent.input(login, { target: { value: 'new.player@example.test' } });
  fireEvent.input(password, { target: { value: 'Secret-123' } });
  fireEvent.click(form.querySelector('input[name="terms"]') as HTMLInputElement);
  fireEvent.submit(form);
  await waitFor(() => expect(sent).not.toBeNull());
}

describe('the character picker at sign-up', () => {
  test('sends the chosen character', async () => {
    renderForm('en', true);
    const picker = await screen.findByTestId('character-picker');
    expect(picker.textContent).toContain('Choose your character');
    fireEvent.click(screen.getByRole('radio', { name: 'Queen' }));
    await fillAndSubmit();
    expect(sent).toMatchObject({ character: '4' });
  });

  test('"Later" sends no character, in French', async () => {
    renderForm('fr', true);
    expect((await screen.findByTestId('character-picker')).textContent).toContain(
      'Choisissez votre personnage',
    );
    expect((screen.getByRole('radio', { name: 'Plus tard' }) as HTMLInputElement).checked).toBe(true);
    await fillAndSubmit();
    expect(sent).not.toHaveProperty('character');
  });

  test('stays away when the auth config does not ask for it', async () => {
    renderForm('en', false);
    await screen.findByTestId('registration-form');
    expect(screen.queryByTestId('character-picker')).toBeNull();
  });
});
