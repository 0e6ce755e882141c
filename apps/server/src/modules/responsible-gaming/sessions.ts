/**
 * Session time rules (responsible gaming, ADR 028), pure so they can be tested without a database:
 * the session time limit (lower at once, higher or removed after the 24-hour cooling-off, read
 * like every other player limit through lib/pending-limit.ts), when the session ends and when the
 * warning before it falls, and when each reality check is due.
 */
import { effectiveLimit, type PendingLimit, waitingChange } from '../../lib/pending-limit.ts';
import { COOLING_OFF_MS } from './limits.ts';

/** The limits a player may choose, in minutes: 30 minutes to 24 hours. */
export const SESSION_LIMIT_MIN_MINUTES = 30;
export const SESSION_LIMIT_MAX_MINUTES = 24 * 60;
/** Reality-check intervals in minutes; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
/** The site warns the player this long before the session limit logs them out. */
export const SESSION_WARNING_MS = 5 * 60_000;

const MINUTE_MS = 60_000;

/** A session limit as stored: minutes in the pending-limit shape (`limitMinor` is the minutes). */
export type SessionLimitRecord = PendingLimit;

export type SessionLimitChange =
  | {
      kind: 'save';
      record: SessionLimitRecord;
      action: 'session_limit_set' | 'session_limit_increase_pending' | 'session_limit_removal_pending';
    }
  | { kind: 'none' };

/** The session limit in force at `now`, in minutes (null: none). */
export function sessionLimitMinutes(record: SessionLimitRecord | null, now: Date): number | null {
  if (!record) return null;
  const minutes = effectiveLimit(record, now);
  return minutes === null ? null : Number(minutes);
}

/**
 * What asking for `wanted` minutes (null: no limit) does: a first or a lower limit applies at once
 * and drops a waiting change; a higher one or a removal waits 24 hours while the one in force
 * stays; asking again for the change already waiting keeps its clock.
 */
export function planSessionLimitChange(
  current: SessionLimitRecord | null,
  wanted: number | null,
  now: Date,
): SessionLimitChange {
  const inForce = current ? effectiveLimit(current, now) : null;
  const want = wanted === null ? null : BigInt(wanted);
  const waiting = current ? waitingChange(current, now) : null;
  const clean = (limit: bigint | null): SessionLimitRecord => ({
    limitMinor: limit,
    pendingSet: false,
    pendingMinor: null,
    pendingEffectiveAt: null,
  });
  if (inForce === null) {
    if (want === null) {
      if (!current || (current.limitMinor === null && !waiting)) return { kind: 'none' };
      return { kind: 'save', action: 'session_limit_set', record: clean(null) };
    }
    return { kind: 'save', action: 'session_limit_set', record: clean(want) };
  }
  if (want !== null && want <= inForce) {
    if (want === inForce && !waiting) return { kind: 'none' };
    return { kind: 'save', action: 'session_limit_set', record: clean(want) };
  }
  if (waiting && waiting.limitMinor === want) return { kind: 'none' };
  return {
    kind: 'save',
    action: want === null ? 'session_limit_removal_pending' : 'session_limit_increase_pending',
    record: {
      limitMinor: inForce,
      pendingSet: true,
      pendingMinor: want,
      pendingEffectiveAt: new Date(now.getTime() + COOLING_OFF_MS),
    },
  };
}

/** Is `minutes` a session limit a player may choose (a whole number of minutes, 30 min .. 24 h)? */
export function isSessionLimitMinutes(minutes: number): boolean {
  return (
    Number.isInteger(minutes) && minutes >= SESSION_LIMIT_MIN_MINUTES && minutes <= SESSION_LIMIT_MAX_MINUTES
  );
}

export interface SessionClock {
  /** Time played so far (since the session's start), in whole seconds. */
  elapsedSeconds: number;
  /** When the limit ends the session; null without a limit. */
  endsAt: Date | null;
  /** When the warning before the end shows; null without a limit. */
  warnAt: Date | null;
  /** Whole seconds left (never negative); null without a limit. */
  remainingSeconds: number | null;
  limitReached: boolean;
}

/** Where a session started at `startedAt` stands at `now` under a limit of `limitMinutes`. */
export function sessionClock(startedAt: Date, limitMinutes: number | null, now: Date): SessionClock {
  const elapsedMs = Math.max(0, now.getTime() - startedAt.getTime());
  if (limitMinutes === null) {
    return {
      elapsedSeconds: Math.floor(elapsedMs / 1000),
      endsAt: null,
      warnAt: null,
      remainingSeconds: null,
      limitReached: false,
    };
  }
  const endsAt = new Date(startedAt.getTime() + limitMinutes * MINUTE_MS);
  const remainingMs = endsAt.getTime() - now.getTime();
  return {
    elapsedSeconds: Math.floor(elapsedMs / 1000),
    endsAt,
    warnAt: new Date(Math.max(startedAt.getTime(), endsAt.getTime() - SESSION_WARNING_MS)),
    remainingSeconds: Math.max(0, Math.ceil(remainingMs / 1000)),
    limitReached: remainingMs <= 0,
  };
}

/**
 * The next reality check after `now` of a session started at `startedAt`: every `intervalMinutes`
 * counted from the start (so a reload or a second tab lands on the same times); null when off.
 */
export function nextRealityCheck(startedAt: Date, intervalMinutes: number, now: Date): Date | null {
  if (intervalMinutes <= 0) return null;
  const step = intervalMinutes * MINUTE_MS;
  const elapsed = Math.max(0, now.getTime() - startedAt.getTime());
  return new Date(startedAt.getTime() + (Math.floor(elapsed / step) + 1) * step);
}

/** A finished session's length in whole seconds (never negative). */
export function sessionDurationSeconds(startedAt: Date, endedAt: Date): number {
  return Math.max(0, Math.floor((endedAt.getTime() - startedAt.getTime()) / 1000));
}

/**
 * Where a session stands against a limit record at `now`: reached once the limit in force has run
 * out since `startedAt`, and with a limit but no live session (the player was logged out).
 */
export function sessionLimitReached(
  limit: SessionLimitRecord | null,
  startedAt: Date | null,
  now: Date,
): { reached: boolean; endsAt: Date | null } {
  const minutes = sessionLimitMinutes(limit, now);
  if (minutes === null) return { reached: false, endsAt: null };
  if (!startedAt) return { reached: true, endsAt: null };
  const clock = sessionClock(startedAt, minutes, now);
  return { reached: clock.limitReached, endsAt: clock.endsAt };
}
