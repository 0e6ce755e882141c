/**
 * What the whole app knows about the visitor's account and how signing in works, sent by the root
 * loader: the player's Account info (spec §3; `uid` 0 for a guest, spec §4) and a slice of the
 * content and general configuration (auth config, validator messages, user menu, confirm hint,
 * currencies, force-logout time). Components read it with `useAuthRoot()`.
 */
import type { AccountInfo } from '@croupier/contract/account/common';
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import type { CurrencyInfo, GeneralInfo } from '@croupier/contract/metadata/get-general-info';
import { isValidationCode } from '@croupier/contract/validation/messages';
import { type AuthRootData, useRootLoaderData, type ValidationOverrides } from '../../lib/root-data.ts';

/** Only codes the shared messages know; anything else in the content config is ignored. */
export function toValidationOverrides(messages: Readonly<Record<string, string>>): ValidationOverrides {
  const overrides: ValidationOverrides = {};
  for (const [code, text] of Object.entries(messages)) {
    if (isValidationCode(code)) overrides[code] = text;
  }
  return overrides;
}

export function toAuthRootData(config: CmsConfig, general: GeneralInfo): AuthRootData {
  const site = config['prazer-config'];
  return {
    config: config['auth-config'],
    popupEnabled: site.popupFallbacks.authPopupEnabled,
    validationOverrides: toValidationOverrides(site.validatorConfig.messages),
    userMenu: site.userMenu,
    confirmHint: site.confirmHint,
    authBanner: site.authBanner,
    currencies: general.available_currencies,
    defaultCurrency: general.default_currency,
    timeToForceLogoutSeconds: general.time_to_force_logout,
    depositDetalization: site.depositDetalization,
  };
}

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
