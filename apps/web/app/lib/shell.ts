/**
 * What the page chrome (header, menus, footer, system pages) needs from the content configuration.
 * The root loader sends only this slice to the browser, not the whole configuration document.
 */
import type { CmsConfig, LinkItem, SiteConfig } from '@croupier/contract/content/cms-config';

export interface ShellData {
  siteName: string;
  headerMenu: LinkItem[];
  sideMenu: LinkItem[];
  mobileBottomMenu: LinkItem[];
  socialLinks: LinkItem[];
  footer: SiteConfig['footer'];
  systemPages: SiteConfig['systemPages'];
}

export function toShellData(config: CmsConfig): ShellData {
  const site = config['prazer-config'];
  return {
    siteName: site.siteName,
    headerMenu: site.headerMenu,
    sideMenu: site.sideMenu,
    mobileBottomMenu: site.mobileBottomMenu,
    socialLinks: site.socialLinks,
    footer: site.footer,
    systemPages: site.systemPages,
  };
}

/** Menu items for this visitor: `guest` items only for guests, `player` items only for players. */
export function linksFor(links: readonly LinkItem[], isAuthenticated: boolean): LinkItem[] {
  return links.filter(
    (link) => link.audience === 'all' || (link.audience === 'player' ? isAuthenticated : !isAuthenticated),
  );
}
