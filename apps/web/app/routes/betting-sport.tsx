/**
 * /betting/{sport} and /betting/{sport}/{tournament} (ADR 035): one sport's leagues, its live
 * events and its upcoming events by day (of one league when chosen).
 */

import { NavLink } from 'react-router';
import {
  boardQuery,
  LiveSection,
  UpcomingSection,
  useBoardRefresh,
} from '../features/sportsbook/betting-board.tsx';
import { bettingPath, useBettingHref } from '../features/sportsbook/sportsbook-paths.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/betting-sport';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const query = boardQuery(url);
  const sport = params.sport;
  const tournament = params.tournament;
  const [sports, tournaments, live, upcoming] = await Promise.all([
    orErrorPage(web.api.call('sportsbook.getSports', {})),
    orErrorPage(web.api.call('sportsbook.getTournaments', { sport })),
    orErrorPage(web.api.call('sportsbook.getLive', { sport })),
    orErrorPage(
      web.api.call('sportsbook.getUpcoming', {
        date: query.date,
        utc_offset: query.utcOffset,
        sport,
        ...(tournament ? { tournament } : {}),
      }),
    ),
  ]);
  const sportName = sports.items.find((item) => item.key === sport)?.name ?? sport;
  const current = tournaments.items.find((item) => item.key === tournament);
  return {
    sport: { key: sport, name: sportName },
    tournament: current ? { key: current.key, name: current.name } : null,
    tournaments: tournaments.items,
    live: tournament ? live.items.filter((event) => event.tournament.key === tournament) : live.items,
    upcoming: upcoming.items,
    query,
    pageMeta: { title: current ? `${current.name} · ${sportName}` : sportName },
  };
}

export default function BettingSport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('sportsbook');
  const href = useBettingHref();
  useBoardRefresh(loaderData.query.utcOffset);
  const chip = ({ isActive }: { isActive: boolean }) =>
    cx(
      'rounded-full border px-3 py-1.5 text-sm whitespace-nowrap',
      isActive ? 'border-gold bg-gold/15 text-gold' : 'border-border text-muted hover:text-text',
    );
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight laptop:text-3xl">{loaderData.pageMeta.title}</h1>
      {loaderData.tournaments.length > 0 && (
        <nav
          aria-label={t('nav.tournaments')}
          className="flex gap-2 overflow-x-auto"
          data-testid="tournaments-nav"
        >
          <NavLink to={href(bettingPath.sport(loaderData.sport.key))} end className={chip}>
            {t('nav.allTournaments')}
          </NavLink>
          {loaderData.tournaments.map((item) => (
            <NavLink
              key={item.key}
              to={href(bettingPath.tournament(loaderData.sport.key, item.key))}
              className={chip}
            >
              {item.name}
            </NavLink>
          ))}
        </nav>
      )}
      <LiveSection events={loaderData.live} utcOffset={loaderData.query.utcOffset} />
      <UpcomingSection events={loaderData.upcoming} query={loaderData.query} />
    </>
  );
}
