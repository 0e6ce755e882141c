/**
 * /gamehall (spec §2, §4, §9; DESIGN.md "Game hall"): category chips (`?category={id}`), the studio
 * filter (`?providers=a,b`), the search popup, the grid of game tiles with favourite hearts for
 * players, and "show more" paging by 18. The address holds the state (`hall-query.ts`); while a new
 * filter loads the grid shows skeleton tiles, while more games load they appear under the grid.
 */
import { localizePath } from '@croupier/contract/locales';
import { SearchX } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link, useNavigation, useRevalidator } from 'react-router';
import { CategoryChips } from '../features/games/category-chips.tsx';
import { EmptyState, GameGrid, GameGridSkeleton } from '../features/games/game-grid.tsx';
import { type HallGame, toHallGame } from '../features/games/game-types.ts';
import { gamePageSize, loadLikes, searchSettings } from '../features/games/games-loaders.ts';
import { HallSearchButton, useGamesSearchPopup } from '../features/games/games-search-buttons.tsx';
import {
  type EMPTY_HALL_QUERY,
  hallGamesInput,
  hallRequests,
  hallSearch,
  hasMoreGames,
  isFiltered,
  parseHallQuery,
  resolveCategory,
  showMoreQuery,
} from '../features/games/hall-query.ts';
import { ProviderFilter, SelectedProviders } from '../features/games/provider-filter.tsx';
import { FavouritesProvider } from '../features/games/use-favourites.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/gamehall';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const { t } = i18nFor(locale);
  const query = parseHallQuery(url.searchParams);
  const [config, categories, providers, liked] = await Promise.all([
    web.content.getConfig(locale),
    orErrorPage(web.api.call('games.getCategories')),
    orErrorPage(web.api.call('games.getProviders')),
    loadLikes(web),
  ]);
  const pageSize = gamePageSize(config);
  const categoryId = resolveCategory(query.category, categories.items);
  const pages = await Promise.all(
    hallRequests(query.pages, pageSize).map((window) => {
      const input = hallGamesInput(query, { categoryId, favourites: liked, window });
      return input ? orErrorPage(web.api.call('games.get', input)) : { items: [], total: 0 };
    }),
  );
  const games: HallGame[] = pages.flatMap((page) => page.items.map(toHallGame));
  const category = categories.items.find((entry) => entry.id === categoryId);
  const heading = query.favourites ? t('games:hall.favourites') : (category?.name ?? t('games:hall.title'));
  return {
    query,
    categoryId,
    categories: categories.items,
    providers: providers.items,
    games,
    total: pages[0]?.total ?? 0,
    liked,
    search: searchSettings(config),
    heading,
    pageMeta: {
      title: heading === t('games:hall.title') ? heading : `${heading} — ${t('games:hall.title')}`,
    },
  };
}

/** The hall query a pending navigation to this page is loading, if any. */
function usePendingHallQuery(base: string) {
  const navigation = useNavigation();
  if (navigation.state !== 'loading' || navigation.location.pathname !== base) return undefined;
  return parseHallQuery(new URLSearchParams(navigation.location.search));
}

function sameFilters(a: typeof EMPTY_HALL_QUERY, b: typeof EMPTY_HALL_QUERY): boolean {
  return hallSearch({ ...a, pages: 1 }) === hallSearch({ ...b, pages: 1 });
}

export default function GameHall({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('games');
  const locale = usePageLocale();
  const { isAuthenticated } = useRootData();
  const revalidator = useRevalidator();
  const base = localizePath('/gamehall', locale);
  const { query, games, total } = loaderData;
  const pending = usePendingHallQuery(base);
  const filterLoading = pending !== undefined && !sameFilters(pending, query);
  const moreLoading = pending !== undefined && !filterLoading && pending.pages > query.pages;
  const openSearch = useGamesSearchPopup(loaderData.search);

  // A grid of favourites changes with every heart: reload it (spec §4).
  const onFavouritesChanged = useCallback(() => {
    if (query.favourites) void revalidator.revalidate();
  }, [query.favourites, revalidator]);

  // "/" opens the search from anywhere on the page but a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      event.preventDefault();
      openSearch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openSearch]);

  return (
    <FavouritesProvider liked={loaderData.liked} onChanged={onFavouritesChanged}>
      <div className="mx-auto w-full max-w-screen-desktopMd px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
        <header className="flex flex-col gap-4 laptop:flex-row laptop:items-end laptop:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-accent">{t('hall.eyebrow')}</p>
            <h1
              className="mt-1 text-2xl font-bold tracking-tight text-balance laptop:text-3xl"
              data-testid="hall-title"
            >
              {loaderData.heading}
            </h1>
            <p className="mt-1 text-sm text-muted" data-testid="hall-total">
              {t('hall.total', { count: total })}
            </p>
          </div>
          <div className="flex items-start gap-2 tablet:gap-3">
            <HallSearchButton settings={loaderData.search} />
            <ProviderFilter base={base} query={query} providers={loaderData.providers} />
          </div>
        </header>

        <div className="mt-5 laptop:mt-7">
          <CategoryChips
            base={base}
            query={query}
            activeCategoryId={loaderData.categoryId}
            categories={loaderData.categories}
            showFavourites={loaderData.liked !== null}
          />
          <div className="mt-3 empty:hidden">
            <SelectedProviders base={base} query={query} providers={loaderData.providers} />
          </div>
        </div>

        <section
          aria-labelledby="hall-title"
          aria-busy={filterLoading || moreLoading || undefined}
          className="mt-6"
        >
          <h2 id="hall-title" className="sr-only">
            {t('hall.gridLabel')}
          </h2>
          {filterLoading ? (
            <GameGridSkeleton count={12} />
          ) : games.length === 0 ? (
            <HallEmpty base={base} filtered={isFiltered(query)} favourites={query.favourites} />
          ) : (
            <>
              <GameGrid games={games} isAuthenticated={isAuthenticated} />
              {moreLoading && <GameGridSkeleton count={6} className="mt-5" />}
              <div className="mt-10 flex flex-col items-center gap-3">
                <p className="text-xs text-muted" aria-live="polite" data-testid="hall-shown">
                  {t('hall.shown', { shown: games.length, total })}
                </p>
                <div className="h-1 w-48 overflow-hidden rounded-full bg-raised" aria-hidden="true">
                  <div
                    className="h-full rounded-full bg-accent/70"
                    style={{
                      width: `${Math.min(100, Math.round((games.length / Math.max(total, 1)) * 100))}%`,
                    }}
                  />
                </div>
                {hasMoreGames(games.length, total, query) && (
                  <Link
                    to={`${base}${hallSearch(showMoreQuery(query))}`}
                    preventScrollReset
                    aria-busy={moreLoading || undefined}
                    data-testid="hall-more"
                    className={buttonClassName({ variant: 'secondary', className: 'mt-2 min-w-48' })}
                  >
                    {t('hall.more')}
                  </Link>
                )}
              </div>
            </>
          )}
        </section>
      </div>
    </FavouritesProvider>
  );
}

function HallEmpty({ base, filtered, favourites }: { base: string; filtered: boolean; favourites: boolean }) {
  const { t } = useTranslation('games');
  if (favourites) {
    return (
      <EmptyState
        icon={<SearchX className="size-7" aria-hidden focusable={false} />}
        title={t('hall.emptyFavourites')}
        text={t('hall.emptyFavouritesText')}
        action={
          <Link to={base} className={buttonClassName({ variant: 'secondary' })}>
            {t('hall.showAll')}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<SearchX className="size-7" aria-hidden focusable={false} />}
      title={filtered ? t('hall.emptyFiltered') : t('hall.empty')}
      text={filtered ? t('hall.emptyFilteredText') : undefined}
      action={
        filtered ? (
          <Link to={base} className={buttonClassName({ variant: 'secondary' })} data-testid="hall-reset">
            {t('hall.showAll')}
          </Link>
        ) : undefined
      }
    />
  );
}
