/**
 * The content service as the site reads it (ADR 014): menus, footer, account menu and configured
 * buttons without links into sections that are off, home blocks that promote such a section left
 * out, and operator links to them inside content HTML turned into plain text. The stored documents
 * stay as the operator wrote them: when a section is switched on, its links come back by themselves.
 */
import {
  availableSiteConfig,
  isHrefAvailable,
  type SiteSections,
  unlinkUnavailable,
} from '@croupier/contract/content/site-sections';
import type { ContentSource } from '../../../web/app/lib/web-context.ts';

export function sectionAwareContent(content: ContentSource, sections: SiteSections): ContentSource {
  return {
    getConfig: async (locale) => availableSiteConfig(await content.getConfig(locale), sections),
    getDomainSeo: (host, locale) => content.getDomainSeo(host, locale),
    findSeo: async (url, locale) => {
      const record = await content.findSeo(url, locale);
      return record?.text ? { ...record, text: unlinkUnavailable(record.text, sections) } : record;
    },
    isDisallowed: (host, path) => content.isDisallowed(host, path),
    findPage: async (slug, locale) => {
      const page = await content.findPage(slug, locale);
      return page ? { ...page, body: unlinkUnavailable(page.body, sections) } : page;
    },
    getHomeBlocks: async (locale) =>
      (await content.getHomeBlocks(locale))
        .filter((block) => block.link === null || isHrefAvailable(block.link, sections))
        .map((block) => ({ ...block, text: unlinkUnavailable(block.text, sections) })),
    customCode: () => content.customCode(),
    matchRedirect: (path) => content.matchRedirect(path),
  };
}
