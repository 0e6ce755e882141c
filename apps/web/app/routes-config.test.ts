/**
 * The route config as React Router matches it: the payment result pages of spec §2 with and
 * without their transaction, in English and in French (the provider's cancel return was a 404).
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import routes from './routes.ts';

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

function toRouteObjects(entries: readonly ConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id, index: true }
      : { id: entry.id, path: entry.path, children: toRouteObjects(entry.children ?? []) },
  );
}

const objects = toRouteObjects(routes as ConfigEntry[]);

function leafId(pathname: string): string | undefined {
  return matchRoutes(objects, pathname)?.at(-1)?.route.id;
}

describe('payment result routes', () => {
  test.each([
    ['/cashier/paycancel', 'en:pay-cancel'],
    ['/cashier/paycancel/12', 'en:pay-cancel'],
    ['/fr/cashier/paycancel', 'fr:pay-cancel'],
    ['/fr/cashier/paycancel/12', 'fr:pay-cancel'],
    ['/cashier/payfail/12', 'en:pay-fail'],
    ['/fr/cashier/paypending/12', 'fr:pay-pending'],
    ['/cashier/paysuccess/12', 'en:pay-success'],
    ['/cashier/paysuccess', 'en:pay-success'],
  ])('%s → %s', (pathname, id) => {
    expect(leafId(pathname)).toBe(id);
  });

  test('pages that take no transaction do not take one', () => {
    expect(leafId('/cashier/paymobile/12')).toBe('en:not-found');
  });
});

describe('back office routes', () => {
  test.each([
    ['/backoffice', 'en:backoffice-index'],
    ['/backoffice/sign-in', 'en:backoffice-sign-in'],
    ['/backoffice/two-factor', 'en:backoffice-two-factor'],
    ['/backoffice/withdrawals', 'en:backoffice-withdrawals'],
    ['/backoffice/audit', 'en:backoffice-audit'],
    ['/backoffice/staff', 'en:backoffice-staff'],
    ['/fr/backoffice', 'fr:backoffice-index'],
    ['/fr/backoffice/withdrawals', 'fr:backoffice-withdrawals'],
    ['/backoffice/players', 'en:backoffice-players'],
    ['/backoffice/players/12', 'en:backoffice-player'],
    ['/fr/backoffice/players/12', 'fr:backoffice-player'],
    ['/backoffice/no/such/page', 'en:backoffice-not-found'],
  ])('%s → %s', (pathname, id) => {
    expect(leafId(pathname)).toBe(id);
  });

  test('under the back office layout, not the player site', () => {
    const match = matchRoutes(objects, '/backoffice/audit') ?? [];
    expect(match.map((entry) => entry.route.id)).toEqual(['en:backoffice', 'en:backoffice-audit']);
  });
});
