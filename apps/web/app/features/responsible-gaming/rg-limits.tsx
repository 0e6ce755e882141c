/**
 * Loss and wager limits (responsible gaming, ADR 025): each limit with what its rolling window used
 * and leaves and any change waiting for its 24-hour cooling-off, and a form to set, lower, raise or
 * remove one. The server decides what applies when; the page says it after saving.
 */
import {
  RG_LIMIT_KINDS,
  RG_LIMIT_PERIODS,
  type RgLimitEntry,
  type RgLimitKind,
  type RgLimitPeriod,
  type RgLimitsOutput,
} from '@croupier/contract/responsible-gaming/common';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { CashierCard, Notice } from '../cashier/cashier-card.tsx';
import { toCashierFailure } from '../cashier/cashier-failure.ts';
import { useCashierApi } from '../cashier/use-cashier-api.ts';
import { useCashierFormat } from '../cashier/use-cashier-format.ts';

function Choice<T extends string>({
  legend,
  name,
  values,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  values: readonly T[];
  value: T;
  label: (value: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cx('grid gap-2', values.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
        {values.map((item) => (
          <label
            key={item}
            className={cx(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-2 text-center text-sm font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent',
              value === item
                ? 'border-accent bg-accent/15 text-text'
                : 'border-border bg-raised/60 text-muted hover:text-text',
            )}
          >
            <input
              type="radio"
              name={name}
              value={item}
              checked={value === item}
              onChange={() => onChange(item)}
              className="sr-only"
            />
            {label(item)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function LimitRow({
  entry,
  onRemove,
  removing,
}: {
  entry: RgLimitEntry;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation('responsible-gaming');
  const { money, dateTime } = useCashierFormat();
  return (
    <li
      className="flex flex-col gap-2 py-3 tablet:flex-row tablet:items-center tablet:justify-between"
      data-testid={`rg-limit-${entry.kind}-${entry.period}`}
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold">
          {t(`limits.kind.${entry.kind}`)} · {t(`limits.period.${entry.period}`)}
          <span className="amount ms-2 text-text">{money(entry.limit_amount)}</span>
        </p>
        <p className="text-sm text-muted">
          {t('limits.usedLeft', { used: money(entry.used_amount), left: money(entry.left_amount) })}
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
      {!entry.pending_removal && (
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

export function RgLimits({ state }: { state: RgLimitsOutput }) {
  const { t } = useTranslation('responsible-gaming');
  const { money, dateTime } = useCashierFormat();
  const { api, refresh } = useCashierApi();
  const toasts = useToasts();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<RgLimitKind>('loss');
  const [period, setPeriod] = useState<RgLimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const save = async (target: { kind: RgLimitKind; period: RgLimitPeriod; amount?: string }) => {
    setProblem(null);
    setFieldError(undefined);
    setBusy(`${target.kind}-${target.period}`);
    try {
      const next = await api.call('responsibleGaming.setLimit', target);
      const entry = next.limits.find((item) => item.kind === target.kind && item.period === target.period);
      if (entry?.pending_effective_at) {
        toasts.show({
          kind: 'info',
          title: t('limits.savedLater', { date: dateTime(entry.pending_effective_at) }),
        });
      } else if (entry) {
        toasts.show({ kind: 'success', title: t('limits.savedNow'), text: money(entry.limit_amount) });
      } else {
        toasts.show({ kind: 'success', title: t('limits.removedNow') });
      }
      setAmount('');
      setOpen(false);
      await refresh();
    } catch (error) {
      const failure = toCashierFailure(error);
      if (failure?.fields.amount) setFieldError(failure.message || t('limits.error'));
      else setProblem(failure?.message || t('limits.error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <CashierCard id="rg-limits" title={t('limits.title')} description={t('limits.rule')}>
      {state.limits.length === 0 ? (
        <p className="text-sm text-muted">{t('limits.none')}</p>
      ) : (
        <ul className="divide-y divide-border border-y border-border" data-testid="rg-limit-list">
          {state.limits.map((entry) => (
            <LimitRow
              key={`${entry.kind}-${entry.period}`}
              entry={entry}
              removing={busy === `${entry.kind}-${entry.period}` && !open}
              onRemove={() => void save({ kind: entry.kind, period: entry.period })}
            />
          ))}
        </ul>
      )}
      {problem && (
        <div className="mt-4">
          <Notice tone="error" title={problem} />
        </div>
      )}
      <div className="mt-4">
        {!open ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setOpen(true)}
            aria-expanded={false}
            aria-controls={formId}
            data-testid="rg-limit-open"
          >
            {t('limits.set')}
          </Button>
        ) : (
          <form
            id={formId}
            noValidate
            className="flex flex-col gap-4"
            data-testid="rg-limit-form"
            onSubmit={(event) => {
              event.preventDefault();
              void save({ kind, period, amount: amount.trim() });
            }}
          >
            <Choice
              legend={t('limits.kindLabel')}
              name="rg-kind"
              values={RG_LIMIT_KINDS}
              value={kind}
              label={(value) => t(`limits.kind.${value}`)}
              onChange={setKind}
            />
            <Choice
              legend={t('limits.periodLabel')}
              name="rg-period"
              values={RG_LIMIT_PERIODS}
              value={period}
              label={(value) => t(`limits.period.${value}`)}
              onChange={setPeriod}
            />
            <Field
              label={t('limits.amountLabel', { currency: state.currency })}
              hint={t('limits.amountHint')}
              error={fieldError}
            >
              <Input
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                inputMode="decimal"
                autoComplete="off"
                className="amount"
                data-testid="rg-limit-amount"
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" loading={busy !== null} data-testid="rg-limit-save">
                {t('limits.save')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
                {t('limits.cancel')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </CashierCard>
  );
}
