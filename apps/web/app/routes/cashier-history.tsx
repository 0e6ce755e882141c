/**
 * /cashier/history?tab=deposit|withdrawal|bonuses|cashbacks (spec §2, §4, §9): one list per tab,
 * 4 per page, "show more" paging. The query holds the state (`history-query.ts`); selecting a tab
 * clears its list and loads its first page.
 */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import type { CashbackOutput } from '@croupier/contract/cashbacks/common';
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { HISTORY_PAGE_SIZE } from '@croupier/contract/cashier/get-history';
import { localizePath } from '@croupier/contract/locales';
import { Link, useNavigation } from 'react-router';
import { BonusHistoryRows, CashbackHistoryRows } from '../features/bonuses/history-rows.tsx';
import { useCashierOutlet } from '../features/cashier/cashier-outlet.ts';
import { HistoryRows, HistorySkeleton } from '../features/cashier/history-list.tsx';
import {
  HISTORY_TABS,
  type HistoryList,
  type HistoryTab,
  hasMore,
  historyRequests,
  isTransactionTab,
  parseHistoryQuery,
  showMoreSearch,
  tabSearch,
  visibleHistory,
} from '../features/cashier/history-query.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
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
  const requests = historyRequests(query.pages);
  const { tab } = query;
  let loaded: LoadedHistory;
  if (isTransactionTab(tab)) {
    const pages = await Promise.all(
      requests.map((request) => orErrorPage(web.api.call('cashier.gethistory', { type: tab, ...request }))),
    );
    loaded = { tab, list: listOf(pages) };
  } else if (tab === 'bonuses') {
    const pages = await Promise.all(
      requests.map((request) => orErrorPage(web.api.call('bonuses.get', request))),
    );
    loaded = { tab, list: listOf(pages) };
  } else {
    const pages = await Promise.all(
      requests.map((request) => orErrorPage(web.api.call('cashbacks.get', request))),
    );
    loaded = { tab, list: listOf(pages) };
  }
  return { query, loaded, pageMeta: { title: i18nFor(locale).t('cashier:history.title') } };
}

/** The loaded tab with its list, typed by tab. */
type LoadedHistory =
  | { tab: 'deposit' | 'withdrawal'; list: HistoryList<TransactionOutput> }
  | { tab: 'bonuses'; list: HistoryList<BonusOutput> }
  | { tab: 'cashbacks'; list: HistoryList<CashbackOutput> };

function listOf<Item>(pages: { total: number; items: Item[] }[]): HistoryList<Item> {
  return {
    total: pages[0]?.total ?? 0,
    items: pages.flatMap((page) => page.items),
    pageSize: HISTORY_PAGE_SIZE,
    inited: true,
  };
}

function LoadedRows({ loaded }: { loaded: LoadedHistory }) {
  const { methods } = useCashierOutlet();
  switch (loaded.tab) {
    case 'bonuses':
      return <BonusHistoryRows list={loaded.list} />;
    case 'cashbacks':
      return <CashbackHistoryRows list={loaded.list} />;
    default:
      return <HistoryRows tab={loaded.tab} list={loaded.list} methods={methods} />;
  }
}

function useTabLabel(): (tab: HistoryTab) => string {
  const { t } = useTranslation(['cashier', 'bonuses']);
  return (tab) => (isTransactionTab(tab) ? t(`cashier:history.tab.${tab}`) : t(`bonuses:history.tab.${tab}`));
}

export default function CashierHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cashier');
  const locale = usePageLocale();
  const tabLabel = useTabLabel();
  const navigation = useNavigation();
  const { query, loaded } = loaderData;
  const base = localizePath('/cashier/history', locale);
  const pendingTab =
    navigation.state === 'loading' && navigation.location.pathname === base
      ? parseHistoryQuery(new URLSearchParams(navigation.location.search)).tab
      : undefined;
  const shown = visibleHistory<unknown>({ tab: loaded.tab, list: loaded.list }, pendingTab);
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
          <ul className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-background p-1 tablet:grid-cols-4">
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
                    {tabLabel(tab)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      {shown.list.inited ? <LoadedRows loaded={loaded} /> : <HistorySkeleton rows={shown.list.pageSize} />}
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
