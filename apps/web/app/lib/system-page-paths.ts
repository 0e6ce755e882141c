/** Which system page a route path shows (the routes that are system pages in spec §2). */
import type { SystemPageKind } from '@croupier/contract/content/cms-config';
import { pathWithoutLocale } from './locale-paths.ts';

const PAYMENT_PAGES: Record<string, SystemPageKind> = {
  paycancel: 'payCancel',
  payfail: 'payFail',
  paymobile: 'payMobile',
  paynewwindow: 'payNewWindow',
  paypending: 'payPending',
  paysuccess: 'paySuccess',
};

/** `/fr/cashier/payfail/123` → payFail; `/unsubscribe` → unsubscribe; anything else → undefined. */
export function systemPageKindOfPath(pathname: string): SystemPageKind | undefined {
  const segments = pathWithoutLocale(pathname).split('/').filter(Boolean);
  if (segments.length === 1 && segments[0] === 'unsubscribe') return 'unsubscribe';
  if (segments[0] !== 'cashier' || segments.length < 2 || segments.length > 3) return undefined;
  const kind = PAYMENT_PAGES[segments[1] ?? ''];
  if (!kind) return undefined;
  // Cancel, fail, pending and success take a transaction segment (spec §2, §4).
  if (segments.length === 3 && !['payCancel', 'payFail', 'payPending', 'paySuccess'].includes(kind)) {
    return undefined;
  }
  return kind;
}
