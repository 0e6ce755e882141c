// @vitest-environment happy-dom
/**
 * Cashier components in a router with the real providers and root data, the player API answered by
 * a stubbed `fetch`: the deposit form checks the amount as the player types with both bounds in the
 * currency, and a deposit over the limit says what is left; the history shows skeletons while a
 * newly selected tab loads, then its rows.
 */
import type { DepositLimitOutput, TransactionOutput } from '@croupier/contract/cashier/common';
import type { PaymentMethodOutput } from '@croupier/contract/cashier/payment-methods';
import type { Locale } from '@croupier/contract/locales';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { ToastProvider } from '../../ui/toasts.tsx';
import { DepositForm, isDepositMethod } from './deposit-form.tsx';
import { HistoryRows } from './history-list.tsx';
import { loadMenuDeposits, MenuDepositDetalization } from './menu-deposit-detalization.tsx';
import { createCashierTestI18n } from './test-cashier-i18n.ts';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

const CARD: PaymentMethodOutput = {
  sysname: 'card',
  title: 'Bank card',
  description: 'Visa and Mastercard.',
  icons: ['payment-visa'],
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

const ROOT_DATA = {
  isAuthenticated: true,
  auth: {
    currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }],
    validationOverrides: {},
  },
};

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

function renderPage(page: ReactNode, locale: Locale = 'en') {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ROOT_DATA,
      HydrateFallback: () => null,
      Component: () => (
        <TranslationProvider translator={createCashierTestI18n(locale)}>
          <ToastProvider>
            <Outlet />
          </ToastProvider>
        </TranslationProvider>
      ),
      children: [{ path: locale === 'fr' ? 'fr/cashier/deposit' : 'cashier/deposit', Component: () => page }],
    },
  ]);
  return render(<Stub initialEntries={[locale === 'fr' ? '/fr/cashier/deposit' : '/cashier/deposit']} />);
}

describe('DepositForm', () => {
  if (!isDepositMethod(CARD)) throw new Error('the card takes deposits');
  const method = CARD;

  test('checks the amount as the player types, with both bounds formatted in the currency', async () => {
    renderPage(<DepositForm method={method} presets={[]} depositLimit={NO_LIMIT} />);
    const input = await screen.findByLabelText(/Amount \(EUR\)/);
    // The second preset is chosen to start with.
    expect((input as HTMLInputElement).value).toBe('25');
    expect(screen.getByRole('button', { name: '€25.00' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(input, { target: { value: '5' } });
    expect(await screen.findByText('Enter an amount from €10.00 to €5,000.00')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '1,500' } });
    await waitFor(() => expect(screen.queryByText('Enter an amount from €10.00 to €5,000.00')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Deposit €1,500.00' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '€50.00' }));
    expect((input as HTMLInputElement).value).toBe('50');
  });

  test('in French', async () => {
    renderPage(<DepositForm method={method} presets={[]} depositLimit={NO_LIMIT} />, 'fr');
    const input = await screen.findByLabelText(/Montant \(EUR\)/);
    fireEvent.change(input, { target: { value: '0' } });
    expect(await screen.findByText('Saisissez un montant compris entre €10.00 et €5,000.00')).toBeTruthy();
  });

  test('a deposit over the limit shows the amount still available', async () => {
    renderPage(<DepositForm method={method} presets={[]} depositLimit={NO_LIMIT} />);
    const input = await screen.findByLabelText(/Amount \(EUR\)/);
    fireEvent.change(input, { target: { value: '100' } });
    answers.push({
      status: 422,
      body: {
        status: 0,
        error: {
          type: 'BillingDepositLimitExceededException',
          code: 'deposit_limit_exceeded',
          message: 'This deposit exceeds your deposit limit.',
          data: { available_amount: eur('15.00'), period: 'day', expired_at: '2030-01-02T00:00:00.000Z' },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit €100.00' }));
    const problem = await screen.findByTestId('deposit-problem');
    expect(problem.textContent).toContain('This deposit exceeds your deposit limit');
    expect(problem.textContent).toContain('You can still deposit €15.00 until');
    expect(calls[0]?.method).toBe('cashier.makedeposit');
    expect(calls[0]?.body.get('amount')).toBe('100');
    expect(calls[0]?.body.get('method')).toBe('card');
    expect(calls[0]?.body.get('request_id')).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('HistoryRows', () => {
  const row: TransactionOutput = {
    id: 7,
    type: 'withdrawal',
    method: 'card',
    status: 'canceled',
    amount: eur('20.00'),
    requisites: {},
    created_at: '2030-01-01T09:05:00.000Z',
    updated_at: '2030-01-01T09:06:00.000Z',
    domain: 'casino.example',
    failure_code: null,
    can_cancel: false,
  };

  test('a newly selected tab shows skeletons until its first page arrives', async () => {
    renderPage(
      <HistoryRows
        tab="withdrawal"
        list={{ total: 0, items: [], pageSize: 4, inited: false }}
        methods={[CARD]}
      />,
    );
    const busy = await screen.findByLabelText('Loading transactions');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.querySelectorAll('li')).toHaveLength(4);
  });

  test('rows name the method, date (dd.mm.yyyy h:mm) and status; an empty tab says so', async () => {
    renderPage(
      <HistoryRows
        tab="withdrawal"
        list={{ total: 1, items: [row], pageSize: 4, inited: true }}
        methods={[CARD]}
      />,
    );
    const link = await screen.findByRole('link');
    expect(link.getAttribute('href')).toBe('/cashier/receipt?id=7');
    expect(link.textContent).toContain('Bank card');
    expect(link.textContent).toContain('Cancelled');
    expect(link.textContent).toMatch(/01\.01\.2030 at \d{1,2}:05/);
    // Its name is what it shows (WCAG 2.5.3, label in name): sign, amount and number included.
    expect(link.getAttribute('aria-label')).toBeNull();
    expect(link.textContent).toContain('€20.00');
    expect(link.textContent).toContain('#7');
    cleanup();
    renderPage(
      <HistoryRows tab="deposit" list={{ total: 0, items: [], pageSize: 4, inited: true }} methods={[]} />,
    );
    expect(await screen.findByText('You have not made any deposits yet.')).toBeTruthy();
  });
});

describe('MenuDepositDetalization', () => {
  const deposit: TransactionOutput = {
    id: 9,
    type: 'deposit',
    method: 'card',
    status: 'succeeded',
    amount: eur('25.00'),
    requisites: {},
    created_at: '2030-01-01T09:05:00.000Z',
    updated_at: '2030-01-01T09:06:00.000Z',
    domain: 'casino.example',
    failure_code: null,
    can_cancel: false,
  };

  test('opening the profile menu fetches the 4 latest deposits; the menu shows the latest', async () => {
    answers.push(
      { status: 200, body: { status: 1, data: { items: [deposit], total: 1 } } },
      { status: 200, body: { status: 1, data: { items: [CARD], total: 1 } } },
    );
    renderPage(<MenuDepositDetalization deposits={loadMenuDeposits(createBrowserApi('en'))} />);
    const panel = await screen.findByTestId('deposit-detalization');
    expect(panel.textContent).toContain('€25.00');
    const history = calls.find((call) => call.method === 'cashier.gethistory');
    expect(history).toBeTruthy();
    expect(calls.map((call) => call.method).sort()).toEqual(['cashier.gethistory', 'cashier.paymentMethods']);
  });

  test('the latest deposit reads amount and status on one line, its date on the next, in both languages', async () => {
    for (const [locale, line] of [
      ['en', 'Last: €25.00 · Successful'],
      ['fr', 'Dernier\u00a0: €25.00 · Réussi'],
    ] as const) {
      answers.push(
        { status: 200, body: { status: 1, data: { items: [deposit], total: 1 } } },
        { status: 200, body: { status: 1, data: { items: [CARD], total: 1 } } },
      );
      renderPage(<MenuDepositDetalization deposits={loadMenuDeposits(createBrowserApi(locale))} />, locale);
      const panel = await screen.findByTestId('deposit-detalization');
      // Not "… on 01.01.2030 at 10:05 · Successful": the 22rem card wrapped the status alone.
      expect(within(panel).getByTestId('deposit-detalization-latest').textContent).toBe(line);
      expect(within(panel).getByTestId('deposit-detalization-date').textContent).toContain('2030');
      cleanup();
    }
  });

  test('a failed load says so instead of showing stale or empty data', async () => {
    answers.push({ status: 500, body: { status: 0, error: { type: 'InternalServerErrorException' } } });
    renderPage(<MenuDepositDetalization deposits={loadMenuDeposits(createBrowserApi('en'))} />);
    expect(await screen.findByText('Your recent deposits could not be loaded.')).toBeTruthy();
  });
});
