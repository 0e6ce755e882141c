/**
 * Tests only: a translator with the `ui` bundles, as the app's (i18n/i18n.ts). Wrap rendered
 * components: `<TranslationProvider translator={createTestI18n()}>…`.
 */
import type { Locale } from '@croupier/contract/locales';
import en from '../i18n/locales/en/ui.json' with { type: 'json' };
import fr from '../i18n/locales/fr/ui.json' with { type: 'json' };
import { type Bundle, Translator } from '../i18n/translator.ts';

export const UI_BUNDLES: Record<Locale, Record<string, string>> = { en, fr };

export function createTestI18n(locale: Locale = 'en'): Translator {
  return createBundlesTestI18n(locale, { en: { ui: en }, fr: { ui: fr } });
}

/** Namespace → bundle, per language: `{ en: { bonuses, ui }, fr: { bonuses, ui } }`. */
export type TestBundles = Partial<Record<Locale, Record<string, object>>>;

/**
 * A translator with the locale's bundles (the default namespace is the first one unless named): the
 * one way feature tests build theirs.
 */
export function createBundlesTestI18n(
  locale: Locale,
  bundles: TestBundles,
  defaultNamespace?: string,
): Translator {
  const own = (bundles[locale] ?? {}) as Record<string, Bundle>;
  return new Translator(locale, own, defaultNamespace ?? Object.keys(own)[0] ?? 'common');
}
