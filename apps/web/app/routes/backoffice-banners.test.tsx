// @vitest-environment happy-dom
/**
 * The banners desk (ADR 052) with its real loader and texts, against a fake `/nfx` (fetch): the list
 * with each banner's schedule state, the editor in both languages with the player's slide as a live
 * preview, what a save sends, refusals told in words (`stale_version`, `taken`, field problems), the
 * delete after a confirmation, and the French texts.
 */
import type { Locale } from '@croupier/contract/locales';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { BackofficeUser } from '../features/backoffice/backoffice-api.ts';
import { ensureBackofficeTexts } from '../features/backoffice/backoffice-i18n.client.ts';
import { dropToken, saveToken } from '../features/backoffice/backoffice-session.ts';
import { bannerBody, blankDraft } from '../features/backoffice/banners.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { DialogProvider } from '../ui/dialogs.tsx';
import { ToastProvider } from '../ui/toasts.tsx';
import * as banners from './backoffice-banners.tsx';
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
    { path: 'banners', loader: banners.clientLoader, Component: withLoaderData(banners.default) },
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

const text = (title: string) => ({
  title,
  text: `${title}, more`,
  image: '/nfx/media/hero.webp',
  image_mobile: null,
  button_text: 'Play',
});
const WINTER = {
  id: 4,
  key: 'winter',
  position: 'home_hero',
  priority: 1,
  starts_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  link: '/promotions',
  texts: { en: text('Winter welcome'), fr: text("Bienvenue d'hiver") },
  state: 'live',
  version: 'a'.repeat(24),
};
const SPRING = {
  ...WINTER,
  id: 5,
  key: 'spring',
  position: 'home_strip',
  starts_at: '2027-03-01T00:00:00.000Z',
  state: 'scheduled',
  version: 'b'.repeat(24),
  texts: { en: text('Spring'), fr: text('Printemps') },
};

function server(handler?: (call: Call) => Answer | undefined) {
  saveToken('token-1');
  return fakeServer((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    if (call.path === '/nfx/users/me') return { status: 200, body: EDITOR };
    if (call.path === '/nfx/operator/banners' && call.method === 'GET')
      return { status: 200, body: { data: { items: [WINTER, SPRING] } } };
    return error(404, 'not_found');
  });
}

describe('banners desk', () => {
  test('lists banners with position, key, state and priority; edits one with a live preview', async () => {
    const calls = server((call) =>
      call.method === 'PUT'
        ? { status: 200, body: { data: { ...WINTER, version: 'c'.repeat(24) } } }
        : undefined,
    );
    renderBackoffice('/backoffice/banners');
    expect(await screen.findByRole('heading', { name: 'Banners' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Home hero')).toBeTruthy();
    expect(within(table).getByText('winter')).toBeTruthy();
    expect(within(table).getByText('Live')).toBeTruthy();
    expect(within(table).getByText('Scheduled')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit banner winter' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Winter welcome' })).toBeTruthy();
    const french = screen.getByRole('group', { name: 'French' });
    const title = within(french).getByRole('textbox', { name: 'Title' });
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: 'Hiver, nouveau' } });
    // The preview is the player's slide, in the language being edited, as it is typed.
    expect(within(preview).getByRole('heading', { name: 'Hiver, nouveau' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/nfx/operator/banners/4');
    expect(put.body).toMatchObject({
      key: 'winter',
      position: 'home_hero',
      priority: 1,
      link: '/promotions',
      version: 'a'.repeat(24),
      texts: { en: { title: 'Winter welcome' }, fr: { title: 'Hiver, nouveau', image_mobile: null } },
    });
    expect(await screen.findByText('Banner saved.')).toBeTruthy();
  });

  test('refusals in words: a stale version, a taken key, field problems', async () => {
    let answer: Answer = error(400, 'stale_version');
    server((call) => (call.method === 'PUT' || call.method === 'POST' ? answer : undefined));
    renderBackoffice('/backoffice/banners');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit banner winter' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This record changed meanwhile. Reload it and try again.',
    );

    answer = {
      status: 400,
      body: {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'x',
          details: { code: 'validation', fields: { 'texts.fr.title': 'markup', link: 'unsafe' } },
        },
      },
    };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const alert = (await screen.findByRole('alert')).textContent ?? '';
    expect(alert).toContain('Title (French): markup is not allowed');
    expect(alert).toContain('Link: must be a path of this site or an https:// address');
  });

  test('deletes after a confirmation, with the version read', async () => {
    const calls = server((call) =>
      call.method === 'DELETE' ? { status: 200, body: { data: { id: 4, deleted: true } } } : undefined,
    );
    renderBackoffice('/backoffice/banners');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit banner winter' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete banner winter?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Banner deleted.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe(
      `/nfx/operator/banners/4?version=${'a'.repeat(24)}`,
    );
  });

  test('in French: the list, a new banner form and a taken key', async () => {
    server((call) => (call.method === 'POST' ? error(400, 'taken') : undefined));
    renderBackoffice('/fr/backoffice/banners');
    expect(await screen.findByRole('heading', { name: 'Bannières' })).toBeTruthy();
    expect(screen.getByText('En ligne')).toBeTruthy();
    expect(screen.getByText('Programmée')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle bannière' }));
    expect(await screen.findByRole('heading', { name: 'Nouvelle bannière', level: 2 })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Français' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Anglais' })).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Enregistrer' }).closest('form')!;
    await act(async () => {
      fireEvent.submit(form);
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Cette clé, ce code, cette adresse e-mail',
    );
  });
});

describe('bannerBody', () => {
  test('empty optional fields are null, dates ISO, priority a number', () => {
    const draft = blankDraft();
    draft.key = ' autumn ';
    draft.priority = '3';
    draft.starts_at = '2027-01-01T10:00';
    draft.texts.en.title = 'Autumn';
    expect(bannerBody(draft)).toMatchObject({
      key: 'autumn',
      priority: 3,
      starts_at: new Date('2027-01-01T10:00').toISOString(),
      finished_at: null,
      link: null,
      texts: { en: { title: 'Autumn', image_mobile: null, button_text: null } },
    });
  });
});
