/**
 * The player's cashbacks (spec §3 Cashback, §7 cashbacks.*, ADR 022): status, amount, the share of
 * the net loss it came from, the period, the claim deadline with a countdown while it is active,
 * and the actions Claim (paid to the main balance) and Remove (confirm). "Show more" adds a page
 * of 4 (spec §9).
 */
import type { CashbackOutput } from '@croupier/contract/cashbacks/common';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { formatDate } from '../../ui/format.ts';
import { Icon } from '../../ui/icon.tsx';
import { useCashierFormat, useTimeZone } from '../cashier/use-cashier-format.ts';
import { Badge, type BadgeTone } from '../profile/profile-card.tsx';
import { timeLeft } from './bonus-maths.ts';
import { useNow } from './use-now.ts';
import { type OfferAction, useOfferActions } from './use-offer-actions.ts';

const STATUS_TONE: Record<CashbackOutput['status'], BadgeTone> = {
  active: 'success',
  paid_out: 'info',
  removed: 'muted',
  expired: 'muted',
};

/** The period's last day: the end is exclusive (ADR 022), so a day ending at midnight shows the day before. */
function lastDayOf(endIso: string): string {
  return new Date(Date.parse(endIso) - 1).toISOString();
}

export function CashbackCountdown({ deadline }: { deadline: string }) {
  const { t } = useTranslation('bonuses');
  const now = useNow();
  if (now === null) return null;
  const left = timeLeft(deadline, now);
  if (left === null) return null;
  const text =
    left.days > 0
      ? t('cashback.left_days', { days: left.days, hours: left.hours })
      : left.hours > 0
        ? t('cashback.left_hours', { hours: left.hours, minutes: left.minutes })
        : t('cashback.left_minutes', { minutes: left.minutes });
  return (
    <span className="text-xs font-semibold text-warning" data-testid="cashback-countdown">
      {text}
    </span>
  );
}

export function CashbackCard({
  cashback,
  busy,
  onAction,
}: {
  cashback: CashbackOutput;
  busy: string | null;
  onAction: (cashback: CashbackOutput, action: 'claim' | 'remove') => void;
}) {
  const { t } = useTranslation('bonuses');
  const { money, dateTime } = useCashierFormat();
  const timeZone = useTimeZone();
  const formatDay = (iso: string) => formatDate(iso, { timeZone });
  const active = cashback.status === 'active';
  return (
    <article
      className={cx(
        'flex flex-col gap-4 rounded-2xl border bg-surface p-4 shadow-card tablet:p-5',
        active ? 'border-accent/40' : 'border-border',
      )}
      data-testid="cashback-card"
      data-status={cashback.status}
      aria-labelledby={`cashback-${cashback.id}-name`}
    >
      <header className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-raised text-gold">
          <Icon name="promotions" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONE[cashback.status]}>{t(`cashback.status.${cashback.status}`)}</Badge>
            {active && cashback.receiving_expired_at && (
              <CashbackCountdown deadline={cashback.receiving_expired_at} />
            )}
          </div>
          <h3 id={`cashback-${cashback.id}-name`} className="text-base font-semibold tracking-tight">
            {cashback.name}
          </h3>
        </div>
        <p className="amount shrink-0 text-xl font-bold tracking-tight" data-testid="cashback-amount">
          {money(cashback.amount)}
        </p>
      </header>
      {/* Under the header, not beside the amount: a phone gives it the card's whole width. */}
      {cashback.description && (
        <p className="text-sm leading-relaxed text-muted tablet:ps-14">{cashback.description}</p>
      )}
      <dl className="grid grid-cols-2 gap-3 tablet:grid-cols-3">
        <div className="col-span-2 tablet:col-span-1">
          <dt className="text-xs text-muted">{t('cashback.period')}</dt>
          <dd className="text-sm font-semibold">
            {t('cashback.periodValue', {
              start: formatDay(cashback.start_date),
              end: formatDay(lastDayOf(cashback.end_date)),
            })}
          </dd>
        </div>
        {active && cashback.receiving_expired_at && (
          <div>
            <dt className="text-xs text-muted">{t('cashback.claimBy')}</dt>
            <dd className="text-sm font-semibold">
              <time dateTime={cashback.receiving_expired_at}>{dateTime(cashback.receiving_expired_at)}</time>
            </dd>
          </div>
        )}
        {cashback.paid_out_at && (
          <div>
            <dt className="text-xs text-muted">{t('cashback.paidOut')}</dt>
            <dd className="text-sm font-semibold">
              <time dateTime={cashback.paid_out_at}>{dateTime(cashback.paid_out_at)}</time>
            </dd>
          </div>
        )}
      </dl>
      <p className="amount text-sm text-muted" data-testid="cashback-share">
        {t('cashback.percent', { percent: cashback.percent, loss: money(cashback.net_loss) })}
      </p>
      {active && (
        <div className="grid grid-cols-2 gap-2 tablet:flex tablet:justify-end">
          <Button
            size="sm"
            loading={busy === `cashback:${cashback.id}:claim`}
            disabled={busy !== null}
            data-testid="cashback-claim"
            onClick={() => onAction(cashback, 'claim')}
          >
            {t('actions.claim')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={busy === `cashback:${cashback.id}:remove`}
            disabled={busy !== null}
            data-testid="cashback-remove"
            onClick={() => onAction(cashback, 'remove')}
          >
            {t('actions.remove')}
          </Button>
        </div>
      )}
    </article>
  );
}

export function CashbackPage({
  list,
  moreHref,
}: {
  list: { items: CashbackOutput[]; total: number };
  /** One more page, when there is more. */
  moreHref: string | null;
}) {
  const { t } = useTranslation('bonuses');
  const { money } = useCashierFormat();
  const { busy, run } = useOfferActions();
  const onAction = (cashback: CashbackOutput, action: 'claim' | 'remove') => {
    const input = { cashback_id: cashback.id };
    const amount = money(cashback.amount);
    const request: OfferAction =
      action === 'claim'
        ? {
            key: `cashback:${cashback.id}:claim`,
            done: t('done.claim', { amount }),
            call: (api) => api.call('cashbacks.payout', input),
          }
        : {
            key: `cashback:${cashback.id}:remove`,
            done: t('done.cashbackRemove'),
            confirm: {
              title: t('confirm.cashbackRemoveTitle'),
              text: t('confirm.cashbackRemoveText', { amount }),
              confirmText: t('confirm.cashbackRemoveConfirm'),
              tone: 'danger',
            },
            call: (api) => api.call('cashbacks.remove', input),
          };
    void run(request);
  };
  return (
    <section aria-labelledby="cashback-title" className="flex flex-col gap-4" data-testid="cashback">
      <div>
        <h2 id="cashback-title" className="text-lg font-semibold tracking-tight">
          {t('cashback.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('cashback.text')}</p>
      </div>
      {list.items.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted"
          data-testid="cashback-empty"
        >
          {t('cashback.empty')}
        </p>
      ) : (
        <div className="grid gap-3">
          {list.items.map((cashback) => (
            <CashbackCard key={cashback.id} cashback={cashback} busy={busy} onAction={onAction} />
          ))}
        </div>
      )}
      {list.total > 0 && (
        <div className="flex flex-col items-center gap-3">
          <p className="text-xs text-muted" aria-live="polite">
            {t('shown', { shown: list.items.length, total: list.total })}
          </p>
          {moreHref && (
            <Link
              to={moreHref}
              preventScrollReset
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              data-testid="cashback-more"
            >
              {t('actions.more')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
