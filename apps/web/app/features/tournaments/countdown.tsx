/**
 * Time left until a tournament starts or ends: a countdown (days, hours, minutes, seconds) that
 * ticks once the page is live, or the dates, as the content's `durationType` says. The server and
 * the first render use the loader's clock, so hydration matches.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useFormatDateTime } from '../../ui/use-format-date-time.ts';

export function splitDuration(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

export function TournamentTime({
  status,
  startAt,
  endAt,
  serverNow,
  durationType,
}: {
  status: 'active' | 'future' | 'finished';
  startAt: string;
  endAt: string;
  serverNow: string;
  durationType: 'countdown' | 'dates';
}) {
  const { t } = useTranslation('tournaments');
  const formatDateTime = useFormatDateTime();
  const [now, setNow] = useState(() => Date.parse(serverNow));
  const ticking = durationType === 'countdown' && status !== 'finished';
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const handle = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(handle);
  }, [ticking]);

  if (!ticking) {
    return (
      <p className="text-sm text-muted" data-testid="tournament-dates">
        {t('time.dates', { start: formatDateTime(startAt), end: formatDateTime(endAt) })}
      </p>
    );
  }
  const target = Date.parse(status === 'future' ? startAt : endAt);
  const left = splitDuration(target - now);
  return (
    <p className="text-sm text-muted" data-testid="tournament-countdown">
      <span>{status === 'future' ? t('time.startsIn') : t('time.endsIn')}</span>{' '}
      <span className="font-semibold text-text tabular-nums" aria-live="off">
        {t('time.left', {
          days: left.days,
          hours: String(left.hours).padStart(2, '0'),
          minutes: String(left.minutes).padStart(2, '0'),
          seconds: String(left.seconds).padStart(2, '0'),
        })}
      </span>
    </p>
  );
}
