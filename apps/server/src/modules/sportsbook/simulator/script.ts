/**
 * A fixture's whole life as timed feed messages (a "recorded match"): published `horizonMs` before
 * kick-off with pre-match odds (producer 3), then the model's match in accelerated time (producer 1):
 * odds changes, bet stops, the final score and settlement. Deterministic from the seed and the
 * fixture: every node, every replay computes the same script.
 */
import { PRODUCERS, type SportKey } from '../feed/messages.ts';
import { basketballPrematch, playBasketball, possessionModel } from './basketball.ts';
import { footballPrematch, playFootballMatch } from './football.ts';
import type { PricedMarket } from './pricing.ts';
import { seededRandom } from './random.ts';
import type { Step } from './steps.ts';
import { playTennis, TennisModel, tennisPrematch } from './tennis.ts';
import { SIM_SPORTS, type SimCompetitor, type SimLeague } from './world.ts';

export interface TimedMessage {
  ts: number;
  /** A wire message (what an adapter hands the consumer). */
  message: Record<string, unknown> & { kind: string; product: number; timestamp: number };
}

export interface SimFixture {
  eventId: string;
  sport: SportKey;
  league: SimLeague;
  home: SimCompetitor;
  away: SimCompetitor;
  startTs: number;
}

export interface ScriptOptions {
  seed: string;
  /** The book's margin (0.06 = 6 % overround). */
  margin: number;
  /** Match time runs this many times faster than real time. */
  speed: number;
  /** How long before kick-off a fixture is published. */
  horizonMs: number;
}

/** The model's parameters of a fixture, from the competitors' strengths and the fixture's seed. */
function model(fixture: SimFixture, seed: string) {
  const rng = seededRandom(seed, fixture.eventId, 'model');
  const form = () => 0.9 + rng.next() * 0.2;
  const h = fixture.home.strength * form();
  const a = fixture.away.strength * form();
  return { rng: seededRandom(seed, fixture.eventId, 'match'), h, a };
}

function prematchMarkets(fixture: SimFixture, options: ScriptOptions): PricedMarket[] {
  const { h, a } = model(fixture, options.seed);
  switch (fixture.sport) {
    case 'football':
      return footballPrematch(1.45 * (h / a) ** 0.8, 1.15 * (a / h) ** 0.8, options.margin);
    case 'tennis':
      return tennisPrematch(new TennisModel(Math.min(0.8, h), Math.min(0.8, a)), options.margin);
    case 'basketball':
      return basketballPrematch(possessionModel(h * 1.02), possessionModel(a), options.margin);
  }
}

function playMatch(fixture: SimFixture, options: ScriptOptions): { steps: Step[]; end: number } {
  const { rng, h, a } = model(fixture, options.seed);
  switch (fixture.sport) {
    case 'football':
      return playFootballMatch(rng, 1.45 * (h / a) ** 0.8, 1.15 * (a / h) ** 0.8, options.margin);
    case 'tennis':
      return playTennis(rng, new TennisModel(Math.min(0.8, h), Math.min(0.8, a)), options.margin);
    case 'basketball':
      return playBasketball(rng, possessionModel(h * 1.02), possessionModel(a), options.margin);
  }
}

function fixtureChange(
  fixture: SimFixture,
  ts: number,
  status: 'not_started' | 'live' | 'cancelled',
  product: number,
) {
  const { league } = fixture;
  const competitor = (c: SimCompetitor) => ({
    key: c.key,
    name: c.name,
    ...(c.country ? { country: c.country } : {}),
  });
  return {
    kind: 'fixture_change',
    product,
    eventId: fixture.eventId,
    timestamp: ts,
    fixture: {
      sport: { key: fixture.sport, name: SIM_SPORTS[fixture.sport] },
      category: league.category,
      tournament: { key: league.key, name: league.name },
      home: competitor(fixture.home),
      away: competitor(fixture.away),
      startTime: fixture.startTs,
      status,
    },
  };
}

function marketsWire(markets: PricedMarket[]) {
  return markets.map((m) => ({ key: m.key, status: m.status, outcomes: m.outcomes.map((o) => ({ ...o })) }));
}

/** Only what is sent before kick-off (cheap: no match played). */
export function prematchScript(fixture: SimFixture, options: ScriptOptions): TimedMessage[] {
  const publishTs = fixture.startTs - options.horizonMs;
  const product = PRODUCERS.prematch;
  return [
    { ts: publishTs, message: fixtureChange(fixture, publishTs, 'not_started', product) },
    {
      ts: publishTs + 1,
      message: {
        kind: 'odds_change',
        product,
        eventId: fixture.eventId,
        timestamp: publishTs + 1,
        eventStatus: { status: 'not_started', homeScore: 0, awayScore: 0, period: null, clockSeconds: null },
        markets: marketsWire(prematchMarkets(fixture, options)),
      },
    },
  ];
}

/** The whole script: pre-match, then the match, in strictly increasing time. */
/** One fixture in this many is called off before kick-off (its markets cancelled: bets void). */
export const CANCELLED_ONE_IN = 40;
/** How long before kick-off a called-off fixture is cancelled. */
export const CANCEL_BEFORE_MS = 10 * 60_000;

/** Whether the fixture is called off (seeded, rare). */
export function isCalledOff(fixture: SimFixture, seed: string): boolean {
  return seededRandom(seed, fixture.eventId, 'fate').next() < 1 / CANCELLED_ONE_IN;
}

export function matchScript(fixture: SimFixture, options: ScriptOptions): TimedMessage[] {
  const out = prematchScript(fixture, options);
  if (isCalledOff(fixture, options.seed)) {
    // Called off: the fixture cancelled, then every market cancelled (no window: all bets void).
    const ts = fixture.startTs - CANCEL_BEFORE_MS;
    const product = PRODUCERS.prematch;
    const marketKeys = prematchMarkets(fixture, options).map((m) => m.key);
    out.push({ ts, message: fixtureChange(fixture, ts, 'cancelled', product) });
    out.push({
      ts: ts + 1,
      message: { kind: 'bet_cancel', product, eventId: fixture.eventId, timestamp: ts + 1, marketKeys },
    });
    return out;
  }
  const product = PRODUCERS.live;
  const { steps } = playMatch(fixture, options);
  let last = fixture.startTs;
  out.push({ ts: last, message: fixtureChange(fixture, last, 'live', product) });
  for (const step of steps) {
    const ts = Math.max(last + 1, fixture.startTs + Math.round((step.at * 1000) / options.speed));
    last = ts;
    const base = { product, eventId: fixture.eventId, timestamp: ts };
    if (step.kind === 'bet_stop') out.push({ ts, message: { kind: 'bet_stop', ...base } });
    else if (step.kind === 'odds')
      out.push({
        ts,
        message: {
          kind: 'odds_change',
          ...base,
          eventStatus: step.status,
          markets: marketsWire(step.markets),
        },
      });
    else out.push({ ts, message: { kind: 'bet_settlement', ...base, markets: step.markets } });
  }
  return out;
}
