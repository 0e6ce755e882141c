/** The catalogue's read queries (the consumer, ./consumer.ts, is its only writer). */
import type { Db } from '@croupier/db/client';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  sbCategories,
  sbCompetitors,
  sbEvents,
  sbMarkets,
  sbOutcomes,
  sbSports,
  sbTournaments,
  sbTraderHolds,
} from '../sportsbook.tables.ts';

const home = alias(sbCompetitors, 'home');
const away = alias(sbCompetitors, 'away');

export interface EventFilter {
  id?: string | undefined;
  status?: string | undefined;
  sport?: string | undefined;
  tournament?: string | undefined;
  startFrom?: Date | undefined;
  startBefore?: Date | undefined;
}

export function createCatalogueRepository(db: Db) {
  const liveCount = sql<number>`count(${sbEvents.id}) FILTER (WHERE ${sbEvents.status} = 'live')::int`;
  const upcomingCount = (now: Date) =>
    sql<number>`count(${sbEvents.id}) FILTER (WHERE ${sbEvents.status} = 'not_started' AND ${sbEvents.startTime} > ${now})::int`;

  return {
    /** Every sport with its live and upcoming event counts. */
    sportRows(now: Date) {
      return db
        .select({ sport: sbSports, live: liveCount, upcoming: upcomingCount(now) })
        .from(sbSports)
        .leftJoin(sbEvents, eq(sbEvents.sportKey, sbSports.key))
        .groupBy(sbSports.key);
    },

    async sportExists(key: string): Promise<boolean> {
      const rows = await db.select({ key: sbSports.key }).from(sbSports).where(eq(sbSports.key, key));
      return rows.length > 0;
    },

    async tournamentExists(key: string): Promise<boolean> {
      const rows = await db
        .select({ key: sbTournaments.key })
        .from(sbTournaments)
        .where(eq(sbTournaments.key, key));
      return rows.length > 0;
    },

    /** A sport's tournaments with their categories and event counts. */
    tournamentRows(sport: string, now: Date) {
      return db
        .select({
          tournament: sbTournaments,
          category: sbCategories,
          live: liveCount,
          upcoming: upcomingCount(now),
        })
        .from(sbTournaments)
        .innerJoin(sbCategories, eq(sbCategories.key, sbTournaments.categoryKey))
        .leftJoin(sbEvents, eq(sbEvents.tournamentKey, sbTournaments.key))
        .where(eq(sbTournaments.sportKey, sport))
        .groupBy(sbTournaments.key, sbCategories.key);
    },

    /** Events with their sport, tournament, category and competitors, by start time (at most `limit`). */
    eventRows(filter: EventFilter, limit: number) {
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
        .where(
          and(
            filter.id ? eq(sbEvents.id, filter.id) : undefined,
            filter.status ? eq(sbEvents.status, filter.status) : undefined,
            filter.sport ? eq(sbEvents.sportKey, filter.sport) : undefined,
            filter.tournament ? eq(sbEvents.tournamentKey, filter.tournament) : undefined,
            filter.startFrom ? gte(sbEvents.startTime, filter.startFrom) : undefined,
            filter.startBefore ? lt(sbEvents.startTime, filter.startBefore) : undefined,
          ),
        )
        .orderBy(asc(sbEvents.startTime), asc(sbEvents.id))
        .limit(limit);
    },

    /** The events' markets (only `onlyKeys` when given) with their outcomes, in feed order. */
    async marketRows(eventIds: string[], onlyKeys?: string[]) {
      if (eventIds.length === 0) return [];
      const markets = await db
        .select()
        .from(sbMarkets)
        .where(
          and(inArray(sbMarkets.eventId, eventIds), onlyKeys ? inArray(sbMarkets.key, onlyKeys) : undefined),
        )
        .orderBy(asc(sbMarkets.position));
      const outcomes = await db
        .select()
        .from(sbOutcomes)
        .where(
          and(
            inArray(sbOutcomes.eventId, eventIds),
            onlyKeys ? inArray(sbOutcomes.marketKey, onlyKeys) : undefined,
          ),
        )
        .orderBy(asc(sbOutcomes.position));
      // A trader's hold (ADR 047) reads as suspended to players, like a recovery.
      const holds = await db
        .select({ eventId: sbTraderHolds.eventId, marketKey: sbTraderHolds.marketKey })
        .from(sbTraderHolds)
        .where(inArray(sbTraderHolds.eventId, eventIds));
      const held = new Set(holds.map((h) => `${h.eventId}\u0000${h.marketKey}`));
      const isHeld = (m: { eventId: string; key: string }) =>
        held.has(`${m.eventId}\u0000`) || held.has(`${m.eventId}\u0000${m.key}`);
      return markets.map((market) => ({
        market: isHeld(market) ? { ...market, recoverySuspended: true } : market,
        outcomes: outcomes.filter((o) => o.eventId === market.eventId && o.marketKey === market.key),
      }));
    },

    /** Per event, its markets open to bets (active, not held by a recovery nor by a trader). */
    async openMarketCounts(eventIds: string[]): Promise<Map<string, number>> {
      if (eventIds.length === 0) return new Map();
      const rows = await db
        .select({ eventId: sbMarkets.eventId, count: sql<number>`count(*)::int` })
        .from(sbMarkets)
        .where(
          and(
            inArray(sbMarkets.eventId, eventIds),
            eq(sbMarkets.status, 'active'),
            eq(sbMarkets.recoverySuspended, false),
            sql`NOT EXISTS (SELECT 1 FROM sb_trader_holds th WHERE th.event_id = ${sbMarkets.eventId}
              AND th.market_key IN ('', ${sbMarkets.key}))`,
          ),
        )
        .groupBy(sbMarkets.eventId);
      return new Map(rows.map((r) => [r.eventId, r.count]));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
export type EventRow = Awaited<ReturnType<CatalogueRepository['eventRows']>>[number];
export type MarketRow = Awaited<ReturnType<CatalogueRepository['marketRows']>>[number];
