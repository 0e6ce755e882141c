/**
 * /profile/bonuses (spec §2, issue 12): the player's bonuses — active, available, history (4 per
 * page, `?pages=N` keeps "show more" across a refresh) — and free-spin packs. Every action refreshes
 * the loaders, so the lists and the header balances follow.
 */
import { BONUSES_MAX_PAGE_SIZE } from '@croupier/contract/bonuses/get';
import { localizePath } from '@croupier/contract/locales';
import { BonusesPage } from '../features/bonuses/bonuses-page.tsx';
import { historyRequests, MAX_HISTORY_PAGES, parseHistoryQuery } from '../features/cashier/history-query.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-bonuses';

const FINISHED = 'completed,expired,cancelled,burned';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const { pages } = parseHistoryQuery(url.searchParams);
  const [active, available, freespins, ...history] = await Promise.all([
    // At most one bonus is funded per currency; the lists of the first two sections stay short.
    orErrorPage(web.api.call('bonuses.get', { status: 'active,wagering', count: BONUSES_MAX_PAGE_SIZE })),
    orErrorPage(web.api.call('bonuses.get', { status: 'available', count: BONUSES_MAX_PAGE_SIZE })),
    orErrorPage(web.api.call('freespins.get')),
    ...historyRequests(pages).map((request) =>
      orErrorPage(web.api.call('bonuses.get', { status: FINISHED, ...request })),
    ),
  ]);
  const historyItems = history.flatMap((page) => page.items);
  const historyTotal = history[0]?.total ?? 0;
  const more = historyItems.length < historyTotal && pages < MAX_HISTORY_PAGES;
  return {
    data: {
      active: active.items,
      available: available.items,
      freespins: freespins.items,
      history: { items: historyItems, total: historyTotal },
      moreHistoryHref: more ? `${localizePath('/profile/bonuses', locale)}?pages=${pages + 1}` : null,
    },
    pageMeta: { title: i18nFor(locale).t('bonuses:page.bonusesTitle') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileBonuses({ loaderData }: Route.ComponentProps) {
  return <BonusesPage data={loaderData.data} />;
}
