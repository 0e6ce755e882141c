// @vitest-environment happy-dom
/**
 * The back office's routes with their real loaders, texts and session handling, against a fake
 * `/nfx` (fetch): sign-in first without a token, the second factor when the server asks for it, the
 * navigation by permissions, the withdrawal queue and its approval, a 401 that drops the token, and
 * the French texts. Plus the small rules: permissions of older servers' roles, where sign-in may
 * lead, the secret's groups, the audit filters, translated errors.
 */
import type { Locale } from '@croupier/contract/locales';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { auditQuery } from '../features/backoffice/audit.ts';
import { BackofficeApiError, type BackofficeUser } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { groupSecret } from '../features/backoffice/backoffice-format.ts';
import { ensureBackofficeTexts } from '../features/backoffice/backoffice-i18n.client.ts';
import { safeNext } from '../features/backoffice/backoffice-paths.ts';
import { needsMfaEnrolment, sectionsFor } from '../features/backoffice/backoffice-permissions.ts';
import { dropToken, readToken, saveToken } from '../features/backoffice/backoffice-session.ts';
import { promoCodesCsv } from '../features/backoffice/promotions.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { DialogProvider } from '../ui/dialogs.tsx';
import { ToastProvider } from '../ui/toasts.tsx';
import * as deposits from './backoffice-deposits.tsx';
import * as home from './backoffice-index.tsx';
import * as jackpots from './backoffice-jackpots.tsx';
import * as layout from './backoffice-layout.tsx';
import * as loyalty from './backoffice-loyalty.tsx';
import * as player from './backoffice-player.tsx';
import * as promotions from './backoffice-promotions.tsx';
import * as signIn from './backoffice-sign-in.tsx';
import * as staff from './backoffice-staff.tsx';
import * as tournaments from './backoffice-tournaments.tsx';
import * as trading from './backoffice-trading.tsx';
import * as tradingEvent from './backoffice-trading-event.tsx';
import * as withdrawals from './backoffice-withdrawals.tsx';

beforeAll(async () => {
  await ensureBackofficeTexts('en');
  await ensureBackofficeTexts('fr');
});

afterEach(() => {
  cleanup();
  dropToken();
  vi.unstubAllGlobals();
});

/** A player's file as `GET /nfx/operator/players/3` answers it. */
const PLAYER_FILE = {
  account: {
    id: 3,
    login: 'ana@example.test',
    login_type: 'email',
    status: 'active',
    currency: 'EUR',
    country_code: 'FR',
    created_at: '2026-11-01T10:00:00.000Z',
    locale: 'fr',
    status_changed_at: null,
    registration_completed: true,
    two_factor_enabled: false,
    first_name: 'Ana',
    last_name: 'Lopez',
    birth_date: '1990-01-01',
    contacts: [
      { type: 'email', value: 'ana@example.test', confirmed: true, is_login: true, subscribed: false },
    ],
  },
  balances: { balance_main: { amount: '70.00', currency: 'EUR' } },
  transactions: { items: [], total: 0 },
  verification: { onVerification: false, verified: true, kycBlock: false },
  exclusion: null,
  limits: {
    currency: 'EUR',
    limits: [
      {
        kind: 'loss',
        period: 'week',
        limit_amount: { amount: '100.00', currency: 'EUR' },
        used_amount: { amount: '30.00', currency: 'EUR' },
        left_amount: { amount: '70.00', currency: 'EUR' },
        pending_limit_amount: null,
        pending_removal: false,
        pending_effective_at: null,
      },
    ],
    exclusion: null,
  },
  bonuses: {
    items: [
      {
        id: 5,
        kind: 'deposit_match',
        status: 'wagering',
        name: 'Welcome 100%',
        description: '',
        amount: { amount: '20.00', currency: 'EUR' },
        balance: { amount: '20.00', currency: 'EUR' },
        wagering: {
          multiplier: 30,
          required: { amount: '600.00', currency: 'EUR' },
          progress: { amount: '45.00', currency: 'EUR' },
          left: { amount: '555.00', currency: 'EUR' },
        },
        max_bet: null,
        max_win: null,
        converted: null,
        activate_by: '2026-12-01T00:00:00.000Z',
        wager_by: null,
        created_at: '2026-11-19T09:00:00.000Z',
      },
    ],
    total: 1,
  },
  bets: {
    items: [
      {
        id: '41',
        kind: 'single',
        status: 'won',
        placed_at: '2026-11-20T18:00:00.000Z',
        settled_at: '2026-11-20T20:00:00.000Z',
        lines: 1,
        stake: { amount: '5.00', currency: 'EUR' },
        source: 'main',
        odds: '2.10',
        potential_payout: { amount: '10.50', currency: 'EUR' },
        payout: { amount: '10.50', currency: 'EUR' },
        cash_out: null,
        legs: [
          {
            event_id: '9',
            event_name: 'Lyon v Nantes',
            sport: 'football',
            start_time: '2026-11-20T18:30:00.000Z',
            market_name: 'Match result',
            outcome_name: 'Lyon',
            odds: '2.10',
            live: false,
            result: 'won',
          },
        ],
      },
    ],
    total: 1,
  },
  rounds: {
    items: [
      {
        id: 'r-1',
        game: { sysname: 'croupier-dice', name: 'Dice' },
        mode: 'real',
        bet: { amount: '1.00', currency: 'EUR' },
        win: { amount: '1.98', currency: 'EUR' },
        status: 'closed',
        created_at: '2026-11-21T09:00:00.000Z',
        closed_at: '2026-11-21T09:00:01.000Z',
      },
    ],
    total: 1,
  },
  sessions: [
    {
      created_at: '2026-11-22T08:00:00.000Z',
      last_seen_at: '2026-11-22T08:30:00.000Z',
      expires_at: '2026-12-22T08:00:00.000Z',
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (iPhone)',
    },
  ],
  notes: [{ id: 1, staff: 'support-1', body: 'Asked about limits.', created_at: '2026-11-20T09:00:00.000Z' }],
};

const PAYMENTS: BackofficeUser = {
  id: 7,
  username: 'pay-clerk',
  email: 'pay@croupier.test',
  role: 'payments',
  permissions: ['players.read', 'players.adjust_balance', 'withdrawals.read', 'withdrawals.decide'],
  mfa: { required: true, enabled: true },
};

const WITHDRAWAL = {
  id: 42,
  type: 'withdrawal',
  method: 'card',
  status: 'pending',
  amount: { amount: '30.00', currency: 'EUR' },
  requisites: { card: '4242 **** **** 4242' },
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  failure_code: null,
  player_id: 3,
  review_hold: false,
};

type Answer = { status: number; body: unknown };
type Handler = (request: { method: string; path: string; body: unknown; auth: string | null }) => Answer;

/** A fake `/nfx`: every call is recorded, the handler answers. */
function fakeServer(handler: Handler) {
  const calls: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        method: init.method ?? 'GET',
        path: input,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.authorization ?? null,
      };
      calls.push(call);
      const answer = handler(call);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const error = (status: number, code: string): Answer => ({
  status,
  body: { data: null, error: { status, name: 'Error', message: 'server text', details: { code } } },
});

/** Framework route modules give `loaderData` as a prop; a memory router gives it by hook. */
function withLoaderData(Page: ComponentType<never>) {
  return function Route() {
    const loaderData = useLoaderData();
    const Component = Page as ComponentType<{ loaderData: unknown }>;
    return <Component loaderData={loaderData} />;
  };
}

function renderBackoffice(path: string) {
  const locale: Locale = path.startsWith('/fr') ? 'fr' : 'en';
  const children = [
    { index: true, loader: home.clientLoader, Component: withLoaderData(home.default) },
    { path: 'sign-in', Component: signIn.default },
    {
      path: 'withdrawals',
      loader: withdrawals.clientLoader,
      Component: withLoaderData(withdrawals.default),
    },
    { path: 'deposits', loader: deposits.clientLoader, Component: withLoaderData(deposits.default) },
    { path: 'staff', loader: staff.clientLoader, Component: withLoaderData(staff.default) },
    { path: 'players/:id', loader: player.clientLoader, Component: withLoaderData(player.default) },
    {
      path: 'promotions',
      loader: promotions.clientLoader,
      Component: withLoaderData(promotions.default),
    },
    { path: 'trading', loader: trading.clientLoader, Component: withLoaderData(trading.default) },
    {
      path: 'trading/:eventId',
      loader: tradingEvent.clientLoader,
      Component: withLoaderData(tradingEvent.default),
    },
    {
      path: 'tournaments',
      loader: tournaments.clientLoader,
      Component: withLoaderData(tournaments.default),
    },
    { path: 'jackpots', loader: jackpots.clientLoader, Component: withLoaderData(jackpots.default) },
    { path: 'loyalty', loader: loyalty.clientLoader, Component: withLoaderData(loyalty.default) },
  ];
  const base = (prefix: string) => ({
    id: `${prefix}backoffice`,
    path: `${prefix}/backoffice`,
    loader: layout.clientLoader,
    shouldRevalidate: layout.shouldRevalidate,
    HydrateFallback: layout.HydrateFallback,
    Component: layout.default,
    children: children.map((child) => ({ ...child, id: `${prefix}${child.path ?? 'index'}` })),
  });
  // The route modules' clientLoader types are framework mode's; the loaders themselves are plain.
  const routes = [base(''), base('/fr')] as unknown as RouteObject[];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TranslationProvider translator={i18nFor(locale)}>
      <ToastProvider>
        <DialogProvider>
          <RouterProvider router={router} />
        </DialogProvider>
      </ToastProvider>
    </TranslationProvider>,
  );
  return router;
}

describe('signing in', () => {
  test('without a token a page sends to sign-in; the second factor is asked when the server wants it', async () => {
    let attempts = 0;
    const calls = fakeServer(({ path, body, auth }) => {
      if (path === '/nfx/auth/local') {
        attempts += 1;
        const code = (body as { code?: string }).code;
        if (!code) return error(400, 'mfa_code_required');
        if (code !== '123456') return error(400, 'invalid_mfa_code');
        return { status: 200, body: { jwt: 'jwt-1', user: PAYMENTS } };
      }
      if (path === '/nfx/users/me' && auth === 'Bearer jwt-1') return { status: 200, body: PAYMENTS };
      if (path.startsWith('/nfx/operator/withdrawals')) return { status: 200, body: { data: { items: [] } } };
      return error(401, 'invalid_token');
    });
    const router = renderBackoffice('/backoffice/withdrawals?status=paid');
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(router.state.location.search).toBe('?next=%2Fbackoffice%2Fwithdrawals%3Fstatus%3Dpaid');

    fireEvent.change(screen.getByLabelText(/Email or username/), { target: { value: 'pay-clerk' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText(/Authentication code/);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is wrong or was already used. Wait for the next one and try again.',
    );

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await screen.findByRole('heading', { name: 'Payments: withdrawals' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/backoffice/withdrawals?status=paid',
    );
    expect(readToken()).toBe('jwt-1');
    expect(attempts).toBe(3);
    expect(calls.find((call) => call.path.startsWith('/nfx/operator'))?.auth).toBe('Bearer jwt-1');
  });

  test('a wrong password is told in words, never the server body', async () => {
    fakeServer(() => error(400, 'invalid_credentials'));
    renderBackoffice('/backoffice/sign-in');
    fireEvent.change(await screen.findByLabelText(/Email or username/), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong identifier or password.');
  });
});

describe('signed in', () => {
  test('the navigation shows what the permissions allow; a withdrawal is approved after confirming', async () => {
    saveToken('jwt-1');
    let status = 'pending';
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      if (path.startsWith('/nfx/operator/withdrawals?')) {
        return { status: 200, body: { data: { items: status === 'pending' ? [WITHDRAWAL] : [] } } };
      }
      if (method === 'POST' && path === '/nfx/operator/withdrawals/42/approve') {
        status = 'approved';
        return { status: 200, body: { data: { ...WITHDRAWAL, status } } };
      }
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/withdrawals');
    const row = await screen.findByRole('row', { name: /42/ });
    expect(row.textContent).toContain('€30.00');
    const navs = screen.getAllByRole('navigation', { name: 'Back office sections' });
    expect(
      within(navs[0] as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Players', 'Payments']);

    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal 42?' });
    expect(dialog.textContent).toContain('€30.00 will be paid out to player 3.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    });
    await screen.findByText('Withdrawal 42 approved.');
    await screen.findByText('No withdrawals with this status.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/nfx/operator/withdrawals/42/approve', body: {}, auth: 'Bearer jwt-1' },
    ]);
  });

  test('a rejection needs a reason, sent as its code', async () => {
    saveToken('jwt-1');
    const calls = fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      if (path.startsWith('/nfx/operator/withdrawals?'))
        return { status: 200, body: { data: { items: [WITHDRAWAL] } } };
      return error(409, 'conflict');
    });
    renderBackoffice('/backoffice/withdrawals');
    const row = await screen.findByRole('row', { name: /42/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal 42?' });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' }) as HTMLSelectElement;
    expect(reason.required).toBe(true);
    fireEvent.change(reason, { target: { value: 'suspected_fraud' } });
    await act(async () => {
      fireEvent.submit(reason.form as HTMLFormElement);
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Someone changed this request meanwhile. Reload the list and check it again.',
    );
    expect(calls.at(-1)).toMatchObject({
      path: '/nfx/operator/withdrawals/42/reject',
      body: { reason: 'suspected_fraud' },
    });
  });

  test('a held withdrawal is approved only as reviewed', async () => {
    saveToken('jwt-1');
    const calls = fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      if (path.startsWith('/nfx/operator/withdrawals?')) {
        const risk = {
          kyc: 'none',
          kyc_block: false,
          fraud_score: 95,
          fraud_score_high: true,
          open_bonuses: 1,
          deposited: { amount: '20.00', currency: 'EUR' },
          withdrawn: { amount: '0.00', currency: 'EUR' },
          net_deposits: { amount: '20.00', currency: 'EUR' },
        };
        return { status: 200, body: { data: { items: [{ ...WITHDRAWAL, review_hold: true, risk }] } } };
      }
      return { status: 200, body: { data: WITHDRAWAL } };
    });
    renderBackoffice('/backoffice/withdrawals');
    const row = await screen.findByRole('row', { name: /42/ });
    expect(within(row).getByText('Held for review')).toBeTruthy();
    // Its risk signals: identity, the fraud score, open bonuses, the player's net deposits.
    expect(row.textContent).toContain('IdentityNot verifiedFraud score95Open bonuses1Net deposits€20.00');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal 42?' });
    const reviewed = within(dialog).getByRole('checkbox') as HTMLInputElement;
    expect(reviewed.required).toBe(true);
    fireEvent.click(reviewed);
    await act(async () => {
      fireEvent.submit(reviewed.form as HTMLFormElement);
    });
    await screen.findByText('Withdrawal 42 approved.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/nfx/operator/withdrawals/42/approve',
      body: { reviewed: true },
    });
  });

  test('an admin changes a role after confirming; their own role cannot be changed', async () => {
    saveToken('jwt-1');
    const admin: BackofficeUser = {
      ...PAYMENTS,
      id: 1,
      username: 'boss',
      role: 'admin',
      permissions: ['staff.manage'],
    };
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: admin };
      if (method === 'GET' && path.startsWith('/nfx/users?')) return { status: 200, body: [admin, PAYMENTS] };
      if (method === 'PUT') return { status: 200, body: { ...PAYMENTS, role: 'risk' } };
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/staff');
    const own = await screen.findByRole('row', { name: /boss/ });
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(own.textContent).toContain('Administrator · you');
    const other = screen.getByRole('row', { name: /pay-clerk/ });
    fireEvent.change(within(other).getByRole('combobox', { name: 'Role of pay-clerk' }), {
      target: { value: 'risk' },
    });
    fireEvent.click(within(other).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change this role?' });
    expect(dialog.textContent).toContain('pay-clerk: Payments → Risk.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('Role of pay-clerk changed.');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/nfx/users/7/role',
      body: { role: 'risk' },
      auth: 'Bearer jwt-1',
    });
  });

  test('in French, an admin adds a staff member (the setup link shown) and turns off a lost two-factor', async () => {
    saveToken('jwt-1');
    const admin: BackofficeUser = {
      ...PAYMENTS,
      id: 1,
      username: 'boss',
      role: 'admin',
      permissions: ['staff.manage'],
    };
    const clerk: BackofficeUser = { ...PAYMENTS, mfa: { required: true, enabled: true } };
    const link = 'http://casino.test/nfx/auth/setup#code=abc';
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: admin };
      if (method === 'GET' && path.startsWith('/nfx/users?')) return { status: 200, body: [admin, clerk] };
      if (method === 'POST' && path === '/nfx/users') {
        return {
          status: 200,
          body: {
            user: { ...PAYMENTS, id: 8, username: 'trader-1', role: 'trader' },
            setup_link: link,
            emailed: true,
          },
        };
      }
      if (method === 'DELETE')
        return { status: 200, body: { ...clerk, mfa: { required: true, enabled: false } } };
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/staff');
    const form = await screen.findByRole('region', { name: "Ajouter un membre de l'équipe" });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'trader@croupier.test' } });
    fireEvent.change(within(form).getByLabelText('Rôle'), { target: { value: 'trader' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    });
    expect((await screen.findByTestId('staff-setup-link')).textContent).toContain(link);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/nfx/users',
      body: { email: 'trader@croupier.test', role: 'trader' },
    });

    const row = screen.getByRole('row', { name: /pay-clerk/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Désactiver la double authentification' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Désactiver la double authentification de pay-clerk ?',
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Désactiver la double authentification' }));
    });
    await screen.findByText('Double authentification de pay-clerk désactivée.');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ path: '/nfx/users/7/mfa' });
  });

  test("a player's file; a balance adjustment is confirmed and sent with a decimal amount, the currency, a reason and a key", async () => {
    saveToken('jwt-1');
    const file = PLAYER_FILE;
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      if (method === 'GET' && path === '/nfx/operator/players/3')
        return { status: 200, body: { data: file } };
      if (method === 'POST') return { status: 200, body: { data: {} } };
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/players/3');
    await screen.findByRole('heading', { name: 'ana@example.test' });
    expect(screen.getByRole('region', { name: 'Money and verification' }).textContent).toContain('€70.00');
    expect(screen.getByText('Asked about limits.')).toBeTruthy();
    // Limits, bonuses, sports bets, game rounds and live sessions, as the player's pages list them.
    expect(screen.getByRole('region', { name: 'Loss and wager limits' }).textContent).toContain(
      'Loss · 7 days€100.00€30.00€70.00',
    );
    expect(screen.getByRole('region', { name: 'Bonuses (1)' }).textContent).toContain(
      'Welcome 100%Wagering€20.00€45.00 / €600.00',
    );
    expect(screen.getByRole('region', { name: 'Sports bets (1)' }).textContent).toContain(
      '#41 Lyon v Nantes: Lyon',
    );
    expect(screen.getByRole('region', { name: 'Game rounds (1)' }).textContent).toContain('Dice');
    expect(screen.getByRole('region', { name: 'Live sessions' }).textContent).toContain('203.0.113.7');
    // Payments may adjust balances, not ban, write notes nor force a password reset.
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add the note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Force a password reset' })).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '-12.50' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'duplicate bonus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adjust the balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the balance?' });
    expect(dialog.textContent).toContain(
      '-€12.50 will be debited from the main balance of ana@example.test.',
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust the balance' }));
    });
    await screen.findByText('Balance adjusted: -€12.50.');
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted).toMatchObject({
      path: '/nfx/operator/players/3/adjustments',
      body: { amount: '-12.50', currency: 'EUR', reason: 'duplicate bonus' },
    });
    expect((posted?.body as { idempotency_key?: string } | undefined)?.idempotency_key).toMatch(
      /^[A-Za-z0-9_-]{8,64}$/,
    );
  });

  test('in French, support forces a password reset with a reason, after a confirmation', async () => {
    saveToken('jwt-1');
    const support: BackofficeUser = {
      ...PAYMENTS,
      role: 'support',
      permissions: ['players.read', 'players.note', 'players.sessions', 'players.password_reset'],
    };
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: support };
      if (method === 'GET' && path === '/nfx/operator/players/3')
        return { status: 200, body: { data: PLAYER_FILE } };
      if (method === 'POST') return { status: 200, body: { data: { emailed: true } } };
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/players/3');
    await screen.findByRole('heading', { name: 'ana@example.test' });
    expect(screen.getByRole('region', { name: 'Paris sportifs (1)' }).textContent).toContain('Gagné');
    expect(screen.queryByRole('button', { name: 'Ajuster le solde' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Motif de la réinitialisation'), {
      target: { value: 'compte partagé' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Imposer un nouveau mot de passe' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Imposer un nouveau mot de passe à ana@example.test ?',
    });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Imposer un nouveau mot de passe' }));
    });
    await screen.findByText('Réinitialisation imposée : le joueur a reçu un lien.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/nfx/operator/players/3/password-reset',
      body: { reason: 'compte partagé' },
    });
  });

  test('the deposit search sends the query, status and days; results link to the player', async () => {
    saveToken('jwt-1');
    const payments: BackofficeUser = {
      ...PAYMENTS,
      permissions: [...(PAYMENTS.permissions ?? []), 'deposits.read'],
    };
    const deposit = {
      id: 77,
      method: 'card',
      status: 'succeeded',
      amount: { amount: '50.00', currency: 'EUR' },
      created_at: '2026-11-25T10:00:00.000Z',
      failure_code: null,
      player_id: 3,
      provider_payment_id: 'sbx_pay_123',
    };
    const calls = fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: payments };
      if (path.startsWith('/nfx/operator/deposits')) {
        return { status: 200, body: { data: { items: [deposit], more: false } } };
      }
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/deposits?q=3&status=succeeded&from=2026-11-01&to=2026-11-30&offset=bad');
    const row = await screen.findByRole('row', { name: /77/ });
    expect(row.textContent).toContain('€50.00');
    expect(row.textContent).toContain('sbx_pay_123');
    expect(within(row).getByRole('link', { name: '3' }).getAttribute('href')).toBe('/backoffice/players/3');
    expect(screen.getAllByRole('link', { name: 'Deposits' })[0]?.getAttribute('aria-current')).toBe('page');
    const sent = calls.find((call) => call.path.startsWith('/nfx/operator/deposits'));
    expect(sent?.path).toBe(
      '/nfx/operator/deposits?offset=0&count=20&q=3&status=succeeded&from=2026-11-01&to=2026-11-30',
    );
  });

  test('signing out drops the token and shows the sign-in form', async () => {
    saveToken('jwt-1');
    fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      return { status: 200, body: { data: { items: [] } } };
    });
    const router = renderBackoffice('/fr/backoffice/withdrawals');
    fireEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    await screen.findByRole('heading', { name: "Connexion de l'équipe" });
    expect(router.state.location.pathname).toBe('/fr/backoffice/sign-in');
    expect(readToken()).toBeNull();
  });

  test('a 401 drops the token and leads to sign-in', async () => {
    saveToken('expired');
    fakeServer(() => error(401, 'invalid_token'));
    const router = renderBackoffice('/backoffice');
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(router.state.location.pathname).toBe('/backoffice/sign-in');
    expect(readToken()).toBeNull();
  });

  test('in French', async () => {
    saveToken('jwt-1');
    fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      return { status: 200, body: { data: { items: [WITHDRAWAL] } } };
    });
    renderBackoffice('/fr/backoffice/withdrawals');
    await screen.findByRole('heading', { name: 'Paiements : retraits' });
    const row = await screen.findByRole('row', { name: /42/ });
    expect(row.textContent).toContain('30,00\u00a0€');
    expect(within(row).getByRole('button', { name: 'Approuver' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'En attente' }).getAttribute('aria-current')).toBe('page');
  });
});

const TRADER: BackofficeUser = {
  id: 9,
  username: 'desk-trader',
  email: 'trader@croupier.test',
  role: 'trader',
  permissions: ['sportsbook.read', 'sportsbook.trade'],
  mfa: { required: true, enabled: true },
};

const TRADING_EVENT = {
  event: {
    id: 'sr:match:1',
    sport: 'football',
    tournament: 'Premier League',
    home: 'Arsenal',
    away: 'Chelsea',
    start_time: '2026-11-26T20:00:00.000Z',
    status: 'live',
    score: '1–0',
    period: '1st half',
    held: false,
    hold_reason: null,
  },
  markets: [
    {
      key: '1x2',
      name: '1X2',
      feed_status: 'active',
      recovery: false,
      held: false,
      hold_reason: null,
      state: 'active',
      version: 'active.0.o',
      stakes: [{ amount: '15.00', currency: 'EUR' }],
      outcomes: [
        {
          key: 'home',
          name: 'Arsenal',
          odds: '2.000',
          active: true,
          result: null,
          liability: [{ currency: 'EUR', amount: '5.00', payout: '20.00', bets: 1 }],
        },
        {
          key: 'draw',
          name: 'Draw',
          odds: '3.000',
          active: true,
          result: null,
          liability: [{ currency: 'EUR', amount: '0.00', payout: '15.00', bets: 1 }],
        },
        {
          key: 'away',
          name: 'Chelsea',
          odds: '4.000',
          active: true,
          result: null,
          liability: [{ currency: 'EUR', amount: '-15.00', payout: '0.00', bets: 0 }],
        },
      ],
    },
  ],
};

describe('sportsbook trading', () => {
  test('the events list, live first, opens an event with its liability; a market is suspended with a reason', async () => {
    saveToken('jwt-t');
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: TRADER };
      if (path === '/nfx/operator/sportsbook/events')
        return {
          status: 200,
          body: {
            data: {
              items: [
                {
                  id: 'sr:match:1',
                  sport: 'football',
                  status: 'live',
                  start_time: '2026-11-26T20:00:00.000Z',
                  home: 'Arsenal',
                  away: 'Chelsea',
                  score: '1–0',
                  held: false,
                  markets: { total: 3, open: 2, held: 1, settled: 0 },
                },
              ],
            },
          },
        };
      if (method === 'GET' && path === '/nfx/operator/sportsbook/events/sr%3Amatch%3A1')
        return { status: 200, body: { data: TRADING_EVENT } };
      if (method === 'POST' && path.endsWith('/markets/1x2/suspend'))
        return { status: 200, body: { data: { held: true } } };
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/trading');
    const link = await screen.findByRole('link', { name: 'Arsenal – Chelsea' });
    const navs = screen.getAllByRole('navigation', { name: 'Back office sections' });
    expect(
      within(navs[0] as HTMLElement)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Trading']);
    expect(screen.getByRole('row', { name: /Arsenal/ }).textContent).toContain('Live');
    fireEvent.click(link);
    const market = await screen.findByRole('region', { name: '1X2' });
    const home = within(market).getByRole('row', { name: /Arsenal/ });
    expect(home.textContent).toContain('€5.00');
    expect(within(market).getByRole('row', { name: /Chelsea/ }).textContent).toContain('-€15.00');
    fireEvent.click(within(market).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend 1X2' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' }) as HTMLInputElement;
    expect(reason.required).toBe(true);
    fireEvent.change(reason, { target: { value: 'suspicious volume' } });
    await act(async () => {
      fireEvent.submit(reason.form as HTMLFormElement);
    });
    await screen.findByText('1X2 is suspended.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/nfx/operator/sportsbook/events/sr%3Amatch%3A1/markets/1x2/suspend',
        body: { reason: 'suspicious volume' },
        auth: 'Bearer jwt-t',
      },
    ]);
  });

  test('the events list is read again every 5 seconds', async () => {
    saveToken('jwt-t');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let score = '0–0';
      const calls = fakeServer(({ path }) => {
        if (path === '/nfx/users/me') return { status: 200, body: TRADER };
        if (path === '/nfx/operator/sportsbook/events')
          return {
            status: 200,
            body: {
              data: {
                items: [
                  {
                    id: 'sr:match:1',
                    sport: 'football',
                    status: 'live',
                    start_time: '2026-11-26T20:00:00.000Z',
                    home: 'Arsenal',
                    away: 'Chelsea',
                    score,
                    held: false,
                    markets: { total: 1, open: 1, held: 0, settled: 0 },
                  },
                ],
              },
            },
          };
        return error(404, 'not_found');
      });
      renderBackoffice('/backoffice/trading');
      expect((await screen.findByRole('row', { name: /Arsenal/ })).textContent).toContain('0–0');
      score = '1–0';
      const reads = () => calls.filter((c) => c.path === '/nfx/operator/sportsbook/events').length;
      expect(reads()).toBe(1);
      // The page's interval starts in its effect, which on a busy machine can run just after the
      // first rows show: five seconds are moved on until a read follows (one does, within a check).
      await vi.waitFor(
        async () => {
          await act(async () => {
            vi.advanceTimersByTime(5000);
          });
          expect(reads()).toBeGreaterThanOrEqual(2);
        },
        { timeout: 3000 },
      );
      await screen.findByText('1–0');
    } finally {
      vi.useRealTimers();
    }
  });

  test('a settlement shows its money first, then is confirmed with the version the trader saw', async () => {
    saveToken('jwt-t');
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: TRADER };
      if (method === 'GET' && path === '/nfx/operator/sportsbook/events/sr%3Amatch%3A1')
        return { status: 200, body: { data: TRADING_EVENT } };
      if (method === 'POST' && path.endsWith('/preview'))
        return {
          status: 200,
          body: {
            data: {
              market: '1x2',
              mode: 'settle',
              version: 'active.0.o',
              allowed: true,
              effect: [
                {
                  currency: 'EUR',
                  bets: 2,
                  waiting: 0,
                  paid_before: '0.00',
                  paid_after: '20.00',
                  difference: '20.00',
                },
              ],
            },
          },
        };
      if (method === 'POST' && path.endsWith('/settle')) return { status: 200, body: { data: {} } };
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/trading/sr%3Amatch%3A1');
    const market = await screen.findByRole('region', { name: '1X2' });
    fireEvent.click(within(market).getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle 1X2' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Arsenal' }), { target: { value: 'won' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'official result' },
    });
    expect(within(dialog).queryByRole('button', { name: 'Confirm the settlement' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Preview the money' }));
    });
    const preview = await within(dialog).findByRole('region', { name: 'Money it moves' });
    expect(preview.textContent).toContain('€20.00');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm the settlement' }));
    });
    await screen.findByText('1X2 is settled.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path.split('/').at(-1), c.body])).toEqual([
      ['preview', { mode: 'settle', results: { home: 'won', draw: 'lost', away: 'lost' } }],
      [
        'settle',
        {
          results: { home: 'won', draw: 'lost', away: 'lost' },
          reason: 'official result',
          version: 'active.0.o',
        },
      ],
    ]);
  });

  test('in French', async () => {
    saveToken('jwt-t');
    fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: TRADER };
      if (path === '/nfx/operator/sportsbook/events/sr%3Amatch%3A1')
        return { status: 200, body: { data: TRADING_EVENT } };
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/trading/sr%3Amatch%3A1');
    const market = await screen.findByRole('region', { name: '1X2' });
    expect(within(market).getByRole('button', { name: 'Suspendre' })).toBeTruthy();
    expect(within(market).getByRole('button', { name: 'Régler' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tous les événements' })).toBeTruthy();
    expect(market.textContent).toContain('Exposition');
  });
});

const MARKETING: BackofficeUser = {
  id: 9,
  username: 'marketer',
  email: 'marketing@croupier.test',
  role: 'marketing',
  permissions: ['affiliates.read', 'promotions.edit'],
  mfa: { required: false, enabled: false },
};

const LEVELS = [
  {
    position: 1,
    threshold: 0,
    name: { en: 'Bronze', fr: 'Bronze' },
    perks: { en: ['Welcome'], fr: ['Bienvenue'] },
    image: '/b.svg',
  },
  {
    position: 2,
    threshold: 500,
    name: { en: 'Silver', fr: 'Argent' },
    perks: { en: ['Cashback'], fr: ['Cashback'] },
    image: '/s.svg',
  },
];
const PROGRAMME = {
  id: 1,
  key: 'club',
  version: 'abcdef0123456789',
  enabled: true,
  active: true,
  name: { en: 'Club', fr: 'Club' },
  description: { en: '', fr: '' },
  points_alias: { en: 'points', fr: 'points' },
  points_alias_one: { en: 'point' },
  expiry_days: 90,
  downgrade: 'keep',
  rates: [{ product: 'casino', game_type: null, currency: 'EUR', points: 1, per_amount: '1.00' }],
  levels: LEVELS,
};

describe('marketing desks', () => {
  test('a new tournament: messages before any call, the player card as preview, then the body sent', async () => {
    saveToken('jwt-1');
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (method === 'GET' && path === '/nfx/operator/tournaments')
        return { status: 200, body: { data: { items: [] } } };
      if (method === 'POST' && path === '/nfx/operator/tournaments')
        return { status: 200, body: { data: { id: 5 } } };
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/tournaments');
    await screen.findByText('No tournament yet.');
    const navs = screen.getAllByRole('navigation', { name: 'Back office sections' });
    expect(
      within(navs[0] as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Promotions', 'Tournaments', 'Jackpots', 'Loyalty']);
    fireEvent.click(screen.getByRole('button', { name: 'New tournament' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await screen.findAllByText('Required.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Use lower-case letters, digits and dashes (up to 63).')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Key/), { target: { value: 'spring-cup' } });
    fireEvent.change(screen.getByLabelText(/^Name \(English\)/), { target: { value: 'Spring Cup' } });
    fireEvent.change(screen.getByLabelText(/^Name \(French\)/), { target: { value: 'Coupe de printemps' } });
    fireEvent.change(screen.getByLabelText(/^Games/), { target: { value: 'neon-reels, aurora-reels' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '250' } });
    const preview = screen.getByTestId('marketing-preview');
    expect(within(preview).getByRole('heading', { name: 'Spring Cup' })).toBeTruthy();
    expect(within(preview).getByTestId('tournament-prize').textContent).toContain('250');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    await screen.findByText('Created.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/nfx/operator/tournaments',
      body: {
        key: 'spring-cup',
        name: { en: 'Spring Cup', fr: 'Coupe de printemps' },
        entry: 'opt_in',
        games: ['neon-reels', 'aurora-reels'],
        prizes: [{ from: 1, to: 1, kind: 'cash', amount: '250' }],
      },
    });
  });

  test('loyalty levels in French: the preview is the player card; a demoting edit is refused in words', async () => {
    saveToken('jwt-1');
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (method === 'GET' && path === '/nfx/operator/loyalty/programmes')
        return { status: 200, body: { data: { items: [PROGRAMME] } } };
      return error(400, 'level_demotes_players');
    });
    renderBackoffice('/fr/backoffice/loyalty');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier les niveaux de Club' }));
    const threshold = screen.getAllByLabelText('Points de niveau requis')[1] as HTMLInputElement;
    fireEvent.change(threshold, { target: { value: '900' } });
    fireEvent.change(screen.getAllByLabelText('Nom (français)')[1] as HTMLElement, {
      target: { value: 'Argent+' },
    });
    const cards = screen.getAllByTestId('loyalty-level-card');
    expect(cards[1]?.textContent).toContain('Argent+');
    expect(cards[1]?.textContent).toContain('900');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(
      (
        await screen.findAllByText(
          "Ces niveaux feraient descendre des joueurs sous le niveau qu'ils ont : refusé.",
        )
      ).length,
    ).toBeGreaterThan(0);
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toMatchObject({
      path: '/nfx/operator/loyalty/programmes/1',
      body: {
        version: 'abcdef0123456789',
        levels: [{ threshold: 0 }, { threshold: 900, name: { fr: 'Argent+' } }],
      },
    });
    expect(put?.body).not.toHaveProperty('key');
  });
});

describe('jackpots desk', () => {
  test('an edit sends the version read and the running switch; the money rules stay locked', async () => {
    saveToken('jwt-1');
    const jackpot = {
      id: 3,
      key: 'mega',
      version: '0123456789abcdef',
      name: { en: 'Mega Drop', fr: 'Méga Drop' },
      currency: 'EUR',
      contribution_bp: 100,
      reserve_bp: 2000,
      seed: '1000.00',
      ceiling: '5000.00',
      enabled: true,
      games: ['neon-reels'],
      cycle: 2,
      amount: '1234.56',
    };
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (method === 'GET' && path === '/nfx/operator/jackpots')
        return { status: 200, body: { data: { items: [jackpot] } } };
      return { status: 200, body: { data: jackpot } };
    });
    renderBackoffice('/backoffice/jackpots');
    const row = await screen.findByRole('row', { name: /Mega Drop/ });
    expect(row.textContent).toContain('€1,234.56');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Mega Drop' }));
    const ceiling = screen.getByLabelText(/^Ceiling/) as HTMLInputElement;
    expect(ceiling.closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText(/are locked once a jackpot exists/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name \(English\)/), { target: { value: 'Mega Drop XL' } });
    fireEvent.click(screen.getByLabelText(/^Running/));
    const preview = screen.getByTestId('marketing-preview');
    expect(within(preview).getByRole('heading', { name: 'Mega Drop XL' })).toBeTruthy();
    expect(within(preview).getByTestId('jackpot-amount').textContent).toContain('1,234.56');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('Saved.');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/nfx/operator/jackpots/3',
      body: {
        version: '0123456789abcdef',
        enabled: false,
        name: { en: 'Mega Drop XL', fr: 'Méga Drop' },
        contribution_bp: 100,
        reserve_bp: 2000,
        seed: '1000.00',
        ceiling: '5000.00',
        games: ['neon-reels'],
      },
    });
  });
});

describe('rules', () => {
  test('sections by permissions; servers without them: admin everything, editor the payments', () => {
    const keys = (user: Partial<BackofficeUser>) =>
      sectionsFor({ ...PAYMENTS, ...user } as BackofficeUser).map((section) => section.key);
    expect(keys({ permissions: ['audit.read', 'staff.manage'] })).toEqual(['audit', 'staff']);
    expect(keys({ permissions: [] })).toEqual([]);
    expect(keys({ permissions: undefined, role: 'admin' })).toEqual([
      'players',
      'withdrawals',
      'deposits',
      'kyc',
      'reports',
      'content',
      'domains',
      'banners',
      'promotions',
      'trading',
      'tournaments',
      'jackpots',
      'loyalty',
      'audit',
      'staff',
    ]);
    expect(keys({ permissions: undefined, role: 'editor' })).toEqual(['withdrawals']);
    expect(keys({ permissions: undefined, role: null })).toEqual([]);
    expect(needsMfaEnrolment({ ...PAYMENTS, mfa: { required: true, enabled: false } })).toBe(true);
    expect(needsMfaEnrolment({ ...PAYMENTS, mfa: { required: false, enabled: false } })).toBe(false);
    expect(needsMfaEnrolment({ ...PAYMENTS, mfa: undefined })).toBe(false);
  });

  test('sign-in leads only to a back-office page of the same language', () => {
    expect(safeNext('en', '/backoffice/audit?outcome=done')).toBe('/backoffice/audit?outcome=done');
    expect(safeNext('fr', '/fr/backoffice/staff')).toBe('/fr/backoffice/staff');
    for (const next of [
      null,
      '//evil.test/backoffice/',
      'https://evil.test',
      '/cashier',
      '/backoffice\\x',
      '/backofficex',
    ]) {
      expect(safeNext('en', next)).toBe('/backoffice');
    }
  });

  test('the secret in groups of four; the audit filters as the endpoint takes them', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    const query = auditQuery(
      new URLSearchParams('action=cashier.approve_withdrawal&outcome=&from=2026-11-26T10:00&start=50'),
    );
    expect(query).toEqual({
      action: 'cashier.approve_withdrawal',
      from: new Date('2026-11-26T10:00').toISOString(),
      start: 50,
      limit: 50,
    });
  });

  test('errors are translated by code, else by status', () => {
    const t = i18nFor('en').t;
    expect(errorText(t, new BackofficeApiError(403, 'own_role'))).toBe('You cannot change your own role.');
    expect(errorText(t, new BackofficeApiError(403, 'something_new'))).toBe('Your role does not allow this.');
    expect(errorText(t, new BackofficeApiError(0, 'network'))).toBe(
      'The server could not be reached. Check your connection.',
    );
    expect(errorText(t, new BackofficeApiError(502, 'unknown'))).toBe(
      'The service is unavailable right now. Try again in a moment.',
    );
    expect(errorText(t, new Error('boom'))).toBe('Something went wrong. Try again.');
    expect(errorText(i18nFor('fr').t, new BackofficeApiError(400, 'invalid_credentials'))).toBe(
      'Identifiant ou mot de passe incorrect.',
    );
  });
});

describe('promotions', () => {
  const MARKETING: BackofficeUser = {
    id: 9,
    username: 'promo-lead',
    email: 'promo@croupier.test',
    role: 'marketing',
    permissions: ['affiliates.read', 'promotions.edit'],
    mfa: { required: false, enabled: false },
  };
  const OFFER = {
    id: 5,
    key: 'spring-code',
    version: 'a'.repeat(24),
    trigger: 'promo_code',
    title: { en: 'Spring code', fr: 'Code du printemps' },
    description: { en: 'Enter it', fr: 'Saisissez-le' },
    first_deposit_only: false,
    min_deposit: {},
    currencies: [],
    exclude_methods: [],
    template_ids: [1],
    starts_at: '2026-01-01T00:00:00.000Z',
    ends_at: null,
    enabled: true,
  };
  const POPUP = {
    id: 3,
    key: 'spring-popup',
    version: 'b'.repeat(24),
    title: { en: 'Spring is here', fr: 'Le printemps est là' },
    content: { en: 'Ten euros for you.', fr: 'Dix euros pour vous.' },
    offer_id: 5,
    starts_at: '2026-01-01T00:00:00.000Z',
    ends_at: null,
    enabled: true,
  };

  test('marketing creates a promo code for an offer; the list of codes downloads as CSV', async () => {
    saveToken('jwt-1');
    const codes: { code: string; usage_limit: number; used: number }[] = [];
    const calls = fakeServer(({ method, path, body }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (path.startsWith('/nfx/operator/bonus-templates'))
        return { status: 200, body: { data: { items: [] } } };
      if (method === 'GET' && path === '/nfx/operator/offers')
        return { status: 200, body: { data: { items: [OFFER] } } };
      if (method === 'GET' && path.startsWith('/nfx/operator/offers/5/promo-codes')) {
        return { status: 200, body: { data: { items: codes } } };
      }
      if (method === 'POST' && path === '/nfx/operator/offers/5/promo-codes') {
        const made = (body as { codes: string[] }).codes.map((code) => ({ code, usage_limit: 1, used: 0 }));
        codes.push(...made);
        return { status: 200, body: { data: { items: made } } };
      }
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/promotions?tab=offers&codes=5');
    await screen.findByRole('heading', { name: 'Promo codes of spring-code' });
    const navs = screen.getAllByRole('navigation', { name: 'Back office sections' });
    expect(
      within(navs[0] as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Promotions', 'Tournaments', 'Jackpots', 'Loyalty']);
    fireEvent.change(screen.getByLabelText('Codes (separated by spaces or commas)'), {
      target: { value: 'spring26' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create codes' }));
    });
    await screen.findByText('1 code created.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/nfx/operator/offers/5/promo-codes',
        body: { codes: ['spring26'], usage_limit: 1 },
        auth: 'Bearer jwt-1',
      },
    ]);
    await screen.findByRole('button', { name: 'Download all codes (CSV)' });
    expect(promoCodesCsv('spring-code', [{ code: '=SUM(A1)', usage_limit: 1, used: 0 }])).toBe(
      "offer,code,usage_limit,used,starts_at,ends_at\r\nspring-code,'=SUM(A1),1,0,,\r\n",
    );
  });

  test("in French, the offers list shows each offer's French title", async () => {
    saveToken('jwt-1');
    fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (method === 'GET' && path.startsWith('/nfx/operator/bonus-templates'))
        return { status: 200, body: { data: { items: [] } } };
      if (method === 'GET' && path === '/nfx/operator/offers')
        return { status: 200, body: { data: { items: [OFFER] } } };
      if (method === 'GET' && path === '/nfx/operator/popups')
        return { status: 200, body: { data: { items: [POPUP] } } };
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/promotions?tab=offers');
    const row = await screen.findByTestId('offer-row-spring-code');
    expect(row.textContent).toContain('Code du printemps');
    expect(row.textContent).not.toContain('Spring code');
  });

  test('the popup editor previews with the player popup, in French; a stale version is told', async () => {
    saveToken('jwt-1');
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (method === 'GET' && path === '/nfx/operator/offers')
        return { status: 200, body: { data: { items: [OFFER] } } };
      if (method === 'GET' && path === '/nfx/operator/popups')
        return { status: 200, body: { data: { items: [POPUP] } } };
      if (method === 'PUT') return error(400, 'stale_version');
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/promotions?tab=popups&edit=3');
    const preview = await screen.findByRole('region', { name: 'Aperçu' });
    expect(within(preview).getByTestId('campaign-popup-spring-popup').textContent).toContain(
      'Ten euros for you.',
    );
    fireEvent.change(screen.getAllByLabelText('Anglais')[1] as HTMLElement, {
      target: { value: 'Twenty euros.\nSee you.' },
    });
    expect(within(preview).getByTestId('campaign-popup-spring-popup').textContent).toContain('Twenty euros.');
    fireEvent.click(within(preview).getByRole('button', { name: 'FR' }));
    expect(within(preview).getByText('Dix euros pour vous.')).toBeTruthy();
    expect(within(preview).getByText('Le printemps est là')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cet élément a changé entre-temps. Rechargez-le et réessayez.',
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/nfx/operator/popups/3',
      body: {
        version: 'b'.repeat(24),
        content: { en: 'Twenty euros.\nSee you.', fr: 'Dix euros pour vous.' },
      },
    });
  });
  test('an offer is edited with its conditions and its version; the trigger stays', async () => {
    saveToken('jwt-1');
    const deposit = { ...OFFER, trigger: 'deposit', min_deposit: { EUR: '10.00' }, currencies: ['EUR'] };
    const calls = fakeServer(({ method, path, body }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (method === 'GET' && path === '/nfx/operator/bonus-templates') {
        return {
          status: 200,
          body: {
            data: { items: [{ id: 1, key: 'welcome-100', name: { en: 'Welcome', fr: 'Bienvenue' } }] },
          },
        };
      }
      if (method === 'GET' && path === '/nfx/operator/offers')
        return { status: 200, body: { data: { items: [deposit] } } };
      if (method === 'PUT') return { status: 200, body: { data: body } };
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/promotions?tab=offers&edit=5');
    const minimum = await screen.findByLabelText('Minimum deposit per currency (deposit offers)');
    expect((minimum as HTMLInputElement).value).toBe('EUR 10.00');
    expect((screen.getByLabelText('Given on') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(minimum, { target: { value: 'EUR 20, usd 25.50' } });
    fireEvent.click(screen.getByLabelText('Only players who have never deposited'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('Saved.');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/nfx/operator/offers/5',
      body: {
        version: 'a'.repeat(24),
        trigger: 'deposit',
        min_deposit: { EUR: '20', USD: '25.50' },
        currencies: ['EUR'],
        first_deposit_only: true,
        template_ids: [1],
        starts_at: '2026-01-01T00:00:00Z',
        ends_at: null,
      },
    });
  });
  test('a new deposit-match template is sent with its amounts as decimal strings; a refusal is told in French', async () => {
    saveToken('jwt-1');
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: MARKETING };
      if (method === 'GET' && path === '/nfx/operator/bonus-templates')
        return { status: 200, body: { data: { items: [] } } };
      if (method === 'POST') return error(400, 'template_in_use');
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/promotions?tab=templates&edit=new');
    const form = await screen.findByTestId('template-form');
    fireEvent.change(within(form).getByLabelText('Clé'), { target: { value: 'spring-match' } });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'deposit_match' } });
    fireEvent.change(within(form).getByLabelText('Pourcentage du dépôt'), { target: { value: '50' } });
    fireEvent.change(within(form).getByLabelText('Plafond'), { target: { value: '100.00' } });
    fireEvent.change(within(form).getByLabelText('Machines à sous'), { target: { value: '100' } });
    expect(within(form).queryByLabelText('Montant')).toBeNull();
    await act(async () => {
      fireEvent.submit(form);
    });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Des joueurs détiennent des bonus de ce modèle : seuls son titre, sa description et son activation peuvent changer.',
    );
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/nfx/operator/bonus-templates',
      body: {
        key: 'spring-match',
        kind: 'deposit_match',
        percent: 50,
        contributions: { slot: 100 },
        amounts: {
          EUR: {
            cap: '100.00',
            min_deposit: null,
            fixed: null,
            max_win: null,
            max_bet: null,
            spin_bet: null,
          },
        },
      },
    });
  });
});
