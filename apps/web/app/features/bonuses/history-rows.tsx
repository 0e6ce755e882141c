/**
 * The bonuses and cashbacks tabs of /cashier/history (spec §2 `tab`, §3 History list, §9: 4 per
 * page): one row per bonus or cashback with its name, status, amount and date, each opening the
 * profile page where it can be acted on.
 */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import type { CashbackOutput } from '@croupier/contract/cashbacks/common';
import { localizePath } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Icon } from '../../ui/icon.tsx';
import type { IconName } from '../../ui/icon-names.ts';
import { HistorySkeleton } from '../cashier/history-list.tsx';
import type { HistoryList } from '../cashier/history-query.ts';
import { useCashierFormat } from '../cashier/use-cashier-format.ts';
import { Badge } from '../profile/profile-card.tsx';

function Row({
  to,
  icon,
  title,
  amount,
  date,
  badge,
  status,
}: {
  to: string;
  icon: IconName;
  title: string;
  amount: string;
  date: string;
  badge: ReactNode;
  status: string;
}) {
  const { dateTime } = useCashierFormat();
  return (
    <li data-testid="history-row" data-status={status}>
      <Link
        to={to}
        className="flex min-h-16 items-center gap-3 px-3 py-3 transition-colors hover:bg-raised/50 tablet:px-4"
      >
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-raised text-gold">
          <Icon name={icon} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <span className="flex w-full items-baseline justify-between gap-3">
            <span className="truncate text-sm font-semibold">{title}</span>
            <span className="amount text-sm font-semibold tablet:text-base">{amount}</span>
          </span>
          <span className="text-xs text-muted">
            <time dateTime={date}>{dateTime(date)}</time>
          </span>
          {badge}
        </span>
      </Link>
    </li>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="px-4 py-10 text-center text-sm text-muted" data-testid="history-empty">
      {text}
    </p>
  );
}

export function BonusHistoryRows({ list }: { list: HistoryList<BonusOutput> }) {
  const { t } = useTranslation('bonuses');
  const { money, locale } = useCashierFormat();
  if (!list.inited) return <HistorySkeleton rows={list.pageSize} />;
  if (list.items.length === 0) return <Empty text={t('history.empty.bonuses')} />;
  const to = localizePath('/profile/bonuses', locale);
  return (
    <ul className="divide-y divide-border" data-testid="history-list">
      {list.items.map((bonus) => (
        <Row
          key={bonus.id}
          to={to}
          icon={bonus.kind === 'free_spins' ? 'slots' : 'gift'}
          title={bonus.name}
          amount={money(bonus.amount)}
          date={bonus.created_at}
          status={bonus.status}
          badge={
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={bonus.status === 'active' || bonus.status === 'wagering' ? 'success' : 'muted'}>
                {t(`status.${bonus.status}`)}
              </Badge>
              <span className="text-xs text-muted">{t(`kind.${bonus.kind}`)}</span>
            </span>
          }
        />
      ))}
    </ul>
  );
}

export function CashbackHistoryRows({ list }: { list: HistoryList<CashbackOutput> }) {
  const { t } = useTranslation('bonuses');
  const { money, locale } = useCashierFormat();
  if (!list.inited) return <HistorySkeleton rows={list.pageSize} />;
  if (list.items.length === 0) return <Empty text={t('history.empty.cashbacks')} />;
  const to = localizePath('/profile/cashback', locale);
  return (
    <ul className="divide-y divide-border" data-testid="history-list">
      {list.items.map((cashback) => (
        <Row
          key={cashback.id}
          to={to}
          icon="promotions"
          title={cashback.name}
          amount={money(cashback.amount)}
          date={cashback.paid_out_at ?? cashback.end_date}
          status={cashback.status}
          badge={
            <Badge
              tone={
                cashback.status === 'active' ? 'success' : cashback.status === 'paid_out' ? 'info' : 'muted'
              }
            >
              {t(`cashback.status.${cashback.status}`)}
            </Badge>
          }
        />
      ))}
    </ul>
  );
}
