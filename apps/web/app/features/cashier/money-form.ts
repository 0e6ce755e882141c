/**
 * The deposit and withdrawal forms' values and schema: the amount under the spec §5 sum rule with
 * the method's bounds, and the requisites the method asks for under their shared rules. Messages
 * are finished text (page language, operator overrides), so react-hook-form shows them as they are;
 * the form checks as the player types.
 */
import type { RequisiteField, RequisitesInput } from '@croupier/contract/cashier/common';
import { normalizeIban } from '@croupier/contract/validation/rules';
import { z } from 'zod';
import { type RuleContext, requisiteMessage, type SumBounds, sumMessage } from './amount-rules.ts';

export interface MoneyFormValues {
  amount: string;
  iban: string;
  holder: string;
  bank_id: string;
}

export const EMPTY_MONEY_FORM: MoneyFormValues = { amount: '', iban: '', holder: '', bank_id: '' };

export function moneyFormSchema(
  bounds: SumBounds,
  requisites: readonly RequisiteField[],
  rules: RuleContext,
) {
  return z
    .object({ amount: z.string(), iban: z.string(), holder: z.string(), bank_id: z.string() })
    .superRefine((values, ctx) => {
      const amount = sumMessage(values.amount, bounds, rules);
      if (amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount });
      for (const field of requisites) {
        const problem = requisiteMessage(field, values[field.name], rules);
        if (problem) ctx.addIssue({ code: 'custom', path: [field.name], message: problem });
      }
    });
}

/** The requisites to send: only those the method asks for and the player gave, IBAN normalized. */
export function requisitesForApi(
  requisites: readonly RequisiteField[],
  values: MoneyFormValues,
): RequisitesInput | undefined {
  const out: RequisitesInput = {};
  for (const field of requisites) {
    const value = values[field.name].trim();
    if (value === '') continue;
    out[field.name] = field.name === 'iban' ? normalizeIban(value) : value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
