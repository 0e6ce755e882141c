// @vitest-environment happy-dom
/**
 * The feedback form with the real translations, the player API answered by a stubbed `fetch`:
 * invalid drafts never reach the server, a sent message shows the confirmation, a flood refusal
 * keeps what was typed and says why.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import supportEn from '../../i18n/locales/en/support.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import { FeedbackForm } from './feedback-form.tsx';

function testI18n() {
  const instance = createBundlesTestI18n(
    'en',
    { en: { support: supportEn, common: commonEn, ui: uiEn } },
    'common',
  );
  return instance;
}

let calls: { method: string; body: unknown }[] = [];
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () => new Response(JSON.stringify({ status: 1, data: 1 }), { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push({ method, body: init?.body });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(isGuest: boolean) {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <TranslationProvider translator={testI18n()}>
          <FeedbackForm isGuest={isGuest} />
        </TranslationProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

describe('feedback form', () => {
  test('shows the problems of an invalid draft and sends nothing', async () => {
    renderForm(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(4);
    expect(calls).toEqual([]);
  });

  test('sends a valid message and shows the confirmation', async () => {
    renderForm(true);
    fill('Topic', 'payments');
    fill('Subject', 'Deposit');
    fill('Message', 'My deposit is not on my balance.');
    fill('Email for our answer', 'guest@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(calls.map((c) => c.method)).toEqual(['Support.sendFeedback']);
    expect(new URLSearchParams(String(calls[0]?.body)).get('email')).toBe('guest@example.com');
  });

  test('keeps the draft and explains a flood refusal', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          status: 0,
          error: {
            type: 'TooManyRequestsException',
            code: 'too_many_requests',
            message: 'Too many requests',
          },
        }),
        { status: 429 },
      );
    renderForm(false);
    fill('Topic', 'games');
    fill('Subject', 'Slot');
    fill('Message', 'The slot froze during a spin.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('several messages'));
    expect((screen.getByLabelText('Subject', { exact: false }) as HTMLInputElement).value).toBe('Slot');
  });
});
