import type { BalanceUpdateSettings } from '@croupier/contract/content/cms-config';
import { BALANCE_UPDATE_DEFAULTS } from '../cashier/balance-refresh.ts';
import { BalanceRefresh } from '../cashier/balance-refresh-runner.tsx';
import { usePushUp } from './push-provider.tsx';

/**
 * The balance refresh of spec §3 as the stream's fallback: while the stream is open it is not
 * needed; while it is down the balance is polled at the content's interval, enabled whatever the
 * setting says, since the stream it stands in for kept it fresh. Its own module: pages load it
 * after hydration, for players only (root.tsx, issue #17).
 */
export function PushFallbackRefresh({ settings }: { settings: BalanceUpdateSettings | undefined }) {
  const up = usePushUp();
  if (up) return null;
  return <BalanceRefresh settings={{ ...(settings ?? BALANCE_UPDATE_DEFAULTS), isEnabledInterval: true }} />;
}
