/**
 * The facts of one transaction (spec §3 Deposit info): number, type, method, amount, status,
 * dates, requisites (IBANs masked by the server), site and, when it failed, why. Used by the
 * receipt and the payment result pages.
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { TransactionStatusBadge, useFailureText } from './status-badge.tsx';
import { useCashierFormat } from './use-cashier-format.ts';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5" data-testid={testId}>
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-end text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

export function TransactionDetails({
  transaction,
  methodTitle,
  compact = false,
}: {
  transaction: TransactionOutput;
  methodTitle: string;
  /** Result pages: amount, method, status (and why it failed) only. */
  compact?: boolean;
}) {
  const { t } = useTranslation('cashier');
  const { money, dateTime } = useCashierFormat();
  const failure = useFailureText()(transaction.failure_code);
  const requisites = Object.entries(transaction.requisites);
  return (
    <dl className="divide-y divide-border" data-testid="transaction-details">
      {!compact && <Row label={t('receipt.number')}>#{transaction.id}</Row>}
      {!compact && <Row label={t('receipt.type')}>{t(`receipt.types.${transaction.type}`)}</Row>}
      <Row label={t('receipt.amount')} testId="transaction-amount">
        <span className="amount text-base font-semibold">{money(transaction.amount)}</span>
      </Row>
      <Row label={t('receipt.method')}>{methodTitle}</Row>
      <Row label={t('receipt.status')} testId="transaction-status">
        <TransactionStatusBadge type={transaction.type} status={transaction.status} />
      </Row>
      {failure && (
        <Row label={t('receipt.reason')} testId="transaction-reason">
          {failure}
        </Row>
      )}
      {!compact &&
        requisites.map(([name, value]) => (
          <Row key={name} label={t(`requisites.labels.${name}`, { defaultValue: name })}>
            <span className="font-mono">{value}</span>
          </Row>
        ))}
      <Row label={t('receipt.created')}>{dateTime(transaction.created_at)}</Row>
      {!compact && <Row label={t('receipt.updated')}>{dateTime(transaction.updated_at)}</Row>}
      {!compact && <Row label={t('receipt.domain')}>{transaction.domain}</Row>}
    </dl>
  );
}
