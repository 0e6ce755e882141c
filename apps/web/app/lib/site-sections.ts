/**
 * Site sections on the page (ADR 014): which areas of the site have their pages, from the root
 * loader (General info `site_sections`). Links the code draws itself check here; content links
 * arrive already filtered by the server's content source.
 */
import { isHrefAvailable, SITE_SECTIONS, type SiteSections } from '@croupier/contract/content/site-sections';
import { createContext, use } from 'react';
import { useRootLoaderData } from './root-data.ts';

/** Where the root loader failed without saying (an unexpected error), no section is assumed to exist. */
const NONE = Object.fromEntries(SITE_SECTIONS.map((section) => [section, false])) as SiteSections;

/**
 * The sections a root error page knows (the root loader's error payload carries them for the
 * pages it draws inside the site's chrome: maintenance, user blocked), so the blocked page's
 * `/support` button and the footer's links stay where their pages exist.
 */
export const ErrorPageSections = createContext<SiteSections | undefined>(undefined);

export function useSiteSections(): SiteSections {
  const fromError = use(ErrorPageSections);
  return useRootLoaderData()?.sections ?? fromError ?? NONE;
}

/** Whether a same-site href (`/support`) leads to a page that exists; external hrefs always do. */
export function useHrefAvailable(): (href: string) => boolean {
  const sections = useSiteSections();
  return (href) => isHrefAvailable(href, sections);
}
