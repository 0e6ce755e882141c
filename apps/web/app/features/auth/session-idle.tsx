/**
 * Session idle handling of spec §4 for a signed-in player: at 80 % of `time_to_force_logout` a
 * warning popup (no close button) counts down the remaining 20 %; at 100 % the player is logged
 * out. A keydown, click, scroll or route change starts the clock again (and so closes the
 * warning). The clock starts when the player is signed in and stops when they are not.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useAuthRoot } from './auth-root-data.ts';
import { createIdleTracker, type IdleTracker, idleSchedule } from './idle-timer.ts';
import { useLogout } from './use-auth-actions.ts';

/** How often the clock is read; the countdown needs whole seconds. */
const TICK_MS = 1000;
const ACTIVITY_EVENTS = ['keydown', 'click', 'scroll'] as const;

function IdleWarning({ logoutAtMs, onStay }: { logoutAtMs: number; onStay: () => void }) {
  const { t } = useTranslation('auth');
  const [seconds, setSeconds] = useState(() => Math.max(0, Math.ceil((logoutAtMs - Date.now()) / 1000)));
  useEffect(() => {
    const timer = setInterval(
      () => setSeconds(Math.max(0, Math.ceil((logoutAtMs - Date.now()) / 1000))),
      250,
    );
    return () => clearInterval(timer);
  }, [logoutAtMs]);
  const minutes = Math.floor(seconds / 60);
  const clock = `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="idle-warning">
      <span className="flex size-14 items-center justify-center rounded-full bg-warning/15 text-warning">
        <Icon name="warning" size="lg" />
      </span>
      <p className="text-muted">{t('idle.text')}</p>
      <p className="amount text-4xl font-bold tracking-tight" aria-hidden="true">
        {clock}
      </p>
      {/* Announced once a second would be noise; a polite summary is read when it opens. */}
      <p className="sr-only" aria-live="polite">
        {t('idle.countdown', { count: seconds })}
      </p>
      <Button fullWidth data-autofocus onClick={onStay}>
        {t('idle.stay')}
      </Button>
    </div>
  );
}

export function SessionIdle() {
  const { t } = useTranslation('auth');
  const root = useAuthRoot();
  const dialogs = useDialogs();
  const logout = useLogout();
  const location = useLocation();
  const tracker = useRef<IdleTracker | null>(null);
  const warningId = useRef<string | null>(null);
  const active = root?.isAuthenticated === true;
  const seconds = root?.auth.timeToForceLogoutSeconds ?? 0;
  // The latest functions for the long-lived effect below, without restarting the clock.
  const latest = useRef({ dialogs, logout, t });
  latest.current = { dialogs, logout, t };

  useEffect(() => {
    const schedule = idleSchedule(seconds);
    if (!active || !schedule) return;
    const clock = createIdleTracker(schedule);
    tracker.current = clock;
    let loggingOut = false;

    const closeWarning = () => {
      if (warningId.current) latest.current.dialogs.close(warningId.current, { force: true });
      warningId.current = null;
    };
    const onActivity = () => {
      if (loggingOut) return;
      clock.activity();
      closeWarning();
    };
    const tick = () => {
      if (loggingOut) return;
      const phase = clock.phase();
      if (phase === 'expired') {
        loggingOut = true;
        closeWarning();
        void latest.current.logout('idle');
      } else if (phase === 'active') {
        closeWarning();
      } else if (!warningId.current) {
        warningId.current = latest.current.dialogs.open({
          title: latest.current.t('idle.title'),
          size: 'sm',
          closable: false,
          content: <IdleWarning logoutAtMs={clock.logoutAtMs()} onStay={onActivity} />,
          onClosed: () => {
            warningId.current = null;
          },
        });
      }
    };

    for (const name of ACTIVITY_EVENTS) {
      document.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, { capture: true });
      closeWarning();
      tracker.current = null;
    };
  }, [active, seconds]);

  // A route change is activity too (spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger.
  useEffect(() => {
    tracker.current?.activity();
  }, [location.key]);

  return null;
}
