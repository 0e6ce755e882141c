import { describe, expect, test } from 'vitest';
import type { CmsConfig, LinkItem } from './cms-config.ts';
import {
  availableLinks,
  availableSiteConfig,
  isHrefAvailable,
  SITE_SECTIONS,
  type SiteSections,
  sectionOfHref,
  unlinkUnavailable,
} from './site-sections.ts';

const allOff = Object.fromEntries(SITE_SECTIONS.map((section) => [section, false])) as SiteSections;

function link(id: string, url: string, external = false): LinkItem {
  return { id, title: id, url, external, icon: null, audience: 'all' };
}

describe('sectionOfHref', () => {
  test.each([
    ['/support', 'support'],
    ['/fr/support', 'support'],
    ['/FR/Support/', 'support'],
    ['/promotions?tab=all#top', 'promotions'],
    ['/betting', 'sports'],
    ['/bets/open', 'sports'],
    ['/profile/verification', 'verification'],
    ['/fr/profile/responsible-game', 'responsibleGaming'],
    ['/responsible-game', 'responsibleGaming'],
    ['/profile/loyalty', 'loyalty'],
    ['/gamehall?category=live', 'liveCasino'],
    ['/fr/gamehall?sort=new&category=live', 'liveCasino'],
  ])('%s belongs to %s', (href, section) => {
    expect(sectionOfHref(href)).toBe(section);
  });

  test.each([
    '/',
    '/fr',
    '/gamehall',
    '/gamehall?category=slots',
    '/responsible-gaming',
    '/supporters',
    '/profile/settings',
    '/cashier/withdraw',
    'https://example.org/support',
    '//evil.example/support',
    '#contacts',
  ])('%s belongs to no section', (href) => {
    expect(sectionOfHref(href)).toBeNull();
  });
});

describe('availability', () => {
  test('a path of a section that is off is unavailable; switching the section on brings it back', () => {
    expect(isHrefAvailable('/support', allOff)).toBe(false);
    expect(isHrefAvailable('/support', { ...allOff, support: true })).toBe(true);
    expect(isHrefAvailable('/gamehall', allOff)).toBe(true);
  });

  test('availableLinks drops internal links to off sections and keeps external ones', () => {
    const links = [
      link('hall', '/gamehall'),
      link('sport', '/betting'),
      link('ext', 'https://example.org/promotions', true),
    ];
    expect(availableLinks(links, allOff).map((item) => item.id)).toEqual(['hall', 'ext']);
  });

  test('availableSiteConfig filters every menu, drops empty footer groups, the menu banner and dead buttons', () => {
    const config = {
      'prazer-config': {
        headerMenu: [link('hall', '/gamehall'), link('live', '/gamehall?category=live')],
        sideMenu: [link('jackpots', '/jackpots')],
        mobileBottomMenu: [link('home', '/'), link('promotions', '/promotions')],
        userMenu: [link('security', '/profile/security'), link('verification', '/profile/verification')],
        socialLinks: [link('telegram', 'https://example.org/t', true)],
        footer: {
          groups: [
            { id: 'rewards', title: 'Rewards', links: [link('loyalty', '/loyalty')] },
            { id: 'help', title: 'Help', links: [link('faq', '/faq'), link('support', '/support')] },
          ],
        },
        menuBanner: { title: 'Loyalty', text: '', image: '', link: '/loyalty' },
      },
      'cashier-config': {
        withdrawalButtons: { confirmContactLink: '/profile/settings', kycLink: '/profile/verification' },
      },
    } as unknown as CmsConfig;
    const shown = availableSiteConfig(config, allOff);
    const site = shown['prazer-config'];
    expect(site.headerMenu.map((item) => item.id)).toEqual(['hall']);
    expect(site.sideMenu).toEqual([]);
    expect(site.mobileBottomMenu.map((item) => item.id)).toEqual(['home']);
    expect(site.userMenu.map((item) => item.id)).toEqual(['security']);
    expect(site.socialLinks).toHaveLength(1);
    expect(site.footer.groups.map((group) => [group.id, group.links.map((item) => item.id)])).toEqual([
      ['help', ['faq']],
    ]);
    expect(site.menuBanner).toBeNull();
    expect(shown['cashier-config'].withdrawalButtons).toEqual({
      confirmContactLink: '/profile/settings',
      kycLink: '',
    });
    // The input is left as it was (the back office edits the stored document).
    expect(config['prazer-config'].sideMenu).toHaveLength(1);
  });
});

describe('unlinkUnavailable', () => {
  test('links to off sections become their text; other links stay as written', () => {
    const html =
      '<p>Ask <a href="/fr/support">our team</a>, read the <a href="/responsible-gaming">guide</a> or ' +
      '<a href="https://example.org/support" target="_blank">a friend</a>; <a href=\'/loyalty\'><strong>club</strong></a>.</p>';
    expect(unlinkUnavailable(html, allOff)).toBe(
      '<p>Ask our team, read the <a href="/responsible-gaming">guide</a> or ' +
        '<a href="https://example.org/support" target="_blank">a friend</a>; <strong>club</strong>.</p>',
    );
    expect(unlinkUnavailable(html, { ...allOff, support: true, loyalty: true })).toBe(html);
  });
});
