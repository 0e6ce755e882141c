// @vitest-environment happy-dom
/**
 * The domains desk (ADR 053) with its real loaders and texts, against a fake `/nfx` (fetch): the
 * list, the editor's robots.txt preview as rules are typed, the save after a confirmation with the
 * version read, refusals in words, and the French texts.
 */
import type { Locale } from '@croupier/contract/locales';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { BackofficeUser } from '../features/backoffice/backoffice-api.ts';
import { ensureBackofficeTexts } from '../features/backoffice/backoffice-i18n.client.ts';
import { dropToken, saveToken } from '../features/backoffice/backoffice-session.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { DialogProvider } from '../ui/dialogs.tsx';
import { ToastProvider } from '../ui/toasts.tsx';
import * as domain from './backoffice-domain.tsx';
import * as domains from './backoffice-domains.tsx';
import * as layout from './backoffice-layout.tsx';

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
    { path: 'domains', loader: domains.clientLoader, Component: withLoaderData(domains.default) },
    { path: 'domains/:host', loader: domain.clientLoader, Component: withLoaderData(domain.default) },
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

const SEO_EN = {
  meta: [],
  organization: {
    name: 'Croupier',
    url: '/',
    logo: '/logo.svg',
    contactPoint: { telephone: '', contactType: 'support', areaServed: [], availableLanguage: ['en'] },
    sameAs: [],
  },
  product: { name: 'Croupier', image: '', description: '', sku: '', brand: { name: 'Croupier' } },
  defaults: { title: 'Online casino', description: 'Play', image: '' },
};

const STAR = {
  host: '*',
  canonical_url: null,
  sitemap_url: 'https://casino.example/sitemap.xml',
  robots_rules: [{ userAgent: '*', allow: [], disallow: ['/search'] }],
  seo: { en: SEO_EN, fr: null },
  version: '0123456789abcdef01234567',
};

const SHOP = {
  host: 'shop.casino.example',
  canonical_url: 'https://shop.casino.example',
  sitemap_url: '/sitemap.xml',
  robots_rules: [],
  seo: { en: null, fr: null },
  version: 'abcdefabcdefabcdefabcdef',
};

function domainsServer(put: (body: unknown) => Answer) {
  return fakeServer(({ method, path, body }) => {
    if (path === '/nfx/users/me') return { status: 200, body: EDITOR };
    if (method === 'GET' && path === '/nfx/operator/domains')
      return { status: 200, body: { data: { items: [STAR, SHOP] } } };
    if (method === 'GET' && path === '/nfx/operator/domains/%2A')
      return { status: 200, body: { data: STAR } };
    if (method === 'PUT' && path === '/nfx/operator/domains/%2A') return put(body);
    return error(404, 'not_found');
  });
}

describe('domains desk', () => {
  test('lists domains; an edit previews robots.txt as typed and saves after a confirmation', async () => {
    saveToken('jwt-1');
    const calls = domainsServer(() => ({
      status: 200,
      body: { data: { ...STAR, version: 'f'.repeat(24) } },
    }));
    renderBackoffice('/backoffice/domains');
    expect((await screen.findAllByRole('link', { name: 'Domains' })).length).toBeGreaterThan(0);
    const row = await screen.findByRole('row', { name: /every other host/ });
    expect(row.textContent).toContain("From the request's host");
    expect(screen.getByRole('row', { name: /shop\.casino\.example/ }).textContent).toContain('/sitemap.xml');
    await act(async () => {
      fireEvent.click(within(row).getByRole('link', { name: 'Edit * (every other host)' }));
    });
    await screen.findByRole('heading', { name: 'Domain * (every other host)' });
    const preview = screen.getByTestId('robots-preview');
    expect(preview.textContent).toBe(
      'User-agent: *\nDisallow: /search\n\nSitemap: https://casino.example/sitemap.xml\n',
    );
    fireEvent.change(screen.getByLabelText('Disallow (group 1)'), { target: { value: '/search\n/vip' } });
    expect(preview.textContent).toContain('Disallow: /vip');
    fireEvent.click(screen.getByRole('button', { name: 'Add a user-agent group' }));
    fireEvent.change(screen.getByLabelText('User agent (group 2)'), { target: { value: 'Googlebot' } });
    fireEvent.change(screen.getByLabelText('Allow (group 2)'), { target: { value: '/games$' } });
    expect(preview.textContent).toContain('User-agent: Googlebot\nAllow: /games$');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Save * (every other host)?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('Saved.');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/nfx/operator/domains/%2A',
      body: {
        version: STAR.version,
        canonical_url: null,
        sitemap_url: 'https://casino.example/sitemap.xml',
        robots_rules: [
          { userAgent: '*', allow: [], disallow: ['/search', '/vip'] },
          { userAgent: 'Googlebot', allow: ['/games$'], disallow: [] },
        ],
        seo: { en: SEO_EN, fr: null },
      },
    });
  });

  test('in French: refusals in words, the bad field named, bad JSON caught before sending', async () => {
    saveToken('jwt-1');
    const calls = domainsServer(() => ({
      status: 400,
      body: {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'server text',
          details: { code: 'validation', fields: { 'robots_rules.0.disallow.0': 'invalid_pattern' } },
        },
      },
    }));
    renderBackoffice('/fr/backoffice/domains/%2A');
    await screen.findByRole('heading', { name: 'Domaine * (tous les autres hôtes)' });
    expect(screen.getAllByRole('link', { name: 'Domaines' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Aperçu de robots.txt' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Réglages SEO (Français, JSON)'), {
      target: { value: '{ pas du json' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    });
    expect(
      await screen.findByText('Les réglages SEO (Français) ne sont pas un objet JSON valide.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Réglages SEO (Français, JSON)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Disallow (groupe 1)'), { target: { value: 'vip' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer * (tous les autres hôtes) ?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    });
    expect(
      await screen.findByText(
        'Certaines valeurs ne sont pas valides. Vérifiez le formulaire. (Règles robots)',
      ),
    ).toBeTruthy();
  });
  test('a new host is sent with its settings; a taken host is refused in words', async () => {
    saveToken('jwt-1');
    const calls = fakeServer(({ method, path }) => {
      if (path === '/nfx/users/me') return { status: 200, body: EDITOR };
      if (method === 'POST' && path === '/nfx/operator/domains') return error(400, 'domain_taken');
      return error(404, 'not_found');
    });
    renderBackoffice('/backoffice/domains/new');
    await screen.findByRole('heading', { name: 'New domain' });
    fireEvent.change(screen.getByLabelText('Host'), { target: { value: 'shop.casino.example' } });
    fireEvent.change(screen.getByLabelText('Canonical URL'), {
      target: { value: 'https://shop.casino.example' },
    });
    fireEvent.change(screen.getByLabelText('Disallow (group 1)'), {
      target: { value: '/cart\n\n/checkout ' },
    });
    expect(screen.getByTestId('robots-preview').textContent).toBe(
      'User-agent: *\nDisallow: /cart\nDisallow: /checkout\n\nSitemap: https://shop.casino.example/sitemap.xml\n',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Save shop.casino.example?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('This domain exists already.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      host: 'shop.casino.example',
      canonical_url: 'https://shop.casino.example',
      sitemap_url: '/sitemap.xml',
      robots_rules: [{ userAgent: '*', allow: [], disallow: ['/cart', '/checkout'] }],
      seo: { en: null, fr: null },
    });
  });
});
