/** Jackpot amounts (decimal strings of a currency) in the site's money format. */

import { formatMoney } from '../../ui/format.ts';
import { currencyInfoOf, useAuthRoot } from '../auth/auth-root-data.ts';

export function useJackpotMoney(): (amount: string, currency: string) => string {
  const currencies = useAuthRoot()?.auth.currencies ?? [];
  return (amount, currency) => {
    const info = currencyInfoOf(currencies, currency);
    return formatMoney({ amount, currency }, { symbol: info.symbol, exponent: info.exponent });
  };
}
