/**
 * When the balance is refreshed (spec §3 balance-update settings, §9 defaults, §2 "paths containing
 * /game/ skip balance refresh"):
 * - every `countSecondsForInterval` s when the interval is enabled;
 * - after a click, `countSecondsForDelayBetweenClick` s later, when requests after click are
 *   enabled (a burst of clicks makes one request: none is scheduled while one waits);
 * - the interval stops after `countMinutesAfterWhichRequestsTurnedOff` min without activity (click,
 *   key, scroll, touch, route change) when turning off is enabled, and starts again on activity;
 * - nothing at all while the page is a game page.
 * The scheduler is plain timers around a `refresh` callback so the rules are testable with fake
 * timers; `use-balance-refresh.ts` wires it to React Router's revalidation.
 */
import type { BalanceUpdateSettings } from '@croupier/contract/content/cms-config';

/** Spec §9. */
export const BALANCE_UPDATE_DEFAULTS: BalanceUpdateSettings = {
  isEnabledInterval: false,
  countSecondsForInterval: 10,
  isEnabledTurnOffRequests: true,
  countMinutesAfterWhichRequestsTurnedOff: 5,
  isEnabledRequestsAfterClick: false,
  countSecondsForDelayBetweenClick: 1,
};

export interface BalanceRefreshRules {
  /** Null: no interval refresh. */
  intervalMs: number | null;
  /** Null: the interval never turns itself off. */
  idleOffMs: number | null;
  /** Null: clicks do not refresh. */
  clickDelayMs: number | null;
}

export function balanceRefreshRules(
  settings: BalanceUpdateSettings = BALANCE_UPDATE_DEFAULTS,
): BalanceRefreshRules {
  return {
    intervalMs: settings.isEnabledInterval ? Math.max(1, settings.countSecondsForInterval) * 1000 : null,
    idleOffMs: settings.isEnabledTurnOffRequests
      ? Math.max(1, settings.countMinutesAfterWhichRequestsTurnedOff) * 60_000
      : null,
    clickDelayMs: settings.isEnabledRequestsAfterClick
      ? Math.max(0, settings.countSecondsForDelayBetweenClick) * 1000
      : null,
  };
}

/** Spec §2: paths containing /game/ skip balance refresh. */
export function isBalanceRefreshSkipped(pathname: string): boolean {
  return pathname.includes('/game/');
}

export interface TimerApi {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface BalanceRefresher {
  /** The player did something (click, key, scroll, touch, route change). */
  activity(): void;
  /** A click: activity, and the after-click refresh when enabled. */
  click(): void;
  stop(): void;
}

export function startBalanceRefresher(options: {
  rules: BalanceRefreshRules;
  refresh: () => void;
  isSkipped: () => boolean;
  timers: TimerApi;
}): BalanceRefresher {
  const { rules, refresh, isSkipped, timers } = options;
  let lastActivity = timers.now();
  let intervalTimer: unknown = null;
  let clickTimer: unknown = null;
  let stopped = false;

  const idle = () => rules.idleOffMs !== null && timers.now() - lastActivity >= rules.idleOffMs;

  const scheduleInterval = () => {
    if (rules.intervalMs === null || stopped || intervalTimer !== null) return;
    intervalTimer = timers.setTimeout(() => {
      intervalTimer = null;
      // Idle: the interval sleeps (no timer at all) until the next activity wakes it.
      if (idle()) return;
      if (!isSkipped()) refresh();
      scheduleInterval();
    }, rules.intervalMs);
  };

  const activity = () => {
    lastActivity = timers.now();
    scheduleInterval();
  };

  scheduleInterval();

  return {
    activity,
    click() {
      activity();
      if (rules.clickDelayMs === null || stopped || clickTimer !== null) return;
      clickTimer = timers.setTimeout(() => {
        clickTimer = null;
        if (!stopped && !isSkipped()) refresh();
      }, rules.clickDelayMs);
    },
    stop() {
      stopped = true;
      if (intervalTimer !== null) timers.clearTimeout(intervalTimer);
      if (clickTimer !== null) timers.clearTimeout(clickTimer);
      intervalTimer = null;
      clickTimer = null;
    },
  };
}
