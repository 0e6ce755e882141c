/**
 * What the whole app knows about the visitor's account and how signing in works, sent by the root
 * loader: the player's Account info (spec §3; `uid` 0 for a guest, spec §4) and a slice of the
 * content and general configuration (auth config, validator messages, user menu, confirm hint,
 * currencies, force-logout time). Components read it with `useAuthRoot()`; the loader builds it
 * with auth-root-data.server.ts.
 */
import type { AccountInfo } from '@croupier/contract/account/common';
import type { CurrencyInfo } from '@croupier/contract/metadata/get-general-info';
import { type AuthRootData, useRootLoaderData } from '../../lib/root-data.ts';

export interface AuthRoot {
  account: AccountInfo;
  isAuthenticated: boolean;
  auth: AuthRootData;
}

/**
 * The account and auth settings from the root loader, or undefined where the root loader failed
 * (the error boundary still draws the header, as for a guest).
 */
export function useAuthRoot(): AuthRoot | undefined {
  const data = useRootLoaderData();
  if (!data) return undefined;
  return { account: data.account, isAuthenticated: data.isAuthenticated, auth: data.auth };
}

/** `{ code, symbol, exponent }` of a currency, or a bare fallback for an unknown code. */
export function currencyInfoOf(currencies: readonly CurrencyInfo[], code: string): CurrencyInfo {
  return currencies.find((currency) => currency.code === code) ?? { code, symbol: code, exponent: 2 };
}
