/** Server: every locale's bundles are in the server build and registered at start. */
import { LOCALES, type Locale } from '@croupier/contract/locales';
import { bundleKey, type LocaleBundles, registerLocale } from './i18n.ts';

const eagerBundles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  import: 'default',
  eager: true,
});

export function registerAllLocales(): void {
  const byLocale = new Map<string, LocaleBundles>();
  for (const [file, bundle] of Object.entries(eagerBundles)) {
    const key = bundleKey(file);
    if (!key) continue;
    const bundles = byLocale.get(key.locale) ?? {};
    bundles[key.namespace] = bundle;
    byLocale.set(key.locale, bundles);
  }
  for (const locale of LOCALES) registerLocale(locale as Locale, byLocale.get(locale) ?? {});
}
