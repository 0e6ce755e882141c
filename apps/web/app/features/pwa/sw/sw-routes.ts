/**
 * What the service worker may answer (ADR 038), kept apart from the worker so it can be tested.
 * API and provider traffic is never touched: the worker does not even see it through a route, so the
 * browser fetches it as if there were no worker. Any non-GET request is left alone too (Workbox
 * routes GET only).
 */
import type { Locale } from '@croupier/contract/locales';

/** Paths the worker never answers, navigations included: the API, the gateways, game servers, sandbox providers. */
export const NEVER_HANDLED = [
  /^\/api(?:\/|$)/,
  /^\/gw(?:\/|$)/,
  /^\/rgs(?:\/|$)/,
  /^\/nfx(?:\/|$)/,
  /^\/sandbox(?:\/|$)/,
  /^\/hit(?:\/|$)/,
];

export function isNeverHandled(pathname: string): boolean {
  return NEVER_HANDLED.some((pattern) => pattern.test(pathname));
}

/** The offline page's language: French under /fr, English everywhere else. */
export function offlineLocale(pathname: string): Locale {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}
