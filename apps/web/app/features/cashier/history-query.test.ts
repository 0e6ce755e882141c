import { describe, expect, test } from 'vitest';
import {
  hasMore,
  historyRequests,
  isTransactionTab,
  MAX_HISTORY_PAGES,
  parseHistoryQuery,
  showMoreSearch,
  tabSearch,
  visibleHistory,
} from './history-query.ts';

const query = (search: string) => parseHistoryQuery(new URLSearchParams(search));

describe('history tab state (spec §3, §4, §9)', () => {
  test('defaults to the deposit tab, first page', () => {
    expect(query('')).toEqual({ tab: 'deposit', pages: 1 });
    expect(query('?tab=bets')).toEqual({ tab: 'deposit', pages: 1 });
    expect(query('?tab=withdrawal&pages=abc')).toEqual({ tab: 'withdrawal', pages: 1 });
  });

  test('bonuses and cashbacks are tabs of their own, not transaction types', () => {
    expect(query('?tab=bonuses&pages=2')).toEqual({ tab: 'bonuses', pages: 2 });
    expect(query('?tab=cashbacks')).toEqual({ tab: 'cashbacks', pages: 1 });
    expect(isTransactionTab('deposit')).toBe(true);
    expect(isTransactionTab('withdrawal')).toBe(true);
    expect(isTransactionTab('bonuses')).toBe(false);
    expect(isTransactionTab('cashbacks')).toBe(false);
  });

  test('pages are bounded', () => {
    expect(query('?pages=0').pages).toBe(1);
    expect(query('?pages=999').pages).toBe(MAX_HISTORY_PAGES);
  });

  test('selecting a tab loads its first page only', () => {
    const current = query('?tab=deposit&pages=3');
    expect(tabSearch('withdrawal')).toBe('?tab=withdrawal');
    expect(query(tabSearch(current.tab))).toEqual({ tab: 'deposit', pages: 1 });
  });

  test('show more adds one page of the same tab', () => {
    expect(showMoreSearch({ tab: 'withdrawal', pages: 1 })).toBe('?tab=withdrawal&pages=2');
    expect(showMoreSearch({ tab: 'deposit', pages: MAX_HISTORY_PAGES })).toBe(
      `?tab=deposit&pages=${MAX_HISTORY_PAGES}`,
    );
  });

  test('4 per page; large reads are split into calls of at most 50', () => {
    expect(historyRequests(1)).toEqual([{ offset: 0, count: 4 }]);
    expect(historyRequests(3)).toEqual([{ offset: 0, count: 12 }]);
    expect(historyRequests(20)).toEqual([
      { offset: 0, count: 50 },
      { offset: 50, count: 30 },
    ]);
  });

  test('opening another tab clears its list until it loads; the same tab keeps its rows', () => {
    const loaded = {
      tab: 'deposit' as const,
      list: { total: 9, items: [1, 2, 3, 4], pageSize: 4, inited: true },
    };
    expect(visibleHistory(loaded, undefined)).toBe(loaded);
    expect(visibleHistory(loaded, 'deposit')).toBe(loaded);
    expect(visibleHistory(loaded, 'withdrawal')).toEqual({
      tab: 'withdrawal',
      list: { total: 0, items: [], pageSize: 4, inited: false },
    });
  });

  test('show more is offered while rows remain', () => {
    const list = { total: 9, items: [1, 2, 3, 4], pageSize: 4, inited: true };
    expect(hasMore(list, { tab: 'deposit', pages: 1 })).toBe(true);
    expect(hasMore({ ...list, total: 4 }, { tab: 'deposit', pages: 1 })).toBe(false);
  });
});
