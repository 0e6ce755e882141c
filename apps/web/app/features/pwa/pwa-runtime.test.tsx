// @vitest-environment happy-dom
/**
 * The installable app in the page, without a worker (unit tests are not a production build): the
 * platform kind reaches components, the footer's install button appears only while the browser
 * offers its prompt, and the player's answer shows as a toast in the page's language.
 */
import type { Locale } from '@croupier/contract/locales';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import pwaEn from '../../i18n/locales/en/pwa.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import pwaFr from '../../i18n/locales/fr/pwa.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { InstallAppButton } from './install-app-button.tsx';
import { PwaProvider, usePlatformKind } from './pwa-runtime.tsx';

afterEach(cleanup);

function Kind() {
  return <p data-testid="kind">{usePlatformKind()}</p>;
}

function renderApp(locale: Locale) {
  const i18n = createBundlesTestI18n(locale, { en: { pwa: pwaEn, ui: uiEn }, fr: { pwa: pwaFr, ui: uiFr } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TranslationProvider translator={i18n}>
            <ToastProvider>
              <PwaProvider locale={locale}>
                <Kind />
                <InstallAppButton />
              </PwaProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: [locale === 'fr' ? '/fr' : '/'] },
  );
  render(<RouterProvider router={router} />);
}

function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompted: 0,
    async prompt() {
      event.prompted += 1;
    },
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the installable app in the page', () => {
  test('a browser tab is the default platform kind', async () => {
    renderApp('en');
    expect((await screen.findByTestId('kind')).textContent).toBe('default');
  });

  test('no install button until the browser offers the prompt; accepted, it goes and says so', async () => {
    renderApp('en');
    await screen.findByTestId('kind');
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(await screen.findByText('The app is installed.')).toBeTruthy();
    expect(event.prompted).toBe(1);
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });

  test('cancelled, in French', async () => {
    renderApp('fr');
    await screen.findByTestId('kind');
    offerInstall('dismissed');
    fireEvent.click(await screen.findByRole('button', { name: 'Installer l’application' }));
    expect(
      await screen.findByText('Vous pourrez installer l’application plus tard depuis ce bouton.'),
    ).toBeTruthy();
  });
});
