/** Tests only: an i18next instance with the bundles the fairness page and table games read. */
import type { Locale } from '@croupier/contract/locales';
import i18next, { type i18n as I18n } from 'i18next';
import fairnessEn from '../../../i18n/locales/en/fairness.json' with { type: 'json' };
import rgsEn from '../../../i18n/locales/en/rgs.json' with { type: 'json' };
import tableEn from '../../../i18n/locales/en/rgs-table.json' with { type: 'json' };
import uiEn from '../../../i18n/locales/en/ui.json' with { type: 'json' };
import fairnessFr from '../../../i18n/locales/fr/fairness.json' with { type: 'json' };
import rgsFr from '../../../i18n/locales/fr/rgs.json' with { type: 'json' };
import tableFr from '../../../i18n/locales/fr/rgs-table.json' with { type: 'json' };
import uiFr from '../../../i18n/locales/fr/ui.json' with { type: 'json' };

export function createTableTestI18n(locale: Locale = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: {
      en: { fairness: fairnessEn, rgs: rgsEn, 'rgs-table': tableEn, ui: uiEn },
      fr: { fairness: fairnessFr, rgs: rgsFr, 'rgs-table': tableFr, ui: uiFr },
    },
    ns: ['fairness', 'rgs', 'rgs-table', 'ui'],
    defaultNS: 'fairness',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
