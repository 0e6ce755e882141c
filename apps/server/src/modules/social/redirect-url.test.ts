import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_URL_CHARS, sameOriginPath } from './redirect-url.ts';

describe('sameOriginPath', () => {
  it.each([
    '/',
    '/profile/settings',
    '/fr/gamehall?category=slots&x=1',
    '/promotions#top',
    '/a/b/../c',
    '/search?q=%2F%2Fevil.example',
    // Percent-encoded characters stay inside the path; browsers do not decode them into a host.
    '/%0a/evil',
  ])('keeps the same-origin path %s', (path) => {
    expect(sameOriginPath(path)).toBe(path);
  });

  it.each([
    '',
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ /evil.example',
    '/\u200b/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/',
    'http://casino.test/profile',
    'evil.example',
    'profile',
    './profile',
    '?next=/',
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it('refuses non-strings and overlong values', () => {
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath(['/a', '/b'])).toBeNull();
    expect(sameOriginPath(42)).toBeNull();
    expect(sameOriginPath(`/${'a'.repeat(MAX_REDIRECT_URL_CHARS)}`)).toBeNull();
  });
});
