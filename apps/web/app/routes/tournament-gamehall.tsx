/**
 * /tournaments/{id}/gamehall: the tournament's games (`games.get` with `options`
 * `{"id":…,"type":"tournament"}`, 12 a page, spec §7 and §9), with page links and the way back
 * to the tournament. Unknown id: the 404 page.
 */

import { localizePath } from '@croupier/contract/locales';
import type { TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { Gamepad2 } from 'lucide-react';
import { Link, useNavigation } from 'react-router';
import { EmptyState, GameGrid, GameGridSkeleton } from '../features/games/game-grid.tsx';
import { toHallGame } from '../features/games/game-types.ts';
import { loadLikes } from '../features/games/games-loaders.ts';
import { FavouritesProvider } from '../features/games/use-favourites.tsx';
import { Breadcrumbs } from '../features/promotions/page-parts.tsx';
import {
  parseTournamentId,
  TOURNAMENT_GAMES_PER_PAGE,
  TOURNAMENTS_PATH,
  tournamentGamesPath,
  tournamentPath,
} from '../features/tournaments/tournament-paths.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/tournament-gamehall';

const MAX_PAGE = 1_000;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export function parsePage(raw: string | null): number {
  if (raw === null || !/^[1-9]\d{0,3}$/.test(raw)) return 1;
  return Math.min(Number(raw), MAX_PAGE);
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const id = parseTournamentId(params.id);
  if (id === null) throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  const page = parsePage(url.searchParams.get('page'));
  const [list, games, liked] = await Promise.all([
    orErrorPage(web.api.call('tournaments.get', { ids: String(id), fields: 'name' })),
    orErrorPage(
      web.api.call('games.get', {
        options: JSON.stringify({ id, type: 'tournament' }),
        count: TOURNAMENT_GAMES_PER_PAGE,
        offset: (page - 1) * TOURNAMENT_GAMES_PER_PAGE,
      }),
    ),
    loadLikes(web),
  ]);
  const tournament = list.items[0] as Pick<TournamentOutput, 'id' | 'name'> | undefined;
  if (!tournament) throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  return {
    tournament: { id: tournament.id, name: tournament.name ?? '' },
    games: games.items.map(toHallGame),
    total: games.total,
    page,
    liked,
    pageMeta: { title: i18nFor(locale).t('tournaments:games.title', { name: tournament.name ?? '' }) },
  };
}

export default function TournamentGameHall({ loaderData }: Route.ComponentProps) {
  const { tournament, games, total, page, liked } = loaderData;
  const { t } = useTranslation('tournaments');
  const locale = usePageLocale();
  const { isAuthenticated } = useRootData();
  const navigation = useNavigation();
  const pages = Math.max(1, Math.ceil(total / TOURNAMENT_GAMES_PER_PAGE));
  const base = tournamentGamesPath(tournament.id, locale);
  const pageHref = (n: number) => (n === 1 ? base : `${base}?page=${n}`);
  const loading = navigation.state === 'loading' && navigation.location.pathname === base;
  return (
    <div className="mx-auto w-full max-w-screen-laptopLg px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
      <Breadcrumbs
        parent={{ href: localizePath(TOURNAMENTS_PATH, locale), label: t('detail.breadcrumb') }}
        current={tournament.name}
      />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight laptop:text-3xl">
            {t('games.title', { name: tournament.name })}
          </h1>
          <p className="mt-1 text-sm text-muted">{t('games.total', { count: total })}</p>
        </div>
        <Link
          to={tournamentPath(tournament.id, locale)}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        >
          {t('games.back')}
        </Link>
      </div>
      <FavouritesProvider liked={liked}>
        {loading ? (
          <GameGridSkeleton count={TOURNAMENT_GAMES_PER_PAGE} className="mt-6" />
        ) : games.length === 0 ? (
          <div className="mt-8">
            <EmptyState
              icon={<Gamepad2 className="size-7" aria-hidden focusable={false} />}
              title={t('games.empty')}
              text={t('games.emptyText')}
              action={
                <Link to={localizePath('/gamehall', locale)} className={buttonClassName({})}>
                  {t('list.toHall')}
                </Link>
              }
            />
          </div>
        ) : (
          <GameGrid games={games} isAuthenticated={isAuthenticated} className="mt-6" />
        )}
      </FavouritesProvider>
      {pages > 1 && (
        <nav aria-label={t('games.pages')} className="mt-8 flex items-center justify-center gap-3">
          {page > 1 && (
            <Link to={pageHref(page - 1)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              {t('games.previous')}
            </Link>
          )}
          <span className="text-sm text-muted">{t('games.page', { page, pages })}</span>
          {page < pages && (
            <Link to={pageHref(page + 1)} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              {t('games.next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
