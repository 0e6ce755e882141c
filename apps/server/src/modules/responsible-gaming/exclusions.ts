/**
 * Time-out and self-exclusion durations (responsible gaming, ADR 025). Calendar months and years
 * are counted in UTC; a day that does not exist in the target month (31 → February) rolls to the
 * last day of that month, never into the next one.
 */
import type {
  RgSelfExclusionDuration,
  RgTimeoutDuration,
} from '@croupier/contract/responsible-gaming/common';

export type ExclusionDuration = RgTimeoutDuration | RgSelfExclusionDuration;

const DAY_MS = 24 * 3600 * 1000;

function addMonths(from: Date, months: number): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      y,
      m,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** When an exclusion of `duration` started at `from` ends. */
export function exclusionEnd(duration: ExclusionDuration, from: Date): Date {
  switch (duration) {
    case '24h':
      return new Date(from.getTime() + DAY_MS);
    case '1w':
      return new Date(from.getTime() + 7 * DAY_MS);
    case '6w':
      return new Date(from.getTime() + 42 * DAY_MS);
    case '1m':
      return addMonths(from, 1);
    case '6m':
      return addMonths(from, 6);
    case '1y':
      return addMonths(from, 12);
    case '2y':
      return addMonths(from, 24);
    case '5y':
      return addMonths(from, 60);
  }
}
