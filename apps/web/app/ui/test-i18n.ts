/**
 * Tests only: an i18next instance with the `ui` bundles, set up synchronously like the app's
 * (i18n/i18n.ts). Wrap rendered components: `<I18nextProvider i18n={createTestI18n()}>…`.
 */
import type { Locale } from '@croupier/contract/locales';
import i18next, { type i18n as I18n } from 'i18next';
import en from '../i18n/locales/en/ui.json' with { type: 'json' };
import fr from '../i18n/locales/fr/ui.json' with { type: 'json' };

export const UI_BUNDLES: Record<Locale, Record<string, string>> = { en, fr };

export function createTestI18n(locale: Locale = 'en'): I18n {
  return createBundlesTestI18n(locale, { en: { ui: en }, fr: { ui: fr } });
}

/** Namespace → bundle, per language: `{ en: { bonuses, ui }, fr: { bonuses, ui } }`. */
export type TestBundles = Record<Locale, Record<string, object>>;

/**
 * An instance with the given bundles (the first namespace is the default), set up synchronously
 * like the app's: the one way feature tests build theirs.
 */
export function createBundlesTestI18n(locale: Locale, bundles: TestBundles): I18n {
  const ns = Object.keys(bundles.en);
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: bundles,
    ns,
    defaultNS: ns[0],
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
