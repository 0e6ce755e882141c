/**
 * Reads shared by the game pages' loaders (server side, through the in-process player API).
 */
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import { GAMES_MAX_PAGE_SIZE, GAMES_PAGE_SIZE } from '@croupier/contract/games/page-sizes';
import { isApiErrorLike } from '../../lib/system-pages.ts';
import type { WebRequestContext } from '../../lib/web-context.ts';
import { DEFAULT_FULLSCREEN_VISIBILITY, type FullscreenVisibility } from './fullscreen.ts';
import type { SearchSettings } from './games-search.tsx';

/**
 * The player's favourites, or null for a guest (spec §6: favourites need an account). A session
 * that ended between the root loader and this call is a guest too, not an error page.
 */
export async function loadLikes(web: WebRequestContext): Promise<string[] | null> {
  if (!web.isAuthenticated) return null;
  try {
    return (await web.api.call('games.getLikes')).sysnames;
  } catch (error) {
    if (isApiErrorLike(error) && error.type === 'AuthorizationException') return null;
    throw error;
  }
}

/** The content's page size for game lists (spec §9: 18), within what games.get accepts. */
export function gamePageSize(config: CmsConfig): number {
  const size = config['games-config']?.gameListPageSize;
  return Number.isSafeInteger(size) && size > 0 ? Math.min(size, GAMES_MAX_PAGE_SIZE) : GAMES_PAGE_SIZE;
}

export function searchSettings(config: CmsConfig): SearchSettings {
  const search = config['search-config'];
  return search ? { minQueryLength: search.minQueryLength, popular: search.popular } : {};
}

export function fullscreenVisibility(config: CmsConfig): FullscreenVisibility {
  return config['prazer-config']?.fullscreenVisibility ?? DEFAULT_FULLSCREEN_VISIBILITY;
}
