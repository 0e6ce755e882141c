/**
 * The history of one tab (spec §3 History list, §9: 4 per page): rows with the method, the date
 * (dd.mm.yyyy h:mm), the amount and a status badge, each opening its receipt; skeleton rows while a
 * newly selected tab loads; "show more" for the next page.
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { type MethodInfo, methodTitle } from './cashier-outlet.ts';
import type { HistoryList, TransactionTab } from './history-query.ts';
import { TransactionStatusBadge } from './status-badge.tsx';
import { useCashierFormat } from './use-cashier-format.ts';

function Row({ item, methods }: { item: TransactionOutput; methods: readonly MethodInfo[] }) {
  const { money, dateTime, locale } = useCashierFormat();
  // A sign only for money that moved: a credited deposit, a withdrawal held or paid out. A failed
  // or cancelled attempt (funds back) reads muted, as what was asked for.
  const returned = ['failed', 'canceled', 'rejected'].includes(item.status);
  const sign = item.type === 'withdrawal' ? (returned ? '' : '−') : item.status === 'succeeded' ? '+' : '';
  return (
    <li data-testid="history-row" data-status={item.status}>
      <Link
        to={localizePath(`/cashier/receipt?id=${item.id}`, locale)}
        className="flex min-h-16 items-center gap-3 px-3 py-3 transition-colors hover:bg-raised/50 tablet:px-4"
      >
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-raised text-muted">
          <Icon name={item.type === 'withdrawal' ? 'withdraw' : 'deposit'} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <span className="flex w-full items-baseline justify-between gap-3">
            <span className="truncate text-sm font-semibold">{methodTitle(methods, item.method)}</span>
            <span className={cx('amount text-sm font-semibold tablet:text-base', returned && 'text-muted')}>
              {sign}
              {money(item.amount)}
            </span>
          </span>
          <span className="text-xs text-muted">
            <time dateTime={item.created_at}>{dateTime(item.created_at)}</time>
            <span className="ms-2 font-mono">#{item.id}</span>
          </span>
          <TransactionStatusBadge type={item.type} status={item.status} />
        </span>
      </Link>
    </li>
  );
}

/** Placeholder rows while a newly selected tab loads (any tab: the list is cleared first, spec §4). */
export function HistorySkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('cashier');
  return (
    <ul aria-busy="true" aria-label={t('history.loading')} className="divide-y divide-border">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className="flex items-center gap-3 px-3 py-3 tablet:px-4">
          <Skeleton className="size-10" />
          <span className="flex flex-1 flex-col gap-2">
            <Skeleton shape="text" className="w-32" />
            <Skeleton shape="text" className="w-24" />
          </span>
          <Skeleton shape="text" className="w-16" />
        </li>
      ))}
    </ul>
  );
}

export function HistoryRows({
  tab,
  list,
  methods,
}: {
  tab: TransactionTab;
  list: HistoryList<TransactionOutput>;
  methods: readonly MethodInfo[];
}) {
  const { t } = useTranslation('cashier');
  if (!list.inited) return <HistorySkeleton rows={list.pageSize} />;
  if (list.items.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-muted" data-testid="history-empty">
        {t(`history.empty.${tab}`)}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border" data-testid="history-list">
      {list.items.map((item) => (
        <Row key={item.id} item={item} methods={methods} />
      ))}
    </ul>
  );
}
