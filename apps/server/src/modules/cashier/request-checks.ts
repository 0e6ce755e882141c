/**
 * What a player's deposit or withdrawal request is checked against before anything is stored: the
 * method's bounds in the currency (spec §5 sum rule), the requisites the method asks for, and the
 * fingerprint that ties a client request id to one request.
 */
import { createHash } from 'node:crypto';
import type { RequisiteField, RequisitesInput } from '@croupier/contract/cashier/common';
import type { Locale } from '@croupier/contract/locales';
import { cardHolderField, ibanField } from '@croupier/contract/validation/fields';
import { formatValidationMessage } from '@croupier/contract/validation/messages';
import { AppError } from '../../lib/app-error.ts';
import { parseAmount } from '../wallet/typed-amount.ts';
import type { MethodLimitRecord, MethodRecord, ProviderMethod } from './cashier.repository.ts';
import { boundText, moneyOf } from './transaction-output.ts';

/** Requisites each provider method asks for, and the spec §5 rule each is checked with. */
export const REQUISITES: Record<ProviderMethod, { deposit: RequisiteField[]; withdrawal: RequisiteField[] }> =
  {
    card: { deposit: [], withdrawal: [] },
    bank_transfer: {
      deposit: [{ name: 'iban', rule: 'iban', required: false }],
      withdrawal: [
        { name: 'iban', rule: 'iban', required: true },
        { name: 'holder', rule: 'cardHolder', required: true },
        { name: 'bank_id', rule: 'text', required: false },
      ],
    },
  };

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function invalidField(
  field: string,
  code: string,
  message?: string,
  values?: Record<string, string | number>,
) {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { [field]: code },
    ...(message ? { message } : {}),
    ...(values ? { values } : {}),
  });
}

export function findLimit(method: MethodRecord, currency: string, direction: 'deposit' | 'withdrawal') {
  return method.limits.find((limit) => limit.currency === currency && limit.direction === direction);
}

/** The amount as typed → minor units, or the spec §5 sum error showing both bounds. */
export function readAmount(
  text: string,
  currency: string,
  exponent: number,
  limit: MethodLimitRecord,
  locale: Locale,
  outOfBounds: 'field' | 'withdrawal',
): bigint {
  const parsed = parseAmount(text, exponent);
  const inBounds = parsed.ok && parsed.amountMinor >= limit.minMinor && parsed.amountMinor <= limit.maxMinor;
  if (inBounds) return parsed.amountMinor;
  const min = boundText(limit.minMinor, currency, exponent);
  const max = boundText(limit.maxMinor, currency, exponent);
  if (parsed.ok && outOfBounds === 'withdrawal') {
    throw new AppError('WithdrawalLimitsExceededException', {
      code: parsed.amountMinor < limit.minMinor ? 'below_min' : 'above_max',
      message: 'cashier.withdrawal_limits',
      values: { min, max },
      data: {
        min: moneyOf(limit.minMinor, currency, exponent),
        max: moneyOf(limit.maxMinor, currency, exponent),
      },
    });
  }
  return throwSumRange(min, max, locale);
}

export function throwSumRange(min: string, max: string, locale: Locale): never {
  throw new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { amount: 'sumRange' },
    message: formatValidationMessage('sumRange', { min, max }, locale),
  });
}

/** Checks the requisites a method asks for (spec §5 rules); returns them normalized. */
export function readRequisites(
  fields: RequisiteField[],
  given: RequisitesInput | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const raw = given?.[field.name]?.trim() ?? '';
    if (raw === '') {
      if (field.required) problems[field.name] = 'required';
      continue;
    }
    // The spec §5 field schemas the web's forms use too: what the form accepts, we accept.
    const schema =
      field.rule === 'iban'
        ? ibanField()
        : field.rule === 'cardHolder'
          ? cardHolderField({ max: 100 })
          : null;
    if (schema) {
      const parsed = schema.safeParse(raw);
      if (parsed.success) out[field.name] = parsed.data;
      else problems[field.name] = parsed.error.issues[0]?.message ?? 'custom';
    } else if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) {
      problems[field.name] = 'custom';
    } else {
      out[field.name] = raw;
    }
  }
  if (Object.keys(problems).length > 0) {
    throw new AppError('RequisitesValidationRequiredException', {
      code: 'requisites_invalid',
      fields: problems,
      message: 'cashier.requisites_invalid',
    });
  }
  return out;
}

export function requestHash(parts: Record<string, string | number>): string {
  return sha256(JSON.stringify(parts));
}
