/**
 * The amount of a deposit or withdrawal: whole amounts typed with digits (numeric keypad on phones),
 * the currency's symbol beside them, optional preset chips, the bounds as a hint and the spec §5
 * sum message under it as the player types.
 */
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';

export interface AmountFieldProps {
  registration: UseFormRegisterReturn<'amount'>;
  error: FieldError | undefined;
  value: string;
  /** Typeable presets (`'25'`) and how each reads (`'€25.00'`). */
  presets: readonly { value: string; label: string }[];
  onPreset: (value: string) => void;
  symbol: string;
  hint: ReactNode;
  label: string;
}

export function AmountField({
  registration,
  error,
  value,
  presets,
  onPreset,
  symbol,
  hint,
  label,
}: AmountFieldProps) {
  const { t } = useTranslation('cashier');
  return (
    <div className="flex flex-col gap-3">
      {presets.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-text">{t('amount.presets')}</legend>
          <div className="grid grid-cols-3 gap-2 tablet:grid-cols-5">
            {presets.map((preset) => {
              const pressed = value.trim() === preset.value;
              return (
                <button
                  key={preset.value}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onPreset(preset.value)}
                  data-testid={`preset-${preset.value}`}
                  className={cx(
                    'amount min-h-11 rounded-xl border px-2 text-sm font-semibold transition-colors',
                    pressed
                      ? 'border-accent bg-accent/15 text-text'
                      : 'border-border bg-raised/60 text-text/90 hover:border-border-strong',
                  )}
                >
                  {preset.label}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      <Field label={label} hint={hint} error={error?.message} required>
        <Input
          {...registration}
          inputMode="numeric"
          autoComplete="off"
          className="amount text-lg font-semibold"
          data-testid="amount-input"
          trailing={
            <span aria-hidden="true" className="inline-flex size-11 items-center justify-center text-muted">
              {symbol}
            </span>
          }
        />
      </Field>
    </div>
  );
}
