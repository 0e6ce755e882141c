import { describe, expect, test, vi } from 'vitest';
import {
  isSafeHref,
  redirectTarget,
  safeNavigate,
  sameOriginPath,
  toSafeHref,
  UnsafeNavigationError,
} from './navigation.ts';

describe('toSafeHref', () => {
  test('same-origin paths pass', () => {
    expect(toSafeHref('/about')).toBe('/about');
    expect(toSafeHref('/gamehall?category=live#top')).toBe('/gamehall?category=live#top');
    expect(toSafeHref('  /about  ')).toBe('/about');
    expect(toSafeHref('about')).toBe('/about');
  });

  test('absolute URLs on the own origin become paths', () => {
    expect(toSafeHref('https://casino.example/fr/about?x=1', { origin: 'https://casino.example' })).toBe(
      '/fr/about?x=1',
    );
  });

  test('external URLs need the explicit flag', () => {
    expect(() => toSafeHref('https://example.org/partners')).toThrow(UnsafeNavigationError);
    expect(() => toSafeHref('https://evil.example/', { origin: 'https://casino.example' })).toThrow(
      /external_not_allowed/,
    );
    expect(toSafeHref('https://example.org/partners', { external: true })).toBe(
      'https://example.org/partners',
    );
    expect(toSafeHref('mailto:support@casino.example', { external: true })).toBe(
      'mailto:support@casino.example',
    );
  });

  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('refuses the dangerous protocol in %j even when flagged external', (url) => {
    expect(() => toSafeHref(url, { external: true })).toThrow(/dangerous_protocol/);
  });

  test.each(['//evil.example', '/\\evil.example', '\\\\evil.example', '\\/evil.example', '/\t/evil.example'])(
    'refuses the protocol-relative %j even when flagged external',
    (url) => {
      expect(() => toSafeHref(url, { external: true })).toThrow(/protocol_relative/);
    },
  );

  test('refuses empty input', () => {
    expect(() => toSafeHref('   ')).toThrow(/invalid/);
    expect(isSafeHref('')).toBe(false);
  });
});

describe('safeNavigate', () => {
  test('internal paths use the router when given', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    safeNavigate('/promotions', { navigate, assign, origin: 'https://casino.example' });
    expect(navigate).toHaveBeenCalledWith('/promotions');
    expect(assign).not.toHaveBeenCalled();
  });

  test('external URLs load in the browser only with the flag', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    expect(() =>
      safeNavigate('https://example.org', { navigate, assign, origin: 'https://casino.example' }),
    ).toThrow(UnsafeNavigationError);
    safeNavigate('https://example.org', {
      external: true,
      navigate,
      assign,
      origin: 'https://casino.example',
    });
    expect(assign).toHaveBeenCalledWith('https://example.org');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('never navigates to javascript:', () => {
    const assign = vi.fn();
    expect(() =>
      safeNavigate('javascript:alert(1)', { external: true, assign, origin: 'https://casino.example' }),
    ).toThrow();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('sameOriginPath (the check of every redirect the site emits)', () => {
  test.each([
    ['/about', '/about'],
    ['/fr/promotions?x=1#top', '/fr/promotions?x=1#top'],
    ['/a//b///c', '/a/b/c'],
    ['/..//evil.com/x', '/evil.com/x'],
    ['/a/\\evil.com', '/a/evil.com'],
    ['/promotions/日本', '/promotions/%E6%97%A5%E6%9C%AC'],
    ['/a?q=€&r=Ā', '/a?q=%E2%82%AC&r=%C4%80'],
    ['/?redirectUrl=%2Fcashier', '/?redirectUrl=%2Fcashier'],
  ])('%s → %s', (input, expected) => {
    expect(sameOriginPath(input)).toBe(expected);
  });

  test.each([
    '',
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/a\u0000b',
    'https://evil.com/',
    'javascript:alert(1)',
    'about',
    '?x=1',
    `/${'a'.repeat(5000)}`,
  ])('%j is refused', (input) => {
    expect(sameOriginPath(input)).toBeUndefined();
  });

  test('external targets only with the flag, serialised as ASCII, never with credentials', () => {
    expect(redirectTarget('https://example.org/partners')).toBeUndefined();
    expect(redirectTarget('https://example.org/partners', { external: true })).toBe(
      'https://example.org/partners',
    );
    expect(redirectTarget('https://example.org/日', { external: true })).toBe(
      'https://example.org/%E6%97%A5',
    );
    expect(redirectTarget('https://casino.example@evil.com/', { external: true })).toBeUndefined();
    expect(redirectTarget('//evil.com', { external: true })).toBeUndefined();
    expect(redirectTarget('/about', { external: true })).toBe('/about');
  });
});
