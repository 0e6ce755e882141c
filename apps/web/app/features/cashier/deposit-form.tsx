/**
 * The deposit form of one method (spec §3 depositValues, §5): presets, the amount checked as the
 * player types, the requisites the method asks for, then `cashier.makedeposit` and a full-page
 * redirect to the provider's hosted page (card data never reaches our pages). Nothing is credited
 * here: the provider's signed webhook does that, and the result page shows it.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import type { DepositLimitOutput } from '@croupier/contract/cashier/common';
import type { PaymentMethodOutput } from '@croupier/contract/cashier/payment-methods';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useVerificationPopup, VERIFICATION_REQUIRED } from '../verification/verification-popup.tsx';
import { AmountField } from './amount-field.tsx';
import { presetInput, sumForApi } from './amount-rules.ts';
import { CashierCard, Notice } from './cashier-card.tsx';
import { depositLimitOf, fieldText, toCashierFailure } from './cashier-failure.ts';
import { currencyFormat } from './cashier-money.ts';
import { DepositOffers, initialOfferChoice, isOfferAllowed, NO_OFFER } from './deposit-offers.tsx';
import { MethodIcons } from './method-icons.tsx';
import { EMPTY_MONEY_FORM, type MoneyFormValues, moneyFormSchema, requisitesForApi } from './money-form.ts';
import { goToProvider } from './provider-redirect.ts';
import { RequisiteFields } from './requisite-fields.tsx';
import { newRequestId, useCashierApi } from './use-cashier-api.ts';
import { useCashierFormat } from './use-cashier-format.ts';

type DepositMethod = PaymentMethodOutput & { deposit: NonNullable<PaymentMethodOutput['deposit']> };

export function isDepositMethod(method: PaymentMethodOutput): method is DepositMethod {
  return method.deposit !== null;
}

interface Problem {
  title: string;
  text?: string;
}

export function DepositForm({
  method,
  presets,
  depositLimit,
  offers = [],
  requestedOffer = null,
}: {
  method: DepositMethod;
  /** The currency's presets from the deposit settings; the method's own win when it has some. */
  presets: readonly string[];
  depositLimit: DepositLimitOutput;
  /** Deposit offers the player can take (`campaigns.getoffers`, trigger deposit). */
  offers?: readonly OfferOutput[];
  /** The `?offer={id}` of the address (the offers page links there): preselected if allowed. */
  requestedOffer?: number | null;
}) {
  const { t } = useTranslation('cashier');
  const { money, dateTime, rules, currencies } = useCashierFormat();
  const { api } = useCashierApi();
  const showVerificationPopup = useVerificationPopup();
  const currency = method.deposit.min.currency;
  const symbol = currencyFormat(currencies, currency).symbol ?? currency;
  const bounds = method.deposit;
  const presetOptions = useMemo(() => {
    const source = method.deposit.presets.length > 0 ? method.deposit.presets.map((p) => p.amount) : presets;
    return source.flatMap((amount) => {
      const value = presetInput(amount);
      return value ? [{ value, label: money({ amount: value, currency }) }] : [];
    });
  }, [method.deposit.presets, presets, money, currency]);
  const schema = useMemo(
    () => moneyFormSchema(bounds, method.deposit_requisites, rules),
    [bounds, method.deposit_requisites, rules],
  );
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
    defaultValues: { ...EMPTY_MONEY_FORM, amount: presetOptions[1]?.value ?? presetOptions[0]?.value ?? '' },
  });
  const amount = watch('amount');
  const [offerChoice, setOfferChoice] = useState(() =>
    initialOfferChoice(offers, method.sysname, requestedOffer),
  );
  const chosenOffer = offers.find((offer) => offer.id === offerChoice);
  // Spec §3: campaign_offer_id -1 when no (allowed) offer is chosen.
  const campaignOfferId =
    chosenOffer && isOfferAllowed(chosenOffer, method.sysname) ? chosenOffer.id : NO_OFFER;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [leaving, setLeaving] = useState(false);
  // One id per attempt: a retried submit of the same deposit answers the first result.
  const request = useRef<{ key: string; id: string } | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const requisites = requisitesForApi(method.deposit_requisites, values);
    const input = {
      method: method.sysname,
      amount: sumForApi(values.amount),
      currency,
      requisites,
      campaign_offer_id: campaignOfferId,
    };
    const key = JSON.stringify(input);
    if (request.current?.key !== key) request.current = { key, id: newRequestId() };
    try {
      const { redirect_url } = await api.call('cashier.makedeposit', {
        ...input,
        ...(requisites ? { requisites } : {}),
        request_id: request.current.id,
      });
      setLeaving(true);
      goToProvider(redirect_url);
    } catch (error) {
      request.current = null;
      const failure = toCashierFailure(error);
      if (!failure) {
        setProblem({ title: t('errors.network') });
        return;
      }
      if (failure.type === VERIFICATION_REQUIRED && showVerificationPopup()) return;
      const limit = depositLimitOf(failure);
      if (limit) {
        setProblem({
          title: t('deposit.limitExceededTitle'),
          text: limit.until
            ? t('deposit.limitExceeded', { amount: money(limit.available), date: dateTime(limit.until) })
            : t('deposit.limitExceededNoDate', { amount: money(limit.available) }),
        });
        return;
      }
      let onField = false;
      for (const [field, code] of Object.entries(failure.fields)) {
        if (field === 'amount' || field === 'iban') {
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

  const valid = isValid && !errors.amount;
  const binding = depositLimit.period !== 'none' && depositLimit.available_amount ? depositLimit : null;

  return (
    <CashierCard
      id="deposit-form"
      title={method.title}
      description={method.description || undefined}
      aside={<MethodIcons icons={method.icons} />}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="deposit-form-element">
        <AmountField
          registration={register('amount')}
          error={errors.amount}
          value={amount}
          presets={presetOptions}
          onPreset={(value) => setValue('amount', value, { shouldValidate: true, shouldDirty: true })}
          symbol={symbol}
          label={t('amount.label', { currency })}
          hint={
            <>
              {t('amount.bounds', { min: money(bounds.min), max: money(bounds.max) })}
              {binding?.available_amount && binding.expired_at && (
                <span className="block" data-testid="deposit-limit-hint">
                  {t(`deposit.limitHint.${binding.period}`, {
                    amount: money(binding.available_amount),
                    date: dateTime(binding.expired_at),
                  })}
                </span>
              )}
            </>
          }
        />
        <RequisiteFields fields={method.deposit_requisites} register={register} errors={errors} banks={[]} />
        <DepositOffers
          offers={offers}
          method={method.sysname}
          currency={currency}
          value={campaignOfferId}
          onChange={setOfferChoice}
          money={money}
        />
        {problem && (
          <Notice tone="error" title={problem.title} testId="deposit-problem">
            {problem.text}
          </Notice>
        )}
        <div className="flex flex-col gap-3">
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={isSubmitting || leaving}
            data-testid="deposit-submit"
          >
            {valid
              ? t('deposit.submitAmount', { amount: money({ amount: sumForApi(amount), currency }) })
              : t('deposit.submit')}
          </Button>
          <p className="flex items-start gap-2 text-xs leading-relaxed text-muted">
            <Icon name="lock" size="sm" className="mt-px" />
            <span>{t('deposit.secureNote')}</span>
          </p>
        </div>
      </form>
    </CashierCard>
  );
}
