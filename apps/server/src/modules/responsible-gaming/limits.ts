/**
 * Loss and wager limit rules (responsible gaming, ADR 025), pure so they can be tested without a
 * database: rolling windows ending now (24 hours, 7 days, 30 days), the lowest applies, a lower
 * limit at once, a higher one (or a removal) only after a cooling-off of 24 hours.
 */
import { effectiveLimit, waitingChange } from '../../lib/pending-limit.ts';

export const LIMIT_KINDS = ['loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const COOLING_OFF_MS = 24 * 3600 * 1000;

const HOUR_MS = 3600 * 1000;
/** Length of each rolling window. */
export const WINDOW_MS: Record<LimitPeriod, number> = {
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
};

export interface LimitRecord {
  kind: LimitKind;
  period: LimitPeriod;
  currency: string;
  limitMinor: bigint;
  pendingSet: boolean;
  /** The waiting value: null with `pendingSet` is a removal. */
  pendingMinor: bigint | null;
  pendingEffectiveAt: Date | null;
}

/** Where a window starts at `now` (it ends at `now`). */
export function windowStart(period: LimitPeriod, now: Date): Date {
  return new Date(now.getTime() - WINDOW_MS[period]);
}

// Reading a record at a time is shared with the other limits (lib/pending-limit.ts).
export { effectiveLimit, waitingChange };

export type LimitChange =
  /** The record is stored as it is (a first limit, a decrease, or a new pending change). */
  | {
      kind: 'save';
      record: LimitRecord;
      action: 'limit_set' | 'limit_increase_pending' | 'limit_removal_pending';
    }
  /** The record is deleted (a due removal, or removing nothing). */
  | { kind: 'delete' }
  /** Nothing changes (the same value asked again, or the same change already waiting). */
  | { kind: 'none' };

/**
 * What asking for `wanted` (null: no limit) does to one limit: a decrease (or a first limit)
 * replaces it at once and drops any waiting increase; an increase or a removal waits 24 hours
 * while the limit in force stays. Asking again for the change already waiting keeps its clock.
 */
export function planLimitChange(
  current: LimitRecord | null,
  kind: LimitKind,
  period: LimitPeriod,
  currency: string,
  wanted: bigint | null,
  now: Date,
): LimitChange {
  const inForce = current ? effectiveLimit(current, now) : null;
  if (inForce === null) {
    if (wanted === null) return current ? { kind: 'delete' } : { kind: 'none' };
    return { kind: 'save', action: 'limit_set', record: fresh(kind, period, currency, wanted) };
  }
  if (wanted !== null && wanted <= inForce) {
    if (wanted === inForce && current && !waitingChange(current, now) && !current.pendingSet)
      return { kind: 'none' };
    return { kind: 'save', action: 'limit_set', record: fresh(kind, period, currency, wanted) };
  }
  const waiting = current ? waitingChange(current, now) : null;
  if (waiting && waiting.limitMinor === wanted) return { kind: 'none' };
  return {
    kind: 'save',
    action: wanted === null ? 'limit_removal_pending' : 'limit_increase_pending',
    record: {
      kind,
      period,
      currency,
      limitMinor: inForce,
      pendingSet: true,
      pendingMinor: wanted,
      pendingEffectiveAt: new Date(now.getTime() + COOLING_OFF_MS),
    },
  };
}

function fresh(kind: LimitKind, period: LimitPeriod, currency: string, limitMinor: bigint): LimitRecord {
  return {
    kind,
    period,
    currency,
    limitMinor,
    pendingSet: false,
    pendingMinor: null,
    pendingEffectiveAt: null,
  };
}

/** What a player staked and lost in one window (minor units; a loss may be negative: a net win). */
export interface WindowTotals {
  wageredMinor: bigint;
  netLossMinor: bigint;
}

/** How much of a limit is used in its window (never below zero) and what is left. */
export function usage(
  kind: LimitKind,
  limitMinor: bigint,
  totals: WindowTotals,
): { used: bigint; left: bigint } {
  const raw = kind === 'loss' ? totals.netLossMinor : totals.wageredMinor;
  const used = raw > 0n ? raw : 0n;
  const left = limitMinor - used;
  return { used, left: left > 0n ? left : 0n };
}

/**
 * The limit a stake of `stakeMinor` would break, or null. The stake counts in full both as wagered
 * and as lost (the worst case: the round may pay nothing), so a bet is allowed only if every limit
 * in force still holds after it; the lowest one therefore applies.
 */
export function breachedBy(
  limits: readonly { kind: LimitKind; period: LimitPeriod; limitMinor: bigint }[],
  totals: Record<LimitPeriod, WindowTotals>,
  stakeMinor: bigint,
): LimitKind | null {
  let breached: LimitKind | null = null;
  for (const limit of limits) {
    const t = totals[limit.period];
    const after = (limit.kind === 'loss' ? t.netLossMinor : t.wageredMinor) + stakeMinor;
    if (after > limit.limitMinor) {
      // A loss limit is reported before a wager limit: it is the one the player set to stop losing.
      if (limit.kind === 'loss') return 'loss';
      breached = 'wager';
    }
  }
  return breached;
}
