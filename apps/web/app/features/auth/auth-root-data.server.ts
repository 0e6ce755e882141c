/**
 * The root loader's auth slice (auth-root-data.ts): server only, so the browser does not load the
 * validation messages of both languages to check the content's overrides (issue #17).
 */
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import type { GeneralInfo } from '@croupier/contract/metadata/get-general-info';
import { isValidationCode } from '@croupier/contract/validation/messages';
import type { AuthRootData, ValidationOverrides } from '../../lib/root-data.ts';

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
