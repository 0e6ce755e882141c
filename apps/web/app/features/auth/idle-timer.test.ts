import { describe, expect, test } from 'vitest';
import { createIdleTracker, idlePhase, idleSchedule, secondsUntilLogout } from './idle-timer.ts';

describe('idleSchedule', () => {
  test('warning at 80 %, logout at 100 % of time_to_force_logout (seconds × 1000)', () => {
    expect(idleSchedule(3600)).toEqual({ warnAfterMs: 2_880_000, logoutAfterMs: 3_600_000 });
    expect(idleSchedule(10)).toEqual({ warnAfterMs: 8000, logoutAfterMs: 10_000 });
  });

  test('0 (or nonsense) turns idle logout off', () => {
    expect(idleSchedule(0)).toBeNull();
    expect(idleSchedule(-5)).toBeNull();
    expect(idleSchedule(Number.NaN)).toBeNull();
  });
});

describe('idlePhase and the countdown', () => {
  const schedule = { warnAfterMs: 8000, logoutAfterMs: 10_000 };

  test.each([
    [0, 'active'],
    [7999, 'active'],
    [8000, 'warning'],
    [9999, 'warning'],
    [10_000, 'expired'],
    [60_000, 'expired'],
  ] as const)('%i ms idle is %s', (idleMs, phase) => {
    expect(idlePhase(idleMs, schedule)).toBe(phase);
  });

  test('the countdown covers the remaining 20 %', () => {
    expect(secondsUntilLogout(8000, schedule)).toBe(2);
    expect(secondsUntilLogout(8001, schedule)).toBe(2);
    expect(secondsUntilLogout(9001, schedule)).toBe(1);
    expect(secondsUntilLogout(12_000, schedule)).toBe(0);
    const hour = idleSchedule(3600);
    if (!hour) throw new Error('schedule expected');
    expect(secondsUntilLogout(hour.warnAfterMs, hour)).toBe(720);
  });
});

describe('createIdleTracker', () => {
  test('activity resets the clock, also during the warning', () => {
    let now = 1_000_000;
    const tracker = createIdleTracker({ warnAfterMs: 8000, logoutAfterMs: 10_000 }, () => now);
    now += 7000;
    expect(tracker.phase()).toBe('active');
    tracker.activity();
    now += 7000;
    expect(tracker.phase()).toBe('active');
    now += 1500;
    expect(tracker.phase()).toBe('warning');
    expect(tracker.secondsLeft()).toBe(2);
    expect(tracker.logoutAtMs()).toBe(1_000_000 + 7000 + 10_000);
    tracker.activity();
    expect(tracker.phase()).toBe('active');
    now += 10_000;
    expect(tracker.phase()).toBe('expired');
    expect(tracker.secondsLeft()).toBe(0);
  });
});
