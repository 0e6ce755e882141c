/**
 * Session idle rules of spec §4 and §9: a warning with a countdown at 80 % of
 * `time_to_force_logout` (seconds × 1000), a forced logout at 100 %; keydown, click, scroll and
 * route changes reset the clock. Pure time arithmetic here; `session-idle.tsx` wires it to the page.
 */

export const IDLE_WARNING_FRACTION = 0.8;

export interface IdleSchedule {
  warnAfterMs: number;
  logoutAfterMs: number;
}

export type IdlePhase = 'active' | 'warning' | 'expired';

/** The schedule for `time_to_force_logout` seconds; null when the site turns idle logout off (0). */
export function idleSchedule(timeToForceLogoutSeconds: number): IdleSchedule | null {
  if (!Number.isFinite(timeToForceLogoutSeconds) || timeToForceLogoutSeconds <= 0) return null;
  const logoutAfterMs = timeToForceLogoutSeconds * 1000;
  return { warnAfterMs: Math.floor(logoutAfterMs * IDLE_WARNING_FRACTION), logoutAfterMs };
}

export function idlePhase(idleMs: number, schedule: IdleSchedule): IdlePhase {
  if (idleMs >= schedule.logoutAfterMs) return 'expired';
  if (idleMs >= schedule.warnAfterMs) return 'warning';
  return 'active';
}

/** Whole seconds left before the forced logout (the warning's countdown), never negative. */
export function secondsUntilLogout(idleMs: number, schedule: IdleSchedule): number {
  return Math.max(0, Math.ceil((schedule.logoutAfterMs - idleMs) / 1000));
}

export interface IdleTracker {
  /** The player did something: the clock starts again. */
  activity(): void;
  phase(): IdlePhase;
  /** When the forced logout falls if nothing happens, in `now()` milliseconds. */
  logoutAtMs(): number;
  secondsLeft(): number;
}

/** The idle clock of one signed-in session; it starts now (spec §4: the timer starts on login). */
export function createIdleTracker(schedule: IdleSchedule, now: () => number = Date.now): IdleTracker {
  let lastActivityMs = now();
  return {
    activity() {
      lastActivityMs = now();
    },
    phase: () => idlePhase(now() - lastActivityMs, schedule),
    logoutAtMs: () => lastActivityMs + schedule.logoutAfterMs,
    secondsLeft: () => secondsUntilLogout(now() - lastActivityMs, schedule),
  };
}
