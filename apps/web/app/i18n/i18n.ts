/**
 * Translations: one translator per locale (`translator.ts`), created once and shared (a
 * translator's language never changes, so requests cannot leak into each other). Bundles live in
 * `locales/{en,fr}/<namespace>.json`; the browser loads only the page's locale (`i18n.client.ts`:
 * a site page's namespaces in one chunk per locale, ADR 064), the server registers all locales at
 * start (`i18n.server.ts`).
 */
import type { Locale } from '@croupier/contract/locales';
import { type Bundle, Translator } from './translator.ts';

export const DEFAULT_NAMESPACE = 'common';

/** namespace → nested keys → text */
export type LocaleBundles = Record<string, Bundle>;

const instances = new Map<Locale, Translator>();

/** (Re)creates the locale's instance; in development a changed bundle re-registers it. */
export function registerLocale(locale: Locale, bundles: LocaleBundles): Translator {
  // No fallback language: the completeness test keeps fr and en in step, and a fallback would
  // need the other locale's bundles shipped too.
  const instance = new Translator(locale, bundles, DEFAULT_NAMESPACE);
  instances.set(locale, instance);
  return instance;
}

/** The instance for a locale; throws if its bundles were not loaded (a wiring bug). */
export function i18nFor(locale: Locale): Translator {
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
