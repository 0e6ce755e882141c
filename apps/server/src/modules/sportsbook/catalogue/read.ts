/**
 * The catalogue as the web reads it (sportsbook.* methods, ADR 030): sports and tournaments with
 * live and upcoming counts, live events, upcoming events of a day, one event with its markets, all
 * named in the player's language. A market of a producer in recovery reads as suspended.
 */
import type { Locale } from '@croupier/contract/locales';
import type { SportsbookEvent } from '@croupier/contract/sportsbook/catalogue';
import type { Db } from '@croupier/db/client';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../../lib/app-error.ts';
import { SPORT_KEYS } from '../feed/messages.ts';
import {
  sbCategories,
  sbCompetitors,
  sbEvents,
  sbMarkets,
  sbOutcomes,
  sbSports,
  sbTournaments,
} from '../sportsbook.tables.ts';
import { MAIN_MARKETS, MARKET_ORDER, marketNamer, parseMarketKey } from './market-names.ts';

type MarketStatus = 'active' | 'suspended' | 'deactivated' | 'settled' | 'cancelled';

export function oddsText(oddsMilli: number): string {
  return `${Math.floor(oddsMilli / 1000)}.${String(oddsMilli % 1000).padStart(3, '0')}`;
}

function notFound(field: string): AppError {
  return new AppError('InvalidParameterException', { fields: { [field]: 'not_found' } });
}

const home = alias(sbCompetitors, 'home');
const away = alias(sbCompetitors, 'away');

export function createCatalogueReader(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const name = (locale: Locale, row: { nameEn: string; nameFr: string }) =>
    locale === 'fr' ? row.nameFr : row.nameEn;

  const liveCount = sql<number>`count(${sbEvents.id}) FILTER (WHERE ${sbEvents.status} = 'live')::int`;
  const upcomingCount = () =>
    sql<number>`count(${sbEvents.id}) FILTER (WHERE ${sbEvents.status} = 'not_started' AND ${sbEvents.startTime} > ${deps.now()})::int`;

  async function sports(locale: Locale) {
    const rows = await db
      .select({ sport: sbSports, live: liveCount, upcoming: upcomingCount() })
      .from(sbSports)
      .leftJoin(sbEvents, eq(sbEvents.sportKey, sbSports.key))
      .groupBy(sbSports.key);
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
    const [row] = await db.select({ key: sbSports.key }).from(sbSports).where(eq(sbSports.key, sport));
    if (!row) throw notFound('sport');
  }

  async function tournaments(sport: string, locale: Locale) {
    await assertSport(sport);
    const rows = await db
      .select({
        tournament: sbTournaments,
        category: sbCategories,
        live: liveCount,
        upcoming: upcomingCount(),
      })
      .from(sbTournaments)
      .innerJoin(sbCategories, eq(sbCategories.key, sbTournaments.categoryKey))
      .leftJoin(sbEvents, eq(sbEvents.tournamentKey, sbTournaments.key))
      .where(eq(sbTournaments.sportKey, sport))
      .groupBy(sbTournaments.key, sbCategories.key);
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

  async function events(where: SQL | undefined, locale: Locale, limit: number) {
    return db
      .select({
        event: sbEvents,
        sport: sbSports,
        tournament: sbTournaments,
        category: sbCategories,
        home,
        away,
      })
      .from(sbEvents)
      .innerJoin(sbSports, eq(sbSports.key, sbEvents.sportKey))
      .innerJoin(sbTournaments, eq(sbTournaments.key, sbEvents.tournamentKey))
      .innerJoin(sbCategories, eq(sbCategories.key, sbTournaments.categoryKey))
      .innerJoin(home, eq(home.key, sbEvents.homeKey))
      .innerJoin(away, eq(away.key, sbEvents.awayKey))
      .where(where)
      .orderBy(asc(sbEvents.startTime), asc(sbEvents.id))
      .limit(limit)
      .then((rows) => rows.map((row) => ({ ...row, locale })));
  }

  type EventRow = Awaited<ReturnType<typeof events>>[number];

  async function marketsOf(eventIds: string[], onlyKinds?: string[]) {
    if (eventIds.length === 0) return [];
    const markets = await db
      .select()
      .from(sbMarkets)
      .where(
        and(inArray(sbMarkets.eventId, eventIds), onlyKinds ? inArray(sbMarkets.key, onlyKinds) : undefined),
      )
      .orderBy(asc(sbMarkets.position));
    const outcomes = await db
      .select()
      .from(sbOutcomes)
      .where(
        and(
          inArray(sbOutcomes.eventId, eventIds),
          onlyKinds ? inArray(sbOutcomes.marketKey, onlyKinds) : undefined,
        ),
      )
      .orderBy(asc(sbOutcomes.position));
    return markets.map((market) => ({
      market,
      outcomes: outcomes.filter((o) => o.eventId === market.eventId && o.marketKey === market.key),
    }));
  }

  function marketView(row: EventRow, entry: Awaited<ReturnType<typeof marketsOf>>[number]) {
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

  async function openCounts(eventIds: string[]): Promise<Map<string, number>> {
    if (eventIds.length === 0) return new Map();
    const rows = await db
      .select({ eventId: sbMarkets.eventId, count: sql<number>`count(*)::int` })
      .from(sbMarkets)
      .where(
        and(
          inArray(sbMarkets.eventId, eventIds),
          eq(sbMarkets.status, 'active'),
          eq(sbMarkets.recoverySuspended, false),
        ),
      )
      .groupBy(sbMarkets.eventId);
    return new Map(rows.map((r) => [r.eventId, r.count]));
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
    const [counts, mains] = await Promise.all([openCounts(ids), marketsOf(ids, MAIN_MARKETS)]);
    return {
      items: rows.map((row) => {
        const main = mains.find((m) => m.market.eventId === row.event.id);
        return eventView(row, counts.get(row.event.id) ?? 0, main ? marketView(row, main) : null);
      }),
    };
  }

  async function live(input: { sport?: string | undefined }, locale: Locale) {
    if (input.sport) await assertSport(input.sport);
    const rows = await events(
      and(eq(sbEvents.status, 'live'), input.sport ? eq(sbEvents.sportKey, input.sport) : undefined),
      locale,
      200,
    );
    return list(rows);
  }

  async function upcoming(
    input: { date: string; utc_offset: number; sport?: string | undefined; tournament?: string | undefined },
    locale: Locale,
  ) {
    const midnight = Date.parse(`${input.date}T00:00:00Z`);
    if (Number.isNaN(midnight))
      throw new AppError('InvalidParameterException', { fields: { date: 'invalid' } });
    if (input.sport) await assertSport(input.sport);
    if (input.tournament) {
      const [row] = await db
        .select({ key: sbTournaments.key })
        .from(sbTournaments)
        .where(eq(sbTournaments.key, input.tournament));
      if (!row) throw notFound('tournament');
    }
    const from = new Date(Math.max(midnight - input.utc_offset * 60_000, deps.now().getTime()));
    const to = new Date(midnight - input.utc_offset * 60_000 + 86_400_000);
    const rows = await events(
      and(
        eq(sbEvents.status, 'not_started'),
        gte(sbEvents.startTime, from),
        lt(sbEvents.startTime, to),
        input.sport ? eq(sbEvents.sportKey, input.sport) : undefined,
        input.tournament ? eq(sbEvents.tournamentKey, input.tournament) : undefined,
      ),
      locale,
      500,
    );
    return list(rows);
  }

  async function event(id: string, locale: Locale) {
    const [row] = await events(eq(sbEvents.id, id), locale, 1);
    if (!row) throw notFound('id');
    const entries = await marketsOf([id]);
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
