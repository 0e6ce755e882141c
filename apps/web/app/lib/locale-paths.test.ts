import { describe, expect, test } from 'vitest';
import {
  correctLocalePrefix,
  localeOfPath,
  pathWithoutLocale,
  preferredLocaleRedirect,
  removeTrailingSlash,
  stripDataSuffix,
  switchLocaleHref,
} from './locale-paths.ts';

describe('stripDataSuffix', () => {
  test.each([
    ['/about.data', '/about'],
    ['/fr/about.data', '/fr/about'],
    ['/_.data', '/'],
    ['/fr/_.data', '/fr/'],
    ['/_root.data', '/'],
    ['/about', '/about'],
  ])('%s → %s', (input, expected) => {
    expect(stripDataSuffix(input)).toBe(expected);
  });
});

describe('locale of a path', () => {
  test.each([
    ['/', 'en'],
    ['/about', 'en'],
    ['/fr', 'fr'],
    ['/fr/about', 'fr'],
    ['/fr.data', 'fr'],
    ['/fr/_.data', 'fr'],
    ['/french', 'en'],
    ['/en/about', 'en'],
  ])('%s is %s', (input, expected) => {
    expect(localeOfPath(input)).toBe(expected);
  });

  test('pathWithoutLocale drops the prefix', () => {
    expect(pathWithoutLocale('/fr')).toBe('/');
    expect(pathWithoutLocale('/fr/cashier/paysuccess')).toBe('/cashier/paysuccess');
    expect(pathWithoutLocale('/about')).toBe('/about');
  });

  test('removeTrailingSlash', () => {
    expect(removeTrailingSlash('/about/')).toBe('/about');
    expect(removeTrailingSlash('/about//')).toBe('/about');
    expect(removeTrailingSlash('/')).toBe('/');
  });
});

describe('correctLocalePrefix', () => {
  test.each([
    ['/en', '/'],
    ['/en/about', '/about'],
    ['/EN/about', '/about'],
    ['/FR', '/fr'],
    ['/FR/about', '/fr/about'],
    ['/Fr/about/x', '/fr/about/x'],
    // Never a protocol-relative `//host`: slashes after the prefix collapse.
    ['/en//evil.com/phish', '/evil.com/phish'],
    ['/EN//evil.com', '/evil.com'],
    ['/en/\\evil.com', '/evil.com'],
    ['/en/\\/\\evil.com', '/evil.com'],
    ['/FR//evil.com', '/fr/evil.com'],
  ])('%s → %s', (input, expected) => {
    expect(correctLocalePrefix(input)).toBe(expected);
  });

  test.each(['/', '/fr', '/fr/about', '/about', '/de/about', '/english', '/e'])(
    '%s is already right',
    (input) => {
      expect(correctLocalePrefix(input)).toBeUndefined();
    },
  );
});

describe('switchLocaleHref', () => {
  test('keeps the path, query and hash', () => {
    expect(switchLocaleHref({ pathname: '/about', search: '?a=1', hash: '#top' }, 'fr')).toBe(
      '/fr/about?a=1#top',
    );
    expect(switchLocaleHref({ pathname: '/fr/about' }, 'en')).toBe('/about');
    expect(switchLocaleHref({ pathname: '/fr' }, 'en')).toBe('/');
    expect(switchLocaleHref({ pathname: '/' }, 'fr')).toBe('/fr');
  });
});

describe('preferredLocaleRedirect', () => {
  const base = { pathname: '/', search: '', cookie: undefined, acceptLanguage: undefined };

  test('a French cookie sends unprefixed URLs to /fr', () => {
    expect(preferredLocaleRedirect({ ...base, cookie: 'fr' })).toBe('/fr');
    expect(preferredLocaleRedirect({ ...base, pathname: '/about', search: '?x=1', cookie: 'fr' })).toBe(
      '/fr/about?x=1',
    );
  });

  test('Accept-Language decides without a cookie', () => {
    expect(preferredLocaleRedirect({ ...base, acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' })).toBe('/fr');
    expect(preferredLocaleRedirect({ ...base, acceptLanguage: 'en-GB,fr;q=0.5' })).toBeUndefined();
  });

  test('the cookie outranks the account, which outranks the browser', () => {
    expect(preferredLocaleRedirect({ ...base, cookie: 'en', acceptLanguage: 'fr' })).toBeUndefined();
    expect(preferredLocaleRedirect({ ...base, accountLocale: 'fr', acceptLanguage: 'en' })).toBe('/fr');
    expect(preferredLocaleRedirect({ ...base, cookie: 'en', accountLocale: 'fr' })).toBeUndefined();
  });

  test('prefixed URLs and unknown values stay', () => {
    expect(preferredLocaleRedirect({ ...base, pathname: '/fr/about', cookie: 'en' })).toBeUndefined();
    expect(preferredLocaleRedirect({ ...base, cookie: 'de', acceptLanguage: 'de-DE' })).toBeUndefined();
    expect(preferredLocaleRedirect(base)).toBeUndefined();
  });
});
