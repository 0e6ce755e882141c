/**
 * Formatting for cashier components: money with the available-currencies list and dates as
 * dd.mm.yyyy h:mm (spec §9) in the player's time zone — UTC while the server renders and the page
 * hydrates (so both render the same text), the browser's zone right after.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { usePageLocale, useRootData } from '../../lib/use-root-data.ts';
import type { MoneyLike } from '../../ui/format.ts';
import { useFormatDateTime } from '../../ui/use-format-date-time.ts';
import type { RuleContext } from './amount-rules.ts';
import { formatCashierMoney } from './cashier-money.ts';

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const serverZone = () => 'UTC';

export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserZone, serverZone);
}

export function useCashierFormat() {
  const { auth } = useRootData();
  const locale = usePageLocale();
  const timeZone = useTimeZone();
  const formatDateTime = useFormatDateTime();
  const currencies = auth.currencies;
  const money = useCallback((value: MoneyLike) => formatCashierMoney(value, currencies), [currencies]);
  const dateTime = useCallback(
    (value: string) => formatDateTime(value, { timeZone }),
    [formatDateTime, timeZone],
  );
  const rules: RuleContext = useMemo(
    () => ({ locale, overrides: auth.validationOverrides, currencies }),
    [locale, auth.validationOverrides, currencies],
  );
  return { money, dateTime, rules, currencies, locale };
}
