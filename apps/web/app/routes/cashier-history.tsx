/**
 * /cashier/history?tab=deposit|withdrawal (spec §2, §4, §9): one list per tab, 4 per page,
 * "show more" paging. The query holds the state (`history-query.ts`); selecting a tab clears its
 * list and loads its first page. Bonuses and cashbacks tabs come with the promotions issue.
 */
import { HISTORY_PAGE_SIZE } from '@croupier/contract/cashier/get-history';
import { localizePath } from '@croupier/contract/locales';
import { useTranslation } from 'react-i18next';
import { Link, useNavigation } from 'react-router';
import { useCashierOutlet } from '../features/cashier/cashier-outlet.ts';
import { HistoryRows } from '../features/cashier/history-list.tsx';
import {
  HISTORY_TABS,
  type HistoryList,
  hasMore,
  historyRequests,
  parseHistoryQuery,
  showMoreSearch,
  tabSearch,
  visibleHistory,
} from '../features/cashier/history-query.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/cashier-history';

/** The leaf's title through the site's title template (the root's meta cannot see child loaders). */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const query = parseHistoryQuery(url.searchParams);
  const pages = await Promise.all(
    historyRequests(query.pages).map((request) =>
      orErrorPage(web.api.call('cashier.gethistory', { type: query.tab, ...request })),
    ),
  );
  const list: HistoryList<(typeof pages)[number]['items'][number]> = {
    total: pages[0]?.total ?? 0,
    items: pages.flatMap((page) => page.items),
    pageSize: HISTORY_PAGE_SIZE,
    inited: true,
  };
  return { query, list, pageMeta: { title: i18nFor(locale).t('cashier:history.title') } };
}

export default function CashierHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cashier');
  const locale = usePageLocale();
  const { methods } = useCashierOutlet();
  const navigation = useNavigation();
  const { query } = loaderData;
  const base = localizePath('/cashier/history', locale);
  const pendingTab =
    navigation.state === 'loading' && navigation.location.pathname === base
      ? parseHistoryQuery(new URLSearchParams(navigation.location.search)).tab
      : undefined;
  const shown = visibleHistory({ tab: query.tab, list: loaderData.list }, pendingTab);
  const loadingMore = navigation.state === 'loading' && pendingTab === query.tab;
  return (
    <section
      aria-labelledby="history-title"
      className="overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
      data-testid="history"
    >
      <div className="flex flex-col gap-3 border-b border-border p-4 tablet:flex-row tablet:items-center tablet:justify-between tablet:p-5">
        <h2 id="history-title" className="text-lg font-semibold tracking-tight">
          {t('history.title')}
        </h2>
        <nav aria-label={t('history.tabs')}>
          <ul className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-background p-1">
            {HISTORY_TABS.map((tab) => {
              const active = shown.tab === tab;
              return (
                <li key={tab}>
                  <Link
                    to={`${base}${tabSearch(tab)}`}
                    preventScrollReset
                    aria-current={active ? 'page' : undefined}
                    data-testid={`history-tab-${tab}`}
                    className={cx(
                      'flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold transition-colors',
                      active ? 'bg-raised text-text' : 'text-muted hover:text-text',
                    )}
                  >
                    {t(`history.tab.${tab}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <HistoryRows tab={shown.tab} list={shown.list} methods={methods} />
      {shown.list.inited && shown.list.total > 0 && (
        <div className="flex flex-col items-center gap-3 border-t border-border p-4">
          <p className="text-xs text-muted" aria-live="polite">
            {t('history.shown', { shown: shown.list.items.length, total: shown.list.total })}
          </p>
          {hasMore(shown.list, query) && (
            <Link
              to={`${base}${showMoreSearch(query)}`}
              preventScrollReset
              aria-busy={loadingMore || undefined}
              data-testid="history-more"
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              {t('history.more')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
