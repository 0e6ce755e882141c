/**
 * The betting pages' parts (ADR 035): the sports navigation, an event row (teams, running score
 * and clock, the main market's odds), the event page's markets grouped by kind, the betting
 * notice, skeletons and empty states.
 */
import type {
  SportsbookEvent,
  sportsbookMarket,
  sportsbookSport,
  sportsbookTournament,
} from '@croupier/contract/sportsbook/catalogue';
import { CalendarClock, Info, Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { eventName, OddsButton } from './odds-button.tsx';
import { bettingPath, useBettingHref } from './sportsbook-paths.ts';
import { formatClock, zonedTime } from './sportsbook-time.ts';

type SbMarket = z.infer<typeof sportsbookMarket>;
type SbSport = z.infer<typeof sportsbookSport>;
type SbTournament = z.infer<typeof sportsbookTournament>;

/** Periods in which the clock stands still. */
const CLOCK_STOPPED = /^(halftime|ended|break|pause|interrupted|not_started)/;

/** The match clock, ticking in the browser between two refreshes of the page. */
export function LiveClock({ seconds, period }: { seconds: number; period: string | null }) {
  const [shown, setShown] = useState(seconds);
  const running = period !== null && !CLOCK_STOPPED.test(period);
  useEffect(() => {
    setShown(seconds);
    if (!running) return;
    const started = Date.now();
    const handle = window.setInterval(
      () => setShown(seconds + Math.floor((Date.now() - started) / 1000)),
      1000,
    );
    return () => window.clearInterval(handle);
  }, [seconds, running]);
  return (
    <span className="tabular-nums" data-testid="live-clock">
      {formatClock(shown)}
    </span>
  );
}

export function PeriodLabel({ period }: { period: string | null }) {
  const { t } = useTranslation('sportsbook');
  if (!period) return null;
  return <span>{t(`period.${period}`, { defaultValue: period.replace(/_/g, ' ') })}</span>;
}

export function LiveBadge() {
  const { t } = useTranslation('sportsbook');
  return (
    // Light text on the red tint (red on red failed the 4.5:1 contrast); the red icon marks it live.
    <span className="inline-flex items-center gap-1 rounded-full bg-danger/20 px-2 py-0.5 text-xs font-bold text-text uppercase">
      <Radio className="size-3 text-danger" aria-hidden focusable={false} />
      {t('live.badge')}
    </span>
  );
}

export function EventRow({ event, utcOffset }: { event: SportsbookEvent; utcOffset: number }) {
  const { t } = useTranslation('sportsbook');
  const href = useBettingHref();
  const live = event.status === 'live';
  const market = event.main_market;
  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-surface p-3 tablet:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] tablet:items-center"
      data-testid="event-row"
    >
      <Link
        to={href(bettingPath.event(event.id))}
        className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 rounded-lg focus-visible:outline-2 focus-visible:outline-gold"
      >
        <span className="col-span-2 flex items-center gap-2 text-xs text-muted">
          {live ? (
            <LiveBadge />
          ) : (
            <span data-testid="event-start">{zonedTime(event.start_time, utcOffset)}</span>
          )}
          {live && <PeriodLabel period={event.score.period} />}
          {live && event.score.clock_seconds !== null && (
            <LiveClock seconds={event.score.clock_seconds} period={event.score.period} />
          )}
          <span className="truncate">{event.tournament.name}</span>
        </span>
        <span className="truncate font-medium">{event.home.name}</span>
        <span className="text-right font-bold tabular-nums" data-testid="score-home">
          {live ? event.score.home : ''}
        </span>
        <span className="truncate font-medium">{event.away.name}</span>
        <span className="text-right font-bold tabular-nums" data-testid="score-away">
          {live ? event.score.away : ''}
        </span>
        {/* Gold reads as "more to open"; with none open, the line is a plain state. */}
        <span className={`col-span-2 text-xs ${event.markets_count > 0 ? 'text-gold' : 'text-muted'}`}>
          {t('event.markets', { count: event.markets_count })}
        </span>
      </Link>
      {market ? (
        <fieldset className="m-0 flex min-w-0 gap-2 border-0 p-0">
          <legend className="sr-only">{market.name}</legend>
          {market.outcomes.map((outcome) => (
            <OddsButton key={outcome.key} event={event} market={market} outcome={outcome} compact />
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-muted">{t('event.noMainMarket')}</p>
      )}
    </li>
  );
}

export function EventList({
  events,
  utcOffset,
  empty,
  testId,
}: {
  events: readonly SportsbookEvent[];
  utcOffset: number;
  empty: string;
  testId: string;
}) {
  if (events.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted"
        data-testid={`${testId}-empty`}
      >
        {empty}
      </p>
    );
  }
  return (
    <ul className="grid gap-2" data-testid={testId}>
      {events.map((event) => (
        <EventRow key={event.id} event={event} utcOffset={utcOffset} />
      ))}
    </ul>
  );
}

export function EventsSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-24 w-full" />
      ))}
    </div>
  );
}

/** A market kind: the key before the first `|` (`total|total=2.5` → `total`). */
function marketGroup(market: SbMarket): string {
  return market.key.split('|')[0] ?? market.key;
}

/** All markets of an event, grouped by kind, suspended ones greyed. */
export function MarketGroups({
  event,
  markets,
}: {
  event: Pick<SportsbookEvent, 'id' | 'home' | 'away' | 'status'>;
  markets: readonly SbMarket[];
}) {
  const { t } = useTranslation('sportsbook');
  const shown = markets.filter((market) => market.status === 'active' || market.status === 'suspended');
  if (shown.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted"
        data-testid="markets-empty"
      >
        {t('event.noMarkets')}
      </p>
    );
  }
  const groups = new Map<string, SbMarket[]>();
  for (const market of shown)
    groups.set(marketGroup(market), [...(groups.get(marketGroup(market)) ?? []), market]);
  return (
    <div className="grid gap-3" data-testid="market-groups">
      {[...groups.entries()].map(([group, list]) => (
        <section
          key={group}
          className="rounded-xl border border-border bg-surface p-3"
          data-testid="market-group"
        >
          <div className="grid gap-3">
            {list.map((market) => (
              <div key={market.key} data-testid="market" data-status={market.status}>
                <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
                  {market.name}
                  {market.status === 'suspended' && (
                    <span className="rounded bg-raised px-1.5 py-0.5 text-xs font-normal text-muted">
                      {t('event.suspended')}
                    </span>
                  )}
                </h3>
                {/* Only the (disabled) prices dim: the name and its "Suspended" stay readable. */}
                <div
                  className={cx(
                    'grid grid-cols-2 gap-2 tablet:grid-cols-3',
                    market.status !== 'active' && 'opacity-60',
                  )}
                >
                  {market.outcomes.map((outcome) => (
                    <OddsButton key={outcome.key} event={event} market={market} outcome={outcome} />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

export function EventHeader({ event, utcOffset }: { event: SportsbookEvent; utcOffset: number }) {
  const { t } = useTranslation('sportsbook');
  const live = event.status === 'live';
  return (
    <header className="rounded-2xl border border-border bg-surface p-4 tablet:p-6" data-testid="event-header">
      <p className="text-xs text-muted">
        {event.sport.name} · {event.category.name} · {event.tournament.name}
      </p>
      <h1 className="mt-1 text-xl font-bold laptop:text-2xl">{eventName(event)}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {live ? (
          <>
            <LiveBadge />
            <span className="text-2xl font-bold tabular-nums" data-testid="event-score">
              {event.score.home} : {event.score.away}
            </span>
            <PeriodLabel period={event.score.period} />
            {event.score.clock_seconds !== null && (
              <LiveClock seconds={event.score.clock_seconds} period={event.score.period} />
            )}
          </>
        ) : event.status === 'not_started' ? (
          <span className="inline-flex items-center gap-1 text-muted">
            <CalendarClock className="size-4" aria-hidden focusable={false} />
            {t('event.startsAt', { time: zonedTime(event.start_time, utcOffset) })}
          </span>
        ) : (
          <span className="text-muted">{t(`event.status.${event.status}`)}</span>
        )}
      </div>
    </header>
  );
}

/** Sports (and a sport's leagues) as links with their live and upcoming counts. */
export function SportsNav({
  sports,
  tournaments,
  sport,
}: {
  sports: readonly SbSport[];
  tournaments?: readonly SbTournament[];
  sport?: string;
}) {
  const { t } = useTranslation('sportsbook');
  const href = useBettingHref();
  const link = ({ isActive }: { isActive: boolean }) =>
    cx(
      'flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm whitespace-nowrap hover:bg-raised',
      isActive && 'bg-raised font-semibold text-gold',
    );
  return (
    <nav aria-label={t('nav.label')} data-testid="sports-nav">
      <ul className="flex gap-1 overflow-x-auto laptop:flex-col">
        <li>
          <NavLink to={href(bettingPath.home)} end className={link}>
            {t('nav.all')}
          </NavLink>
        </li>
        {sports.map((item) => (
          <li key={item.key}>
            <NavLink to={href(bettingPath.sport(item.key))} end className={link}>
              <span>{item.name}</span>
              <span className="text-xs text-muted tabular-nums">
                {item.live_count > 0 ? t('nav.liveCount', { count: item.live_count }) : item.upcoming_count}
              </span>
            </NavLink>
            {sport === item.key && tournaments && tournaments.length > 0 && (
              <ul
                className="ml-3 hidden border-l border-border pl-2 laptop:block"
                data-testid="tournaments-nav"
              >
                {tournaments.map((tournament) => (
                  <li key={tournament.key}>
                    <NavLink to={href(bettingPath.tournament(item.key, tournament.key))} className={link}>
                      <span className="truncate">{tournament.name}</span>
                      <span className="text-xs text-muted">
                        {tournament.live_count + tournament.upcoming_count}
                      </span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function BettingNotice() {
  const { t } = useTranslation('sportsbook');
  return (
    <p
      className="flex items-start gap-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm"
      role="note"
      data-testid="betting-notice"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden focusable={false} />
      {t('notice')}
    </p>
  );
}
