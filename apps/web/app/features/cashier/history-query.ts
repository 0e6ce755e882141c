/**
 * /cashier/history state (spec §3 History lists, §4, §9): the tab and how many pages are shown
 * live in the query (`?tab=withdrawal&pages=2`), so a refresh, a shared link or the back button
 * shows the same list and a balance revalidation reloads exactly what is on screen. Selecting a tab
 * clears its list and loads its first page; "show more" adds a page of 4.
 */
import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE } from '@croupier/contract/cashier/get-history';

/** The tabs (spec §2 `tab`): the cashier's transactions, then the player's bonuses and cashbacks. */
export const HISTORY_TABS = ['deposit', 'withdrawal', 'bonuses', 'cashbacks'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

/** The tabs that list cashier transactions (`cashier.gethistory` types). */
export const TRANSACTION_TABS = ['deposit', 'withdrawal'] as const satisfies readonly HistoryTab[];
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

export function isTransactionTab(tab: HistoryTab): tab is TransactionTab {
  return (TRANSACTION_TABS as readonly string[]).includes(tab);
}

/** A limit on everything: at most this many pages (4 each) are shown at once. */
export const MAX_HISTORY_PAGES = 25;

export interface HistoryQuery {
  tab: HistoryTab;
  pages: number;
}

function isHistoryTab(value: string | null): value is HistoryTab {
  return value !== null && (HISTORY_TABS as readonly string[]).includes(value);
}

/** Unknown tabs fall back to deposit; pages is clamped to 1…MAX_HISTORY_PAGES. */
export function parseHistoryQuery(search: URLSearchParams): HistoryQuery {
  const tab = search.get('tab');
  const pages = Number.parseInt(search.get('pages') ?? '', 10);
  return {
    tab: isHistoryTab(tab) ? tab : 'deposit',
    pages: Number.isSafeInteger(pages) ? Math.min(Math.max(pages, 1), MAX_HISTORY_PAGES) : 1,
  };
}

/** Selecting a tab: its first page only (spec §4). */
export function tabSearch(tab: HistoryTab): string {
  return `?tab=${tab}`;
}

/** One more page of the current tab. */
export function showMoreSearch(query: HistoryQuery): string {
  return `?tab=${query.tab}&pages=${Math.min(query.pages + 1, MAX_HISTORY_PAGES)}`;
}

/**
 * The list calls that read the first `pages` pages (the API serves 50 at most per call): the same
 * 4 per page and 50 per call for `cashier.gethistory`, `bonuses.get` and `cashbacks.get`.
 */
export function historyRequests(pages: number): { offset: number; count: number }[] {
  const wanted = Math.min(Math.max(pages, 1), MAX_HISTORY_PAGES) * HISTORY_PAGE_SIZE;
  const requests: { offset: number; count: number }[] = [];
  for (let offset = 0; offset < wanted; offset += HISTORY_MAX_PAGE_SIZE) {
    requests.push({ offset, count: Math.min(HISTORY_MAX_PAGE_SIZE, wanted - offset) });
  }
  return requests;
}

/** Spec §3 History list: total, items, default page size, inited. */
export interface HistoryList<Item> {
  total: number;
  items: Item[];
  pageSize: number;
  inited: boolean;
}

/**
 * What the page shows while a navigation may be under way: the loaded list, or — when another tab
 * is being opened — that tab's list cleared and not inited yet (skeletons), never the old tab's rows.
 */
export function visibleHistory<Item>(
  loaded: { tab: HistoryTab; list: HistoryList<Item> },
  pendingTab: HistoryTab | undefined,
): { tab: HistoryTab; list: HistoryList<Item> } {
  if (pendingTab === undefined || pendingTab === loaded.tab) return loaded;
  return { tab: pendingTab, list: { total: 0, items: [], pageSize: HISTORY_PAGE_SIZE, inited: false } };
}

/** Whether "show more" is offered. */
export function hasMore(list: HistoryList<unknown>, query: HistoryQuery): boolean {
  return list.items.length < list.total && query.pages < MAX_HISTORY_PAGES;
}
