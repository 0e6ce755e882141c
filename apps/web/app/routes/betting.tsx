/**
 * /betting (spec §2, ADR 035): live now with running scores and clocks, and the upcoming events
 * of the chosen day in the player's time zone, every sport; odds refresh every few seconds.
 */

import {
  boardQuery,
  LiveSection,
  UpcomingSection,
  useBoardRefresh,
} from '../features/sportsbook/betting-board.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/betting';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const query = boardQuery(url);
  const [live, upcoming] = await Promise.all([
    orErrorPage(web.api.call('sportsbook.getLive', {})),
    orErrorPage(web.api.call('sportsbook.getUpcoming', { date: query.date, utc_offset: query.utcOffset })),
  ]);
  return {
    live: live.items,
    upcoming: upcoming.items,
    query,
    pageMeta: { title: i18nFor(locale).t('sportsbook:page.title') },
  };
}

export default function Betting({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('sportsbook');
  useBoardRefresh(loaderData.query.utcOffset);
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight laptop:text-3xl">{t('page.title')}</h1>
      <LiveSection events={loaderData.live} utcOffset={loaderData.query.utcOffset} />
      <UpcomingSection events={loaderData.upcoming} query={loaderData.query} />
    </>
  );
}
