import { formatRobotsTxt, type RobotsGroup, robotsSitemapUrl } from '@croupier/contract/content/robots-txt';
import { describe, expect, it } from 'vitest';
import { isPathDisallowed, robotsPathVariants, robotsPatternMatches } from './robots.ts';
import { DEFAULT_ROBOTS_RULES } from './seed-config.ts';

describe('robotsPatternMatches', () => {
  it.each([
    ['/search', '/search', true],
    ['/search', '/search?q=dice', true],
    ['/search', '/searching', true],
    ['/search', '/fr/search', false],
    ['/search$', '/search', true],
    ['/search$', '/search/', false],
    ['/*.pdf$', '/docs/terms.pdf', true],
    ['/*.pdf$', '/docs/terms.pdf?x=1', false],
    ['/*?*track_id=', '/gamehall?category=1&track_id=5', true],
    ['/*?*track_id=', '/gamehall', false],
    ['/', '/anything', true],
    ['', '/anything', false],
  ])('%s on %s → %s', (pattern, path, expected) => {
    expect(robotsPatternMatches(pattern, path)).toBe(expected);
  });
});

describe('isPathDisallowed', () => {
  const groups: RobotsGroup[] = [
    {
      userAgent: '*',
      allow: ['/profile/public', '/shop$'],
      disallow: ['/profile', '/search', '/shop', '/private-offer'],
    },
    { userAgent: 'BadBot', allow: [], disallow: ['/'] },
  ];

  it('disallows matching paths for the * agent only', () => {
    expect(isPathDisallowed(groups, '/search')).toBe(true);
    expect(isPathDisallowed(groups, '/private-offer')).toBe(true);
    expect(isPathDisallowed(groups, '/about')).toBe(false);
    expect(isPathDisallowed(groups, '/')).toBe(false);
  });

  it('lets the longest match win, Allow winning ties', () => {
    expect(isPathDisallowed(groups, '/profile/settings')).toBe(true);
    expect(isPathDisallowed(groups, '/profile/public/123')).toBe(false);
    expect(isPathDisallowed(groups, '/shop')).toBe(false);
    expect(isPathDisallowed(groups, '/shop/items')).toBe(true);
    const tie: RobotsGroup[] = [{ userAgent: '*', allow: ['/page'], disallow: ['/page'] }];
    expect(isPathDisallowed(tie, '/page')).toBe(false);
  });

  it('allows everything without rules', () => {
    expect(isPathDisallowed([], '/search')).toBe(false);
    expect(isPathDisallowed([{ userAgent: '*', allow: [], disallow: [''] }], '/search')).toBe(false);
  });
});

describe('robotsPathVariants', () => {
  it('tests the path as given and without its locale prefix', () => {
    expect(robotsPathVariants('/fr/search?q=1#top')).toEqual(['/fr/search?q=1', '/search?q=1']);
    expect(robotsPathVariants('/search')).toEqual(['/search']);
    expect(robotsPathVariants('/fr')).toEqual(['/fr', '/']);
    expect(robotsPathVariants('https://casino.example/fr/private-offer')).toEqual([
      '/fr/private-offer',
      '/private-offer',
    ]);
  });

  it('makes a Disallow cover the French page too', () => {
    const groups: RobotsGroup[] = [{ userAgent: '*', allow: [], disallow: ['/search', '/fr/only-french'] }];
    const disallowed = (path: string) =>
      robotsPathVariants(path).some((variant) => isPathDisallowed(groups, variant));
    expect(disallowed('/fr/search')).toBe(true);
    expect(disallowed('/fr/only-french')).toBe(true);
    expect(disallowed('/only-french')).toBe(false);
    expect(disallowed('/fr/about')).toBe(false);
  });
});

describe('the seeded rules', () => {
  it('keep the framed copies of pages and the player areas out of the index, the site in', () => {
    const disallowed = (path: string) =>
      robotsPathVariants(path).some((variant) => isPathDisallowed(DEFAULT_ROBOTS_RULES, variant));
    expect(disallowed('/frame/betting')).toBe(true);
    expect(disallowed('/fr/frame/betting/event/12')).toBe(true);
    expect(disallowed('/fr/profile/bets')).toBe(true);
    expect(disallowed('/betting')).toBe(false);
    expect(disallowed('/fr/betting/event/12')).toBe(false);
  });
});

describe('formatRobotsTxt', () => {
  it('writes groups and the sitemap', () => {
    const text = formatRobotsTxt(
      [{ userAgent: '*', allow: ['/shop$'], disallow: ['/search', '/profile'] }],
      'https://casino.example/sitemap.xml',
    );
    expect(text).toBe(
      'User-agent: *\nAllow: /shop$\nDisallow: /search\nDisallow: /profile\n\nSitemap: https://casino.example/sitemap.xml\n',
    );
  });

  it('allows everything when there are no rules, and keeps values on one line', () => {
    expect(formatRobotsTxt([], null)).toBe('User-agent: *\nDisallow:\n');
    expect(formatRobotsTxt([{ userAgent: '*', allow: [], disallow: ['/a\nAllow: /'] }], null)).toBe(
      'User-agent: *\nDisallow: /a Allow: /\n',
    );
  });
});

describe('robotsSitemapUrl', () => {
  it('keeps an absolute URL, puts a path on the origin, and gives none without an origin', () => {
    expect(robotsSitemapUrl('https://cdn.example/sitemap.xml', null)).toBe('https://cdn.example/sitemap.xml');
    expect(robotsSitemapUrl('/sitemap.xml', 'https://casino.example/')).toBe(
      'https://casino.example/sitemap.xml',
    );
    expect(robotsSitemapUrl('/sitemap.xml', null)).toBeNull();
    expect(robotsSitemapUrl(null, 'https://casino.example')).toBeNull();
  });
});
