/**
 * The betting pages' frame (spec §2 /betting, ADR 035): the sports navigation on the left, the
 * page, the bet slip on the right (a bottom sheet on phones), the betting notice when the site
 * config enables it. The same layout serves the chrome-less copy a sportsbook frame shows
 * (`/frame/betting…`).
 */
import { Outlet, useLocation, useParams } from 'react-router';
import { BetSlipDock } from '../features/sportsbook/bet-slip.tsx';
import { BetSlipProvider } from '../features/sportsbook/bet-slip-context.tsx';
import { BettingNotice, SportsNav } from '../features/sportsbook/event-views.tsx';
import { isFramedPath } from '../features/sportsbook/sportsbook-paths.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { getWebContext } from '../lib/web-context.ts';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/betting-layout';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [sports, config, freeBets] = await Promise.all([
    orErrorPage(web.api.call('sportsbook.getSports', {})),
    web.content.getConfig(locale),
    // The free bets a player may stake; none for a guest or when they cannot be read now.
    web.isAuthenticated
      ? web.api.call('sportsbook.getFreeBets', {}).then(
          (answer) => answer.items,
          () => [],
        )
      : Promise.resolve([]),
  ]);
  return {
    sports: sports.items,
    bettingNotice: config['prazer-config'].functional.bettingNotice,
    freeBets,
  };
}

export default function BettingLayout({ loaderData }: Route.ComponentProps) {
  const params = useParams();
  const framed = isFramedPath(useLocation().pathname);
  return (
    <BetSlipProvider>
      <div
        className={cx(
          'mx-auto grid w-full max-w-screen-desktopMd grid-cols-[minmax(0,1fr)] gap-4 px-3 pt-4 pb-28 tablet:px-6 laptop:grid-cols-[13rem_minmax(0,1fr)_20rem] laptop:px-8 laptop:pb-14',
          framed && 'pt-2',
        )}
        data-testid="betting-layout"
      >
        <div className="min-w-0 laptop:sticky laptop:top-[calc(var(--header-height)+0.5rem)] laptop:self-start">
          <SportsNav sports={loaderData.sports} sport={params.sport} />
        </div>
        <div className="grid min-w-0 content-start gap-4">
          {loaderData.bettingNotice && <BettingNotice />}
          <Outlet />
        </div>
        <BetSlipDock freeBets={loaderData.freeBets} />
      </div>
    </BetSlipProvider>
  );
}
