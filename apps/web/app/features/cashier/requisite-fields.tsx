/**
 * The requisites a payment method asks for (bank transfer: IBAN, account holder, bank), each with
 * its label, hint and error. The bank is a native select of `cashier.getbanks` (phones show their
 * own picker); without a bank list it is left out, since it is optional.
 */
import type { RequisiteField } from '@croupier/contract/cashier/common';
import type { BankOutput } from '@croupier/contract/cashier/get-banks';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { Field, useFieldControl } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Input } from '../../ui/input.tsx';
import type { MoneyFormValues } from './money-form.ts';

function BankSelect({
  banks,
  ...rest
}: { banks: readonly BankOutput[] } & ReturnType<UseFormRegister<MoneyFormValues>>) {
  const { t } = useTranslation('cashier');
  const field = useFieldControl();
  return (
    <div className="relative">
      <select
        {...rest}
        id={field?.id}
        aria-describedby={field?.['aria-describedby']}
        aria-invalid={field?.['aria-invalid']}
        className={cx(
          'block min-h-12 w-full appearance-none rounded-xl border bg-background ps-4 pe-11 text-base text-text',
          'hover:border-border-strong focus-visible:border-accent focus-visible:outline-offset-0',
          field?.['aria-invalid'] ? 'border-danger' : 'border-border',
        )}
      >
        <option value="">{t('requisites.bankAny')}</option>
        {banks.map((bank) => (
          <option key={bank.id} value={bank.id}>
            {bank.name} ({bank.bic})
          </option>
        ))}
      </select>
      <Icon
        name="chevron-down"
        className="pointer-events-none absolute end-3.5 top-1/2 -translate-y-1/2 text-muted"
      />
    </div>
  );
}

export function RequisiteFields({
  fields,
  register,
  errors,
  banks,
}: {
  fields: readonly RequisiteField[];
  register: UseFormRegister<MoneyFormValues>;
  errors: FieldErrors<MoneyFormValues>;
  banks: readonly BankOutput[];
}) {
  const { t } = useTranslation('cashier');
  return fields.map((field) => {
    if (field.name === 'bank_id') {
      if (banks.length === 0) return null;
      return (
        <Field
          key={field.name}
          label={t('requisites.bank')}
          error={errors.bank_id?.message}
          required={field.required}
        >
          <BankSelect banks={banks} {...register('bank_id')} />
        </Field>
      );
    }
    if (field.name === 'iban') {
      return (
        <Field
          key={field.name}
          label={field.required ? t('requisites.iban') : t('requisites.ibanOptional')}
          hint={t('requisites.ibanHint')}
          error={errors.iban?.message}
          required={field.required}
        >
          <Input
            {...register('iban')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase"
            data-testid="requisite-iban"
          />
        </Field>
      );
    }
    return (
      <Field
        key={field.name}
        label={t('requisites.holder')}
        error={errors.holder?.message}
        required={field.required}
      >
        <Input {...register('holder')} autoComplete="name" data-testid="requisite-holder" />
      </Field>
    );
  });
}
