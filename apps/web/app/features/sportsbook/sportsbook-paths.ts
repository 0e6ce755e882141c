/** The betting pages' paths (without locale prefix) and their refresh pace (ADR 035). */
import { localizePath } from '@croupier/contract/locales';
import { useLocation } from 'react-router';
import { pathWithoutLocale } from '../../lib/locale-paths.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';

/** The odds and scores refresh: the page's loaders run again this often while the tab is visible. */
export const SPORTSBOOK_REFRESH_MS = 5000;

/** The chrome-less copy of the betting pages a sportsbook frame shows (`/frame/betting…`). */
export const FRAME_PREFIX = '/frame';

export const bettingPath = {
  home: '/betting',
  sport: (sport: string) => `/betting/${encodeURIComponent(sport)}`,
  tournament: (sport: string, tournament: string) =>
    `/betting/${encodeURIComponent(sport)}/${encodeURIComponent(tournament)}`,
  event: (id: string) => `/betting/event/${encodeURIComponent(id)}`,
  profileBets: '/profile/bets',
} as const;

export function isFramedPath(pathname: string): boolean {
  const path = pathWithoutLocale(pathname);
  return path === `${FRAME_PREFIX}/betting` || path.startsWith(`${FRAME_PREFIX}/betting/`);
}

/** Links between betting pages: localized, and inside the frame when the page is framed. */
export function useBettingHref(): (path: string) => string {
  const locale = usePageLocale();
  const framed = isFramedPath(useLocation().pathname);
  return (path) =>
    localizePath(framed && path.startsWith('/betting') ? `${FRAME_PREFIX}${path}` : path, locale);
}
