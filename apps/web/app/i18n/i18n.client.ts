/**
 * Browser: fetches one locale's bundles (only that locale's chunks) and registers them. A `.client`
 * module, so the server build (which has every bundle already) does not carry the lazy chunks.
 *
 * A page may ask for some namespaces only (the game frame needs its own few, not the site's
 * twenty): the locale's instance is created with those, and a later call adds what it lacks to the
 * same instance, so components already bound to it see the new texts.
 */
import type { Locale } from '@croupier/contract/locales';
import { GAME_ONLY_NAMESPACES } from '../features/rgs/rgs-paths.ts';
import { bundleKey, i18nFor, isLocaleLoaded, registerLocale } from './i18n.ts';
import type { Translator } from './translator.ts';

// The back office's texts (`backoffice.json`) are left out: players never fetch them; the back
// office's routes load them (features/backoffice/backoffice-i18n.client.ts).
const lazyBundles = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/*/backoffice.json'],
  { import: 'default' },
);

/** Namespaces registered per locale by this module. */
const registered = new Map<Locale, Set<string>>();
/** One load at a time, so two callers never create two instances of a locale. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Loads the locale's bundles that are not registered yet: the `namespaces` named, or by default a
 * site page's (all but the game page's own). Those share one chunk per locale, `ui` aside (the game
 * frame loads it too; scripts/every-page-chunks.ts): two requests, not one per namespace.
 */
export function ensureLocale(locale: Locale, namespaces?: readonly string[]): Promise<Translator> {
  const run = queue.then(() => load(locale, namespaces));
  queue = run.catch(() => undefined);
  return run;
}

async function load(locale: Locale, namespaces: readonly string[] | undefined): Promise<Translator> {
  const have = registered.get(locale);
  // Registered whole by someone else (the server's module graph in development, a test kit).
  if (!have && isLocaleLoaded(locale)) return i18nFor(locale);
  const loaded = await Promise.all(
    Object.entries(lazyBundles).flatMap(([file, read]) => {
      const key = bundleKey(file);
      return key?.locale === locale &&
        !have?.has(key.namespace) &&
        (namespaces?.includes(key.namespace) ?? !GAME_ONLY_NAMESPACES.includes(key.namespace))
        ? [read().then((bundle) => [key.namespace, bundle] as const)]
        : [];
    }),
  );
  const instance = have ? i18nFor(locale) : registerLocale(locale, Object.fromEntries(loaded));
  const now = have ?? new Set<string>();
  for (const [namespace, bundle] of loaded) {
    if (have) instance.addNamespace(namespace, bundle);
    now.add(namespace);
  }
  registered.set(locale, now);
  return instance;
}
