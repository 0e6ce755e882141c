// @vitest-environment happy-dom
/**
 * The promotions and offers pages in a router with the real providers and bundles, the player API
 * answered by a stubbed `fetch`: cards and links in both languages, the empty states, the guest's
 * sign-up (with the promo code pre-filled), and the player's actions with their toasts and errors.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import type { PromotionDetail, PromotionSummary } from '@croupier/contract/promotions/get';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { testAuthRoot } from '../features/auth/test-auth-root.ts';
import campaignsEn from '../i18n/locales/en/campaigns.json' with { type: 'json' };
import commonEn from '../i18n/locales/en/common.json' with { type: 'json' };
import promotionsEn from '../i18n/locales/en/promotions.json' with { type: 'json' };
import uiEn from '../i18n/locales/en/ui.json' with { type: 'json' };
import campaignsFr from '../i18n/locales/fr/campaigns.json' with { type: 'json' };
import commonFr from '../i18n/locales/fr/common.json' with { type: 'json' };
import promotionsFr from '../i18n/locales/fr/promotions.json' with { type: 'json' };
import uiFr from '../i18n/locales/fr/ui.json' with { type: 'json' };
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { DialogProvider } from '../ui/dialogs.tsx';
import { createBundlesTestI18n } from '../ui/test-i18n.ts';
import { ToastProvider } from '../ui/toasts.tsx';
import OfferPage from './offer.tsx';
import OffersPage from './offers.tsx';
import PromotionPage from './promotion.tsx';
import PromotionsPage from './promotions.tsx';

function testI18n(locale: 'en' | 'fr') {
  return createBundlesTestI18n(locale, {
    en: { common: commonEn, promotions: promotionsEn, campaigns: campaignsEn, ui: uiEn },
    fr: { common: commonFr, promotions: promotionsFr, campaigns: campaignsFr, ui: uiFr },
  });
}

interface Call {
  method: string;
  body: URLSearchParams;
}
let calls: Call[] = [];
let answers: Array<{ status: number; body: unknown }> = [];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: URLSearchParams } = {}) => {
    const method = /\/api\/([^?]+)/.exec(url)?.[1] ?? '';
    calls.push({ method, body: new URLSearchParams(init.body ?? '') });
    const answer = answers.shift() ?? { status: 200, body: { status: 1, data: 1 } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function refuse(message: string, code = 'offer_not_eligible') {
  answers.push({
    status: 400,
    body: {
      status: 0,
      error: { type: 'InvalidParameterException', message, code, fields: { offer_id: 'not_eligible' } },
    },
  });
}

const NOW = '2026-11-25T12:00:00.000Z';

const PROMOTIONS: PromotionSummary[] = [
  {
    id: 1,
    slug: 'welcome-bonus',
    title: 'Welcome bonus: 100 % up to 200',
    summary: 'Your first deposit matched 100 % up to 200.',
    image: '/nfx/media/promo-welcome.svg',
    starts_at: null,
    ends_at: null,
    priority: 10,
    cta: { text: 'See the welcome offer', link: '/offers', offer_id: null, promo_code: null },
  },
  {
    id: 4,
    slug: 'no-deposit-welcome10',
    title: 'Free 10 bonus with code WELCOME10',
    summary: 'Enter WELCOME10.',
    image: '/nfx/media/promo-code.svg',
    starts_at: null,
    ends_at: '2026-12-31T00:00:00.000Z',
    priority: 40,
    cta: { text: '', link: null, offer_id: null, promo_code: 'WELCOME10' },
  },
];

const CODE_PROMOTION: PromotionDetail = {
  ...(PROMOTIONS[1] as PromotionSummary),
  body: '<p>Try our slots on us.</p>',
  terms: '<ul><li>Open to players aged 18 or over.</li></ul>',
};

const DEPOSIT_OFFER: OfferOutput = {
  id: 7,
  trigger: 'deposit',
  title: 'Welcome bonus on your first deposit',
  description: 'Your first deposit matched 100 % up to 200.',
  promotions: [
    {
      template_id: 3,
      kind: 'deposit_match',
      name: 'Welcome bonus: 100 % up to 200',
      description: 'Wager 10×.',
    },
  ],
  min_deposits: [{ amount: '10.00', currency: 'EUR' }],
  exclude_methods: [],
  ends_at: null,
  is_taken: false,
};

const ACTION_OFFER: OfferOutput = {
  ...DEPOSIT_OFFER,
  id: 8,
  trigger: 'action',
  title: 'Free spins Friday',
  promotions: [{ template_id: 5, kind: 'free_spins', name: '20 free spins', description: 'On Neon Reels.' }],
};

function renderPage(path: string, page: ReactNode, options: { player?: boolean } = {}) {
  const locale = path.startsWith('/fr') ? 'fr' : 'en';
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '*',
        loader: () => ({
          isAuthenticated: options.player ?? false,
          account: { uid: options.player ? 1 : 0 },
          auth: testAuthRoot(),
        }),
        HydrateFallback: () => null,
        element: (
          <TranslationProvider translator={testI18n(locale)}>
            <ToastProvider>
              <DialogProvider>
                <main data-testid="page">{page}</main>
              </DialogProvider>
            </ToastProvider>
          </TranslationProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

// The route components only read loaderData; the other props are React Router's.
const props = (loaderData: unknown) =>
  ({ loaderData, params: {}, matches: [] }) as unknown as {
    loaderData: never;
    params: never;
    matches: never;
  };

describe('/promotions', () => {
  test('shows a card per promotion with its validity and a More link to its page', async () => {
    renderPage('/promotions', <PromotionsPage {...props({ promotions: PROMOTIONS, now: NOW })} />);
    const cards = await screen.findAllByTestId('promotion-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Ongoing')).toBeTruthy();
    expect(
      first.getByRole('link', { name: 'More about Welcome bonus: 100 % up to 200' }).getAttribute('href'),
    ).toBe('/promotions/1');
    expect(within(cards[1] as HTMLElement).getByText('Until 31.12.2026')).toBeTruthy();
  });

  test('in French, under /fr, with French links', async () => {
    renderPage('/fr/promotions', <PromotionsPage {...props({ promotions: PROMOTIONS, now: NOW })} />);
    const cards = await screen.findAllByTestId('promotion-card');
    const more = within(cards[0] as HTMLElement).getByRole('link', { name: /En savoir plus sur/ });
    expect(more.getAttribute('href')).toBe('/fr/promotions/1');
    expect(screen.getByText('Jusqu’au 31.12.2026')).toBeTruthy();
  });

  test('says so when there is no promotion, with a way to the offers', async () => {
    renderPage('/promotions', <PromotionsPage {...props({ promotions: [], now: NOW })} />);
    expect(await screen.findByText('No promotions right now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the offers' }).getAttribute('href')).toBe('/offers');
  });
});

describe('/promotions/{id}', () => {
  test('a guest gets sign-up with the promo code pre-filled, and the terms behind a disclosure', async () => {
    renderPage('/promotions/4', <PromotionPage {...props({ promotion: CODE_PROMOTION, now: NOW })} />);
    const signUp = await screen.findByTestId('promotion-sign-up');
    expect(signUp.textContent).toBe('Sign up with code WELCOME10');
    expect(signUp.getAttribute('href')).toBe('/promotions/4?show_popup_reg=1&promo_code=WELCOME10');
    const terms = screen.getByTestId('promotion-terms');
    expect(terms.tagName).toBe('DETAILS');
    expect((terms as HTMLDetailsElement).open).toBe(false);
    expect(within(terms).getByText('Terms and conditions')).toBeTruthy();
    expect(screen.getByTestId('promotion-body').innerHTML).toBe('<p>Try our slots on us.</p>');
  });

  test('a player activates the code and gets the promo-code-activated popup', async () => {
    answers.push({
      status: 200,
      body: { status: 1, data: { ...DEPOSIT_OFFER, id: 9, trigger: 'promo_code', title: 'Free 10 bonus' } },
    });
    renderPage('/promotions/4', <PromotionPage {...props({ promotion: CODE_PROMOTION, now: NOW })} />, {
      player: true,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Activate code WELCOME10' }));
    const popup = within(await screen.findByRole('dialog', { name: 'Promo code activated' }));
    expect(popup.getByText('“Free 10 bonus” is now on your account:')).toBeTruthy();
    const call = calls.find((c) => c.method === 'campaigns.activateOffer');
    expect(call?.body.get('promo_code')).toBe('WELCOME10');
  });

  test('a refused code shows the promo-code text of its first error code', async () => {
    answers.push({
      status: 400,
      body: {
        status: 0,
        error: {
          type: 'InvalidParameterException',
          message: 'You have already used this promo code.',
          code: 'invalid_parameter',
          fields: { promo_code: 'ALREADY_USED' },
        },
      },
    });
    renderPage('/promotions/4', <PromotionPage {...props({ promotion: CODE_PROMOTION, now: NOW })} />, {
      player: true,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Activate code WELCOME10' }));
    expect(await screen.findByText('You have already used this promo code.')).toBeTruthy();
  });

  test('a player gets the operator’s link for a promotion without a code', async () => {
    const promotion: PromotionDetail = { ...(PROMOTIONS[0] as PromotionSummary), body: '', terms: '' };
    renderPage('/fr/promotions/1', <PromotionPage {...props({ promotion, now: NOW })} />, { player: true });
    const link = await screen.findByTestId('promotion-link');
    expect(link.getAttribute('href')).toBe('/fr/offers');
    expect(link.textContent).toBe('See the welcome offer');
    expect(screen.queryByTestId('promotion-terms')).toBeNull();
  });
});

test('a guest gets sign-up, never the player’s link text, on a promotion without a code', async () => {
  const promotion: PromotionDetail = { ...(PROMOTIONS[0] as PromotionSummary), body: '', terms: '' };
  renderPage('/fr/promotions/1', <PromotionPage {...props({ promotion, now: NOW })} />);
  const signUp = await screen.findByTestId('promotion-sign-up');
  expect(signUp.textContent).toBe('S’inscrire et en profiter');
  expect(signUp.getAttribute('href')).toBe('/fr/promotions/1?show_popup_reg=1');
});

describe('/offers', () => {
  test('a guest sees each offer’s trigger, bonuses and a sign-up button', async () => {
    renderPage('/offers', <OffersPage {...props({ offers: [DEPOSIT_OFFER, ACTION_OFFER] })} />);
    const cards = await screen.findAllByTestId('offer-card');
    expect(cards).toHaveLength(2);
    const deposit = within(cards[0] as HTMLElement);
    expect(deposit.getByText(/On a deposit: choose this offer/)).toBeTruthy();
    expect(deposit.getByText('Deposit match')).toBeTruthy();
    expect(deposit.getByTestId('offer-sign-up').getAttribute('href')).toBe('/offers?show_popup_reg=1');
    expect(screen.getByText('Sign up or sign in to redeem a promo code.')).toBeTruthy();
  });

  test('a player deposits with a deposit offer and takes an action offer', async () => {
    renderPage('/fr/offers', <OffersPage {...props({ offers: [DEPOSIT_OFFER, ACTION_OFFER] })} />, {
      player: true,
    });
    const deposit = await screen.findByTestId('offer-deposit');
    expect(deposit.getAttribute('href')).toBe('/fr/cashier/deposit?offer=7');
    fireEvent.click(screen.getByTestId('offer-take'));
    expect(await screen.findByText('Offre prise')).toBeTruthy();
    const call = calls.find((c) => c.method === 'campaigns.takepromotions');
    expect(call?.body.get('offer_id')).toBe('8');
  });

  test('a refused take shows the server’s localized message', async () => {
    refuse('Cette offre n’est pas disponible pour votre compte.');
    renderPage('/fr/offers', <OffersPage {...props({ offers: [ACTION_OFFER] })} />, { player: true });
    fireEvent.click(await screen.findByTestId('offer-take'));
    expect(await screen.findByText('Cette offre n’est pas disponible pour votre compte.')).toBeTruthy();
  });

  test('a taken offer says so and offers no action; a promo-code offer leads to the code field', async () => {
    const promoOffer: OfferOutput = { ...ACTION_OFFER, id: 10, trigger: 'promo_code' };
    renderPage(
      '/offers',
      <OffersPage {...props({ offers: [{ ...ACTION_OFFER, is_taken: true }, promoOffer] })} />,
      {
        player: true,
      },
    );
    expect(await screen.findByTestId('offer-taken')).toBeTruthy();
    expect(screen.queryByTestId('offer-take')).toBeNull();
    expect(screen.getByTestId('offer-enter-code').getAttribute('href')).toBe('/offers#promo-code');
    expect(document.getElementById('promo-code')).toBeTruthy();
  });

  test('the promo-code form asks for a code, then shows the server’s refusal under the field', async () => {
    answers.push({
      status: 400,
      body: {
        status: 0,
        error: {
          type: 'InvalidParameterException',
          message: 'This promo code is not valid.',
          code: 'invalid_parameter',
          fields: { promo_code: 'INVALID' },
        },
      },
    });
    renderPage('/offers', <OffersPage {...props({ offers: [] })} />, { player: true });
    expect(await screen.findByText('No offers right now')).toBeTruthy();
    const form = within(screen.getByTestId('promo-code-form'));
    fireEvent.click(form.getByRole('button', { name: 'Activate' }));
    expect(await form.findByText('Enter a promo code.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(form.getByLabelText('Promo code'), { target: { value: ' nope ' } });
    fireEvent.click(form.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(form.getByText('This promo code is not valid.')).toBeTruthy());
    expect(calls[0]?.body.get('promo_code')).toBe('nope');
  });
});

describe('/offers/{id}', () => {
  test('shows one offer with its action', async () => {
    renderPage('/offers/7', <OfferPage {...props({ offer: DEPOSIT_OFFER })} />, { player: true });
    const detail = within(await screen.findByTestId('offer-detail'));
    expect(detail.getByRole('heading', { level: 1, name: DEPOSIT_OFFER.title })).toBeTruthy();
    expect(detail.getByTestId('offer-deposit').getAttribute('href')).toBe('/cashier/deposit?offer=7');
    expect(detail.getByRole('link', { name: 'Offers' }).getAttribute('href')).toBe('/offers');
  });
});
