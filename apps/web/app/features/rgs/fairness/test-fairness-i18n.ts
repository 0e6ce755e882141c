/** Tests only: a translator with the bundles the fairness page and table games read. */
import type { Locale } from '@croupier/contract/locales';
import fairnessEn from '../../../i18n/locales/en/fairness.json' with { type: 'json' };
import rgsEn from '../../../i18n/locales/en/rgs.json' with { type: 'json' };
import tableEn from '../../../i18n/locales/en/rgs-table.json' with { type: 'json' };
import uiEn from '../../../i18n/locales/en/ui.json' with { type: 'json' };
import fairnessFr from '../../../i18n/locales/fr/fairness.json' with { type: 'json' };
import rgsFr from '../../../i18n/locales/fr/rgs.json' with { type: 'json' };
import tableFr from '../../../i18n/locales/fr/rgs-table.json' with { type: 'json' };
import uiFr from '../../../i18n/locales/fr/ui.json' with { type: 'json' };
import type { Translator } from '../../../i18n/translator.ts';
import { createBundlesTestI18n } from '../../../ui/test-i18n.ts';

export function createTableTestI18n(locale: Locale = 'en'): Translator {
  const instance = createBundlesTestI18n(
    locale,
    {
      en: { fairness: fairnessEn, rgs: rgsEn, 'rgs-table': tableEn, ui: uiEn },
      fr: { fairness: fairnessFr, rgs: rgsFr, 'rgs-table': tableFr, ui: uiFr },
    },
    'fairness',
  );
  return instance;
}
