/**
 * Payment result pages (spec §2): /cashier/paycancel, payfail[/{transaction}], paymobile,
 * paynewwindow, paypending[/{transaction}], paysuccess[/{transaction}]. The page kind follows the
 * path; texts come from the content configuration, buttons as the spec fixes them.
 */
import { useLocation } from 'react-router';
import { SystemPage } from '../features/system-pages/system-page.tsx';
import { systemPageKindOfPath } from '../lib/system-page-paths.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import type { Route } from './+types/payment-result';

export default function PaymentResult({ params }: Route.ComponentProps) {
  const { shell } = useRootData();
  const location = useLocation();
  const kind = systemPageKindOfPath(location.pathname) ?? 'payPending';
  const transaction = 'transaction' in params ? params.transaction : undefined;
  return (
    <SystemPage
      kind={kind}
      locale={usePageLocale()}
      texts={shell.systemPages[kind]}
      transaction={transaction}
    />
  );
}
