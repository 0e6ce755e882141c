/**
 * One player bonus (spec §3, ADR 020): kind, status, amount, its own balance, the wagering progress
 * bar with what is left to wager, max bet, deadlines, and the actions its status allows — each
 * behind the spec §4 confirm (activate, set aside, remove; removing a funded bonus is the burn
 * confirm, which says how much bonus money is lost).
 */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import type { ConfirmOptions } from '../../ui/dialogs.tsx';
import { Icon } from '../../ui/icon.tsx';
import { isZeroAmount } from '../cashier/cashier-money.ts';
import { useCashierFormat } from '../cashier/use-cashier-format.ts';
import { Badge, type BadgeTone } from '../profile/profile-card.tsx';
import {
  actionsOf,
  type BonusActionName,
  burnsOnRemove,
  progressBasisPoints,
  wholePercent,
} from './bonus-maths.ts';
import type { OfferAction } from './use-offer-actions.ts';

const STATUS_TONE: Record<BonusOutput['status'], BadgeTone> = {
  available: 'info',
  active: 'success',
  wagering: 'success',
  completed: 'success',
  expired: 'muted',
  cancelled: 'muted',
  burned: 'warning',
};

export function WageringProgress({ bonus }: { bonus: BonusOutput }) {
  const { t } = useTranslation('bonuses');
  const { money } = useCashierFormat();
  const { required, progress, left } = bonus.wagering;
  const basisPoints = progressBasisPoints(progress.amount, required.amount);
  const percent = wholePercent(basisPoints);
  const met = isZeroAmount(left.amount);
  return (
    <div className="flex flex-col gap-2" data-testid="bonus-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold" data-testid="bonus-left">
          {met ? t('card.met') : t('card.left', { amount: money(left) })}
        </span>
        <span className="amount text-muted">{t('card.percent', { percent })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('card.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('card.progress', { progress: money(progress), required: money(required) })}
        className="h-2.5 overflow-hidden rounded-full bg-raised"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-500"
          style={{ width: `${basisPoints / 100}%` }}
          data-testid="bonus-progress-fill"
        />
      </div>
      <p className="text-xs text-muted">
        {t('card.progress', { progress: money(progress), required: money(required) })}
      </p>
    </div>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="amount truncate text-sm font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The confirm of each action (spec §4 confirm dialogs: bonus activate/remove, burn bonuses). */
export function useBonusConfirm() {
  const { t } = useTranslation('bonuses');
  const { money, dateTime } = useCashierFormat();
  return (bonus: BonusOutput, action: BonusActionName): ConfirmOptions => {
    switch (action) {
      case 'activate':
        return {
          title: t('confirm.activateTitle'),
          text: t('confirm.activateText', {
            amount: money(bonus.amount),
            required: money(bonus.wagering.required),
          }),
          confirmText: t('confirm.activateConfirm'),
        };
      case 'deactivate':
        return {
          title: t('confirm.deactivateTitle'),
          text: t('confirm.deactivateText', { date: dateTime(bonus.activate_by) }),
          confirmText: t('confirm.deactivateConfirm'),
        };
      case 'remove':
        return burnsOnRemove(bonus)
          ? {
              title: t('confirm.burnTitle'),
              text: t('confirm.burnText', { amount: money(bonus.balance) }),
              confirmText: t('confirm.burnConfirm'),
              tone: 'danger',
            }
          : {
              title: t('confirm.removeTitle'),
              text: t('confirm.removeText'),
              confirmText: t('confirm.removeConfirm'),
              tone: 'danger',
            };
    }
  };
}

export function bonusAction(
  bonus: BonusOutput,
  action: BonusActionName,
  confirm: ConfirmOptions,
  done: string,
): OfferAction {
  const input = { bonus_id: bonus.id };
  return {
    key: `bonus:${bonus.id}:${action}`,
    confirm,
    done,
    call: (api) =>
      action === 'activate'
        ? api.call('bonuses.activate', input)
        : action === 'deactivate'
          ? api.call('bonuses.deactivate', input)
          : api.call('bonuses.remove', input),
  };
}

export function BonusCard({
  bonus,
  busy,
  onAction,
}: {
  bonus: BonusOutput;
  /** The key of the action under way on the page, if any. */
  busy: string | null;
  onAction: (bonus: BonusOutput, action: BonusActionName) => void;
}) {
  const { t } = useTranslation('bonuses');
  const { money, dateTime } = useCashierFormat();
  const funded = bonus.status === 'active' || bonus.status === 'wagering';
  const deadline = bonus.status === 'available' ? bonus.activate_by : funded ? bonus.wager_by : null;
  const actions = actionsOf(bonus);
  return (
    <article
      className={cx(
        'flex flex-col gap-4 rounded-2xl border bg-surface p-4 shadow-card tablet:p-5',
        funded ? 'border-accent/40' : 'border-border',
      )}
      data-testid="bonus-card"
      data-bonus-id={bonus.id}
      data-status={bonus.status}
      aria-labelledby={`bonus-${bonus.id}-name`}
    >
      <header className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-raised text-gold">
          <Icon
            name={bonus.kind === 'free_spins' ? 'slots' : bonus.kind === 'betting' ? 'betting' : 'gift'}
          />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-medium text-muted">{t(`kind.${bonus.kind}`)}</span>
            <Badge tone={STATUS_TONE[bonus.status]}>{t(`status.${bonus.status}`)}</Badge>
          </div>
          <h3 id={`bonus-${bonus.id}-name`} className="text-base font-semibold tracking-tight">
            {bonus.name}
          </h3>
          {bonus.description && <p className="text-sm leading-relaxed text-muted">{bonus.description}</p>}
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 tablet:grid-cols-4">
        <Fact label={t('card.amount')} testId="bonus-amount">
          {money(bonus.amount)}
        </Fact>
        {funded && (
          <Fact label={t('card.balance')} testId="bonus-balance">
            {money(bonus.balance)}
          </Fact>
        )}
        {bonus.max_bet && (
          <Fact label={t('card.maxBet')} testId="bonus-max-bet">
            {money(bonus.max_bet)}
          </Fact>
        )}
        {bonus.max_win && <Fact label={t('card.maxWin')}>{money(bonus.max_win)}</Fact>}
        {bonus.converted && <Fact label={t('card.converted')}>{money(bonus.converted)}</Fact>}
        {deadline && (
          <Fact label={bonus.status === 'available' ? t('card.activateBy') : t('card.wagerBy')}>
            <time dateTime={deadline}>{dateTime(deadline)}</time>
          </Fact>
        )}
        {!deadline && (
          <Fact label={t('card.created')}>
            <time dateTime={bonus.created_at}>{dateTime(bonus.created_at)}</time>
          </Fact>
        )}
      </dl>
      {funded && bonus.wagering.multiplier > 0 && <WageringProgress bonus={bonus} />}
      {bonus.status === 'available' && bonus.wagering.multiplier > 0 && (
        <p className="text-xs text-muted">
          {t('card.multiplier', { multiplier: bonus.wagering.multiplier })}
        </p>
      )}
      {actions.length > 0 && (
        <div className="grid grid-cols-2 gap-2 tablet:flex tablet:justify-end">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'activate' ? 'primary' : action === 'remove' ? 'ghost' : 'secondary'}
              className={cx(actions.length === 1 && 'col-span-2')}
              loading={busy === `bonus:${bonus.id}:${action}`}
              disabled={busy !== null}
              data-testid={`bonus-${action}`}
              onClick={() => onAction(bonus, action)}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
