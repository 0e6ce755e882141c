/**
 * Translations: one i18next instance per locale, created once and shared (an instance's language
 * never changes, so requests cannot leak into each other). Bundles live in
 * `locales/{en,fr}/<namespace>.json`; the browser loads only the page's locale (`i18n.client.ts`:
 * a site page's namespaces in one chunk per locale, ADR 064), the server registers all locales at
 * start (`i18n.server.ts`).
 */
import type { Locale } from '@croupier/contract/locales';
import i18next, { type i18n as I18n } from 'i18next';

export const DEFAULT_NAMESPACE = 'common';

/** namespace → nested keys → text */
export type LocaleBundles = Record<string, Record<string, unknown>>;

const instances = new Map<Locale, I18n>();

/** (Re)creates the locale's instance; in development a changed bundle re-registers it. */
export function registerLocale(locale: Locale, bundles: LocaleBundles): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    // No fallback language: the completeness test keeps fr and en in step, and a fallback would
    // need the other locale's bundles shipped too.
    fallbackLng: false,
    resources: { [locale]: bundles },
    ns: Object.keys(bundles),
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  instances.set(locale, instance);
  return instance;
}

/** The instance for a locale; throws if its bundles were not loaded (a wiring bug). */
export function i18nFor(locale: Locale): I18n {
  const instance = instances.get(locale);
  if (!instance) throw new Error(`Translations for "${locale}" are not loaded`);
  return instance;
}

export function isLocaleLoaded(locale: Locale): boolean {
  return instances.has(locale);
}

/** Groups `./locales/<locale>/<namespace>.json` module entries by locale and namespace. */
export function bundleKey(file: string): { locale: string; namespace: string } | undefined {
  const match = /\.\/locales\/([a-z]{2})\/([a-z0-9-]+)\.json$/.exec(file);
  return match ? { locale: match[1] ?? '', namespace: match[2] ?? '' } : undefined;
}
