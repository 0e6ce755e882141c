/**
 * What the profile layout hands its pages (React Router outlet context): the facts of the player's
 * Account info the pages need, the form settings, and whether two-factor is offered.
 */
import type { AccountInfo } from '@croupier/contract/account/common';
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import { useOutletContext } from 'react-router';
import type { FormSettings } from './form-settings.tsx';

export type ProfileAccount = Pick<
  AccountInfo,
  'login' | 'login_type' | 'fakename' | 'currency' | 'locale' | 'two_factor_auth'
>;

export interface ProfileOutletContext {
  account: ProfileAccount;
  forms: FormSettings;
  /** Content configuration `prazer-config.functional.twoFactor`. */
  twoFactorAvailable: boolean;
}

/** Only what the pages show: balances and the rest of Account info stay on the server. */
export function toProfileAccount(info: AccountInfo): ProfileAccount {
  return {
    login: info.login,
    login_type: info.login_type,
    fakename: info.fakename,
    currency: info.currency,
    locale: info.locale,
    two_factor_auth: info.two_factor_auth,
  };
}

export function isTwoFactorAvailable(config: CmsConfig): boolean {
  return config['prazer-config'].functional.twoFactor;
}

export function useProfileOutlet(): ProfileOutletContext {
  return useOutletContext<ProfileOutletContext>();
}
