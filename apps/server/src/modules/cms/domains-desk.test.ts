import { describe, expect, it } from 'vitest';
import { domainCreate } from './domains-desk.ts';

const base = {
  host: 'casino.example',
  canonical_url: null,
  sitemap_url: null,
  robots_rules: [],
  seo: { en: null, fr: null },
};
const parse = (change: Record<string, unknown>) => domainCreate.safeParse({ ...base, ...change });

describe('domains desk input', () => {
  it('keeps a canonical https origin (or http on localhost) as its origin, nothing else', () => {
    expect(parse({ canonical_url: 'https://www.casino.example/' }).data?.canonical_url).toBe(
      'https://www.casino.example',
    );
    expect(parse({ canonical_url: 'http://localhost:3000' }).data?.canonical_url).toBe(
      'http://localhost:3000',
    );
    for (const bad of [
      'http://casino.example',
      'https://casino.example/fr',
      'https://casino.example/.',
      'https://casino.example?x=1',
      'https://casino.example#top',
      'https://user:pass@casino.example',
      'javascript:alert(1)',
      'https://casino.example\n',
      '',
    ]) {
      expect(parse({ canonical_url: bad }).success, bad).toBe(false);
    }
  });

  it('takes lower-case host names or *, absolute or path sitemaps', () => {
    for (const host of ['*', 'localhost', 'a-b.casino.example', '127.0.0.1'])
      expect(parse({ host }).success).toBe(true);
    for (const host of [
      'Casino.example',
      'casino..example',
      '-casino.example',
      'casino.example:8080',
      '**',
      '',
    ])
      expect(parse({ host }).success, host).toBe(false);
    for (const sitemap_url of ['/sitemap.xml', 'https://cdn.example/sitemap.xml'])
      expect(parse({ sitemap_url }).success).toBe(true);
    for (const sitemap_url of ['//evil.example/s.xml', 'sitemap.xml', 'ftp://x.example/s', '/a b', ''])
      expect(parse({ sitemap_url }).success, sitemap_url).toBe(false);
  });

  it('takes robots patterns as robots.txt allows them, one line each', () => {
    const rules = (pattern: string, userAgent = '*') => ({
      robots_rules: [{ userAgent, allow: [], disallow: [pattern] }],
    });
    for (const pattern of ['/', '/search', '/*?sort=', '*.pdf$', '/fr/only-french']) {
      expect(parse(rules(pattern)).success, pattern).toBe(true);
    }
    for (const pattern of ['', 'search', '/a\nDisallow: /', '/a\rb', '/a b', '/a\tb', '/a\u0085b']) {
      expect(parse(rules(pattern)).success, JSON.stringify(pattern)).toBe(false);
    }
    expect(parse(rules('/x', 'AdsBot-Google')).success).toBe(true);
    expect(parse(rules('/x', 'Bad Agent')).success).toBe(false);
    expect(parse({ robots_rules: [{ userAgent: '*', allow: [], disallow: [], extra: 1 }] }).success).toBe(
      false,
    );
  });
});
