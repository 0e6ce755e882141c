/**
 * What a failed cashier call means for the page (spec §8), read by shape so it works whichever copy
 * of the contract package threw it: the server's message (already in the page language), field
 * codes, and the data the page acts on — the available amount of a deposit limit, a withdrawal's
 * bounds, the link of a withdrawal gate.
 */
import { type ErrorType, isErrorType } from '@croupier/contract/errors';
import { type Money, moneyOutput } from '@croupier/contract/params';
import {
  formatValidationMessage,
  isValidationCode,
  messagePlaceholders,
  VALIDATION_MESSAGES,
} from '@croupier/contract/validation/messages';
import { z } from 'zod';
import type { RuleContext } from './amount-rules.ts';

export interface CashierFailure {
  type: ErrorType;
  message: string;
  code: string;
  fields: Readonly<Record<string, string>>;
  data: Readonly<Record<string, unknown>>;
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') out[key] = entry;
  return out;
}

export function toCashierFailure(error: unknown): CashierFailure | undefined {
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const candidate = error as Error & { type?: unknown; code?: unknown; fields?: unknown; data?: unknown };
  if (!isErrorType(candidate.type)) return undefined;
  return {
    type: candidate.type,
    message: error.message,
    code: typeof candidate.code === 'string' ? candidate.code : '',
    fields: stringRecord(candidate.fields),
    data: typeof candidate.data === 'object' && candidate.data !== null ? { ...candidate.data } : {},
  };
}

const depositLimitData = z.object({
  available_amount: moneyOutput,
  period: z.enum(['none', 'day', 'week', 'month']).optional(),
  expired_at: z.string().nullable().optional(),
});

/** BillingDepositLimitExceededException: what may still be deposited, and until when. */
export function depositLimitOf(
  failure: CashierFailure,
): { available: Money; period: string | null; until: string | null } | null {
  if (failure.type !== 'BillingDepositLimitExceededException') return null;
  const parsed = depositLimitData.safeParse(failure.data);
  if (!parsed.success) return null;
  return {
    available: parsed.data.available_amount,
    period: parsed.data.period ?? null,
    until: parsed.data.expired_at ?? null,
  };
}

const boundsData = z.object({ min: moneyOutput, max: moneyOutput });

/** WithdrawalLimitsExceededException: the method's bounds. */
export function withdrawalBoundsOf(failure: CashierFailure): { min: Money; max: Money } | null {
  if (failure.type !== 'WithdrawalLimitsExceededException') return null;
  const parsed = boundsData.safeParse(failure.data);
  return parsed.success ? parsed.data : null;
}

export type WithdrawalGate = 'confirm_contact' | 'kyc';

/** UserNeedConfirmContactException / KycWithdrawalException: which gate and its configured link. */
export function withdrawalGateOf(failure: CashierFailure): { gate: WithdrawalGate; link: string } | null {
  const gate: WithdrawalGate | null =
    failure.type === 'UserNeedConfirmContactException'
      ? 'confirm_contact'
      : failure.type === 'KycWithdrawalException'
        ? 'kyc'
        : null;
  if (!gate) return null;
  const link = typeof failure.data.link === 'string' ? failure.data.link : '';
  return { gate, link };
}

/**
 * The text of a field code the server sent: a shared rule's message (operator wording) when the
 * code is one without placeholders, else the server's own message — a `sumRange` message carries
 * the bounds, which only the server's text has.
 */
export function fieldText(
  code: string,
  serverMessage: string,
  rules: Pick<RuleContext, 'locale' | 'overrides'>,
): string {
  if (!isValidationCode(code) || code === 'custom') return serverMessage;
  if (messagePlaceholders(VALIDATION_MESSAGES.en[code]).length > 0) return serverMessage;
  return formatValidationMessage(code, undefined, rules.locale, rules.overrides);
}
