/**
 * /profile/cashback (spec §2, issue 12): the player's cashbacks, latest period first, 4 per page
 * (`?pages=N` keeps "show more" across a refresh); Claim and Remove refresh the loaders, so the
 * header balances follow a payout.
 */
import { localizePath } from '@croupier/contract/locales';
import { CashbackPage } from '../features/bonuses/cashback-list.tsx';
import { historyRequests, MAX_HISTORY_PAGES, parseHistoryQuery } from '../features/cashier/history-query.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-cashback';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const { pages } = parseHistoryQuery(url.searchParams);
  const lists = await Promise.all(
    historyRequests(pages).map((request) => orErrorPage(web.api.call('cashbacks.get', request))),
  );
  const items = lists.flatMap((page) => page.items);
  const total = lists[0]?.total ?? 0;
  const more = items.length < total && pages < MAX_HISTORY_PAGES;
  return {
    list: { items, total },
    moreHref: more ? `${localizePath('/profile/cashback', locale)}?pages=${pages + 1}` : null,
    pageMeta: { title: i18nFor(locale).t('bonuses:page.cashbackTitle') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileCashback({ loaderData }: Route.ComponentProps) {
  return <CashbackPage list={loaderData.list} moreHref={loaderData.moreHref} />;
}
