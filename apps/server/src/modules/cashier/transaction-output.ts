/**
 * A cashier transaction as the player (or an operator) sees it: amounts as decimal strings in the
 * currency's exponent, IBANs masked.
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import type { Money } from '@croupier/contract/params';
import { formatSumBound } from '@croupier/contract/validation/rules';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { TransactionRecord } from './cashier.repository.ts';

/** `FR7630006000011234567890189` → `FR76 •••• 0189`: enough to recognise, not to reuse. */
export function maskIban(iban: string): string {
  return iban.length <= 8 ? '••••' : `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

export function moneyOf(amountMinor: bigint, currency: string, exponent: number): Money {
  return { amount: formatMinor(amountMinor, exponent), currency };
}

/** A bound as the spec §5 sum message shows it ("5,000.00 EUR"). */
export function boundText(amountMinor: bigint, currency: string, exponent: number): string {
  return formatSumBound(formatMinor(amountMinor, exponent), currency);
}

export function toOutput(record: TransactionRecord, exponentByCode: Map<string, number>): TransactionOutput {
  const requisites: Record<string, string> = {};
  for (const [key, value] of Object.entries(record.requisites)) {
    requisites[key] = key === 'iban' ? maskIban(value) : value;
  }
  return {
    id: Number(record.id),
    type: record.type,
    method: record.method,
    status: record.status,
    amount: moneyOf(
      record.amountMinor,
      record.currency,
      exponentByCode.get(record.currency) ?? currencyExponent(record.currency),
    ),
    requisites,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    domain: record.domain,
    failure_code: record.failureCode,
    can_cancel: record.type === 'withdrawal' && record.status === 'pending',
  };
}
