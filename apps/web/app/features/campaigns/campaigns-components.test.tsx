// @vitest-environment happy-dom
/**
 * The promo-code field and the post-login popup queue in a router with the real dialog and toast
 * providers, the API answered by a stubbed `fetch` per method: the spec §8 failure handling
 * (first code's text, INVALID fallback, aria-invalid, promo_not_found event), the activated popup
 * and the betting-bonus confirm, the queue order (unseen cashback, then campaign popups), its
 * silence on game and deposit pages, and `#popup-preview`.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import type { CashbackOutput } from '@croupier/contract/cashbacks/common';
import type { PopupOutput } from '@croupier/contract/popups/get';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TranslationProvider } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { DialogProvider } from '../../ui/dialogs.tsx';
import { ToastProvider } from '../../ui/toasts.tsx';
import { LOGIN_MARKER, markLoggedIn } from './login-marker.ts';
import { PopupQueueRunner } from './popup-queue.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';
import { createCampaignsTestI18n } from './test-campaigns-i18n.ts';

interface Call {
  method: string;
  params: URLSearchParams;
}
let calls: Call[] = [];
let answers: Record<string, Array<{ status: number; body: unknown }>> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  window.sessionStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: { method?: string; body?: URLSearchParams } = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const method = /\/api\/([^?]+)/.exec(parsed.pathname)?.[1] ?? '';
    calls.push({
      method,
      params: init.method === 'POST' ? (init.body ?? new URLSearchParams()) : parsed.searchParams,
    });
    const answer = answers[method]?.shift() ?? { status: 200, body: { status: 1, data: 1 } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(method: string, data: unknown) {
  answers[method] = [...(answers[method] ?? []), { status: 200, body: { status: 1, data } }];
}

function refuse(method: string, fields: Record<string, string>) {
  answers[method] = [
    ...(answers[method] ?? []),
    {
      status: 400,
      body: {
        status: 0,
        error: { type: 'InvalidParameterException', code: 'promo_code_x', message: 'Server text', fields },
      },
    },
  ];
}

const callsOf = (method: string) => calls.filter((call) => call.method === method);

function renderPage(page: ReactNode, locale: 'en' | 'fr' = 'en') {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <TranslationProvider translator={createCampaignsTestI18n(locale)}>
          <ToastProvider>
            <DialogProvider>{page}</DialogProvider>
          </ToastProvider>
        </TranslationProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[locale === 'fr' ? '/fr/profile/settings' : '/profile/settings']} />);
}

const OFFER: OfferOutput = {
  id: 3,
  trigger: 'promo_code',
  title: 'Free 10 bonus with a promo code',
  description: 'd',
  promotions: [{ template_id: 9, kind: 'no_deposit', name: 'No-deposit 10', description: 'Slots only' }],
  min_deposits: [],
  exclude_methods: [],
  ends_at: null,
  is_taken: true,
};

async function submitCode(code: string) {
  const input = await screen.findByLabelText('Promo code');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
  return input;
}

describe('PromoCodeForm', () => {
  test('a refused code: the first promo_code code’s text, the field invalid, the promo_not_found event', async () => {
    refuse('campaigns.activateOffer', { promo_code: 'EXPIRED,EXHAUSTED' });
    renderPage(<PromoCodeForm />);
    const input = await submitCode('old2020');
    expect(await screen.findByText('This promo code has expired.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('campaigns.activateOffer')[0]?.params.get('promo_code')).toBe('old2020');
    await waitFor(() => expect(callsOf('events.handle')).toHaveLength(1));
    const event = callsOf('events.handle')[0]!.params;
    expect(event.get('event_name')).toBe('promo_not_found');
    expect(JSON.parse(event.get('event_params') ?? '{}')).toEqual({
      promo_code: 'old2020',
      reason: 'EXPIRED',
    });
    // Typing again clears the mark.
    fireEvent.change(input, { target: { value: 'old2021' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('This promo code has expired.')).toBeNull();
  });

  test('an unknown first code falls back to INVALID (French too)', async () => {
    refuse('campaigns.activateOffer', { promo_code: 'SOMETHING_ELSE' });
    renderPage(<PromoCodeForm />, 'fr');
    const input = await screen.findByLabelText('Code promo');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByText("Ce code promo n'est pas valide.")).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(callsOf('events.handle')).toHaveLength(1));
  });

  test('an empty code is refused without a call', async () => {
    renderPage(<PromoCodeForm />);
    const input = await submitCode('   ');
    expect(await screen.findByText('Enter a promo code.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  test('an activated code opens the popup saying what was granted', async () => {
    answer('campaigns.activateOffer', OFFER);
    const onActivated = vi.fn();
    renderPage(<PromoCodeForm onActivated={onActivated} />);
    const input = await submitCode('welcome10');
    const dialog = await screen.findByRole('dialog', { name: 'Promo code activated' });
    expect(dialog.textContent).toContain('No-deposit 10');
    expect(dialog.textContent).toContain('No-deposit bonus');
    expect(onActivated).toHaveBeenCalledWith(OFFER);
    expect((input as HTMLInputElement).value).toBe('');
    expect(callsOf('events.handle')).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Betting bonus activated' })).toBeNull();
  });

  test('a betting bonus: the betting-bonus confirm follows the popup, linking to /promotions', async () => {
    answer('campaigns.activateOffer', {
      ...OFFER,
      promotions: [{ template_id: 11, kind: 'betting', name: 'Free bet 5', description: '' }],
    });
    renderPage(<PromoCodeForm />);
    await submitCode('BET5');
    await screen.findByRole('dialog', { name: 'Promo code activated' });
    expect(screen.queryByRole('dialog', { name: 'Betting bonus activated' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Great' }));
    const confirm = await screen.findByRole('dialog', { name: 'Betting bonus activated' });
    expect(confirm.querySelector('a')?.getAttribute('href')).toBe('/promotions');
  });
});

const CASHBACK: CashbackOutput = {
  id: 7,
  status: 'active',
  name: 'Weekly cashback',
  description: '',
  amount: { amount: '12.50', currency: 'EUR' },
  net_loss: { amount: '125.00', currency: 'EUR' },
  percent: '10',
  start_date: '2026-11-16T00:00:00.000Z',
  end_date: '2026-11-23T00:00:00.000Z',
  receiving_expired_at: '2026-11-30T00:00:00.000Z',
  paid_out_at: null,
  created_at: '2026-11-23T00:00:00.000Z',
};

function popup(key: string, title: string): PopupOutput {
  return { id: key.length, key, title, content: `${title} text`, offer_id: null, ends_at: null };
}

function Queue({
  uid = 5,
  path = '/',
  search = '',
  hash = '',
}: {
  uid?: number;
  path?: string;
  search?: string;
  hash?: string;
}) {
  return <PopupQueueRunner uid={uid} path={path} search={search} hash={hash} api={createBrowserApi('en')} />;
}

/** A page whose path the test changes, as navigation would. */
function Navigable({ initial }: { initial: string }) {
  const [path, setPath] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setPath('/gamehall')}>
        go
      </button>
      <Queue path={path} />
    </>
  );
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('post-login popup queue', () => {
  test('the unseen cashback first (stored on close), then the campaign popups in order', async () => {
    markLoggedIn(window.sessionStorage);
    answer('cashbacks.get', { items: [CASHBACK], total: 1 });
    answer('storage.get', { already_seen_cashback_id: '6' });
    answer('popups.get', { items: [popup('first', 'First offer'), popup('second-one', 'Second offer')] });
    renderPage(<Queue />);
    const cashback = await screen.findByRole('dialog', { name: 'Your cashback' });
    expect(cashback.textContent).toContain('Claim');
    const list = callsOf('cashbacks.get')[0]!.params;
    expect([list.get('sort'), list.get('order'), list.get('statuses'), list.get('count')]).toEqual([
      'end_date',
      'desc',
      'paid_out,active',
      '1',
    ]);
    expect(screen.queryByRole('dialog', { name: 'First offer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('dialog', { name: 'First offer' });
    await waitFor(() => expect(callsOf('storage.set')).toHaveLength(1));
    expect(Object.fromEntries(callsOf('storage.set')[0]!.params)).toEqual({
      key: 'already_seen_cashback_id',
      value: '7',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('dialog', { name: 'Second offer' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Once per login: the marker is gone.
    expect(window.sessionStorage.getItem(LOGIN_MARKER)).toBeNull();
  });

  test('a seen cashback is not shown again; the campaign popups still are', async () => {
    markLoggedIn(window.sessionStorage);
    answer('cashbacks.get', { items: [CASHBACK], total: 1 });
    answer('storage.get', { already_seen_cashback_id: '7' });
    answer('popups.get', { items: [popup('first', 'First offer')] });
    renderPage(<Queue />);
    await screen.findByRole('dialog', { name: 'First offer' });
    expect(screen.queryByRole('dialog', { name: 'Your cashback' })).toBeNull();
  });

  test('Claim pays the active cashback out', async () => {
    markLoggedIn(window.sessionStorage);
    answer('cashbacks.get', { items: [CASHBACK], total: 1 });
    answer('storage.get', {});
    answer('popups.get', { items: [] });
    renderPage(<Queue />);
    await screen.findByRole('dialog', { name: 'Your cashback' });
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(callsOf('cashbacks.payout')).toHaveLength(1));
    expect(callsOf('cashbacks.payout')[0]!.params.get('cashback_id')).toBe('7');
    expect(await screen.findByText('Cashback credited to your balance.')).toBeTruthy();
    await waitFor(() => expect(callsOf('storage.set')).toHaveLength(1));
  });

  test.each(['/game/starburst', '/cashier/deposit', '/cashier/deposit/card'])(
    'nothing opens on %s; the queue runs once the player goes elsewhere',
    async (path) => {
      markLoggedIn(window.sessionStorage);
      answer('cashbacks.get', { items: [], total: 0 });
      answer('storage.get', {});
      answer('popups.get', { items: [popup('first', 'First offer')] });
      renderPage(<Navigable initial={path} />);
      await flush();
      expect(calls).toEqual([]);
      expect(screen.queryByRole('dialog')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'go' }));
      await screen.findByRole('dialog', { name: 'First offer' });
    },
  );

  test('a guest gets nothing; a page load of a session without a login gets nothing', async () => {
    markLoggedIn(window.sessionStorage);
    renderPage(<Queue uid={0} />);
    await flush();
    cleanup();
    window.sessionStorage.clear();
    renderPage(<Queue uid={5} />);
    await flush();
    expect(calls).toEqual([]);
  });

  test('#popup-preview with ?popup opens that popup in preview mode', async () => {
    answer('popups.get', { items: [popup('welcome-deposit', 'Your welcome bonus is waiting')] });
    renderPage(<Queue search="?popup=welcome-deposit" hash="#popup-preview" path="/game/starburst" />);
    const dialog = await screen.findByRole('dialog', { name: 'Your welcome bonus is waiting' });
    expect(dialog.textContent).toContain('Preview');
    expect(callsOf('popups.get')[0]!.params.get('popup')).toBe('welcome-deposit');
  });

  test('a ?popup without the hash opens the named popup, not in preview mode', async () => {
    answer('popups.get', { items: [popup('welcome-deposit', 'Your welcome bonus is waiting')] });
    renderPage(<Queue search="?popup=welcome-deposit" />);
    const dialog = await screen.findByRole('dialog', { name: 'Your welcome bonus is waiting' });
    expect(dialog.textContent).not.toContain('Preview');
  });
});
