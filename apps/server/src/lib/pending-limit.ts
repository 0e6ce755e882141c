/**
 * A player limit with a waiting change (the cashier's deposit limits, responsible gaming's loss
 * and wager limits): a decrease applies at once, an increase or a removal waits its cooling-off
 * as a pending value with the time it takes over. These read such a record at a given time.
 */
export interface PendingLimit {
  /** The limit in force; null: none (a deposit limit waiting to be set). */
  limitMinor: bigint | null;
  pendingSet: boolean;
  /** The waiting value: null with `pendingSet` is a removal. */
  pendingMinor: bigint | null;
  pendingEffectiveAt: Date | null;
}

/** The limit in force at `now` (a due pending change has taken over); null for none. */
export function effectiveLimit(record: PendingLimit, now: Date): bigint | null {
  if (
    record.pendingSet &&
    record.pendingEffectiveAt &&
    record.pendingEffectiveAt.getTime() <= now.getTime()
  ) {
    return record.pendingMinor;
  }
  return record.limitMinor;
}

/** A change still waiting at `now`, if any. */
export function waitingChange(
  record: PendingLimit,
  now: Date,
): { limitMinor: bigint | null; effectiveAt: Date } | null {
  if (!record.pendingSet || !record.pendingEffectiveAt) return null;
  if (record.pendingEffectiveAt.getTime() <= now.getTime()) return null;
  return { limitMinor: record.pendingMinor, effectiveAt: record.pendingEffectiveAt };
}
