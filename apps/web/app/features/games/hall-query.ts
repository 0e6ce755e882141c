/**
 * /gamehall state (spec §2, §9): the category (`?category={id}`), the studios
 * (`?providers=a,b`), the player's favourites (`?favourites=1`) and how many pages of 18 are shown
 * (`?page=3`, "show more") live in the address, so a refresh, a shared link or the back button
 * shows the same grid and a revalidation reloads exactly what is on screen. Anything malformed in
 * the address is dropped here, so the API is only ever asked valid questions.
 */
import type { CallInput } from '@croupier/contract/client';
import { GAMES_MAX_PAGE_SIZE, GAMES_PAGE_SIZE } from '@croupier/contract/games/page-sizes';

/** At most this many pages are shown at once (50 × 18 = 900 games). */
export const MAX_HALL_PAGES = 50;
/** At most this many studios in one filter. */
export const MAX_PROVIDER_FILTER = 20;

const SYSNAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** A category id (`3`) or, from content-managed links, its slug (`live`). */
const CATEGORY = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export interface HallQuery {
  /** A category id or slug, as written in the address; null for every category. */
  category: string | null;
  /** Provider sysnames, lower case, without duplicates, in the order given. */
  providers: string[];
  favourites: boolean;
  pages: number;
}

export const EMPTY_HALL_QUERY: HallQuery = { category: null, providers: [], favourites: false, pages: 1 };

/** `?providers=a,b` (also `providers=a&providers=b`) → ['a', 'b']; invalid names dropped. */
export function parseProviders(values: readonly string[]): string[] {
  const result: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const name = part.trim().toLowerCase();
      if (SYSNAME.test(name) && !result.includes(name)) result.push(name);
      if (result.length >= MAX_PROVIDER_FILTER) return result;
    }
  }
  return result;
}

export function parseHallQuery(search: URLSearchParams): HallQuery {
  const category = search.get('category')?.trim().toLowerCase() ?? '';
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    category: CATEGORY.test(category) ? category : null,
    providers: parseProviders(search.getAll('providers')),
    favourites: search.get('favourites') === '1',
    pages: Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), MAX_HALL_PAGES) : 1,
  };
}

/** The query string of a hall state (`''` for the whole hall); commas stay readable. */
export function hallSearch(query: HallQuery): string {
  const parts: string[] = [];
  if (query.category) parts.push(`category=${encodeURIComponent(query.category)}`);
  if (query.providers.length > 0)
    parts.push(`providers=${query.providers.map(encodeURIComponent).join(',')}`);
  if (query.favourites) parts.push('favourites=1');
  if (query.pages > 1) parts.push(`page=${query.pages}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Choosing a category (null: all) keeps the studio filter and starts again at page 1. */
export function withCategory(query: HallQuery, category: string | number | null): HallQuery {
  return { ...query, category: category === null ? null : String(category), favourites: false, pages: 1 };
}

/** The player's favourites instead of a category. */
export function withFavourites(query: HallQuery): HallQuery {
  return { ...query, category: null, favourites: true, pages: 1 };
}

/** Adds the studio to the filter, or removes it when it is there; back to page 1. */
export function toggleProvider(query: HallQuery, sysname: string): HallQuery {
  const name = sysname.toLowerCase();
  const providers = query.providers.includes(name)
    ? query.providers.filter((entry) => entry !== name)
    : [...query.providers, name].slice(0, MAX_PROVIDER_FILTER);
  return { ...query, providers, pages: 1 };
}

export function withProviders(query: HallQuery, providers: readonly string[]): HallQuery {
  return { ...query, providers: parseProviders(providers), pages: 1 };
}

/** "Show more": one more page. */
export function showMoreQuery(query: HallQuery): HallQuery {
  return { ...query, pages: Math.min(query.pages + 1, MAX_HALL_PAGES) };
}

/** Whether any filter narrows the hall. */
export function isFiltered(query: HallQuery): boolean {
  return query.category !== null || query.providers.length > 0 || query.favourites;
}

/** The `games.get` windows that read the first `pages` pages (no call may ask more than 300). */
export function hallRequests(
  pages: number,
  pageSize: number = GAMES_PAGE_SIZE,
): { offset: number; count: number }[] {
  const size = Math.min(Math.max(Math.trunc(pageSize), 1), GAMES_MAX_PAGE_SIZE);
  const wanted = Math.min(Math.max(Math.trunc(pages), 1), MAX_HALL_PAGES) * size;
  const requests: { offset: number; count: number }[] = [];
  for (let offset = 0; offset < wanted; offset += GAMES_MAX_PAGE_SIZE) {
    requests.push({ offset, count: Math.min(GAMES_MAX_PAGE_SIZE, wanted - offset) });
  }
  return requests;
}

export interface CategoryLike {
  id: number;
  slug: string;
}

/**
 * The category id an address names: its id, or its slug (content menus link `?category=live`).
 * `undefined` when no category is asked for; `null` when the one asked for does not exist.
 */
export function resolveCategory(
  category: string | null,
  categories: readonly CategoryLike[],
): number | null | undefined {
  if (category === null) return undefined;
  if (/^\d+$/.test(category)) {
    const id = Number(category);
    return categories.some((entry) => entry.id === id) ? id : null;
  }
  return categories.find((entry) => entry.slug.toLowerCase() === category)?.id ?? null;
}

/** The `games.get` input of one window of the hall, or null when the answer is known to be empty. */
export function hallGamesInput(
  query: HallQuery,
  options: {
    categoryId: number | null | undefined;
    favourites: readonly string[] | null;
    window: { offset: number; count: number };
  },
): CallInput<'games.get'> | null {
  if (options.categoryId === null) return null;
  const input: CallInput<'games.get'> = { ...options.window, sort: 'priority', order: 'asc' };
  if (options.categoryId !== undefined) input.category = options.categoryId;
  if (query.providers.length > 0) input.providers = query.providers.join(',');
  if (query.favourites) {
    const liked = (options.favourites ?? []).slice(0, GAMES_MAX_PAGE_SIZE);
    if (liked.length === 0) return null;
    input.sysnames = liked.join(',');
  }
  return input;
}

/** Whether "show more" is offered. */
export function hasMoreGames(shown: number, total: number, query: HallQuery): boolean {
  return shown < total && query.pages < MAX_HALL_PAGES;
}
