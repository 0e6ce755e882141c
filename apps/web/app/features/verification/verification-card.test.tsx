// @vitest-environment happy-dom
/**
 * The verification card per status: its badge and text, a start button only when documents can be
 * sent (not started, retry), and the start asks the API for an access token.
 */
import type { VerificationStatus } from '@croupier/contract/sumsub/common';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import verificationEn from '../../i18n/locales/en/verification.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { canStart, VerificationCard } from './verification-card.tsx';
import { useVerificationPopup } from './verification-popup.tsx';

const i18n = createBundlesTestI18n('en', { en: { verification: verificationEn, ui: uiEn } }, 'verification');

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(/\/api\/([^?]+)/.exec(url)?.[1] ?? '');
    return new Response(
      JSON.stringify({ status: 0, error: { type: 'UnknownErrorException', code: 'x', message: 'down' } }),
      {
        status: 500,
      },
    );
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(status: VerificationStatus, entry = '/') {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <TranslationProvider translator={i18n}>
          <ToastProvider>
            <VerificationCard status={status} />
          </ToastProvider>
        </TranslationProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

describe('VerificationCard', () => {
  test('back from the provider with sent=1, a player who could send documents reads that the review runs', () => {
    renderCard('not_started', '/?sent=1');
    expect(screen.getByTestId('verification-status').textContent).toBe('Under review');
    expect(screen.queryByTestId('verification-start')).toBeNull();
    // Nothing is written on the way back: the provider's webhook tells the platform.
    expect(calls).toEqual([]);
  });

  test('without sent=1 the status is the server’s', () => {
    renderCard('retry', '/');
    expect(screen.getByTestId('verification-status').textContent).toBe('New photos needed');
  });

  test.each([
    ['not_started', 'Not started', 'Start verification'],
    ['retry', 'New photos needed', 'Send new photos'],
  ] as const)('%s: badge and a start button', (status, badge, button) => {
    renderCard(status);
    expect(screen.getByTestId('verification-status').textContent).toBe(badge);
    expect(screen.getByTestId('verification-start').textContent).toContain(button);
  });

  test.each([
    ['pending', 'Under review'],
    ['verified', 'Verified'],
    ['rejected', 'Declined'],
  ] as const)('%s: badge and no start button', (status, badge) => {
    renderCard(status);
    expect(screen.getByTestId('verification-status').textContent).toBe(badge);
    expect(screen.queryByTestId('verification-start')).toBeNull();
  });

  test('start asks for an access token and says so when it fails', async () => {
    renderCard('not_started');
    fireEvent.click(screen.getByTestId('verification-start'));
    await waitFor(() => expect(calls).toContain('sumsub.getAccessToken'));
    await waitFor(() =>
      expect(
        screen.getByText('Verification could not be started. Please try again in a moment.'),
      ).toBeTruthy(),
    );
  });

  test('only not started and retry may send documents', () => {
    expect(
      ['not_started', 'pending', 'verified', 'retry', 'rejected'].filter((s) =>
        canStart(s as VerificationStatus),
      ),
    ).toEqual(['not_started', 'retry']);
  });
});

function PopupOpener() {
  const open = useVerificationPopup();
  return (
    <button type="button" onClick={() => open()}>
      open
    </button>
  );
}

describe('verification popup', () => {
  test('says verification is needed and leads to the verification page', async () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <TranslationProvider translator={i18n}>
            <DialogProvider>
              <PopupOpener />
            </DialogProvider>
          </TranslationProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    fireEvent.click(screen.getByText('open'));
    const popup = await screen.findByTestId('verification-popup');
    expect(popup.textContent).toContain('To continue, please verify your identity.');
    const link = screen.getByText('Verify my identity').closest('a');
    expect(link?.getAttribute('href')).toBe('/profile/verification');
  });
});
