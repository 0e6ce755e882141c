import { describe, expect, it, vi } from 'vitest';
import { findRedirect, type RedirectRule } from './redirects.ts';

const rules: RedirectRule[] = [
  { fromUrl: '/old-promotions', toUrl: '/promotions', status: 301 },
  { fromUrl: '/evil', toUrl: 'javascript:alert(1)', status: 302 },
  { fromUrl: '/evil', toUrl: '/safe-after-evil', status: 302 },
  { fromUrl: '/blog/special', toUrl: '/news', status: 301 },
  { fromUrl: '/blog/*', toUrl: '/about', status: 302 },
  { fromUrl: '/partners', toUrl: 'https://example.org/partners', status: 302 },
  { fromUrl: '/slashes', toUrl: '//evil.example', status: 302 },
  { fromUrl: '/backslash', toUrl: '/\\evil.example', status: 302 },
  { fromUrl: '/data', toUrl: 'data:text/html,hi', status: 302 },
];

describe('findRedirect', () => {
  it('matches exact paths, ignoring locale prefix, query and trailing slash', () => {
    const expected = { location: '/promotions', status: 301, external: false };
    expect(findRedirect(rules, '/old-promotions')).toEqual(expected);
    expect(findRedirect(rules, '/fr/old-promotions/')).toEqual(expected);
    expect(findRedirect(rules, '/old-promotions?utm=1#x')).toEqual(expected);
  });

  it('takes the first match in order', () => {
    expect(findRedirect(rules, '/blog/special')?.location).toBe('/news');
    expect(findRedirect(rules, '/blog/2024/anything')).toEqual({
      location: '/about',
      status: 302,
      external: false,
    });
  });

  it('marks absolute http(s) targets external', () => {
    expect(findRedirect(rules, '/partners')).toEqual({
      location: 'https://example.org/partners',
      status: 302,
      external: true,
    });
  });

  it('treats dangerous targets as no match and reports them', () => {
    const onUnsafe = vi.fn();
    expect(findRedirect(rules, '/slashes', onUnsafe)).toBeNull();
    expect(findRedirect(rules, '/backslash', onUnsafe)).toBeNull();
    expect(findRedirect(rules, '/data', onUnsafe)).toBeNull();
    expect(onUnsafe).toHaveBeenCalledTimes(3);
    // The next matching rule still applies.
    expect(findRedirect(rules, '/evil', onUnsafe)?.location).toBe('/safe-after-evil');
  });

  it('returns null for unmatched or unusable paths', () => {
    expect(findRedirect(rules, '/promotions')).toBeNull();
    expect(findRedirect(rules, '/blog')).toBeNull();
    expect(findRedirect(rules, '')).toBeNull();
    expect(findRedirect(rules, `/${'x'.repeat(3000)}`)).toBeNull();
  });
});
