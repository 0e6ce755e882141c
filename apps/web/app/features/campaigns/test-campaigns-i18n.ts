/** Tests only: a translator with the bundles campaigns components read (`campaigns`, `ui`). */
import type { Locale } from '@croupier/contract/locales';
import campaignsEn from '../../i18n/locales/en/campaigns.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import campaignsFr from '../../i18n/locales/fr/campaigns.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import type { Translator } from '../../i18n/translator.ts';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';

export function createCampaignsTestI18n(locale: Locale = 'en'): Translator {
  return createBundlesTestI18n(locale, {
    en: { campaigns: campaignsEn, ui: uiEn },
    fr: { campaigns: campaignsFr, ui: uiFr },
  });
}
