/** Tests only: a translator with the bundles cashier components read (`cashier`, `ui`). */
import type { Locale } from '@croupier/contract/locales';
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import cashierFr from '../../i18n/locales/fr/cashier.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import type { Translator } from '../../i18n/translator.ts';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';

export function createCashierTestI18n(locale: Locale = 'en'): Translator {
  return createBundlesTestI18n(locale, {
    en: { cashier: cashierEn, ui: uiEn },
    fr: { cashier: cashierFr, ui: uiFr },
  });
}
