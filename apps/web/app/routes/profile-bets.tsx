/**
 * /profile/bets (spec §2, ADR 035): the player's sports bets — open (with cash-out) and settled —
 * and casino rounds with the game history CSV export, 4 per page (`?tab=open|settled|casino&page=`).
 */
import { localizePath } from '@croupier/contract/locales';
import { SPORTSBOOK_BETS_PAGE_SIZE } from '@croupier/contract/sportsbook/betting';
import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../features/games/game-grid.tsx';
import { BetSlipProvider } from '../features/sportsbook/bet-slip-context.tsx';
import {
  BETS_TABS,
  BetCard,
  type BetsTab,
  BetsTabs,
  HistoryExport,
  Pager,
  RoundsList,
} from '../features/sportsbook/profile-bets.tsx';
import { bettingPath } from '../features/sportsbook/sportsbook-paths.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/profile-bets';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

function tabOf(value: string | null): BetsTab {
  return BETS_TABS.find((tab) => tab === value) ?? 'open';
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const tab = tabOf(url.searchParams.get('tab'));
  const asked = Number(url.searchParams.get('page') ?? '0');
  const page = Number.isInteger(asked) && asked >= 0 && asked < 10_000 ? asked : 0;
  const slice = { offset: page * SPORTSBOOK_BETS_PAGE_SIZE, count: SPORTSBOOK_BETS_PAGE_SIZE };
  const pageMeta = { title: i18nFor(locale).t('sportsbook:bets.title') };
  if (tab === 'casino') {
    const [rounds, latestExport] = await Promise.all([
      orErrorPage(web.api.call('games.getHistory', slice)),
      // No export asked yet is an InvalidParameterException: nothing to show.
      web.api.call('games.gethistoryexportrequest', {}).catch(() => null),
    ]);
    return { tab, page, bets: [], rounds: rounds.items, total: rounds.total, latestExport, pageMeta };
  }
  const bets = await orErrorPage(web.api.call('sportsbook.getBets', { status: tab, ...slice }));
  return { tab, page, bets: bets.items, rounds: [], total: bets.total, latestExport: null, pageMeta };
}

export default function ProfileBets({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('sportsbook');
  const locale = usePageLocale();
  const { tab, page, total } = loaderData;
  const base = localizePath(bettingPath.profileBets, locale);
  const hrefOf = (to: BetsTab, toPage = 0) => `${base}?tab=${to}${toPage > 0 ? `&page=${toPage}` : ''}`;
  const hasNext = (page + 1) * SPORTSBOOK_BETS_PAGE_SIZE < total;
  return (
    <BetSlipProvider>
      <section className="grid gap-4" data-testid="profile-bets">
        <h1 className="text-xl font-bold">{t('bets.title')}</h1>
        <BetsTabs tab={tab} hrefOf={hrefOf} />
        {tab === 'casino' ? (
          <>
            <HistoryExport latest={loaderData.latestExport} />
            <RoundsList rounds={loaderData.rounds} />
          </>
        ) : loaderData.bets.length === 0 ? (
          <EmptyState
            icon={<Ticket className="size-7" aria-hidden focusable={false} />}
            title={t(tab === 'open' ? 'bets.emptyOpen' : 'bets.emptySettled')}
            action={
              <Link to={localizePath(bettingPath.home, locale)} className={buttonClassName({})}>
                {t('bets.toBetting')}
              </Link>
            }
          />
        ) : (
          <ul className="grid gap-3" data-testid="sports-bets">
            {loaderData.bets.map((bet) => (
              <BetCard key={bet.id} bet={bet} />
            ))}
          </ul>
        )}
        <Pager page={page} hasNext={hasNext} hrefOf={(to) => hrefOf(tab, to)} />
      </section>
    </BetSlipProvider>
  );
}
