/**
 * Tests only: a translator with the bundles the bonus and cashback pages read (`bonuses`,
 * `cashier`, `ui`), set up synchronously like the app's.
 */
import type { Locale } from '@croupier/contract/locales';
import bonusesEn from '../../i18n/locales/en/bonuses.json' with { type: 'json' };
import cashierEn from '../../i18n/locales/en/cashier.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import bonusesFr from '../../i18n/locales/fr/bonuses.json' with { type: 'json' };
import cashierFr from '../../i18n/locales/fr/cashier.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import type { Translator } from '../../i18n/translator.ts';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';

export function createBonusesTestI18n(locale: Locale = 'en'): Translator {
  return createBundlesTestI18n(locale, {
    en: { bonuses: bonusesEn, cashier: cashierEn, ui: uiEn },
    fr: { bonuses: bonusesFr, cashier: cashierFr, ui: uiFr },
  });
}
