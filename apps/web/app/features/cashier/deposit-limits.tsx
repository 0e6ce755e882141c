/**
 * Deposit limits (spec §3 depositLimit, §7 account.getDepositLimit / setDepositLimit): the limits the
 * player set per day, week and month with what is left and when it starts again, and a form to set,
 * lower, raise or remove one. Responsible gaming: a lower limit applies at once; a higher one or a
 * removal only after 24 hours, which the page says before and after saving.
 */
import {
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimitEntry,
  type DepositLimitOutput,
  type DepositLimitPeriod,
} from '@croupier/contract/cashier/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { limitAmountMessage, sumForApi } from './amount-rules.ts';
import { CashierCard, Notice } from './cashier-card.tsx';
import { fieldText, toCashierFailure } from './cashier-failure.ts';
import { currencyFormat } from './cashier-money.ts';
import { useCashierApi } from './use-cashier-api.ts';
import { useCashierFormat } from './use-cashier-format.ts';

interface LimitFormValues {
  period: DepositLimitPeriod;
  amount: string;
}

function LimitRow({
  entry,
  canEdit,
  onRemove,
  removing,
}: {
  entry: DepositLimitEntry;
  canEdit: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation('cashier');
  const { money, dateTime } = useCashierFormat();
  return (
    <li
      className="flex flex-col gap-2 py-3 tablet:flex-row tablet:items-center tablet:justify-between"
      data-period={entry.period}
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold">
          {t(`limits.period.${entry.period}`)}
          <span className="amount ms-2 text-text">{money(entry.limit_amount)}</span>
        </p>
        <p className="text-sm text-muted">
          {t('limits.left', { amount: money(entry.available_amount), date: dateTime(entry.expired_at) })}
        </p>
        {entry.pending_effective_at && (
          <p className="mt-1 text-sm text-warning">
            {entry.pending_removal
              ? t('limits.pendingRemoval', { date: dateTime(entry.pending_effective_at) })
              : entry.pending_limit_amount &&
                t('limits.pendingIncrease', {
                  amount: money(entry.pending_limit_amount),
                  date: dateTime(entry.pending_effective_at),
                })}
          </p>
        )}
      </div>
      {canEdit && !entry.pending_removal && (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          loading={removing}
          className="self-start tablet:self-auto"
        >
          {t('limits.remove')}
        </Button>
      )}
    </li>
  );
}

export function DepositLimits({ limit, currency }: { limit: DepositLimitOutput; currency: string }) {
  const { t } = useTranslation('cashier');
  const { money, dateTime, rules, currencies } = useCashierFormat();
  const { api, refresh } = useCashierApi();
  const toasts = useToasts();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<DepositLimitPeriod | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const symbol = currencyFormat(currencies, currency).symbol ?? currency;
  const schema = useMemo(
    () =>
      z.object({ period: z.enum(DEPOSIT_LIMIT_PERIODS), amount: z.string() }).superRefine((values, ctx) => {
        const message = limitAmountMessage(values.amount, rules, currency);
        if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
      }),
    [rules, currency],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LimitFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { period: 'day', amount: '' },
  });
  const period = watch('period');

  /** What the player is told after a change: the new state of that period. */
  const announce = (state: DepositLimitOutput, changed: DepositLimitPeriod, removed: boolean) => {
    const entry = state.limits.find((item) => item.period === changed);
    const periodName = t(`limits.periodWord.${changed}`);
    if (entry?.pending_effective_at) {
      toasts.show({
        kind: 'info',
        title: removed ? t('limits.savedRemovalLater') : t('limits.savedIncreaseLater'),
        text: t('limits.appliesFrom', { period: periodName, date: dateTime(entry.pending_effective_at) }),
      });
    } else if (entry) {
      toasts.show({
        kind: 'success',
        title: t('limits.savedNow'),
        text: t('limits.nowIs', { period: periodName, amount: money(entry.limit_amount) }),
      });
    } else {
      toasts.show({ kind: 'success', title: t('limits.removedNow', { period: periodName }) });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const state = await api.call('account.setDepositLimit', {
        period: values.period,
        amount: sumForApi(values.amount),
      });
      announce(state, values.period, false);
      reset({ period: values.period, amount: '' });
      setOpen(false);
      await refresh();
    } catch (error) {
      const failure = toCashierFailure(error);
      const code = failure?.fields.amount;
      if (failure && code)
        setError('amount', { type: 'server', message: fieldText(code, failure.message, rules) });
      else setProblem(failure?.message || t('errors.generic'));
    }
  });

  const remove = async (target: DepositLimitPeriod) => {
    setRemoving(target);
    setProblem(null);
    try {
      const state = await api.call('account.setDepositLimit', { period: target });
      announce(state, target, true);
      await refresh();
    } catch (error) {
      setProblem(toCashierFailure(error)?.message || t('errors.generic'));
    } finally {
      setRemoving(null);
    }
  };

  const binding = limit.period !== 'none' ? limit : null;
  return (
    <CashierCard
      id="deposit-limits"
      title={t('limits.title')}
      description={t('limits.rule')}
      aside={
        binding?.available_amount ? (
          <span className="amount rounded-full border border-info/40 bg-info/10 px-2.5 py-0.5 text-xs font-semibold text-info">
            {t('limits.available', { amount: money(binding.available_amount) })}
          </span>
        ) : undefined
      }
    >
      {limit.limits.length === 0 ? (
        <p className="text-sm text-muted">{t('limits.none')}</p>
      ) : (
        <ul className="divide-y divide-border border-y border-border" data-testid="deposit-limit-list">
          {limit.limits.map((entry) => (
            <LimitRow
              key={entry.period}
              entry={entry}
              canEdit={limit.can_edit}
              removing={removing === entry.period}
              onRemove={() => void remove(entry.period)}
            />
          ))}
        </ul>
      )}
      {problem && (
        <div className="mt-4">
          <Notice tone="error" title={problem} />
        </div>
      )}
      {limit.can_edit && (
        <div className="mt-4">
          {!open ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setOpen(true)}
              aria-expanded={false}
              aria-controls={formId}
              data-testid="deposit-limit-open"
            >
              {t('limits.set')}
            </Button>
          ) : (
            <form
              id={formId}
              onSubmit={onSubmit}
              noValidate
              className="flex flex-col gap-4"
              data-testid="deposit-limit-form"
            >
              <fieldset>
                <legend className="mb-2 text-sm font-medium">{t('limits.periodLabel')}</legend>
                <div className="grid grid-cols-3 gap-2">
                  {DEPOSIT_LIMIT_PERIODS.map((value) => (
                    <label
                      key={value}
                      className={cx(
                        'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-2 text-sm font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent',
                        period === value
                          ? 'border-accent bg-accent/15 text-text'
                          : 'border-border bg-raised/60 text-muted hover:text-text',
                      )}
                    >
                      <input type="radio" value={value} className="sr-only" {...register('period')} />
                      {t(`limits.period.${value}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Field label={t('limits.amountLabel', { currency })} error={errors.amount?.message} required>
                <Input
                  {...register('amount')}
                  inputMode="numeric"
                  autoComplete="off"
                  className="amount"
                  data-testid="deposit-limit-amount"
                  trailing={
                    <span
                      aria-hidden="true"
                      className="inline-flex size-11 items-center justify-center text-muted"
                    >
                      {symbol}
                    </span>
                  }
                />
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" loading={isSubmitting} data-testid="deposit-limit-save">
                  {t('limits.save')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
                  {t('limits.cancel')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </CashierCard>
  );
}
