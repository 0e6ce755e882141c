/**
 * Tests only: a translator with the bundles the profile components read (`profile`,
 * `common`, `ui`), set up synchronously like the app's.
 */
import type { Locale } from '@croupier/contract/locales';
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import profileEn from '../../i18n/locales/en/profile.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import commonFr from '../../i18n/locales/fr/common.json' with { type: 'json' };
import profileFr from '../../i18n/locales/fr/profile.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import type { Translator } from '../../i18n/translator.ts';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';

export function createProfileTestI18n(locale: Locale = 'en'): Translator {
  return createBundlesTestI18n(locale, {
    en: { common: commonEn, profile: profileEn, ui: uiEn },
    fr: { common: commonFr, profile: profileFr, ui: uiFr },
  });
}
