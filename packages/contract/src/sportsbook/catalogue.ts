/**
 * sportsbook.* read methods (ADR 030): the in-house sportsbook's sports, tournaments, live and
 * upcoming events and one event's markets, named in the request's language. Guests may call them.
 * Odds are decimal strings with three decimals (`"2.375"`) beside the integer `odds_milli` (2375).
 * Unknown sport, tournament or event: InvalidParameterException with `{field: 'not_found'}`.
 */
import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { intParam } from '../params.ts';

/** A sport's or tournament's key (`football`, `fb-nations-cup`). */
const key = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/);
const named = z.object({ key: z.string(), name: z.string() });

export const sportsbookSport = named.extend({
  live_count: z.number().int().min(0),
  upcoming_count: z.number().int().min(0),
});

export const sportsbookTournament = named.extend({
  category: named.extend({ country: z.string().nullable() }),
  live_count: z.number().int().min(0),
  upcoming_count: z.number().int().min(0),
});

export const sportsbookOutcome = z.object({
  key: z.string(),
  name: z.string(),
  /** Decimal odds, three decimals. */
  odds: z.string(),
  odds_milli: z.number().int(),
  /** Bettable now: the outcome and its market are active. */
  active: z.boolean(),
  /** Once settled: won | lost | void (void_factor '0.5' on a half result). */
  result: z.enum(['won', 'lost', 'void']).nullable(),
  void_factor: z.enum(['0', '0.5', '1']).nullable(),
});

export const sportsbookMarket = z.object({
  key: z.string(),
  name: z.string(),
  /** active | suspended (bet stop, a producer recovering) | deactivated | settled | cancelled */
  status: z.enum(['active', 'suspended', 'deactivated', 'settled', 'cancelled']),
  outcomes: z.array(sportsbookOutcome),
});

export const sportsbookEvent = z.object({
  id: z.string(),
  sport: named,
  category: named.extend({ country: z.string().nullable() }),
  tournament: named,
  home: named,
  away: named,
  /** ISO date-time. */
  start_time: z.string(),
  status: z.enum(['not_started', 'live', 'ended', 'cancelled']),
  score: z.object({
    home: z.number().int(),
    away: z.number().int(),
    /** e.g. 1st_half, halftime, set2, q3, ot1, ended; null before the start. */
    period: z.string().nullable(),
    /** Match clock in seconds (football, basketball); null when the sport has none. */
    clock_seconds: z.number().int().nullable(),
    /** Period scores, tennis games and points (`set1_home`, `points_home`, `p2_away`…). */
    detail: z.record(z.string(), z.union([z.number(), z.string()])),
  }),
  /** Markets open to bets now. */
  markets_count: z.number().int().min(0),
  /** The sport's main market (1X2, winner or moneyline) for lists, when offered. */
  main_market: sportsbookMarket.nullable(),
});
export type SportsbookEvent = z.infer<typeof sportsbookEvent>;

export const sportsbookGetSports = defineMethod({
  name: 'sportsbook.getSports',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: z.object({ items: z.array(sportsbookSport) }),
});

export const sportsbookGetTournaments = defineMethod({
  name: 'sportsbook.getTournaments',
  http: 'GET',
  access: 'guest',
  input: z.object({ sport: key }).strict(),
  output: z.object({ items: z.array(sportsbookTournament) }),
});

/** Live events, by start time; optionally of one sport. */
export const sportsbookGetLive = defineMethod({
  name: 'sportsbook.getLive',
  http: 'GET',
  access: 'guest',
  input: z.object({ sport: key.optional() }).strict(),
  output: z.object({ items: z.array(sportsbookEvent) }),
});

/**
 * Events not started yet kicking off on `date` (YYYY-MM-DD) in the player's time zone, given as
 * `utc_offset` minutes east of UTC (default 0); optionally of one sport or tournament.
 */
export const sportsbookGetUpcoming = defineMethod({
  name: 'sportsbook.getUpcoming',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      utc_offset: intParam().pipe(z.number().int().min(-840).max(840)).default(0),
      sport: key.optional(),
      tournament: key.optional(),
    })
    .strict(),
  output: z.object({ items: z.array(sportsbookEvent) }),
});

/** One event with all its markets and outcomes. */
export const sportsbookGetEvent = defineMethod({
  name: 'sportsbook.getEvent',
  http: 'GET',
  access: 'guest',
  input: z.object({ id: z.string().regex(/^[a-z]+:[a-z_]+:[A-Za-z0-9_-]{1,64}$/) }).strict(),
  output: sportsbookEvent.extend({ markets: z.array(sportsbookMarket) }),
});
