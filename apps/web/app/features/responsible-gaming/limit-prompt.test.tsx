// @vitest-environment happy-dom
/**
 * The limit prompt with the real providers, the player API answered by a stubbed `fetch`: on the
 * deposit page, a player without a deposit whose prompt the loader found due gets the dialog; setting limits sends them through the
 * existing limits APIs and records `set`; skipping records `skipped`; a player whose prompt is not
 * due, or who has deposited, gets nothing; in English and French.
 */
import type { Locale } from '@croupier/contract/locales';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import rgEn from '../../i18n/locales/en/responsible-gaming.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import rgFr from '../../i18n/locales/fr/responsible-gaming.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { testAuthRoot } from '../auth/test-auth-root.ts';
import { LimitPromptBeforeFirstDeposit } from './limit-prompt.tsx';

let due = true;
let calls: { method: string; body: URLSearchParams }[] = [];

beforeEach(() => {
  due = true;
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push({ method, body: new URLSearchParams(init.body ?? '') });
    return new Response(JSON.stringify({ status: 1, data: 1 }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function i18n(locale: Locale) {
  const instance = createBundlesTestI18n(
    locale,
    {
      en: { ui: uiEn, 'responsible-gaming': rgEn },
      fr: { ui: uiFr, 'responsible-gaming': rgFr },
    },
    'ui',
  );
  return instance;
}

function renderPrompt(options: { locale?: Locale; hasDeposit?: boolean } = {}) {
  const locale = options.locale ?? 'en';
  const account = {
    uid: 7,
    login: 'p@example.com',
    currency: 'EUR',
    has_deposit: options.hasDeposit ?? false,
  };
  const path = locale === 'fr' ? 'fr' : '';
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ isAuthenticated: true, account, auth: testAuthRoot() }),
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={i18n(locale)}>
          <ToastProvider>
            <DialogProvider>
              <LimitPromptBeforeFirstDeposit due={due} currency="EUR" />
              <Outlet />
            </DialogProvider>
          </ToastProvider>
        </TranslationProvider>
      ),
      children: [{ path, Component: () => <p>page</p> }],
    },
  ]);
  return render(<Stub initialEntries={[`/${path}`]} />);
}

const sent = (method: string) => calls.filter((c) => c.method === method);

describe('the limit prompt', () => {
  test('sets a deposit and a loss limit over the chosen period, then records it was answered', async () => {
    renderPrompt();
    expect(await screen.findByRole('heading', { name: 'Set your limits' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('7 days'));
    fireEvent.change(screen.getByTestId('limit-prompt-deposit'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('limit-prompt-loss'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('limit-prompt-save'));
    await waitFor(() => expect(screen.queryByTestId('limit-prompt')).toBeNull());
    expect(sent('account.setDepositLimit')[0]?.body.get('period')).toBe('week');
    expect(sent('account.setDepositLimit')[0]?.body.get('amount')).toBe('100');
    const loss = sent('responsibleGaming.setLimit')[0]?.body;
    expect([loss?.get('kind'), loss?.get('period'), loss?.get('amount')]).toEqual(['loss', 'week', '50']);
    expect(sent('responsibleGaming.answerLimitPrompt').map((c) => c.body.get('answer'))).toEqual(['set']);
  });

  test('can be skipped, and then is recorded as skipped once', async () => {
    renderPrompt();
    fireEvent.click(await screen.findByTestId('limit-prompt-skip'));
    await waitFor(() => expect(screen.queryByTestId('limit-prompt')).toBeNull());
    expect(sent('responsibleGaming.answerLimitPrompt').map((c) => c.body.get('answer'))).toEqual(['skipped']);
    expect(sent('account.setDepositLimit')).toEqual([]);
  });

  test('asks for an amount before saving nothing', async () => {
    renderPrompt();
    fireEvent.click(await screen.findByTestId('limit-prompt-save'));
    expect(await screen.findByText(/Enter a deposit limit, a loss limit or both/)).toBeTruthy();
    expect(sent('responsibleGaming.answerLimitPrompt')).toEqual([]);
  });

  test('is not shown when not due, nor to a player who has deposited', async () => {
    due = false;
    renderPrompt();
    await screen.findByText('page');
    expect(screen.queryByTestId('limit-prompt')).toBeNull();
    cleanup();
    due = true;
    renderPrompt({ hasDeposit: true });
    await screen.findByText('page');
    expect(screen.queryByTestId('limit-prompt')).toBeNull();
    expect(calls).toEqual([]);
  });

  test('in French', async () => {
    renderPrompt({ locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Fixez vos limites' })).toBeTruthy();
    expect(screen.getByLabelText('Limite de dépôt')).toBeTruthy();
    expect(screen.getByLabelText('Limite de pertes')).toBeTruthy();
    expect(screen.getByTestId('limit-prompt-skip').textContent).toBe('Pas maintenant');
  });
});
