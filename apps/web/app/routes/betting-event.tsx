/**
 * /betting/event/{id} (ADR 035): one event's score and clock and all its markets, grouped, the
 * suspended ones greyed; odds refresh every few seconds and flash when they move.
 */

import { Link } from 'react-router';
import { useBoardRefresh } from '../features/sportsbook/betting-board.tsx';
import { EventHeader, MarketGroups } from '../features/sportsbook/event-views.tsx';
import { bettingPath, useBettingHref } from '../features/sportsbook/sportsbook-paths.ts';
import { parseUtcOffset } from '../features/sportsbook/sportsbook-time.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/betting-event';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const event = await orErrorPage(web.api.call('sportsbook.getEvent', { id: params.id }));
  return {
    event,
    utcOffset: parseUtcOffset(url.searchParams.get('tz')),
    pageMeta: { title: `${event.home.name} – ${event.away.name}` },
  };
}

export default function BettingEvent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('sportsbook');
  const href = useBettingHref();
  useBoardRefresh(loaderData.utcOffset);
  const { event } = loaderData;
  return (
    <>
      <nav aria-label={t('nav.breadcrumb')} className="text-sm text-muted">
        <Link to={href(bettingPath.sport(event.sport.key))} className="hover:text-text">
          {event.sport.name}
        </Link>
        {' / '}
        <Link
          to={href(bettingPath.tournament(event.sport.key, event.tournament.key))}
          className="hover:text-text"
        >
          {event.tournament.name}
        </Link>
      </nav>
      <EventHeader event={event} utcOffset={loaderData.utcOffset} />
      <MarketGroups event={event} markets={event.markets} />
    </>
  );
}
