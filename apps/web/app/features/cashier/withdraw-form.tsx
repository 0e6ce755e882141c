/**
 * The withdrawal request (spec §3, §8): the method (a card payout needs an earlier card deposit),
 * the amount within the method's bounds and no more than the main balance, the requisites the
 * method asks for (bank transfer: IBAN and account holder), then `cashier.makewithdrawal`. The
 * funds are held at once and wait for approval; the page then shows the open withdrawal.
 */
import type { BankOutput } from '@croupier/contract/cashier/get-banks';
import type { CallOutput } from '@croupier/contract/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { AmountField } from './amount-field.tsx';
import { sumForApi } from './amount-rules.ts';
import { CashierCard, Notice } from './cashier-card.tsx';
import {
  fieldText,
  toCashierFailure,
  type WithdrawalGate,
  withdrawalBoundsOf,
  withdrawalGateOf,
} from './cashier-failure.ts';
import { currencyFormat } from './cashier-money.ts';
import { MethodIcons } from './method-icons.tsx';
import { EMPTY_MONEY_FORM, type MoneyFormValues, moneyFormSchema, requisitesForApi } from './money-form.ts';
import { RequisiteFields } from './requisite-fields.tsx';
import { newRequestId, useCashierApi } from './use-cashier-api.ts';
import { useCashierFormat } from './use-cashier-format.ts';
import { WithdrawalGateNotice } from './withdrawal-gate.tsx';

export type WithdrawSettings = CallOutput<'cashier.getwithdrawsettings'>;
type WithdrawMethod = WithdrawSettings['methods'][number];

function MethodChoice({
  methods,
  selected,
  onSelect,
}: {
  methods: readonly WithdrawMethod[];
  selected: string;
  onSelect: (sysname: string) => void;
}) {
  const { t } = useTranslation('cashier');
  const { money } = useCashierFormat();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t('withdraw.method')}</legend>
      <div className="grid gap-2 tablet:grid-cols-2">
        {methods.map((method) => (
          <label
            key={method.sysname}
            className={cx(
              'flex min-h-16 items-center gap-3 rounded-2xl border p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent',
              !method.available && 'cursor-not-allowed opacity-60',
              method.available && 'cursor-pointer',
              selected === method.sysname
                ? 'border-accent bg-accent/10'
                : 'border-border bg-surface hover:border-border-strong',
            )}
            data-testid={`withdraw-method-${method.sysname}`}
          >
            <input
              type="radio"
              name="withdraw-method"
              value={method.sysname}
              checked={selected === method.sysname}
              disabled={!method.available}
              onChange={() => onSelect(method.sysname)}
              className="sr-only"
            />
            <MethodIcons icons={method.icons} className="w-[5.25rem]" />
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-semibold">{method.title}</span>
              <span className="text-xs text-muted">
                {method.available
                  ? t('amount.boundsShort', { min: money(method.min), max: money(method.max) })
                  : t(`withdraw.unavailable.${method.unavailable_reason ?? 'other'}`, {
                      defaultValue: t('withdraw.unavailable.other'),
                    })}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function WithdrawFields({
  method,
  withdrawable,
  banks,
}: {
  method: WithdrawMethod;
  withdrawable: WithdrawSettings['withdrawable'];
  banks: readonly BankOutput[];
}) {
  const { t } = useTranslation('cashier');
  const { money, rules, currencies } = useCashierFormat();
  const { api, refresh } = useCashierApi();
  const toasts = useToasts();
  const currency = method.min.currency;
  const symbol = currencyFormat(currencies, currency).symbol ?? currency;
  const schema = useMemo(() => moneyFormSchema(method, method.requisites, rules), [method, rules]);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, isValid },
  } = useForm<MoneyFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: EMPTY_MONEY_FORM,
  });
  const amount = watch('amount');
  const [problem, setProblem] = useState<{ title: string; text?: string } | null>(null);
  const [gate, setGate] = useState<{ gate: WithdrawalGate; link: string; message: string } | null>(null);
  const request = useRef<{ key: string; id: string } | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setGate(null);
    const requisites = requisitesForApi(method.requisites, values);
    const input = {
      method: method.sysname,
      amount: sumForApi(values.amount),
      ...(requisites ? { requisites } : {}),
    };
    const key = JSON.stringify(input);
    if (request.current?.key !== key) request.current = { key, id: newRequestId() };
    try {
      const made = await api.call('cashier.makewithdrawal', { ...input, request_id: request.current.id });
      request.current = null;
      toasts.show({
        kind: 'success',
        title: t('withdraw.requested'),
        text: t('withdraw.requestedText', { amount: money(made.amount) }),
      });
      await refresh();
    } catch (error) {
      request.current = null;
      const failure = toCashierFailure(error);
      if (!failure) {
        setProblem({ title: t('errors.network') });
        return;
      }
      const blocked = withdrawalGateOf(failure);
      if (blocked) {
        setGate({ ...blocked, message: failure.message });
        return;
      }
      const bounds = withdrawalBoundsOf(failure);
      if (bounds) {
        setError('amount', { type: 'server', message: failure.message }, { shouldFocus: true });
        return;
      }
      let onField = false;
      for (const [field, code] of Object.entries(failure.fields)) {
        if (field === 'amount' || field === 'iban' || field === 'holder' || field === 'bank_id') {
          setError(
            field,
            { type: 'server', message: fieldText(code, failure.message, rules) },
            { shouldFocus: !onField },
          );
          onField = true;
        }
      }
      if (!onField) setProblem({ title: failure.message || t('errors.generic') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="withdraw-form-element">
      <AmountField
        registration={register('amount')}
        error={errors.amount}
        value={amount}
        presets={[]}
        onPreset={(value) => setValue('amount', value, { shouldValidate: true })}
        symbol={symbol}
        label={t('amount.label', { currency })}
        hint={
          <>
            {t('amount.bounds', { min: money(method.min), max: money(method.max) })}
            <span className="block">{t('withdraw.availableHint', { amount: money(withdrawable) })}</span>
            {method.period_max && (
              <span className="block">
                {t('withdraw.periodHint', { amount: money(method.period_max), count: method.period_hours })}
              </span>
            )}
          </>
        }
      />
      <RequisiteFields fields={method.requisites} register={register} errors={errors} banks={banks} />
      {gate && <WithdrawalGateNotice gate={gate.gate} link={gate.link} message={gate.message} />}
      {problem && <Notice tone="error" title={problem.title} testId="withdraw-problem" />}
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} data-testid="withdraw-submit">
        {isValid && !errors.amount
          ? t('withdraw.submitAmount', { amount: money({ amount: sumForApi(amount), currency }) })
          : t('withdraw.submit')}
      </Button>
      <p className="text-xs leading-relaxed text-muted">{t('withdraw.note')}</p>
    </form>
  );
}

export function WithdrawForm({
  settings,
  banks,
}: {
  settings: WithdrawSettings;
  banks: readonly BankOutput[];
}) {
  const { t } = useTranslation('cashier');
  const available = settings.methods.filter((method) => method.available);
  const [selected, setSelected] = useState(available[0]?.sysname ?? settings.methods[0]?.sysname ?? '');
  const method = settings.methods.find((entry) => entry.sysname === selected && entry.available);
  return (
    <CashierCard id="withdraw-form" title={t('withdraw.formTitle')}>
      <div className="flex flex-col gap-5">
        {settings.methods.length > 1 && (
          <MethodChoice methods={settings.methods} selected={selected} onSelect={setSelected} />
        )}
        {method ? (
          <WithdrawFields
            key={method.sysname}
            method={method}
            withdrawable={settings.withdrawable}
            banks={banks}
          />
        ) : (
          <Notice tone="info" title={t('withdraw.noMethods')} />
        )}
      </div>
    </CashierCard>
  );
}
