/**
 * Site sections (ADR 014): the areas of the product whose pages may not exist yet. The server
 * says which are on (General info `site_sections`); every link the site draws — menus, bars,
 * footer, home banners and blocks, the account menu, operator links inside content HTML, the
 * configured withdrawal buttons — is dropped when its target belongs to a section that is off.
 * A path that belongs to no section (the game hall, the cashier, a content page…) is always shown.
 *
 * No zod here: the browser imports this on every page (issue #17); General info's schema of the
 * flags is in metadata/get-general-info.ts.
 */
import type { CmsConfig, LinkItem } from './cms-config.ts';

export const SITE_SECTIONS = [
  'sports',
  'promotions',
  'tournaments',
  'jackpots',
  'offers',
  'bonuses',
  'loyalty',
  'support',
  'responsibleGaming',
  'verification',
  'liveCasino',
] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];

export type SiteSections = Record<SiteSection, boolean>;

/**
 * The site paths (without locale prefix) of each section: a path is the section's when it equals
 * one of these or lies below it. A `?key=value` entry matches that path with that query value.
 */
export const SECTION_PATHS: Record<SiteSection, readonly string[]> = {
  sports: ['/betting', '/sports', '/bets', '/profile/bets'],
  promotions: ['/promotions'],
  tournaments: ['/tournaments', '/profile/tournaments'],
  jackpots: ['/jackpots'],
  offers: ['/offers'],
  bonuses: ['/profile/bonuses', '/profile/cashback'],
  loyalty: ['/loyalty', '/profile/loyalty'],
  support: ['/support'],
  responsibleGaming: ['/responsible-game', '/profile/responsible-game'],
  verification: ['/profile/verification'],
  liveCasino: ['/live-casino', '/gamehall/live', '/gamehall?category=live'],
};

const LOCALE_PREFIX = /^\/(?:en|fr)(?=\/|$)/i;

function splitHref(href: string): { path: string; query: URLSearchParams } | null {
  const trimmed = href.trim();
  // Absolute URLs and protocol-relative ones are another site's pages: never a section of ours.
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return null;
  const hashAt = trimmed.indexOf('#');
  const withoutHash = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const rawPath = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  let path = rawPath.replace(LOCALE_PREFIX, '').toLowerCase();
  if (path === '') path = '/';
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return { path, query: new URLSearchParams(queryAt === -1 ? '' : withoutHash.slice(queryAt + 1)) };
}

function matches(entry: string, path: string, query: URLSearchParams): boolean {
  const queryAt = entry.indexOf('?');
  if (queryAt === -1) return path === entry || path.startsWith(`${entry}/`);
  const entryPath = entry.slice(0, queryAt);
  if (path !== entryPath) return false;
  return [...new URLSearchParams(entry.slice(queryAt + 1))].every(([key, value]) =>
    query.getAll(key).includes(value),
  );
}

/** The section a same-site href (`/fr/support`, `/gamehall?category=live`) belongs to, if any. */
export function sectionOfHref(href: string): SiteSection | null {
  const split = splitHref(href);
  if (!split) return null;
  for (const section of SITE_SECTIONS) {
    if (SECTION_PATHS[section].some((entry) => matches(entry, split.path, split.query))) return section;
  }
  return null;
}

/** False only for a same-site href whose section is off. */
export function isHrefAvailable(href: string, sections: SiteSections): boolean {
  const section = sectionOfHref(href);
  return section === null || sections[section];
}

/** The links whose targets exist (external links always do). */
export function availableLinks<T extends Pick<LinkItem, 'url' | 'external'>>(
  links: readonly T[],
  sections: SiteSections,
): T[] {
  return links.filter((link) => link.external || isHrefAvailable(link.url, sections));
}

/**
 * The configuration document as the site shows it: menu, footer and account links, the menu
 * banner and the configured buttons only where their pages exist. Footer groups left empty go.
 */
export function availableSiteConfig(config: CmsConfig, sections: SiteSections): CmsConfig {
  const site = config['prazer-config'];
  const cashier = config['cashier-config'];
  const keep = (link: string) => (isHrefAvailable(link, sections) ? link : '');
  return {
    ...config,
    'prazer-config': {
      ...site,
      headerMenu: availableLinks(site.headerMenu, sections),
      sideMenu: availableLinks(site.sideMenu, sections),
      mobileBottomMenu: availableLinks(site.mobileBottomMenu, sections),
      userMenu: availableLinks(site.userMenu, sections),
      socialLinks: availableLinks(site.socialLinks, sections),
      footer: {
        ...site.footer,
        groups: site.footer.groups
          .map((group) => ({ ...group, links: availableLinks(group.links, sections) }))
          .filter((group) => group.links.length > 0),
      },
      menuBanner: site.menuBanner && isHrefAvailable(site.menuBanner.link, sections) ? site.menuBanner : null,
    },
    'cashier-config': {
      ...cashier,
      withdrawalButtons: {
        confirmContactLink: keep(cashier.withdrawalButtons.confirmContactLink),
        kycLink: keep(cashier.withdrawalButtons.kycLink),
      },
    },
  };
}

const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
const HREF_ATTRIBUTE = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/**
 * Operator HTML (sanitised content) with every link to a section that is off turned into its
 * plain text: the words stay, the dead end goes.
 */
export function unlinkUnavailable(html: string, sections: SiteSections): string {
  return html.replace(ANCHOR, (anchor: string, attributes: string, inner: string) => {
    const match = HREF_ATTRIBUTE.exec(attributes);
    const href = match?.[1] ?? match?.[2] ?? match?.[3];
    if (href === undefined || isHrefAvailable(decodeEntities(href), sections)) return anchor;
    return inner;
  });
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&#x2F;|&#47;/gi, '/');
}
