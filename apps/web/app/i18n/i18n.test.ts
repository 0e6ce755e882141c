import { describe, expect, test } from 'vitest';
import { bundleKey, i18nFor, isLocaleLoaded, registerLocale } from './i18n.ts';

describe('i18n registry', () => {
  test('one instance per locale, fixed to its language', () => {
    registerLocale('fr', { common: { hello: 'Bonjour {{name}}' }, pages: { title: 'Titre' } });
    expect(isLocaleLoaded('fr')).toBe(true);
    const fr = i18nFor('fr');
    expect(fr.language).toBe('fr');
    expect(fr.t('hello', { name: '<b>Ana</b>' })).toBe('Bonjour <b>Ana</b>'); // React escapes, not the translator.
    expect(fr.t('pages:title')).toBe('Titre');
  });

  test('re-registering replaces the bundles (development edits)', () => {
    registerLocale('fr', { common: { hello: 'Salut' } });
    expect(i18nFor('fr').t('hello')).toBe('Salut');
  });

  test('bundle file names map to locale and namespace', () => {
    expect(bundleKey('./locales/fr/common.json')).toEqual({ locale: 'fr', namespace: 'common' });
    expect(bundleKey('./locales/en/ui.json')).toEqual({ locale: 'en', namespace: 'ui' });
    expect(bundleKey('./other.json')).toBeUndefined();
  });
});
