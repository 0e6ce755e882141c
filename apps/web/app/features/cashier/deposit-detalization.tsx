/**
 * Deposit detalization (spec §2): the player's recent deposits (spec §9: 4) at a glance, in the
 * cashier header when the content places it there. A disclosure, so it costs no room until opened.
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Icon } from '../../ui/icon.tsx';
import { type MethodInfo, methodTitle } from './cashier-outlet.ts';
import { TransactionStatusBadge } from './status-badge.tsx';
import { useCashierFormat } from './use-cashier-format.ts';

export function DepositDetalization({
  deposits,
  methods,
}: {
  deposits: readonly TransactionOutput[];
  methods: readonly MethodInfo[];
}) {
  const { t } = useTranslation('cashier');
  const { money, dateTime, locale } = useCashierFormat();
  const latest = deposits[0];
  return (
    <details
      className="group relative w-full rounded-2xl border border-border bg-surface tablet:w-[22rem]"
      data-testid="deposit-detalization"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-2 marker:hidden hover:bg-raised/50 [&::-webkit-details-marker]:hidden">
        <Icon name="history" className="text-muted" />
        <span className="flex min-w-0 flex-1 flex-col leading-tight">
          <span className="text-sm font-semibold">{t('detalization.title')}</span>
          {/* The amount and status, then the date: in one line the 22rem card wrapped "· Successful" alone. */}
          <span className="text-xs text-muted" data-testid="deposit-detalization-latest">
            {latest
              ? t('detalization.latest', {
                  amount: money(latest.amount),
                  status: t(`status.deposit.${latest.status}`),
                })
              : t('detalization.none')}
          </span>
          {latest && (
            <span className="text-xs text-muted" data-testid="deposit-detalization-date">
              {dateTime(latest.created_at)}
            </span>
          )}
        </span>
        <Icon
          name="chevron-down"
          size="sm"
          className="text-muted transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="border-t border-border px-4 pt-2 pb-3">
        {deposits.length === 0 ? (
          <p className="py-2 text-sm text-muted">{t('detalization.empty')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {deposits.map((deposit) => (
              <li key={deposit.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate text-sm">{methodTitle(methods, deposit.method)}</span>
                  <span className="block text-xs text-muted">{dateTime(deposit.created_at)}</span>
                </span>
                <span className="flex flex-col items-end gap-1">
                  <span className="amount text-sm font-semibold">{money(deposit.amount)}</span>
                  <TransactionStatusBadge type="deposit" status={deposit.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link
          to={localizePath('/cashier/history?tab=deposit', locale)}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:text-accent-hover"
        >
          {t('detalization.all')}
        </Link>
      </div>
    </details>
  );
}
