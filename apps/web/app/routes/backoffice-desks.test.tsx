// @vitest-environment happy-dom
/**
 * The back office's content, KYC and reports desks (ADR 050) with their real loaders and texts,
 * against a fake `/nfx` (fetch): what each screen lists, what it sends, and the French texts.
 */
import type { Locale } from '@croupier/contract/locales';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { BackofficeUser } from '../features/backoffice/backoffice-api.ts';
import { ensureBackofficeTexts } from '../features/backoffice/backoffice-i18n.client.ts';
import { sectionsFor } from '../features/backoffice/backoffice-permissions.ts';
import { dropToken, saveToken } from '../features/backoffice/backoffice-session.ts';
import { parseRange, reportQuery, totalsByCurrency } from '../features/backoffice/reports.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { DialogProvider } from '../ui/dialogs.tsx';
import { ToastProvider } from '../ui/toasts.tsx';
import * as content from './backoffice-content.tsx';
import * as contentEntry from './backoffice-content-entry.tsx';
import * as kycQueue from './backoffice-kyc.tsx';
import * as kycReview from './backoffice-kyc-review.tsx';
import * as layout from './backoffice-layout.tsx';
import * as reports from './backoffice-reports.tsx';

beforeAll(async () => {
  await ensureBackofficeTexts('en');
  await ensureBackofficeTexts('fr');
});

afterEach(() => {
  cleanup();
  dropToken();
  vi.unstubAllGlobals();
});

const EDITOR: BackofficeUser = {
  id: 9,
  username: 'editor',
  email: 'editor@croupier.test',
  role: 'content',
  permissions: ['content.edit'],
  mfa: { required: false, enabled: false },
};

type Call = { method: string; path: string; body: unknown; auth: string | null };
type Answer = { status: number; body: unknown };

function fakeServer(handler: (call: Call) => Answer) {
  const calls: Call[] = [];
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
    { index: true, Component: () => null },
    { path: 'kyc', loader: kycQueue.clientLoader, Component: withLoaderData(kycQueue.default) },
    { path: 'kyc/:playerId', loader: kycReview.clientLoader, Component: withLoaderData(kycReview.default) },
    { path: 'reports', loader: reports.clientLoader, Component: withLoaderData(reports.default) },
    { path: 'content', loader: content.clientLoader, Component: withLoaderData(content.default) },
    {
      path: 'content/:collection/:id',
      loader: contentEntry.clientLoader,
      Component: withLoaderData(contentEntry.default),
    },
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

const ABOUT_FR = {
  id: 12,
  slug: 'about',
  locale: 'fr',
  title: 'À propos',
  body_html: '<p>Ancien texte</p>',
  is_published: true,
  updated_at: '2026-11-26T10:00:00.000Z',
};

describe('navigation', () => {
  test('content staff see Content, Domains and Banners; risk sees KYC', () => {
    expect(sectionsFor(EDITOR).map((section) => section.key)).toEqual(['content', 'domains', 'banners']);
    const risk = { ...EDITOR, role: 'risk', permissions: ['players.read', 'kyc.review', 'reports.read'] };
    expect(sectionsFor(risk).map((section) => section.key)).toEqual(['players', 'kyc', 'reports']);
    const payments = { ...EDITOR, role: 'payments', permissions: ['withdrawals.read', 'reports.read'] };
    expect(sectionsFor(payments).map((section) => section.key)).toEqual(['withdrawals', 'reports']);
  });
});

describe('content desk', () => {
  test('content config: sections per language, a document saved at the version read, problems named', async () => {
    saveToken('jwt-c');
    const section = {
      locale: 'fr',
      section: 'settings-seo',
      document: { defaultTitle: 'Croupier' },
      updated_at: '2026-11-26T10:00:00.000Z',
    };
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: EDITOR };
      if (method === 'GET' && path === '/nfx/content-manager/config?locale=fr') {
        return {
          status: 200,
          body: { data: [{ locale: 'fr', section: 'settings-seo', updated_at: section.updated_at }] },
        };
      }
      if (method === 'GET' && path === '/nfx/content-manager/config/fr/settings-seo') {
        return { status: 200, body: { data: section } };
      }
      if (method === 'PUT') {
        return {
          status: 400,
          body: {
            data: null,
            error: {
              status: 400,
              name: 'Error',
              message: 'x',
              details: { code: 'validation', fields: { 'document.defaultDescription': 'Required' } },
            },
          },
        };
      }
      return error(404, 'not_found');
    });
    const router = renderBackoffice('/backoffice/content?collection=config&locale=fr');
    const row = await screen.findByRole('row', { name: /settings-seo/ });
    expect(screen.queryByRole('link', { name: 'New entry' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(row).getByRole('link', { name: 'Edit settings-seo' }));
    });
    await screen.findByRole('heading', { name: 'Edit: settings-seo' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/backoffice/content/config/settings-seo?locale=fr',
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const documentField = screen.getByLabelText('Section document (JSON)') as HTMLTextAreaElement;
    fireEvent.change(documentField, { target: { value: '{"defaultTitle": "Croupier FR"}' } });
    await act(async () => {
      fireEvent.submit(documentField.form as HTMLFormElement);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Some values are not valid. Check the form. (document.defaultDescription)',
    );
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/nfx/content-manager/config/fr/settings-seo',
      body: { data: { document: { defaultTitle: 'Croupier FR' }, updated_at: section.updated_at } },
    });
  });

  test('lists French pages, edits one at the version read with a sanitised preview', async () => {
    saveToken('jwt-c');
    let entry = { ...ABOUT_FR };
    const calls = fakeServer(({ method, path, body }) => {
      if (path === '/nfx/users/me') return { status: 200, body: EDITOR };
      if (method === 'GET' && path.startsWith('/nfx/content-manager/pages?')) {
        return { status: 200, body: { data: path.includes('locale=fr') ? [entry] : [] } };
      }
      if (method === 'GET' && path === '/nfx/content-manager/pages/12')
        return { status: 200, body: { data: entry } };
      if (method === 'POST' && path === '/nfx/content-manager/pages/preview') {
        const html = (body as { data: { body_html: string } }).data.body_html;
        return { status: 200, body: { data: { body_html: html.replace(/<script>.*<\/script>/, '') } } };
      }
      if (method === 'PUT' && path === '/nfx/content-manager/pages/12') {
        const data = (body as { data: Record<string, unknown> }).data;
        if (data.updated_at !== entry.updated_at) return error(400, 'stale_version');
        entry = { ...entry, ...data, updated_at: '2026-11-26T11:00:00.000Z' } as typeof entry;
        return { status: 200, body: { data: entry } };
      }
      return error(404, 'not_found');
    });
    const router = renderBackoffice('/backoffice/content?collection=pages&locale=fr');
    await screen.findByRole('heading', { name: 'Content' });
    expect(screen.getByRole('link', { name: 'French' }).getAttribute('aria-current')).toBe('page');
    const row = await screen.findByRole('row', { name: /about/ });
    expect(row.textContent).toContain('À propos');
    expect(calls.some((call) => call.path === '/nfx/content-manager/pages?locale=fr&start=0&limit=50')).toBe(
      true,
    );

    await act(async () => {
      fireEvent.click(within(row).getByRole('link', { name: 'Edit À propos' }));
    });
    await screen.findByRole('heading', { name: 'Edit: À propos' });
    expect(router.state.location.pathname).toBe('/backoffice/content/pages/12');
    const body = screen.getByLabelText('Body (HTML)') as HTMLTextAreaElement;
    expect(body.value).toBe('<p>Ancien texte</p>');
    fireEvent.change(body, { target: { value: '<p>Nouveau texte</p><script>alert(1)</script>' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    });
    const preview = await screen.findByRole('region', { name: 'Preview as the site shows it' });
    expect(preview.innerHTML).toContain('<p>Nouveau texte</p>');
    expect(preview.innerHTML).not.toContain('script');

    await act(async () => {
      fireEvent.submit(body.form as HTMLFormElement);
    });
    await screen.findByText('Saved.');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toMatchObject({
      path: '/nfx/content-manager/pages/12',
      auth: 'Bearer jwt-c',
      body: {
        data: {
          slug: 'about',
          locale: 'fr',
          title: 'À propos',
          body_html: '<p>Nouveau texte</p><script>alert(1)</script>',
          is_published: true,
          updated_at: '2026-11-26T10:00:00.000Z',
        },
      },
    });
  });

  test('a stale version and a bad JSON field are told in French; nothing is sent for the JSON', async () => {
    saveToken('jwt-c');
    const seo = {
      id: 3,
      url: '/about',
      locale: 'fr',
      document: { title: 'x' },
      updated_at: '2026-11-26T10:00:00.000Z',
    };
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: EDITOR };
      if (method === 'GET' && path === '/nfx/content-manager/seos/3')
        return { status: 200, body: { data: seo } };
      if (method === 'PUT') return error(400, 'stale_version');
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/content/seos/3');
    await screen.findByRole('heading', { name: 'Modifier : /about' });
    const documentField = screen.getByLabelText('Document SEO (JSON)') as HTMLTextAreaElement;
    fireEvent.change(documentField, { target: { value: '{ pas du json' } });
    await act(async () => {
      fireEvent.submit(documentField.form as HTMLFormElement);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Cette valeur n'est pas valide : Document SEO (JSON).",
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(documentField, { target: { value: '{"title": "À propos"}' } });
    await act(async () => {
      fireEvent.submit(documentField.form as HTMLFormElement);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cet élément a changé entre-temps. Rechargez-le et réessayez.',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      data: { url: '/about', locale: 'fr', document: { title: 'À propos' }, updated_at: seo.updated_at },
    });
  });

  test('a new redirect is posted with numbers and booleans as the API takes them', async () => {
    saveToken('jwt-c');
    const calls = fakeServer(({ method, path, body }) => {
      if (path === '/nfx/users/me') return { status: 200, body: EDITOR };
      if (method === 'POST' && path === '/nfx/content-manager/redirects') {
        const data = (body as { data: Record<string, unknown> }).data;
        return { status: 200, body: { data: { id: 5, ...data, updated_at: '2026-11-26T10:00:00.000Z' } } };
      }
      if (method === 'GET' && path === '/nfx/content-manager/redirects/5') {
        return {
          status: 200,
          body: {
            data: {
              id: 5,
              from_url: '/old',
              to_url: '/new',
              status: 302,
              sort_order: 0,
              is_enabled: true,
              updated_at: '2026-11-26T10:00:00.000Z',
            },
          },
        };
      }
      return error(404, 'not_found');
    });
    const router = renderBackoffice('/backoffice/content/redirects/new');
    await screen.findByRole('heading', { name: 'New entry: Redirects' });
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '/old' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '/new' } });
    fireEvent.change(screen.getByLabelText('Redirect type'), { target: { value: '302' } });
    fireEvent.click(screen.getByLabelText('Enabled'));
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('From').closest('form') as HTMLFormElement);
    });
    await screen.findByRole('heading', { name: 'Edit: /old' });
    expect(router.state.location.pathname).toBe('/backoffice/content/redirects/5');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { from_url: '/old', to_url: '/new', status: 302, sort_order: 0, is_enabled: true },
    });
  });
});

const RISK: BackofficeUser = {
  id: 11,
  username: 'risk-officer',
  email: 'risk@croupier.test',
  role: 'risk',
  permissions: ['players.read', 'kyc.review'],
  mfa: { required: true, enabled: true },
};

const REVIEW = {
  player_id: 31,
  applicant_id: 'a1b2c3',
  status: 'retry',
  last_event_at: '2026-11-26T09:00:00.000Z',
  updated_at: '2026-11-26T09:00:00.000Z',
  provider: {
    review_status: 'completed',
    review_answer: 'RED',
    reject_type: 'RETRY',
    reject_labels: ['BAD_PROOF_OF_IDENTITY'],
    moderation_comment: 'The document photo is unreadable; please upload it again.',
  },
  documents: [
    { id: '7', type: 'ID_CARD', file_name: 'passport.png', mime_type: 'image/png', size: 2048 },
    { id: '8', type: 'SELFIE', file_name: 'selfie.jpg', mime_type: 'image/jpeg', size: 1024 },
  ],
  provider_error: null,
};

describe('KYC desk', () => {
  test('the queue opens a review: the provider result, an image on request, a decision with a reason', async () => {
    saveToken('jwt-r');
    let status = 'retry';
    const calls = fakeServer(({ method, path, body }) => {
      if (path === '/nfx/users/me') return { status: 200, body: RISK };
      if (path.startsWith('/nfx/operator/kyc/reviews?')) {
        return { status: 200, body: { data: { items: status === 'retry' ? [REVIEW] : [] } } };
      }
      if (path === '/nfx/operator/kyc/reviews/31')
        return { status: 200, body: { data: { ...REVIEW, status } } };
      if (path === '/nfx/operator/kyc/reviews/31/documents/7') {
        return {
          status: 200,
          body: { data: { id: '7', mime_type: 'image/png', content_base64: 'iVBORw0KGgo=' } },
        };
      }
      if (method === 'POST' && path === '/nfx/operator/kyc/reviews/31/decision') {
        status = (body as { status: string }).status;
        return { status: 200, body: { data: { status } } };
      }
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/kyc');
    await screen.findByRole('heading', { name: 'KYC reviews' });
    expect(
      calls.some(
        (call) => call.path === '/nfx/operator/kyc/reviews?status=pending%2Cretry&offset=0&count=20',
      ),
    ).toBe(true);
    const row = await screen.findByRole('row', { name: /31/ });
    expect(row.textContent).toContain('Asked to retry');
    await act(async () => {
      fireEvent.click(within(row).getByRole('link', { name: 'Open the review of player 31' }));
    });
    await screen.findByRole('heading', { name: 'KYC review: player 31' });
    const result = screen.getByRole('region', { name: "Provider's result" });
    expect(result.textContent).toContain('Red (failed)');
    expect(result.textContent).toContain('BAD_PROOF_OF_IDENTITY');
    expect(result.textContent).toContain('The document photo is unreadable');
    // Images are read only on request (each read is audited).
    expect(calls.some((call) => call.path.includes('/documents/'))).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Show the image' })[0] as HTMLElement);
    });
    const image = (await screen.findByRole('img', {
      name: 'Identity document of player 31',
    })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify player 31?' });
    const reason = within(dialog).getByRole('textbox', {
      name: 'Reason (kept in the audit log)',
    }) as HTMLTextAreaElement;
    expect(reason.required).toBe(true);
    fireEvent.change(reason, { target: { value: ' ' } });
    await act(async () => {
      fireEvent.submit(reason.form as HTMLFormElement);
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A reason is required.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(reason, { target: { value: 'passport checked by hand' } });
    await act(async () => {
      fireEvent.submit(reason.form as HTMLFormElement);
    });
    await screen.findByText('Player 31 verified.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/nfx/operator/kyc/reviews/31/decision',
      auth: 'Bearer jwt-r',
      body: { expected: 'retry', status: 'verified', reason: 'passport checked by hand' },
    });
  });

  test('in French, a provider that cannot be reached is said; a stale decision is told', async () => {
    saveToken('jwt-r');
    fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: RISK };
      if (path === '/nfx/operator/kyc/reviews/31') {
        return {
          status: 200,
          body: {
            data: { ...REVIEW, provider: null, documents: [], provider_error: 'kyc_provider_unavailable' },
          },
        };
      }
      if (method === 'POST') return error(400, 'stale_version');
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/kyc/31');
    await screen.findByRole('heading', { name: 'Vérification KYC : joueur 31' });
    expect(screen.getByRole('region', { name: 'Résultat du prestataire' }).textContent).toContain(
      "Le prestataire d'identité est injoignable",
    );
    expect(screen.getByText("Le joueur n'a encore envoyé aucun document.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser le joueur 31 ?' });
    const reason = within(dialog).getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: 'faux document' } });
    await act(async () => {
      fireEvent.submit(reason.form as HTMLFormElement);
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Cet élément a changé entre-temps. Rechargez-le et réessayez.',
    );
  });
});

const PAYMENTS: BackofficeUser = {
  id: 12,
  username: 'pay-clerk',
  email: 'pay@croupier.test',
  role: 'payments',
  permissions: ['withdrawals.read', 'reports.read'],
  mfa: { required: true, enabled: true },
};

describe('reports desk', () => {
  test('the range is inclusive on screen, exclusive on the wire; totals add decimals exactly', () => {
    const now = Date.parse('2026-11-26T15:00:00Z');
    expect(parseRange(null, null, now)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(parseRange('2026-11-01', '2026-11-01', now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(parseRange('2026-11-02', '2026-11-01', now)).toBeNull();
    expect(parseRange('2026-02-30', '2026-03-01', now)).toBeNull();
    expect(parseRange('2025-01-01', '2026-01-02', now)).toBeNull();
    expect(reportQuery({ from: '2026-12-31', to: '2026-12-31' }, 'gaming')).toEqual({
      from: '2026-12-31',
      to: '2027-01-01',
      section: 'gaming',
      format: 'json',
    });
    const totals = totalsByCurrency(
      [
        { currency: 'EUR', ggr: '0.10', ngr: '-5.00', active_players: 3 },
        { currency: 'EUR', ggr: '0.20', ngr: '1.5', active_players: 2 },
        { currency: 'BTC', ggr: '0.00000001', ngr: '0', active_players: 1 },
      ],
      ['currency', 'ggr', 'ngr', 'active_players'],
    );
    expect(Object.fromEntries(totals)).toEqual({
      EUR: { ggr: '0.30', ngr: '-3.50' },
      BTC: { ggr: '0.00000001', ngr: '0' },
    });
  });

  test('a summary for the days chosen, its totals per currency, gaming by tab, and the CSV download', async () => {
    saveToken('jwt-p');
    const calls = fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      if (path.startsWith('/nfx/operator/reports/daily?') && path.includes('section=summary')) {
        const row = (day: string, ggr: string) => ({
          day,
          currency: 'EUR',
          ggr,
          bonus_cost: '1.00',
          ngr: '9.00',
          deposits: '100.00',
          withdrawals: '30.00',
          active_players: 2,
        });
        return {
          status: 200,
          body: { data: { items: [row('2026-11-01', '10.00'), row('2026-11-02', '0.50')] } },
        };
      }
      if (path.startsWith('/nfx/operator/reports/daily?') && path.includes('section=gaming')) {
        return {
          status: 200,
          body: {
            data: {
              items: [
                {
                  day: '2026-11-01',
                  currency: 'EUR',
                  product: 'casino',
                  provider: 'croupier',
                  stakes: '15.00',
                  payouts: '25.00',
                  ggr: '-10.00',
                  bonus_ggr: '0.00',
                  players: 1,
                },
              ],
            },
          },
        };
      }
      return error(404, 'not_found');
    });
    const router = renderBackoffice('/backoffice/reports?from=2026-11-01&to=2026-11-02');
    await screen.findByRole('heading', { name: 'Reports' });
    expect(
      calls.some(
        (call) =>
          call.path ===
          '/nfx/operator/reports/daily?from=2026-11-01&to=2026-11-03&section=summary&format=json',
      ),
    ).toBe(true);
    const table = await screen.findByRole('region', { name: 'Summary' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('€10.00');
    // The totals row: GGR 10.00 + 0.50, NGR 9.00 + 9.00; active players are not added up.
    const total = rows.at(-1)?.textContent ?? '';
    expect(total).toContain('Total');
    expect(total).toContain('€10.50');
    expect(total).toContain('€18.00');
    expect(total).not.toContain('4');

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Gaming by product and provider' }));
    });
    const gaming = await screen.findByRole('region', { name: 'Gaming by product and provider' });
    expect(router.state.location.search).toBe('?section=gaming&from=2026-11-01&to=2026-11-02');
    expect(gaming.textContent).toContain('Casino');
    expect(gaming.textContent).toContain('-€10.00');
    expect(screen.getByRole('link', { name: 'Casino by game' }).getAttribute('href')).toBe(
      '/backoffice/reports?section=games&from=2026-11-01&to=2026-11-02',
    );

    const created = vi.fn(() => 'blob:report');
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => undefined;
    // The link's click would navigate the test's window to the blob: keep it where it is.
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    try {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      });
    } finally {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
    expect(calls.at(-1)).toMatchObject({
      path: '/nfx/operator/reports/daily?from=2026-11-01&to=2026-11-03&section=gaming&format=csv',
      auth: 'Bearer jwt-p',
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual(['gaming-2026-11-01-2026-11-02.csv']);
  });

  test('an impossible range is told in French without asking the server', async () => {
    saveToken('jwt-p');
    const calls = fakeServer(({ path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: PAYMENTS };
      return error(404, 'not_found');
    });
    renderBackoffice('/fr/backoffice/reports?from=2026-11-05&to=2026-11-01');
    await screen.findByRole('heading', { name: 'Rapports' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choisissez une période valide : la fin le jour du début ou après, 366 jours au plus.',
    );
    expect(calls.some((call) => call.path.startsWith('/nfx/operator/reports'))).toBe(false);
  });
});
