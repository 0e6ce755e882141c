/**
 * The cashier's field rules, as the player reads them: the spec §5 sum rule (digits only, no
 * leading zero, a whole positive amount between the method's bounds; the message shows both bounds
 * in the player's currency, fallback USD) and the requisites' rules (IBAN, card holder), all from
 * the shared `@croupier/contract` rules the server checks with, in the page language with the
 * operator's message overrides.
 */
import type { RequisiteField } from '@croupier/contract/cashier/common';
import type { Locale } from '@croupier/contract/locales';
import type { CurrencyInfo } from '@croupier/contract/metadata/get-general-info';
import type { Money } from '@croupier/contract/params';
import { formatValidationMessage, type ValidationCode } from '@croupier/contract/validation/messages';
import {
  parseSum,
  type ValidationIssue,
  validateCardHolder,
  validateIban,
  validateSum,
  validateText,
} from '@croupier/contract/validation/rules';
import { formatCashierMoney } from './cashier-money.ts';

export interface RuleContext {
  locale: Locale;
  /** The operator's spec §5 messages for this locale. */
  overrides?: Readonly<Partial<Record<ValidationCode, string>>>;
  currencies: readonly CurrencyInfo[];
}

export interface SumBounds {
  min: Money;
  max: Money;
}

function message(issue: ValidationIssue | null, context: RuleContext): string | null {
  return issue ? formatValidationMessage(issue.code, issue.params, context.locale, context.overrides) : null;
}

/** The problem with a typed amount, or null: "Enter an amount from €10.00 to €5,000.00". */
export function sumMessage(value: string, bounds: SumBounds, context: RuleContext): string | null {
  return message(
    validateSum(value, {
      min: bounds.min.amount,
      max: bounds.max.amount,
      currency: bounds.min.currency,
      format: (amount, currency) => formatCashierMoney({ amount, currency }, context.currencies),
    }),
    context,
  );
}

/** A preset as the player would type it: `'25.00'` → `'25'`; a preset with cents cannot be typed → null. */
export function presetInput(amount: string): string | null {
  const match = /^0*(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match || /[1-9]/.test(match[2] ?? '')) return null;
  const whole = match[1] ?? '';
  return /^[1-9]\d*$/.test(whole) ? whole : null;
}

/** A valid typed sum for the API, separators removed: `'1,500'` → `'1500'`. */
export function sumForApi(value: string): string {
  return (parseSum(value) ?? 0n).toString();
}

/** The problem with a requisite the method asks for (blank is fine when it is optional). */
export function requisiteMessage(field: RequisiteField, value: string, context: RuleContext): string | null {
  const optional = !field.required;
  switch (field.rule) {
    case 'iban':
      return message(validateIban(value, { optional }), context);
    case 'cardHolder':
      return message(validateCardHolder(value, { optional, max: 100 }), context);
    case 'text':
      return message(validateText(value, { optional, max: 64 }), context);
  }
}

/** A deposit limit: a whole positive amount (no upper bound but the sum rule's length). */
export function limitAmountMessage(value: string, context: RuleContext, currency: string): string | null {
  if (value.trim() === '') return message({ code: 'required' }, context);
  if (parseSum(value) !== null) return null;
  return formatValidationMessage(
    'minValue',
    {
      min: formatCashierMoney({ amount: '1', currency }, context.currencies),
    },
    context.locale,
    context.overrides,
  );
}
