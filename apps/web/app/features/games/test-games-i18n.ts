/** Tests only: a translator with the bundles game components read. */
import type { Locale } from '@croupier/contract/locales';
import authEn from '../../i18n/locales/en/auth.json' with { type: 'json' };
import commonEn from '../../i18n/locales/en/common.json' with { type: 'json' };
import gamesEn from '../../i18n/locales/en/games.json' with { type: 'json' };
import uiEn from '../../i18n/locales/en/ui.json' with { type: 'json' };
import authFr from '../../i18n/locales/fr/auth.json' with { type: 'json' };
import commonFr from '../../i18n/locales/fr/common.json' with { type: 'json' };
import gamesFr from '../../i18n/locales/fr/games.json' with { type: 'json' };
import uiFr from '../../i18n/locales/fr/ui.json' with { type: 'json' };
import type { Translator } from '../../i18n/translator.ts';
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';

export function createGamesTestI18n(locale: Locale = 'en'): Translator {
  return createBundlesTestI18n(locale, {
    en: { common: commonEn, games: gamesEn, ui: uiEn, auth: authEn },
    fr: { common: commonFr, games: gamesFr, ui: uiFr, auth: authFr },
  });
}
