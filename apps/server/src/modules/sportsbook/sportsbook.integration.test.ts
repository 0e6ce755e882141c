/**
 * The sportsbook's feed and read API end to end on real PostgreSQL: the simulator runs as the
 * server's background pass (turned on here; off by default in tests) under a moved clock, recovers
 * at first start, and the sportsbook.* methods answer sports, tournaments, live and upcoming events
 * and one event's markets in English and French; a match played out is settled per outcome.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sbMarkets, sbOutcomes } from './sportsbook.tables.ts';

let t: TestApp;
// 12:05 UTC: a football match kicked off at 12:00, tennis at 12:02, basketball at 12:01.
let clock = Date.UTC(2026, 10, 26, 12, 5);

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    now: () => new Date(clock),
    env: { SPORTSBOOK_FEED: 'simulator', SPORTSBOOK_SIMULATOR_SEED: 'integration' },
  });
  await t.app.services.sportsbook.runFeedNow(60_000);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Envelope<T = unknown> {
  status: 0 | 1;
  data: T;
  error: { type: string; code: string; fields?: Record<string, string> };
}

async function get<T = unknown>(method: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  const response = await t.app.inject({ method: 'GET', url: `/api/${method}${query ? `?${query}` : ''}` });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

interface Named {
  key: string;
  name: string;
}
interface Outcome {
  key: string;
  name: string;
  odds: string;
  odds_milli: number;
  active: boolean;
  result: string | null;
}
interface Market {
  key: string;
  name: string;
  status: string;
  outcomes: Outcome[];
}
interface Event {
  id: string;
  sport: Named;
  tournament: Named;
  home: Named;
  away: Named;
  start_time: string;
  status: string;
  score: { home: number; away: number; period: string | null; clock_seconds: number | null };
  markets_count: number;
  main_market: Market | null;
  markets?: Market[];
}

describe('sportsbook read API', () => {
  it('lists the sports with live and upcoming counts, in both languages', async () => {
    const { body } = await get<{ items: Array<Named & { live_count: number; upcoming_count: number }> }>(
      'sportsbook.getSports',
    );
    expect(body.status).toBe(1);
    expect(body.data.items.map((s) => s.key)).toEqual(['football', 'tennis', 'basketball']);
    for (const sport of body.data.items) {
      expect(sport.live_count).toBeGreaterThanOrEqual(1);
      expect(sport.upcoming_count).toBeGreaterThan(50);
    }
    const fr = await get<{ items: Named[] }>('sportsbook.getSports', { locale: 'fr' });
    expect(fr.body.data.items.find((s) => s.key === 'basketball')?.name).toBe('Basket-ball');
  });

  it('lists a sport’s tournaments with their categories', async () => {
    const { body } = await get<{ items: Array<Named & { category: Named & { country: string | null } }> }>(
      'sportsbook.getTournaments',
      { sport: 'football', locale: 'fr' },
    );
    expect(body.data.items.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Coupe des nations', 'Ligue Hexagone', "Première division d'Albion"]),
    );
    expect(body.data.items.find((x) => x.key === 'fb-albion-premier')?.category).toEqual({
      key: 'fb-england',
      name: 'Angleterre',
      country: 'GB',
    });
    const unknown = await get('sportsbook.getTournaments', { sport: 'curling' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { sport: 'not_found' },
    });
  });

  it('shows live events with score, clock and main market', async () => {
    const { body } = await get<{ items: Event[] }>('sportsbook.getLive', { sport: 'football' });
    const [match] = body.data.items;
    expect(match).toBeDefined();
    expect(match!.status).toBe('live');
    expect(match!.start_time).toBe(new Date(Date.UTC(2026, 10, 26, 12, 0)).toISOString());
    // Five real minutes at 6× speed: about half an hour of play.
    expect(match!.score.clock_seconds).toBeGreaterThan(20 * 60);
    expect(match!.score.period).toBe('1st_half');
    expect(match!.main_market?.key).toBe('1x2');
    expect(match!.main_market?.outcomes.map((o) => o.key)).toEqual(['home', 'draw', 'away']);
    expect(match!.main_market?.outcomes[0]?.name).toBe(match!.home.name);
    const all = await get<{ items: Event[] }>('sportsbook.getLive');
    expect(new Set(all.body.data.items.map((e) => e.sport.key))).toEqual(
      new Set(['football', 'tennis', 'basketball']),
    );
  });

  it('shows one event with all its markets named in the player’s language', async () => {
    const live = await get<{ items: Event[] }>('sportsbook.getLive', { sport: 'football' });
    const id = live.body.data.items[0]!.id;
    const { body } = await get<Event>('sportsbook.getEvent', { id, locale: 'fr' });
    const markets = body.data.markets!;
    expect(markets[0]?.name).toBe('Résultat du match');
    const keys = markets.map((m) => m.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'double_chance',
        'totals|total=2.5',
        'handicap|hcp=-0.75',
        'btts',
        'correct_score',
      ]),
    );
    const totals = markets.find((m) => m.key === 'totals|total=2.5')!;
    expect(totals.name).toBe('Total 2.5');
    expect(totals.outcomes.map((o) => o.name)).toEqual(['Plus de 2.5', 'Moins de 2.5']);
    const handicap = markets.find((m) => m.key === 'handicap|hcp=-1.5')!;
    expect(handicap.outcomes[1]?.name).toBe(`${body.data.away.name} (+1.5)`);
    for (const market of markets)
      for (const outcome of market.outcomes) {
        expect(outcome.odds).toBe((outcome.odds_milli / 1000).toFixed(3));
        if (outcome.active) expect(market.status).toBe('active');
      }
    const unknown = await get('sportsbook.getEvent', { id: 'sim:match:nope' });
    expect(unknown.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { id: 'not_found' },
    });
  });

  it('lists upcoming events of a day in the player’s time zone', async () => {
    const { body } = await get<{ items: Event[] }>('sportsbook.getUpcoming', {
      date: '2026-11-27',
      sport: 'tennis',
    });
    // A tennis match every 20 minutes: 72 on a whole day.
    expect(body.data.items).toHaveLength(72);
    expect(
      body.data.items.every((e) => e.status === 'not_started' && e.start_time.startsWith('2026-11-27')),
    ).toBe(true);
    expect(body.data.items[0]?.main_market?.key).toBe('winner');
    // Paris (UTC+1): the day starts an hour earlier.
    const paris = await get<{ items: Event[] }>('sportsbook.getUpcoming', {
      date: '2026-11-27',
      sport: 'tennis',
      utc_offset: '60',
    });
    expect(paris.body.data.items[0]?.start_time).toBe('2026-11-26T23:02:00.000Z');
    // Today: only what has not started yet.
    const today = await get<{ items: Event[] }>('sportsbook.getUpcoming', { date: '2026-11-26' });
    expect(today.body.data.items.every((e) => Date.parse(e.start_time) > clock)).toBe(true);
    const bad = await get('sportsbook.getUpcoming', { date: '27/11/2026' });
    expect(bad.body.error?.type).toBe('InvalidParameterException');
    const unknown = await get('sportsbook.getUpcoming', { date: '2026-11-27', tournament: 'nope' });
    expect(unknown.body.error).toMatchObject({ fields: { tournament: 'not_found' } });
  });

  it('plays the matches out and settles them per outcome', async () => {
    const live = await get<{ items: Event[] }>('sportsbook.getLive', { sport: 'football' });
    const id = live.body.data.items[0]!.id;
    clock += 20 * 60_000;
    await t.app.services.sportsbook.runFeedNow(60_000);
    const { body } = await get<Event>('sportsbook.getEvent', { id });
    expect(body.data.status).toBe('ended');
    expect(body.data.markets_count).toBe(0);
    expect(body.data.markets!.every((m) => m.status === 'settled')).toBe(true);
    const won = body.data.markets!.find((m) => m.key === '1x2')!.outcomes.filter((o) => o.result === 'won');
    expect(won).toHaveLength(1);
    const settled = await t.database.db
      .select()
      .from(sbOutcomes)
      .where(and(eq(sbOutcomes.eventId, id), isNotNull(sbOutcomes.result)));
    const markets = await t.database.db.select().from(sbMarkets).where(eq(sbMarkets.eventId, id));
    expect(settled.length).toBe(body.data.markets!.reduce((n, m) => n + m.outcomes.length, 0));
    expect(markets.every((m) => m.recoverySuspended === false)).toBe(true);
  });
});
