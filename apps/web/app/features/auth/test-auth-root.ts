/** The root loader's auth data as the tests need it: form sign-up by email, EUR, no banners. */
import type { AuthRootData } from '../../lib/root-data.ts';

export function testAuthRoot(overrides: Partial<AuthRootData> = {}): AuthRootData {
  return {
    config: {
      registration: {
        confirmEmailPopup: true,
        showCharacterSelect: false,
        showPromocode: true,
        showPromoFieldByDefault: false,
        terms: { isActive: true, defaultValue: false },
        notify: { isActive: true, defaultValue: false },
        markBetting: { isActive: false, defaultValue: false },
        loginType: 'email',
        validationStrategy: 'eager',
      },
      authTypes: ['form'],
      socialServices: [],
    },
    popupEnabled: true,
    validationOverrides: {},
    userMenu: [],
    confirmHint: { isEnabled: true, pageExceptions: [] },
    authBanner: null,
    currencies: [{ code: 'EUR', symbol: '€', exponent: 2 }],
    defaultCurrency: 'EUR',
    timeToForceLogoutSeconds: 3600,
    depositDetalization: 'cashierHeader',
    ...overrides,
  };
}
