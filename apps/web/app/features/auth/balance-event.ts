/**
 * The pushed `balance` event (ADR 037) checked without zod: the header is on every page, and the
 * contract's `balancesOutput` schema would bring zod to all of them (issue #17). The same rules as
 * that schema (balance-event.test.ts holds them equal): four money fields, each a decimal string
 * amount and an ISO 4217 code; other keys dropped.
 */
import type { BalancesOutput } from '@croupier/contract/account/common';
import type { Money } from '@croupier/contract/params';

const BALANCE_KEYS = ['balance_main', 'balance_bonus', 'balance_betting_bonus', 'balance_fun'] as const;
const AMOUNT = /^-?\d+(\.\d+)?$/;
const CURRENCY = /^[A-Z]{3}$/;

function toMoney(value: unknown): Money | null {
  if (typeof value !== 'object' || value === null) return null;
  const { amount, currency } = value as Record<string, unknown>;
  if (typeof amount !== 'string' || !AMOUNT.test(amount)) return null;
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) return null;
  return { amount, currency };
}

/** The balances an event carries, or null for a malformed one (which the header ignores). */
export function parseBalanceEvent(data: unknown): BalancesOutput | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const balances: Partial<Record<(typeof BALANCE_KEYS)[number], Money>> = {};
  for (const key of BALANCE_KEYS) {
    const money = toMoney(record[key]);
    if (money === null) return null;
    balances[key] = money;
  }
  return balances as BalancesOutput;
}
