import { describe, expect, test } from 'vitest';
import { localeOfRequestPath } from './request-locale.ts';

describe('localeOfRequestPath', () => {
  test.each([
    ['/', 'en'],
    ['/about?x=1', 'en'],
    ['/fr', 'fr'],
    ['/fr?redirectUrl=%2Ffr', 'fr'],
    ['/fr/about', 'fr'],
    ['/fr.data', 'fr'],
    ['/fr/_.data?_routes=root', 'fr'],
    ['/fr/about.data', 'fr'],
    ['/french', 'en'],
  ])('%s → %s', (url, locale) => {
    expect(localeOfRequestPath(url)).toBe(locale);
  });
});
