/**
 * The betting lists (ADR 035): "live now" and the upcoming events of the chosen day (today, then
 * the next days as tabs), in the player's time zone. The page refreshes itself every few seconds
 * while visible (a loader revalidation); a page loaded for another time zone than the browser's
 * loads again for the right one.
 */
import type { SportsbookEvent } from '@croupier/contract/sportsbook/catalogue';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { cx } from '../../ui/class-names.ts';
import { useLiveRefresh } from '../jackpots/use-live-refresh.ts';
import { EventList, EventsSkeleton } from './event-views.tsx';
import { SPORTSBOOK_REFRESH_MS } from './sportsbook-paths.ts';
import { browserUtcOffset, DAY_TABS, dayLabel, parseUtcOffset, zonedDate } from './sportsbook-time.ts';

export interface BoardQuery {
  day: number;
  date: string;
  utcOffset: number;
}

/** The day tab and time zone a betting list URL asks for (`?day=1&tz=60`). */
export function boardQuery(url: URL, now: Date = new Date()): BoardQuery {
  const utcOffset = parseUtcOffset(url.searchParams.get('tz'));
  const asked = Number(url.searchParams.get('day') ?? '0');
  const day = Number.isInteger(asked) && asked >= 0 && asked < DAY_TABS ? asked : 0;
  return { day, date: zonedDate(now, utcOffset, day), utcOffset };
}

/** Live refresh, and the move to the browser's time zone once hydrated. */
export function useBoardRefresh(utcOffset: number): void {
  useLiveRefresh(SPORTSBOOK_REFRESH_MS);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const offset = browserUtcOffset();
    if (offset === utcOffset) return;
    const search = new URLSearchParams(location.search);
    search.set('tz', String(offset));
    void navigate(
      { pathname: location.pathname, search: `?${search}` },
      { replace: true, preventScrollReset: true },
    );
  }, [utcOffset, location.pathname, location.search, navigate]);
}

export function LiveSection({
  events,
  utcOffset,
}: {
  events: readonly SportsbookEvent[];
  utcOffset: number;
}) {
  const { t } = useTranslation('sportsbook');
  return (
    <section aria-labelledby="sb-live" className="grid gap-3">
      <h2 id="sb-live" className="text-lg font-bold">
        {t('live.title')}
      </h2>
      <EventList events={events} utcOffset={utcOffset} empty={t('live.empty')} testId="live-events" />
    </section>
  );
}

export function UpcomingSection({
  events,
  query,
}: {
  events: readonly SportsbookEvent[];
  query: BoardQuery;
}) {
  const { t } = useTranslation('sportsbook');
  const locale = usePageLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const now = new Date();
  const switching =
    navigation.state === 'loading' &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search;
  return (
    <section aria-labelledby="sb-upcoming" className="grid gap-3">
      <h2 id="sb-upcoming" className="text-lg font-bold">
        {t('upcoming.title')}
      </h2>
      <nav aria-label={t('upcoming.days')} className="flex gap-1 overflow-x-auto" data-testid="day-tabs">
        {Array.from({ length: 7 }, (_, day) => {
          const date = zonedDate(now, query.utcOffset, day);
          const label =
            day === 0 ? t('upcoming.today') : day === 1 ? t('upcoming.tomorrow') : dayLabel(date, locale);
          return (
            <Link
              key={date}
              to={`?day=${day}&tz=${query.utcOffset}`}
              preventScrollReset
              aria-current={day === query.day ? 'page' : undefined}
              className={cx(
                'rounded-full border px-3 py-1.5 text-sm whitespace-nowrap',
                day === query.day
                  ? 'border-gold bg-gold/15 font-semibold text-gold'
                  : 'border-border text-muted',
              )}
            >
              {label}
            </Link>
          );
        })}
      </nav>
      {switching ? (
        <EventsSkeleton label={t('upcoming.loading')} />
      ) : (
        <EventList
          events={events}
          utcOffset={query.utcOffset}
          empty={t('upcoming.empty')}
          testId="upcoming-events"
        />
      )}
    </section>
  );
}
