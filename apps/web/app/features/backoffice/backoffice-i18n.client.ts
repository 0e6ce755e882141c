/**
 * The back office's texts: the `backoffice` namespace, fetched by the back office's routes only
 * (i18n.client.ts leaves it out of the bundles every page loads, so players never download it).
 * The server registers it with the others (i18n.server.ts), so the shell it renders is translated.
 */
import type { Locale } from '@croupier/contract/locales';
import { ensureLocale } from '../../i18n/i18n.client.ts';
import { i18nFor } from '../../i18n/i18n.ts';

export const BACKOFFICE_NAMESPACE = 'backoffice';

const bundles = import.meta.glob<Record<string, unknown>>('../../i18n/locales/*/backoffice.json', {
  import: 'default',
});

export async function ensureBackofficeTexts(locale: Locale): Promise<void> {
  await ensureLocale(locale);
  const i18n = i18nFor(locale);
  if (i18n.hasNamespace(BACKOFFICE_NAMESPACE)) return;
  const load = bundles[`../../i18n/locales/${locale}/backoffice.json`];
  if (!load) throw new Error(`No back-office texts for "${locale}"`);
  i18n.addNamespace(BACKOFFICE_NAMESPACE, await load());
}
