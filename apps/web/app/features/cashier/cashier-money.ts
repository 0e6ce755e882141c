/**
 * Money in the cashier (DESIGN.md "Money", spec §9): decimal strings from the API, shown with the
 * currency's symbol and exponent from the available-currencies list, fallback USD. Never a float.
 */
import type { CurrencyInfo } from '@croupier/contract/metadata/get-general-info';
import { DEFAULT_CURRENCY, formatMoney, type MoneyFormatOptions, type MoneyLike } from '../../ui/format.ts';

export function currencyFormat(currencies: readonly CurrencyInfo[], code: string): MoneyFormatOptions {
  const info = currencies.find((currency) => currency.code === code);
  return info ? { symbol: info.symbol, exponent: info.exponent } : {};
}

/** `{ amount: '5000', currency: 'EUR' }` → `€5,000.00`; no currency → USD. */
export function formatCashierMoney(money: MoneyLike, currencies: readonly CurrencyInfo[]): string {
  const currency = money.currency?.trim() || DEFAULT_CURRENCY;
  return formatMoney({ amount: money.amount, currency }, currencyFormat(currencies, currency));
}

/** Whether a decimal string is zero (`0`, `0.00`), by its digits. */
export function isZeroAmount(amount: string): boolean {
  return /^[+-]?0*(?:\.0*)?$/.test(amount.trim());
}
