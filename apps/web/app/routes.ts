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
      // Payment result pages (spec §2); guests are sent home by the guest guard (spec §6).
      ...prefix('cashier', [
        route('paycancel', 'routes/payment-result.tsx', id('pay-cancel')),
        route('payfail/:transaction?', 'routes/payment-result.tsx', id('pay-fail')),
        route('paymobile', 'routes/payment-result.tsx', id('pay-mobile')),
        route('paynewwindow', 'routes/payment-result.tsx', id('pay-new-window')),
        route('paypending/:transaction?', 'routes/payment-result.tsx', id('pay-pending')),
        route('paysuccess/:transaction?', 'routes/payment-result.tsx', id('pay-success')),
      ]),
      // Placeholders with an empty component until their areas are built (spec §2).
      route('responsible-game', 'routes/placeholder.tsx', id('responsible-game')),
      route('bets/*', 'routes/placeholder.tsx', id('bets')),
      // Any single-segment path is a content page (spec §2); static routes above win over it.
      route(':slug', 'routes/content-page.tsx', id('content-page')),
      route('*', 'routes/not-found.tsx', id('not-found')),
    ]),
    layout('layouts/empty-layout.tsx', id('layout-empty'), [
      route('forms/sign_in', 'routes/auth-form.tsx', id('sign-in')),
      route('forms/sign_up', 'routes/auth-form.tsx', id('sign-up')),
    ]),
    layout('layouts/svg-sprite-layout.tsx', id('layout-svg-sprite'), [
      route('_icons', 'routes/icons.tsx', id('icons')),
    ]),
    // layouts/game-layout.tsx wraps /game/{sysname} once the game page exists.
  ];
}

export default LOCALES.flatMap((locale) =>
  locale === DEFAULT_LOCALE ? localeRoutes(locale) : prefix(locale, localeRoutes(locale)),
) satisfies RouteConfig;
