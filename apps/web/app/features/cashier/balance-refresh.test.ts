import type { BalanceUpdateSettings } from '@croupier/contract/content/cms-config';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  BALANCE_UPDATE_DEFAULTS,
  balanceRefreshRules,
  isBalanceRefreshSkipped,
  startBalanceRefresher,
} from './balance-refresh.ts';

const timers = {
  now: () => Date.now(),
  setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function start(settings: Partial<BalanceUpdateSettings>, path = { current: '/cashier/wallet' }) {
  const refresh = vi.fn();
  const refresher = startBalanceRefresher({
    rules: balanceRefreshRules({ ...BALANCE_UPDATE_DEFAULTS, ...settings }),
    refresh,
    isSkipped: () => isBalanceRefreshSkipped(path.current),
    timers,
  });
  return { refresh, refresher, path };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('balance refresh rules (spec §3, §9)', () => {
  test('defaults: no interval, no after-click, turn-off after 5 minutes', () => {
    expect(balanceRefreshRules()).toEqual({ intervalMs: null, idleOffMs: 300_000, clickDelayMs: null });
    const { refresh, refresher } = start({});
    refresher.click();
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
    refresher.stop();
  });

  test('interval: every N seconds', () => {
    const { refresh, refresher } = start({ isEnabledInterval: true, countSecondsForInterval: 10 });
    vi.advanceTimersByTime(9_999);
    expect(refresh).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    refresher.stop();
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  test('interval turns off after N idle minutes and wakes on activity', () => {
    const { refresh, refresher } = start({
      isEnabledInterval: true,
      countSecondsForInterval: 10,
      countMinutesAfterWhichRequestsTurnedOff: 1,
    });
    vi.advanceTimersByTime(60_000);
    // Ticks at 10…50 s refresh; the one at 60 s finds the player idle for a minute.
    expect(refresh).toHaveBeenCalledTimes(5);
    vi.advanceTimersByTime(600_000);
    expect(refresh).toHaveBeenCalledTimes(5);
    refresher.activity();
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(6);
    refresher.stop();
  });

  test('without turn-off the interval runs on while idle', () => {
    const { refresh, refresher } = start({
      isEnabledInterval: true,
      countSecondsForInterval: 30,
      isEnabledTurnOffRequests: false,
    });
    vi.advanceTimersByTime(3_600_000);
    expect(refresh).toHaveBeenCalledTimes(120);
    refresher.stop();
  });

  test('after click: one refresh the delay after a burst of clicks', () => {
    const { refresh, refresher } = start({
      isEnabledRequestsAfterClick: true,
      countSecondsForDelayBetweenClick: 2,
    });
    refresher.click();
    vi.advanceTimersByTime(500);
    refresher.click();
    refresher.click();
    vi.advanceTimersByTime(1_499);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.click();
    vi.advanceTimersByTime(2_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    refresher.stop();
  });

  test('paths containing /game/ skip every refresh', () => {
    expect(isBalanceRefreshSkipped('/game/book-of-ra')).toBe(true);
    expect(isBalanceRefreshSkipped('/fr/game/book-of-ra')).toBe(true);
    expect(isBalanceRefreshSkipped('/gamehall')).toBe(false);
    const { refresh, refresher, path } = start(
      { isEnabledInterval: true, countSecondsForInterval: 10, isEnabledRequestsAfterClick: true },
      { current: '/game/book-of-ra' },
    );
    refresher.click();
    vi.advanceTimersByTime(30_000);
    expect(refresh).not.toHaveBeenCalled();
    path.current = '/cashier/wallet';
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.stop();
  });
});
