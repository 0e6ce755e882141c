// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import type { AuthRootData } from '../../lib/root-data.ts';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { AuthPopupFromQuery } from './auth-popup-from-query.tsx';
import { testAuthRoot } from './test-auth-root.ts';

function testI18n() {
  const instance = createBundlesTestI18n(
    'en',
    { en: { auth: authEn, common: commonEn, ui: uiEn } },
    'common',
  );
  return instance;
}

const AUTH = testAuthRoot();

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

async function renderAt(entry: string, auth: AuthRootData = AUTH) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({ isAuthenticated: false, account: { uid: 0 }, auth }),
        HydrateFallback: () => null,
        element: (
          <TranslationProvider translator={testI18n()}>
            <ToastProvider>
              <DialogProvider>
                <LocationProbe />
                <AuthPopupFromQuery />
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByTestId('location');
  return router;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the authentication popup of the query flags', () => {
  test('show_popup_reg opens the registration tab; closing strips the flags with a replace', async () => {
    const router = await renderAt('/about?show_popup_reg=1&promo_code=X');
    await screen.findByTestId('auth-popup');
    // The panel's module loads when the popup opens.
    expect((await screen.findByRole('tab', { name: 'Sign up' })).getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    });
    expect(screen.queryByTestId('auth-popup')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/about?promo_code=X');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('prevent_close=1: no close button, Escape does nothing', async () => {
    await renderAt('/?show_popup_auth=1&prevent_close=1');
    await screen.findByTestId('auth-popup');
    expect((await screen.findByRole('tab', { name: 'Sign in' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Close dialog' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('auth-popup')).toBeTruthy();
  });

  test('the guest guard redirectUrl offers sign-in and keeps the address when dismissed', async () => {
    await renderAt('/?redirectUrl=%2Fprofile%2Fsettings');
    await screen.findByTestId('auth-popup');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    });
    expect(screen.queryByTestId('auth-popup')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/?redirectUrl=%2Fprofile%2Fsettings');
  });

  test('with the popup turned off the flags lead to the forms page, returning here', async () => {
    await renderAt('/promotions?show_popup_reg=1&x=1', { ...AUTH, popupEnabled: false });
    await screen.findByText('/forms/sign_up?backUrl=%2Fpromotions%3Fx%3D1');
    expect(screen.queryByTestId('auth-popup')).toBeNull();
  });

  test('not over the forms pages, which show the same panel', async () => {
    await renderAt('/fr/forms/sign_in?redirectUrl=%2Ffr%2Fcashier&show_popup_auth=1');
    expect(screen.queryByTestId('auth-popup')).toBeNull();
  });

  test('tabs follow the arrow keys', async () => {
    await renderAt('/?show_popup_reg=1');
    const signUp = await screen.findByRole('tab', { name: 'Sign up' });
    fireEvent.keyDown(signUp, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Sign in' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Sign in');
  });
});
