import type { CurrencyInfo } from '@croupier/contract/metadata/get-general-info';
import { formatMoney, type MoneyLike } from '../../ui/format.ts';

/** Money with the currency's symbol and exponent from the available-currencies list (spec §3). */
export function formatBalance(money: MoneyLike, currencies: readonly CurrencyInfo[]): string {
  const currency = currencies.find((entry) => entry.code === money.currency);
  return formatMoney(money, currency ? { symbol: currency.symbol, exponent: currency.exponent } : {});
}
