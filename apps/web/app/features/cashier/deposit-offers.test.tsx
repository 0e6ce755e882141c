// @vitest-environment happy-dom
/**
 * Deposit offers on the deposit form (spec §3 depositOffers, campaign_offer_id default -1; Offer
 * `params.exclude_methods`): "no bonus" chosen by default, `?offer={id}` preselects an allowed
 * offer, an excluded one cannot be chosen, the minimum deposit is shown in the method's currency,
 * and the choice goes to `cashier.makedeposit`.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import type { DepositLimitOutput } from '@croupier/contract/cashier/common';
import type { PaymentMethodOutput } from '@croupier/contract/cashier/payment-methods';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import campaignsEn from '../../i18n/locales/en/campaigns.json' with { type: 'json' };
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { DepositForm, isDepositMethod } from './deposit-form.tsx';
import { depositOffersOf, initialOfferChoice, NO_OFFER, offerFromQuery } from './deposit-offers.tsx';
import { MethodList } from './method-list.tsx';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

const CARD: PaymentMethodOutput = {
  sysname: 'card',
  title: 'Bank card',
  description: '',
  icons: [],
  min_max_text: '',
  currency: 'EUR',
  deposit: { min: eur('10.00'), max: eur('5000.00'), presets: [eur('10.00'), eur('25.00'), eur('50.00')] },
  withdrawal: null,
  deposit_requisites: [],
  withdrawal_requisites: [],
};

const NO_LIMIT: DepositLimitOutput = {
  period: 'none',
  limit_amount: null,
  available_amount: null,
  expired_at: null,
  can_edit: true,
  limits: [],
};

function offer(id: number, title: string, extra: Partial<OfferOutput> = {}): OfferOutput {
  return {
    id,
    trigger: 'deposit',
    title,
    description: `${title} terms`,
    promotions: [],
    min_deposits: [],
    exclude_methods: [],
    ends_at: null,
    is_taken: false,
    ...extra,
  };
}

const WELCOME = offer(1, 'Welcome 100%', {
  min_deposits: [eur('20.00'), { amount: '3000', currency: 'JPY' }],
});
const RELOAD = offer(2, 'Reload 50%');
const NO_CARD = offer(3, 'Wallets only', { exclude_methods: ['card'] });
const OFFERS = [WELCOME, RELOAD, NO_CARD];

let answers: Array<{ status: number; body: unknown }> = [];
let calls: { method: string; body: URLSearchParams }[] = [];

beforeEach(() => {
  answers = [];
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    calls.push({ method: /\/api\/([^?]+)/.exec(url)?.[1] ?? '', body: init.body ?? new URLSearchParams() });
    const answer = answers.shift() ?? { status: 200, body: { status: 1, data: 1 } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(page: ReactNode, entry = '/cashier/deposit') {
  const i18n = createBundlesTestI18n(
    'en',
    { en: { cashier: cashierEn, ui: uiEn, campaigns: campaignsEn } },
    'cashier',
  );
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({
        isAuthenticated: true,
        auth: { currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }], validationOverrides: {} },
      }),
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={i18n}>
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        </TranslationProvider>
      ),
      children: [{ path: 'cashier/deposit', Component: () => page }],
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

if (!isDepositMethod(CARD)) throw new Error('the card takes deposits');
const method = CARD;

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('deposit offers', () => {
  test('no bonus by default; the minimum in the currency; an excluded offer cannot be chosen', async () => {
    renderPage(<DepositForm method={method} presets={[]} depositLimit={NO_LIMIT} offers={OFFERS} />);
    await screen.findByText('Choose a bonus');
    expect(radio(/No bonus/).checked).toBe(true);
    expect(screen.getByTestId('deposit-offer-1').textContent).toContain('Min. deposit €20.00');
    expect(screen.getByTestId('deposit-offer-1').textContent).not.toContain('3,000');
    expect(radio(/Wallets only/).disabled).toBe(true);
    expect(screen.getByTestId('deposit-offer-3').textContent).toContain(
      'Not available with this payment method',
    );
  });

  test('the chosen offer goes to cashier.makedeposit; no bonus sends -1', async () => {
    renderPage(<DepositForm method={method} presets={[]} depositLimit={NO_LIMIT} offers={OFFERS} />);
    await screen.findByText('Choose a bonus');
    fireEvent.click(radio(/Reload 50%/));
    expect(radio(/Reload 50%/).checked).toBe(true);
    answers.push({
      status: 400,
      body: {
        status: 0,
        error: {
          type: 'InvalidParameterException',
          code: 'campaign_offer_not_eligible',
          message: 'This offer is not available for your account.',
          fields: { campaign_offer_id: 'not_eligible' },
        },
      },
    });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('This offer is not available for your account.')).toBeTruthy();
    expect(calls[0]?.method).toBe('cashier.makedeposit');
    expect(calls[0]?.body.get('campaign_offer_id')).toBe('2');

    fireEvent.click(radio(/No bonus/));
    answers.push({
      status: 503,
      body: { status: 0, error: { type: 'BillingUnavailableException', code: 'x', message: 'Down' } },
    });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body.get('campaign_offer_id')).toBe('-1');
  });

  test('?offer={id} preselects that offer', async () => {
    renderPage(
      <DepositForm method={method} presets={[]} depositLimit={NO_LIMIT} offers={OFFERS} requestedOffer={1} />,
    );
    await screen.findByText('Choose a bonus');
    expect(radio(/Welcome 100%/).checked).toBe(true);
  });

  test('the method links keep ?offer, so the preselection follows the player', async () => {
    renderPage(
      <MethodList
        methods={[CARD, { ...CARD, sysname: 'wallet', title: 'E-wallet' }]}
        selected="card"
        layout="container"
      />,
      '/cashier/deposit?offer=2',
    );
    const wallet = await screen.findByTestId('deposit-method-wallet');
    expect(wallet.getAttribute('href')).toBe('/cashier/deposit/wallet?offer=2');
    cleanup();
    renderPage(
      <MethodList methods={[CARD]} selected="card" layout="container" />,
      '/cashier/deposit?offer=x',
    );
    expect((await screen.findByTestId('deposit-method-card')).getAttribute('href')).toBe(
      '/cashier/deposit/card',
    );
  });

  test('no offers: nothing is drawn', async () => {
    renderPage(<DepositForm method={method} presets={[]} depositLimit={NO_LIMIT} offers={[]} />);
    await screen.findByTestId('deposit-submit');
    expect(screen.queryByTestId('deposit-offers')).toBeNull();
  });
});

describe('deposit offer helpers', () => {
  test('initial choice: the requested offer when listed and allowed with the method, else none', () => {
    expect(initialOfferChoice(OFFERS, 'card', 1)).toBe(1);
    expect(initialOfferChoice(OFFERS, 'card', 3)).toBe(NO_OFFER);
    expect(initialOfferChoice(OFFERS, 'wallet', 3)).toBe(3);
    expect(initialOfferChoice(OFFERS, 'card', 99)).toBe(NO_OFFER);
    expect(initialOfferChoice(OFFERS, 'card', null)).toBe(NO_OFFER);
  });

  test('?offer is a positive id', () => {
    expect(offerFromQuery('?offer=12')).toBe(12);
    for (const search of ['', '?offer=', '?offer=0', '?offer=-1', '?offer=abc', '?offer=1.5', '?offer=01']) {
      expect(offerFromQuery(search)).toBeNull();
    }
  });

  test('the page lists deposit offers not taken yet', () => {
    const listed = depositOffersOf([
      WELCOME,
      offer(4, 'Taken', { is_taken: true }),
      offer(5, 'Action', { trigger: 'action' }),
    ]);
    expect(listed.map((entry) => entry.id)).toEqual([1]);
  });
});
