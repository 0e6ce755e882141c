import { describe, expect, it } from 'vitest';
import {
  localeFromAcceptLanguage,
  localizePath,
  normalizeLocale,
  resolveLocale,
  splitLocalePath,
} from './locales.ts';

describe('locales', () => {
  it('normalises tags', () => {
    expect(normalizeLocale('fr-FR')).toBe('fr');
    expect(normalizeLocale('EN_us')).toBe('en');
    expect(normalizeLocale('de')).toBeUndefined();
    expect(normalizeLocale('')).toBeUndefined();
  });

  it('ranks Accept-Language by q-value', () => {
    expect(localeFromAcceptLanguage('de-DE,fr;q=0.8,en;q=0.5')).toBe('fr');
    expect(localeFromAcceptLanguage('en;q=0.2, fr;q=0.9')).toBe('fr');
    expect(localeFromAcceptLanguage('de, es')).toBeUndefined();
    expect(localeFromAcceptLanguage('fr;q=0')).toBeUndefined();
  });

  it('splits and builds prefixed paths', () => {
    expect(splitLocalePath('/fr/gamehall')).toEqual({ prefixed: 'fr', path: '/gamehall' });
    expect(splitLocalePath('/fr')).toEqual({ prefixed: 'fr', path: '/' });
    expect(splitLocalePath('/french')).toEqual({ prefixed: undefined, path: '/french' });
    expect(splitLocalePath('/en/about')).toEqual({ prefixed: undefined, path: '/en/about' });
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/about', 'fr')).toBe('/fr/about');
    expect(localizePath('/about', 'en')).toBe('/about');
  });

  it('resolves URL prefix, then cookie, then account, then browser, then English', () => {
    expect(resolveLocale({ urlPrefix: 'fr', cookie: 'en' })).toBe('fr');
    expect(resolveLocale({ cookie: 'fr', account: 'en', acceptLanguage: 'en' })).toBe('fr');
    expect(resolveLocale({ cookie: 'xx', account: 'fr', acceptLanguage: 'en' })).toBe('fr');
    expect(resolveLocale({ acceptLanguage: 'fr-CA' })).toBe('fr');
    expect(resolveLocale({})).toBe('en');
  });
});
