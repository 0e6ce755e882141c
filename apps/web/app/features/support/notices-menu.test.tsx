// @vitest-environment happy-dom
/**
 * The notices menu with the real translations, the API answered by a stubbed `fetch`: nothing is
 * asked before the first interaction, then once, then again on each path change; the unread count
 * shows on the button; a failed load is logged and the button stays.
 */
import { createApiClient, fetchTransport } from '@croupier/contract/client';
import { findMethod } from '@croupier/contract/registry';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import supportEn from '../../i18n/locales/en/support.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { NoticesMenu } from './notices-menu.tsx';

function testI18n() {
  const instance = createBundlesTestI18n(
    'en',
    { en: { support: supportEn, common: commonEn, ui: uiEn } },
    'common',
  );
  return instance;
}

let calls: string[] = [];
let fail = false;

beforeEach(() => {
  calls = [];
  fail = false;
  vi.stubGlobal('fetch', async (url: string) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push(method);
    if (fail) return new Response('oops', { status: 502 });
    const data =
      method === 'notices.get'
        ? {
            items: [
              {
                id: 3,
                kind: 'feedback_received',
                link: null,
                is_read: false,
                created_at: '2030-01-01T10:00:00.000Z',
              },
            ],
            unread: 1,
          }
        : 1;
    return new Response(JSON.stringify({ status: 1, data }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu() {
  const api = createApiClient(
    fetchTransport({ locale: () => 'en' }),
    (name) => findMethod(name)?.http ?? 'GET',
  );
  const element = (
    <TranslationProvider translator={testI18n()}>
      <DialogProvider>
        <NoticesMenu api={api} />
      </DialogProvider>
    </TranslationProvider>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('notices menu', () => {
  test('loads after the first interaction and on each path change, showing the unread count', async () => {
    const router = renderMenu();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    fireEvent.touchStart(window);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy());
    expect(calls).toEqual(['notices.get']);
    await act(() => router.navigate('/gamehall'));
    await waitFor(() => expect(calls).toEqual(['notices.get', 'notices.get']));
  });

  test('opening the menu lists the notices and marks them read', async () => {
    renderMenu();
    fireEvent.click(window);
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(button);
    expect(await screen.findByText(/We received your message/)).toBeTruthy();
    await waitFor(() => expect(calls).toContain('notices.markRead'));
    await waitFor(() =>
      expect(screen.getByTestId('notices-button').getAttribute('aria-label')).toBe('Notifications'),
    );
  });

  test('a failed load is logged and the button stays', async () => {
    fail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderMenu();
    fireEvent.click(window);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('notices failed to load', expect.anything()));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    logged.mockRestore();
  });
});
