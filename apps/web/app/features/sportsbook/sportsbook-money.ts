/** Money on the betting pages in the site's format, in the player's (or the site's) currency. */
import { useCallback } from 'react';
import { formatMoney, formatMoneyMinor } from '../../ui/format.ts';
import { currencyInfoOf, useAuthRoot } from '../auth/auth-root-data.ts';

export function useSbMoney() {
  const root = useAuthRoot();
  const currencies = root?.auth.currencies ?? [];
  const code = (root?.isAuthenticated ? root.account.currency : '') || root?.auth.defaultCurrency || 'EUR';
  const info = currencyInfoOf(currencies, code);
  const money = useCallback(
    (value: { amount: string; currency: string }) => {
      const of = currencyInfoOf(currencies, value.currency);
      return formatMoney(value, { symbol: of.symbol, exponent: of.exponent });
    },
    [currencies],
  );
  const minor = useCallback(
    (value: bigint) =>
      formatMoneyMinor(value, { currency: info.code, symbol: info.symbol, exponent: info.exponent }),
    [info],
  );
  return { money, minor, currency: info };
}
