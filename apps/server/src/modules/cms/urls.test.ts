import { describe, expect, it } from 'vitest';
import { parseHost } from '../../lib/host.ts';
import { normalizePagePath, originForHost, safeRedirectTarget, wildcardMatch } from './urls.ts';

describe('normalizePagePath', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/about/', '/about'],
    ['/about///', '/about'],
    ['/fr/about', '/about'],
    ['/fr', '/'],
    ['/fr/', '/'],
    ['/fr/about/?utm_source=x#top', '/about'],
    ['/gamehall?category=live', '/gamehall'],
    ['about', '/about'],
    ['//about//us/', '/about/us'],
    ['https://casino.example/fr/terms/?a=1', '/terms'],
    ['/en/about', '/en/about'],
    ['/france', '/france'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePagePath(input)).toBe(expected);
  });

  it('refuses empty, overlong and control-character input', () => {
    expect(normalizePagePath('')).toBeNull();
    expect(normalizePagePath('   ')).toBeNull();
    expect(normalizePagePath(`/${'a'.repeat(2048)}`)).toBeNull();
    expect(normalizePagePath('/ab\u0000c')).toBeNull();
    expect(normalizePagePath('/a\\b')).toBeNull();
  });
});

describe('parseHost', () => {
  it('lower-cases and strips the port for lookup only', () => {
    expect(parseHost('Casino.Example:8443')).toEqual({
      host: 'casino.example:8443',
      hostname: 'casino.example',
    });
    expect(parseHost('casino.example.')).toEqual({ host: 'casino.example', hostname: 'casino.example' });
    expect(parseHost('localhost')).toEqual({ host: 'localhost', hostname: 'localhost' });
    expect(parseHost('[::1]:3000')).toEqual({ host: '[::1]:3000', hostname: '[::1]' });
  });

  it.each([
    '',
    ' ',
    'evil.example/path',
    'a b',
    'casino..example',
    '-casino.example',
    'host:99999',
    'ho$t',
    'x'.repeat(300),
  ])('refuses %j', (input) => {
    expect(parseHost(input)).toBeNull();
  });
});

describe('originForHost', () => {
  const host = (value: string) => parseHost(value) ?? expect.unreachable();

  it('uses https for public hosts and http for local ones, keeping the port', () => {
    expect(originForHost(host('casino.example'), undefined)).toBe('https://casino.example');
    expect(originForHost(host('localhost:3000'), undefined)).toBe('http://localhost:3000');
    expect(originForHost(host('127.0.0.1:3000'), undefined)).toBe('http://127.0.0.1:3000');
  });

  it('uses PUBLIC_URL whatever the Host header says', () => {
    expect(originForHost(host('casino.example'), 'http://casino.example')).toBe('http://casino.example');
    expect(originForHost(host('mirror.example'), 'https://casino.example')).toBe('https://casino.example');
    expect(originForHost(host('evil.example:8080'), 'https://casino.example/')).toBe(
      'https://casino.example',
    );
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-origin paths internal', () => {
    expect(safeRedirectTarget('/promotions')).toEqual({ location: '/promotions', external: false });
    expect(safeRedirectTarget('/gamehall?category=live')).toEqual({
      location: '/gamehall?category=live',
      external: false,
    });
  });

  it('marks absolute http(s) URLs external', () => {
    expect(safeRedirectTarget('https://example.org/partners')).toEqual({
      location: 'https://example.org/partners',
      external: true,
    });
    expect(safeRedirectTarget('HTTP://Example.org')).toEqual({
      location: 'http://example.org/',
      external: true,
    });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://casino.example@evil.example/',
    'https://',
    'mailto:someone@example.org',
    'promotions',
    '',
  ])('refuses %j', (target) => {
    expect(safeRedirectTarget(target)).toBeNull();
  });
});

describe('wildcardMatch', () => {
  it('matches whole strings with * as any run', () => {
    expect(wildcardMatch('/blog/*', '/blog/2024/hello')).toBe(true);
    expect(wildcardMatch('/blog/*', '/blog/')).toBe(true);
    expect(wildcardMatch('/blog/*', '/blog')).toBe(false);
    expect(wildcardMatch('/blog/*', '/blogs/x')).toBe(false);
    expect(wildcardMatch('/old-promotions', '/old-promotions')).toBe(true);
    expect(wildcardMatch('/old-promotions', '/old-promotions/x')).toBe(false);
    expect(wildcardMatch('/*/deposit', '/cashier/deposit')).toBe(true);
    expect(wildcardMatch('*', '')).toBe(true);
    expect(wildcardMatch('/a*b*c', '/axxbyyc')).toBe(true);
    expect(wildcardMatch('/a*b*c', '/axxbyy')).toBe(false);
  });

  it('treats regular-expression characters literally', () => {
    expect(wildcardMatch('/a.b', '/axb')).toBe(false);
    expect(wildcardMatch('/a(b)+', '/a(b)+')).toBe(true);
  });

  it('stays fast on patterns that make a backtracking regex explode', () => {
    const pattern = `/${'*a'.repeat(30)}b`;
    const text = `/${'a'.repeat(2000)}`;
    const started = performance.now();
    expect(wildcardMatch(pattern, text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
