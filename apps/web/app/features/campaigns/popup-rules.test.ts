import { describe, expect, test } from 'vitest';
import { markLoggedIn, takeLoggedIn } from './login-marker.ts';
import { blocksCampaignPopups, isUnseenCashback, popupFromQuery } from './popup-rules.ts';

describe('isUnseenCashback (spec §4)', () => {
  const at = '2026-12-01T00:00:00.000Z';
  // [status, receiving_expired_at, stored id, shown]; the latest cashback's id is 7.
  const table: [string, 'active' | 'paid_out', string | null, string | undefined, boolean][] = [
    ['active, never stored', 'active', null, undefined, true],
    ['active with a claim deadline, never stored', 'active', at, undefined, true],
    ['active, another id stored', 'active', at, '6', true],
    ['active, its id stored', 'active', at, '7', false],
    ['active without deadline, its id stored', 'active', null, '7', false],
    ['paid_out without deadline, never stored', 'paid_out', null, undefined, true],
    ['paid_out without deadline, another id stored', 'paid_out', null, '12', true],
    ['paid_out without deadline, its id stored', 'paid_out', null, '7', false],
    ['paid_out with a deadline, never stored', 'paid_out', at, undefined, false],
    ['paid_out with a deadline, another id stored', 'paid_out', at, '6', false],
    ['paid_out with a deadline, its id stored', 'paid_out', at, '7', false],
    ['active, stored id with spaces', 'active', null, ' 7 ', false],
    ['active, stored garbage', 'active', null, 'abc', true],
    ['active, stored empty', 'active', null, '', true],
  ];
  test.each(table)('%s', (_name, status, receivingExpiredAt, stored, shown) => {
    expect(isUnseenCashback({ id: 7, status, receiving_expired_at: receivingExpiredAt }, stored)).toBe(shown);
  });

  test('no cashback: nothing shown; other statuses never shown', () => {
    expect(isUnseenCashback(undefined, undefined)).toBe(false);
    for (const status of ['removed', 'expired'] as const) {
      expect(isUnseenCashback({ id: 7, status, receiving_expired_at: null }, undefined)).toBe(false);
    }
  });
});

describe('blocksCampaignPopups (spec §2)', () => {
  test.each([
    ['/game/starburst', true],
    ['/game/starburst/', true],
    ['/platform/game/12/play', true],
    ['/game', true],
    ['/cashier/deposit', true],
    ['/cashier/deposit/', true],
    ['/cashier/deposit/card', true],
    ['/', false],
    ['/gamehall', false],
    ['/games-news', false],
    ['/cashier/withdraw', false],
    ['/cashier/depositx', false],
    ['/profile/settings', false],
  ])('%s → %s', (path, blocked) => {
    expect(blocksCampaignPopups(path)).toBe(blocked);
  });
});

describe('popupFromQuery', () => {
  test.each([
    ['?popup=welcome-deposit', 'welcome-deposit'],
    ['?popup=a&popup=Second-One', 'second-one'],
    ['?popup=', null],
    ['?popup=bad%20key', null],
    [`?popup=${'x'.repeat(65)}`, null],
    ['?other=1', null],
  ])('%s → %s', (search, key) => {
    expect(popupFromQuery(search)).toBe(key);
  });
});

describe('the login marker', () => {
  function memory() {
    const data = new Map<string, string>();
    return {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
  }

  test('taken once per login', () => {
    const storage = memory();
    expect(takeLoggedIn(storage)).toBe(false);
    markLoggedIn(storage);
    expect(takeLoggedIn(storage)).toBe(true);
    expect(takeLoggedIn(storage)).toBe(false);
  });

  test('a storage that throws: no popups, no error', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => markLoggedIn(broken)).not.toThrow();
    expect(takeLoggedIn(broken)).toBe(false);
  });
});
