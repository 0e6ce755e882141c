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
import { I18nextProvider } from 'react-i18next';
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
import { i18nFor } from '../i18n/i18n.ts';
import { DialogProvider } from '../ui/dialogs.tsx';
import { ToastProvider } from '../ui/toasts.tsx';
import * as home from './backoffice-index.tsx';
import * as layout from './backoffice-layout.tsx';
import * as player from './backoffice-player.tsx';
import * as signIn from './backoffice-sign-in.tsx';
import * as staff from './backoffice-staff.tsx';
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
    { path: 'staff', loader: staff.clientLoader, Component: withLoaderData(staff.default) },
    { path: 'players/:id', loader: player.clientLoader, Component: withLoaderData(player.default) },
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
    <I18nextProvider i18n={i18nFor(locale)}>
      <ToastProvider>
        <DialogProvider>
          <RouterProvider router={router} />
        </DialogProvider>
      </ToastProvider>
    </I18nextProvider>,
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
        return { status: 200, body: { data: { items: [{ ...WITHDRAWAL, review_hold: true }] } } };
      }
      return { status: 200, body: { data: WITHDRAWAL } };
    });
    renderBackoffice('/backoffice/withdrawals');
    const row = await screen.findByRole('row', { name: /42/ });
    expect(within(row).getByText('Held for review')).toBeTruthy();
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

  test("a player's file; a balance adjustment is confirmed and sent with a decimal amount, the currency, a reason and a key", async () => {
    saveToken('jwt-1');
    const file = {
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
      notes: [
        { id: 1, staff: 'support-1', body: 'Asked about limits.', created_at: '2026-11-20T09:00:00.000Z' },
      ],
    };
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
    // Payments may adjust balances, not ban nor write notes.
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add the note' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '-12.50' } });
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

describe('rules', () => {
  test('sections by permissions; servers without them: admin everything, editor the payments', () => {
    const keys = (user: Partial<BackofficeUser>) =>
      sectionsFor({ ...PAYMENTS, ...user } as BackofficeUser).map((section) => section.key);
    expect(keys({ permissions: ['audit.read', 'staff.manage'] })).toEqual(['audit', 'staff']);
    expect(keys({ permissions: [] })).toEqual([]);
    expect(keys({ permissions: undefined, role: 'admin' })).toEqual([
      'players',
      'withdrawals',
      'kyc',
      'reports',
      'content',
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
