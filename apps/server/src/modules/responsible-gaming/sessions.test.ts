import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COOLING_OFF_MS } from './limits.ts';
import {
  isSessionLimitMinutes,
  nextRealityCheck,
  planSessionLimitChange,
  SESSION_WARNING_MS,
  type SessionLimitRecord,
  sessionClock,
  sessionDurationSeconds,
  sessionLimitMinutes,
} from './sessions.ts';

const now = new Date('2030-06-05T15:30:00Z');
const MIN = 60_000;
const minutes = fc.integer({ min: 30, max: 1440 });

function limit(value: number | null, extra: Partial<SessionLimitRecord> = {}): SessionLimitRecord {
  return {
    limitMinor: value === null ? null : BigInt(value),
    pendingSet: false,
    pendingMinor: null,
    pendingEffectiveAt: null,
    ...extra,
  };
}

/** Applies a planned change to a record (what the repository stores). */
function apply(current: SessionLimitRecord | null, wanted: number | null, at: Date) {
  const change = planSessionLimitChange(current, wanted, at);
  return change.kind === 'save' ? change.record : current;
}

describe('session limit changes', () => {
  it('a first limit and a lower one apply at once', () => {
    const first = apply(null, 60, now);
    expect(sessionLimitMinutes(first, now)).toBe(60);
    const lower = apply(first, 30, now);
    expect(sessionLimitMinutes(lower, now)).toBe(30);
  });

  it('a raise waits 24 hours while the limit in force stays', () => {
    const change = planSessionLimitChange(limit(60), 120, now);
    expect(change).toMatchObject({ kind: 'save', action: 'session_limit_increase_pending' });
    const record = change.kind === 'save' ? change.record : limit(60);
    expect(sessionLimitMinutes(record, now)).toBe(60);
    expect(sessionLimitMinutes(record, new Date(now.getTime() + COOLING_OFF_MS - 1))).toBe(60);
    expect(sessionLimitMinutes(record, new Date(now.getTime() + COOLING_OFF_MS))).toBe(120);
  });

  it('a removal waits 24 hours too', () => {
    const change = planSessionLimitChange(limit(60), null, now);
    expect(change).toMatchObject({ kind: 'save', action: 'session_limit_removal_pending' });
    const record = change.kind === 'save' ? change.record : limit(60);
    expect(sessionLimitMinutes(record, now)).toBe(60);
    expect(sessionLimitMinutes(record, new Date(now.getTime() + COOLING_OFF_MS))).toBeNull();
  });

  it('asking again for the waiting change keeps its clock; a decrease drops it', () => {
    const pending = apply(limit(60), 120, now);
    const later = new Date(now.getTime() + 3600_000);
    expect(planSessionLimitChange(pending, 120, later)).toEqual({ kind: 'none' });
    const lowered = apply(pending, 45, later);
    expect(lowered).toMatchObject({ limitMinor: 45n, pendingSet: false });
  });

  it('the same limit or removing none changes nothing', () => {
    expect(planSessionLimitChange(limit(60), 60, now)).toEqual({ kind: 'none' });
    expect(planSessionLimitChange(null, null, now)).toEqual({ kind: 'none' });
  });

  it('property: the limit in force never rises before the cooling-off ends', () => {
    fc.assert(
      fc.property(
        minutes,
        fc.option(minutes, { nil: null }),
        fc.integer({ min: 0, max: 48 * 60 }),
        (a, b, after) => {
          const record = apply(limit(a), b, now);
          const at = new Date(now.getTime() + after * MIN);
          const inForce = sessionLimitMinutes(record, at);
          if (after * MIN < COOLING_OFF_MS) {
            // Before the cooling-off: the lower of the two, never more than the old one.
            expect(inForce).toBe(b !== null && b < a ? b : a);
          } else {
            expect(inForce).toBe(b);
          }
        },
      ),
    );
  });

  it('accepts whole minutes from 30 to 1440 only', () => {
    expect(isSessionLimitMinutes(30)).toBe(true);
    expect(isSessionLimitMinutes(1440)).toBe(true);
    expect(isSessionLimitMinutes(29)).toBe(false);
    expect(isSessionLimitMinutes(1441)).toBe(false);
    expect(isSessionLimitMinutes(45.5)).toBe(false);
    expect(isSessionLimitMinutes(-60)).toBe(false);
    expect(isSessionLimitMinutes(Number.NaN)).toBe(false);
  });
});

describe('session clock', () => {
  const start = new Date('2030-06-05T14:00:00Z');

  it('without a limit counts time played only', () => {
    expect(sessionClock(start, null, now)).toEqual({
      elapsedSeconds: 90 * 60,
      endsAt: null,
      warnAt: null,
      remainingSeconds: null,
      limitReached: false,
    });
  });

  it('ends the session at start + limit and warns five minutes before', () => {
    const clock = sessionClock(start, 120, now);
    expect(clock.endsAt?.toISOString()).toBe('2030-06-05T16:00:00.000Z');
    expect(clock.warnAt?.toISOString()).toBe('2030-06-05T15:55:00.000Z');
    expect(clock.remainingSeconds).toBe(30 * 60);
    expect(clock.limitReached).toBe(false);
  });

  it('is reached exactly at the end, and stays reached', () => {
    const end = new Date(start.getTime() + 90 * MIN);
    expect(sessionClock(start, 90, new Date(end.getTime() - 1)).limitReached).toBe(false);
    expect(sessionClock(start, 90, end)).toMatchObject({ limitReached: true, remainingSeconds: 0 });
    expect(sessionClock(start, 90, new Date(end.getTime() + 3600_000)).remainingSeconds).toBe(0);
  });

  it('property: elapsed + remaining is the limit, the warning falls before the end', () => {
    fc.assert(
      fc.property(minutes, fc.integer({ min: 0, max: 1440 * 60 }), (limitMin, seconds) => {
        const at = new Date(start.getTime() + seconds * 1000);
        const clock = sessionClock(start, limitMin, at);
        if (!clock.limitReached)
          expect(clock.elapsedSeconds + (clock.remainingSeconds ?? 0)).toBe(limitMin * 60);
        expect((clock.endsAt?.getTime() ?? 0) - (clock.warnAt?.getTime() ?? 0)).toBe(SESSION_WARNING_MS);
      }),
    );
  });
});

describe('reality checks', () => {
  const start = new Date('2030-06-05T14:00:00Z');

  it('fall every interval counted from the session start', () => {
    expect(nextRealityCheck(start, 30, start)?.toISOString()).toBe('2030-06-05T14:30:00.000Z');
    expect(nextRealityCheck(start, 30, new Date('2030-06-05T14:29:59Z'))?.toISOString()).toBe(
      '2030-06-05T14:30:00.000Z',
    );
    // At a check's own instant, the next one is one interval later.
    expect(nextRealityCheck(start, 30, new Date('2030-06-05T14:30:00Z'))?.toISOString()).toBe(
      '2030-06-05T15:00:00.000Z',
    );
    expect(nextRealityCheck(start, 45, now)?.toISOString()).toBe('2030-06-05T16:15:00.000Z');
  });

  it('are off with 0', () => {
    expect(nextRealityCheck(start, 0, now)).toBeNull();
  });

  it('property: the next check is after now, within one interval, on the grid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(15, 30, 45, 60, 90, 120),
        fc.integer({ min: 0, max: 10 ** 8 }),
        (interval, ms) => {
          const at = new Date(start.getTime() + ms);
          const next = nextRealityCheck(start, interval, at)?.getTime() ?? 0;
          expect(next).toBeGreaterThan(at.getTime());
          expect(next - at.getTime()).toBeLessThanOrEqual(interval * MIN);
          expect((next - start.getTime()) % (interval * MIN)).toBe(0);
        },
      ),
    );
  });
});

describe('previous session length', () => {
  it('counts whole seconds, never negative', () => {
    const start = new Date('2030-06-05T14:00:00Z');
    expect(sessionDurationSeconds(start, new Date('2030-06-05T15:02:03.900Z'))).toBe(3723);
    expect(sessionDurationSeconds(start, new Date('2030-06-05T13:00:00Z'))).toBe(0);
  });
});
