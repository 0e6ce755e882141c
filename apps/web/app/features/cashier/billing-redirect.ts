/**
 * `/cashier/billing` (spec §2): an old address of the cashier. It redirects to the deposit index
 * unless the rest of the path names a deposit method page (`/cashier/billing/card`, or
 * `/cashier/billing/deposit/card`), which keeps working as `/cashier/deposit/card`. The locale
 * prefix and the query are kept.
 */
import { localizePath } from '@croupier/contract/locales';
import { localeOfPath, pathWithoutLocale } from '../../lib/locale-paths.ts';

/** `/fr/cashier/billing/card?x=1` + known `['card']` → `/fr/cashier/deposit/card?x=1`. */
export function billingRedirectTarget(
  pathname: string,
  search: string,
  depositMethods: readonly string[],
): string {
  const segments = pathWithoutLocale(pathname).split('/').filter(Boolean);
  const billing = segments.indexOf('billing');
  const rest = billing === -1 ? [] : segments.slice(billing + 1);
  const named =
    rest.length === 2 && rest[0] === 'deposit' ? rest[1] : rest.length === 1 ? rest[0] : undefined;
  const sysname = named?.toLowerCase();
  const path =
    sysname !== undefined && depositMethods.includes(sysname)
      ? `/cashier/deposit/${sysname}`
      : '/cashier/deposit';
  return `${localizePath(path, localeOfPath(pathname))}${search}`;
}
