/**
 * Keeps a signed-in player's balance fresh by the content's balance-update settings (rules in
 * `balance-refresh.ts`). A refresh is a React Router revalidation: the root loader's
 * `account.getInfo` brings the new balances to the header, and the page's own loaders (wallet,
 * history, a pending payment) come along, so loaders stay the one source of data.
 */
import type { BalanceUpdateSettings } from '@croupier/contract/content/cms-config';
import { useEffect, useRef } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import {
  type BalanceRefresher,
  balanceRefreshRules,
  isBalanceRefreshSkipped,
  startBalanceRefresher,
} from './balance-refresh.ts';

const ACTIVITY_EVENTS = ['keydown', 'scroll', 'touchstart'] as const;

export function BalanceRefresh({ settings }: { settings: BalanceUpdateSettings | undefined }) {
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ revalidator, pathname });
  latest.current = { revalidator, pathname };
  const refresher = useRef<BalanceRefresher | null>(null);
  // Plain numbers as effect inputs: a revalidation brings a new settings object with the same values.
  const { intervalMs, idleOffMs, clickDelayMs } = balanceRefreshRules(settings);

  useEffect(() => {
    const rules = { intervalMs, idleOffMs, clickDelayMs };
    if (rules.intervalMs === null && rules.clickDelayMs === null) return;
    const current = startBalanceRefresher({
      rules,
      // One revalidation at a time; a tick during one is simply skipped.
      refresh: () => {
        if (latest.current.revalidator.state === 'idle') void latest.current.revalidator.revalidate();
      },
      isSkipped: () => isBalanceRefreshSkipped(latest.current.pathname),
      timers: {
        now: () => Date.now(),
        setTimeout: (run, ms) => window.setTimeout(run, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
    });
    refresher.current = current;
    const onActivity = () => current.activity();
    const onClick = () => current.click();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener('click', onClick, { capture: true, passive: true });
    return () => {
      current.stop();
      refresher.current = null;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener('click', onClick, { capture: true });
    };
  }, [intervalMs, idleOffMs, clickDelayMs]);

  // A route change is activity too (spec §4 counts it for idleness).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect exists to run on route changes.
  useEffect(() => {
    refresher.current?.activity();
  }, [pathname]);

  return null;
}
