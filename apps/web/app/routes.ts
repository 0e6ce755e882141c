/**
 * Route config. Every route exists unprefixed (English) and under /fr (spec §2): one list,
 * generated per locale with distinct ids (`en:home`, `fr:home`). The locale of a page is read from
 * its URL (`lib/locale-paths.ts`), never from the route id.
 */

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@croupier/contract/locales';
import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from '@react-router/dev/routes';

function localeRoutes(locale: Locale): RouteConfigEntry[] {
  const id = (name: string) => ({ id: `${locale}:${name}` });
  return [
    layout('layouts/default-layout.tsx', id('layout-default'), [
      index('routes/home.tsx', id('home')),
      route('unsubscribe', 'routes/unsubscribe.tsx', id('unsubscribe')),
      // Contact confirmation (spec §2): the link from the code mail, or the code form.
      route('confirmation', 'routes/confirmation.tsx', id('confirmation')),
      route('confirmation/success', 'routes/confirmation-success.tsx', id('confirmation-success')),
      // Profile areas (spec §2) that exist so far; /profile itself redirects to settings.
      route('profile', 'routes/profile-layout.tsx', id('profile'), [
        index('routes/profile-index.tsx', id('profile-index')),
        route('settings', 'routes/profile-settings.tsx', id('profile-settings')),
        route('security', 'routes/profile-security.tsx', id('profile-security')),
        route('notification', 'routes/profile-notification.tsx', id('profile-notification')),
        route('bonuses', 'routes/profile-bonuses.tsx', id('profile-bonuses')),
        route('cashback', 'routes/profile-cashback.tsx', id('profile-cashback')),
        route('loyalty', 'routes/profile-loyalty.tsx', id('profile-loyalty')),
        route('responsible-game', 'routes/profile-responsible-game.tsx', id('profile-responsible-game')),
        route('verification', 'routes/profile-verification.tsx', id('profile-verification')),
        route('bets', 'routes/profile-bets.tsx', id('profile-bets')),
      ]),
      // Cashier (spec §2); guests are sent home by the guest guard (spec §6). /cashier goes to
      // deposit; /cashier/billing to the deposit index unless it names a deposit method page.
      route('cashier', 'routes/cashier-index.tsx', id('cashier')),
      route('cashier/billing/*', 'routes/cashier-billing.tsx', id('cashier-billing')),
      layout('routes/cashier-layout.tsx', id('cashier-layout'), [
        ...prefix('cashier', [
          route('deposit', 'routes/cashier-deposit.tsx', id('cashier-deposit')),
          route('deposit/:sysname', 'routes/cashier-deposit.tsx', id('cashier-deposit-method')),
          route('withdraw', 'routes/cashier-withdraw.tsx', id('cashier-withdraw')),
          route('wallet', 'routes/cashier-wallet.tsx', id('cashier-wallet')),
          route('receipt', 'routes/cashier-receipt.tsx', id('cashier-receipt')),
          route('history', 'routes/cashier-history.tsx', id('cashier-history')),
        ]),
      ]),
      // Payment result pages (spec §2).
      ...prefix('cashier', [
        route('paycancel/:transaction?', 'routes/payment-result.tsx', id('pay-cancel')),
        route('payfail/:transaction?', 'routes/payment-result.tsx', id('pay-fail')),
        route('paymobile', 'routes/payment-result.tsx', id('pay-mobile')),
        route('paynewwindow', 'routes/payment-result.tsx', id('pay-new-window')),
        route('paypending/:transaction?', 'routes/payment-result.tsx', id('pay-pending')),
        route('paysuccess/:transaction?', 'routes/payment-result.tsx', id('pay-success')),
      ]),
      // Responsible gaming's information page for signed-in players (spec §2, issue 15).
      route('responsible-game', 'routes/responsible-game.tsx', id('responsible-game')),
      // Provably-fair explanation and round verifier (game-codes.md "Fairness (verifier) page").
      route('fairness', 'routes/fairness.tsx', id('fairness')),
      // A third-party sportsbook's frame, else a way to /betting (ADR 035).
      route('bets/*', 'routes/bets-frame.tsx', id('bets')),
      // The in-house sportsbook (ADR 035): sports, leagues, live and upcoming, the event page.
      layout('routes/betting-layout.tsx', id('betting-layout'), [
        ...prefix('betting', [
          index('routes/betting.tsx', id('betting')),
          route('event/:id', 'routes/betting-event.tsx', id('betting-event')),
          route(':sport/:tournament?', 'routes/betting-sport.tsx', id('betting-sport')),
        ]),
      ]),
      // Game hall (spec §2): the hall, its category redirect, studios, big wins, the slot error page.
      route('gamehall', 'routes/gamehall.tsx', id('gamehall')),
      route('gamehall/:id', 'routes/gamehall-category.tsx', id('gamehall-category')),
      route('providers', 'routes/providers.tsx', id('providers')),
      route('winners', 'routes/winners.tsx', id('winners')),
      route('slot-error', 'routes/slot-error.tsx', id('slot-error')),
      // Promotions (CMS content) and offers (campaigns), ADR 023.
      route('promotions', 'routes/promotions.tsx', id('promotions')),
      route('promotions/:id', 'routes/promotion.tsx', id('promotion')),
      // Progressive jackpots (ADR 032).
      route('jackpots', 'routes/jackpots.tsx', id('jackpots')),
      route('jackpots/:id', 'routes/jackpot.tsx', id('jackpot')),
      // Tournaments (ADR 036): the list, one tournament, its game hall.
      route('tournaments', 'routes/tournaments.tsx', id('tournaments')),
      route('tournaments/:id', 'routes/tournament.tsx', id('tournament')),
      route('tournaments/:id/gamehall', 'routes/tournament-gamehall.tsx', id('tournament-gamehall')),
      route('offers', 'routes/offers.tsx', id('offers')),
      route('offers/:id', 'routes/offer.tsx', id('offer')),
      // Loyalty club (ADR 033): the programme and its shop.
      route('loyalty', 'routes/loyalty.tsx', id('loyalty')),
      route('loyalty/shop', 'routes/loyalty-shop.tsx', id('loyalty-shop')),
      route('loyalty/:sysname', 'routes/loyalty-program.tsx', id('loyalty-program')),
      // Any single-segment path is a content page (spec §2); static routes above win over it.
      // Support (spec §2): FAQ, contact options, feedback form.
      route('support', 'routes/support.tsx', id('support')),
      route(':slug', 'routes/content-page.tsx', id('content-page')),
      route('*', 'routes/not-found.tsx', id('not-found')),
    ]),
    layout('layouts/empty-layout.tsx', id('layout-empty'), [
      route('forms/sign_in', 'routes/auth-form.tsx', id('sign-in')),
      route('forms/sign_up', 'routes/auth-form.tsx', id('sign-up')),
    ]),
    // The back office (issue #18, ADR 045): staff screens, never linked from the player site and
    // never indexed; their modules and texts load only here (route-level code splitting).
    route('backoffice', 'routes/backoffice-layout.tsx', id('backoffice'), [
      index('routes/backoffice-index.tsx', id('backoffice-index')),
      route('sign-in', 'routes/backoffice-sign-in.tsx', id('backoffice-sign-in')),
      route('two-factor', 'routes/backoffice-two-factor.tsx', id('backoffice-two-factor')),
      route('withdrawals', 'routes/backoffice-withdrawals.tsx', id('backoffice-withdrawals')),
      route('deposits', 'routes/backoffice-deposits.tsx', id('backoffice-deposits')),
      route('tournaments', 'routes/backoffice-tournaments.tsx', id('backoffice-tournaments')),
      route('jackpots', 'routes/backoffice-jackpots.tsx', id('backoffice-jackpots')),
      route('loyalty', 'routes/backoffice-loyalty.tsx', id('backoffice-loyalty')),
      route('audit', 'routes/backoffice-audit.tsx', id('backoffice-audit')),
      route('staff', 'routes/backoffice-staff.tsx', id('backoffice-staff')),
      route('players', 'routes/backoffice-players.tsx', id('backoffice-players')),
      route('players/:id', 'routes/backoffice-player.tsx', id('backoffice-player')),
      route('promotions', 'routes/backoffice-promotions.tsx', id('backoffice-promotions')),
      route('trading', 'routes/backoffice-trading.tsx', id('backoffice-trading')),
      route('trading/:eventId', 'routes/backoffice-trading-event.tsx', id('backoffice-trading-event')),
      route('kyc', 'routes/backoffice-kyc.tsx', id('backoffice-kyc')),
      route('kyc/:playerId', 'routes/backoffice-kyc-review.tsx', id('backoffice-kyc-review')),
      route('reports', 'routes/backoffice-reports.tsx', id('backoffice-reports')),
      route('content', 'routes/backoffice-content.tsx', id('backoffice-content')),
      route('banners', 'routes/backoffice-banners.tsx', id('backoffice-banners')),
      route('content/:collection/:id', 'routes/backoffice-content-entry.tsx', id('backoffice-content-entry')),
      route('domains', 'routes/backoffice-domains.tsx', id('backoffice-domains')),
      route('domains/:host', 'routes/backoffice-domain.tsx', id('backoffice-domain')),
      route('*', 'routes/backoffice-not-found.tsx', id('backoffice-not-found')),
    ]),
    layout('layouts/svg-sprite-layout.tsx', id('layout-svg-sprite'), [
      route('_icons', 'routes/icons.tsx', id('icons')),
    ]),
    // The betting pages without the site's chrome, for a sportsbook frame (ADR 035).
    layout('routes/betting-layout.tsx', id('frame-betting-layout'), [
      ...prefix('frame/betting', [
        index('routes/betting.tsx', id('frame-betting')),
        route('event/:id', 'routes/betting-event.tsx', id('frame-betting-event')),
        route(':sport/:tournament?', 'routes/betting-sport.tsx', id('frame-betting-sport')),
      ]),
    ]),
    // The game page (spec §2): the game fills the viewport under the game layout's slim bar.
    layout('layouts/game-layout.tsx', id('layout-game'), [
      route('game/:sysname', 'routes/game.tsx', id('game')),
    ]),
  ];
}

export default [
  ...LOCALES.flatMap((locale) =>
    locale === DEFAULT_LOCALE ? localeRoutes(locale) : prefix(locale, localeRoutes(locale)),
  ),
  // The in-house game server's game page (inside the game iframe): one URL for every language
  // (`?lang=`), no locale prefix and no site layout (features/rgs/rgs-paths.ts).
  route('rgs/play/:code', 'routes/rgs-play.tsx', { id: 'rgs-play' }),
  // The in-house book's launch URL as a framed sportsbook provider (ADR 035): `?lang=&path=`.
  route('frame/launch', 'routes/betting-frame-launch.tsx', { id: 'frame-launch' }),
] satisfies RouteConfig;
