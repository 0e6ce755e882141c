/**
 * Payment result pages (spec §2, §4): /cashier/paycancel[/{transaction}], payfail[/{transaction}],
 * paymobile, paynewwindow, paypending[/{transaction}], paysuccess[/{transaction}]. The page kind
 * follows the path; texts come from the content configuration, buttons as the spec fixes them.
 * With a transaction the page shows it (`cashier.getdepositinfo`) and tells only its true state:
 * while unsettled it is the pending page (whatever the provider's redirect said) and polls; once
 * settled it is the outcome's page, and the loader sends the player there when the address names
 * another outcome. The header balance follows with the same revalidations.
 */
import { localizePath } from '@croupier/contract/locales';
import { redirect, useLocation } from 'react-router';
import {
  parseTransactionId,
  resultPagePath,
  settledResultKind,
  shownResultKind,
} from '../features/cashier/payment-result.ts';
import { PaymentResultTransaction } from '../features/cashier/payment-result-transaction.tsx';
import { SystemPage } from '../features/system-pages/system-page.tsx';
import { localeOfPath } from '../lib/locale-paths.ts';
import { systemPageKindOfPath } from '../lib/system-page-paths.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/payment-result';

function isApiError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ApiError';
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const id = parseTransactionId('transaction' in params ? params.transaction : undefined);
  if (id === null) return { transaction: null, methodTitle: null };
  const web = getWebContext(context);
  const [transaction, methods] = await Promise.all([
    // Not the player's or not there: the page shows without it, as for any other id.
    web.api.call('cashier.getdepositinfo', { id }).catch((error: unknown) => {
      if (isApiError(error)) return null;
      throw error;
    }),
    web.api.call('cashier.paymentMethods').catch((error: unknown) => {
      if (isApiError(error)) return null;
      throw error;
    }),
  ]);
  if (!transaction) return { transaction: null, methodTitle: null };
  const kind = systemPageKindOfPath(url.pathname);
  const settled = kind ? settledResultKind(kind, transaction.status) : null;
  if (settled) {
    throw redirect(localizePath(resultPagePath(settled, transaction.id), localeOfPath(url.pathname)));
  }
  const method = methods?.items.find((entry) => entry.sysname === transaction.method);
  return { transaction, methodTitle: method?.title ?? transaction.method };
}

export default function PaymentResult({ params, loaderData }: Route.ComponentProps) {
  const { shell } = useRootData();
  const location = useLocation();
  const pathKind = systemPageKindOfPath(location.pathname) ?? 'payPending';
  const transaction = 'transaction' in params ? params.transaction : undefined;
  const found = loaderData.transaction;
  // One state, the true one: "successful" never shows beside an unconfirmed transaction.
  const kind = shownResultKind(pathKind, found?.status ?? null);
  return (
    <SystemPage
      kind={kind}
      locale={usePageLocale()}
      texts={shell.systemPages[kind]}
      transaction={found ? undefined : transaction}
    >
      {found && (
        <PaymentResultTransaction
          key={found.id}
          transaction={found}
          methodTitle={loaderData.methodTitle ?? found.method}
        />
      )}
    </SystemPage>
  );
}
