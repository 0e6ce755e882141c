/**
 * The catalogue as the web reads it (sportsbook.* methods, ADR 030): sports and tournaments with
 * live and upcoming counts, live events, upcoming events of a day, one event with its markets, all
 * named in the player's language. A market of a producer in recovery reads as suspended.
 */
import type { Locale } from '@croupier/contract/locales';
import type { SportsbookEvent } from '@croupier/contract/sportsbook/catalogue';
import type { Db } from '@croupier/db/client';
import { AppError } from '../../../lib/app-error.ts';
import { SPORT_KEYS } from '../feed/messages.ts';
import {
  createCatalogueRepository,
  type EventFilter,
  type MarketRow,
  type EventRow as Row,
} from './catalogue.repository.ts';
import { MAIN_MARKETS, MARKET_ORDER, marketNamer, parseMarketKey } from './market-names.ts';

type MarketStatus = 'active' | 'suspended' | 'deactivated' | 'settled' | 'cancelled';
type EventRow = Row & { locale: Locale };

export function oddsText(oddsMilli: number): string {
  return `${Math.floor(oddsMilli / 1000)}.${String(oddsMilli % 1000).padStart(3, '0')}`;
}

function notFound(field: string): AppError {
  return new AppError('InvalidParameterException', { fields: { [field]: 'not_found' } });
}

const name = (locale: Locale, row: { nameEn: string; nameFr: string }) =>
  locale === 'fr' ? row.nameFr : row.nameEn;

export function createCatalogueReader(deps: { db: Db; now: () => Date }) {
  const repository = createCatalogueRepository(deps.db);

  async function sports(locale: Locale) {
    const rows = await repository.sportRows(deps.now());
    const rank = (key: string) => {
      const i = (SPORT_KEYS as readonly string[]).indexOf(key);
      return i === -1 ? SPORT_KEYS.length : i;
    };
    return {
      items: rows
        .sort((a, b) => rank(a.sport.key) - rank(b.sport.key) || a.sport.key.localeCompare(b.sport.key))
        .map((r) => ({
          key: r.sport.key,
          name: name(locale, r.sport),
          live_count: r.live,
          upcoming_count: r.upcoming,
        })),
    };
  }

  async function assertSport(sport: string) {
    if (!(await repository.sportExists(sport))) throw notFound('sport');
  }

  async function tournaments(sport: string, locale: Locale) {
    await assertSport(sport);
    const rows = await repository.tournamentRows(sport, deps.now());
    rows.sort(
      (a, b) =>
        name(locale, a.category).localeCompare(name(locale, b.category), locale) ||
        name(locale, a.tournament).localeCompare(name(locale, b.tournament), locale),
    );
    return {
      items: rows.map((r) => ({
        key: r.tournament.key,
        name: name(locale, r.tournament),
        category: { key: r.category.key, name: name(locale, r.category), country: r.category.country },
        live_count: r.live,
        upcoming_count: r.upcoming,
      })),
    };
  }

  async function events(filter: EventFilter, locale: Locale, limit: number): Promise<EventRow[]> {
    return (await repository.eventRows(filter, limit)).map((row) => ({ ...row, locale }));
  }

  function marketView(row: EventRow, entry: MarketRow) {
    const namer = marketNamer(
      row.locale,
      name(row.locale, row.home),
      name(row.locale, row.away),
    )(entry.market.key);
    const status = (
      entry.market.recoverySuspended && entry.market.status === 'active' ? 'suspended' : entry.market.status
    ) as MarketStatus;
    const open = status === 'active' && row.event.status !== 'ended' && row.event.status !== 'cancelled';
    return {
      key: entry.market.key,
      name: namer.market,
      status: open || status !== 'active' ? status : ('suspended' as const),
      outcomes: entry.outcomes.map((o) => ({
        key: o.key,
        name: namer.outcome(o.key),
        odds: oddsText(o.oddsMilli),
        odds_milli: o.oddsMilli,
        active: open && o.active && !o.cancelled,
        result: (o.result ?? null) as 'won' | 'lost' | 'void' | null,
        void_factor: (o.voidFactor ?? null) as '0' | '0.5' | '1' | null,
      })),
    };
  }

  function eventView(row: EventRow, count: number, main: SportsbookEvent['main_market']): SportsbookEvent {
    const { event, locale } = row;
    const closed = event.status === 'ended' || event.status === 'cancelled';
    return {
      id: event.id,
      sport: { key: row.sport.key, name: name(locale, row.sport) },
      category: { key: row.category.key, name: name(locale, row.category), country: row.category.country },
      tournament: { key: row.tournament.key, name: name(locale, row.tournament) },
      home: { key: row.home.key, name: name(locale, row.home) },
      away: { key: row.away.key, name: name(locale, row.away) },
      start_time: event.startTime.toISOString(),
      status: event.status as SportsbookEvent['status'],
      score: {
        home: event.homeScore,
        away: event.awayScore,
        period: event.period,
        clock_seconds: event.clockSeconds,
        detail: event.scoreDetail,
      },
      markets_count: closed ? 0 : count,
      main_market: main,
    };
  }

  async function list(rows: EventRow[]) {
    const ids = rows.map((r) => r.event.id);
    const [counts, mains] = await Promise.all([
      repository.openMarketCounts(ids),
      repository.marketRows(ids, MAIN_MARKETS),
    ]);
    return {
      items: rows.map((row) => {
        const main = mains.find((m) => m.market.eventId === row.event.id);
        return eventView(row, counts.get(row.event.id) ?? 0, main ? marketView(row, main) : null);
      }),
    };
  }

  async function live(input: { sport?: string | undefined }, locale: Locale) {
    if (input.sport) await assertSport(input.sport);
    return list(await events({ status: 'live', sport: input.sport }, locale, 200));
  }

  async function upcoming(
    input: { date: string; utc_offset: number; sport?: string | undefined; tournament?: string | undefined },
    locale: Locale,
  ) {
    const midnight = Date.parse(`${input.date}T00:00:00Z`);
    if (Number.isNaN(midnight))
      throw new AppError('InvalidParameterException', { fields: { date: 'invalid' } });
    if (input.sport) await assertSport(input.sport);
    if (input.tournament && !(await repository.tournamentExists(input.tournament)))
      throw notFound('tournament');
    const from = new Date(Math.max(midnight - input.utc_offset * 60_000, deps.now().getTime()));
    const to = new Date(midnight - input.utc_offset * 60_000 + 86_400_000);
    const filter = {
      status: 'not_started',
      startFrom: from,
      startBefore: to,
      sport: input.sport,
      tournament: input.tournament,
    };
    return list(await events(filter, locale, 500));
  }

  async function event(id: string, locale: Locale) {
    const [row] = await events({ id }, locale, 1);
    if (!row) throw notFound('id');
    const entries = await repository.marketRows([id]);
    const rank = (key: string) => {
      const i = MARKET_ORDER.indexOf(parseMarketKey(key).kind);
      return i === -1 ? MARKET_ORDER.length : i;
    };
    entries.sort((a, b) => rank(a.market.key) - rank(b.market.key) || a.market.position - b.market.position);
    const markets = entries.map((entry) => marketView(row, entry));
    const main = markets.find((m) => MAIN_MARKETS.includes(m.key)) ?? null;
    const count = markets.filter((m) => m.status === 'active').length;
    return { ...eventView(row, count, main), markets };
  }

  return { sports, tournaments, live, upcoming, event };
}

export type CatalogueReader = ReturnType<typeof createCatalogueReader>;
