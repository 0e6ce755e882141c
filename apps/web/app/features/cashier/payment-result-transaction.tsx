/**
 * A payment result page's transaction (spec §2, §4): amount, method, status (and why it failed),
 * a link to its receipt, and — while the provider's confirmation is still on its way — a note that
 * the page is waiting, which the polling turns into the outcome's page.
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { isUnsettled } from './payment-result.ts';
import { TransactionDetails } from './transaction-details.tsx';
import { useResultPolling } from './use-result-polling.ts';

export function PaymentResultTransaction({
  transaction,
  methodTitle,
}: {
  transaction: TransactionOutput;
  methodTitle: string;
}) {
  const { t } = useTranslation('cashier');
  const locale = usePageLocale();
  const unsettled = isUnsettled(transaction.status);
  const { exhausted } = useResultPolling(unsettled);
  return (
    <div
      className="mt-8 w-full rounded-2xl border border-border bg-surface p-4 text-start shadow-card tablet:p-5"
      data-testid="payment-result-transaction"
    >
      <TransactionDetails transaction={transaction} methodTitle={methodTitle} compact />
      {unsettled && (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted" aria-live="polite">
          {exhausted ? (
            t('result.stillWaiting')
          ) : (
            <>
              <Spinner size="sm" decorative className="text-info" />
              {t('result.waiting')}
            </>
          )}
        </p>
      )}
      <Link
        to={localizePath(`/cashier/receipt?id=${transaction.id}`, locale)}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:text-accent-hover"
      >
        {t('result.receipt')}
      </Link>
    </div>
  );
}
