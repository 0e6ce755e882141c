/** Tests only: an i18next instance with the bundles cashier components read (`cashier`, `ui`). */
import type { Locale } from '@croupier/contract/locales';
import i18next, { type i18n as I18n } from 'i18next';
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import cashierFr from '../../i18n/locales/fr/cashier.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };

export function createCashierTestI18n(locale: Locale = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { en: { cashier: cashierEn, ui: uiEn }, fr: { cashier: cashierFr, ui: uiFr } },
    ns: ['cashier', 'ui'],
    defaultNS: 'cashier',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
