/**
 * Deposit-limit rules (responsible gaming), pure so they can be tested without a database:
 * calendar periods in UTC, a lower limit at once, a higher one (or a removal) only after a cooling
 * off of 24 hours, so a player cannot raise a limit in the heat of the moment.
 */

import { effectiveLimit, waitingChange } from '../../lib/pending-limit.ts';
import type { DepositLimitRecord, LimitPeriod } from './cashier.repository.ts';

export const LIMIT_INCREASE_DELAY_MS = 24 * 3600 * 1000;
/** A deposit still at the provider's page counts against the limit this long, then is abandoned. */
export const PENDING_DEPOSIT_COUNTS_MS = 30 * 60 * 1000;

/** The current period: a UTC day, an ISO week (Monday to Monday, UTC) or a UTC calendar month. */
export function periodWindow(period: LimitPeriod, now: Date): { start: Date; end: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (period === 'day') return { start: new Date(Date.UTC(y, m, d)), end: new Date(Date.UTC(y, m, d + 1)) };
  if (period === 'week') {
    // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
    const sinceMonday = (now.getUTCDay() + 6) % 7;
    return {
      start: new Date(Date.UTC(y, m, d - sinceMonday)),
      end: new Date(Date.UTC(y, m, d - sinceMonday + 7)),
    };
  }
  return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
}

// Reading a record at a time is shared with the other limits (lib/pending-limit.ts).
export { effectiveLimit, waitingChange };

/**
 * What setting `wanted` (null: no limit) does to the period's record: a decrease (or a first
 * limit) replaces the limit at once and drops any waiting increase; an increase or a removal waits
 * 24 hours while the current limit stays in force. `null` result: delete the record.
 */
export function planLimitChange(
  current: DepositLimitRecord | null,
  period: LimitPeriod,
  currency: string,
  wanted: bigint | null,
  now: Date,
): DepositLimitRecord | null {
  const inForce = current ? effectiveLimit(current, now) : null;
  if (wanted !== null && (inForce === null || wanted <= inForce)) {
    return {
      period,
      currency,
      limitMinor: wanted,
      pendingSet: false,
      pendingMinor: null,
      pendingEffectiveAt: null,
    };
  }
  if (inForce === null) return null; // removing a limit that is not there
  const waiting = current ? waitingChange(current, now) : null;
  // Asking again for the change already waiting keeps its original time (no reset of the clock).
  if (waiting && waiting.limitMinor === wanted) return current;
  return {
    period,
    currency,
    limitMinor: inForce,
    pendingSet: true,
    pendingMinor: wanted,
    pendingEffectiveAt: new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS),
  };
}
