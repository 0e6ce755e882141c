/**
 * Browser: fetches one locale's bundles (only that locale's chunks) and registers them. A `.client`
 * module, so the server build (which has every bundle already) does not carry the lazy chunks.
 */
import type { Locale } from '@croupier/contract/locales';
import type { i18n as I18n } from 'i18next';
import { bundleKey, i18nFor, isLocaleLoaded, registerLocale } from './i18n.ts';

// The back office's texts (`backoffice.json`) are left out: players never fetch them; the back
// office's routes load them (features/backoffice/backoffice-i18n.client.ts).
const lazyBundles = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/*/backoffice.json'],
  { import: 'default' },
);

export async function ensureLocale(locale: Locale): Promise<I18n> {
  if (isLocaleLoaded(locale)) return i18nFor(locale);
  const entries = Object.entries(lazyBundles).filter(([file]) => bundleKey(file)?.locale === locale);
  const loaded = await Promise.all(
    entries.map(async ([file, load]) => [bundleKey(file)?.namespace ?? '', await load()] as const),
  );
  return registerLocale(locale, Object.fromEntries(loaded));
}
