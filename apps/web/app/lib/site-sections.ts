/**
 * Site sections on the page (ADR 014): which areas of the site have their pages, from the root
 * loader (General info `site_sections`). Links the code draws itself check here; content links
 * arrive already filtered by the server's content source.
 */
import { isHrefAvailable, SITE_SECTIONS, type SiteSections } from '@croupier/contract/content/site-sections';
import { useRootLoaderData } from './root-data.ts';

/** Where the root loader failed (its error page), no section is assumed to exist. */
const NONE = Object.fromEntries(SITE_SECTIONS.map((section) => [section, false])) as SiteSections;

export function useSiteSections(): SiteSections {
  return useRootLoaderData()?.sections ?? NONE;
}

/** Whether a same-site href (`/support`) leads to a page that exists; external hrefs always do. */
export function useHrefAvailable(): (href: string) => boolean {
  const sections = useSiteSections();
  return (href) => isHrefAvailable(href, sections);
}
