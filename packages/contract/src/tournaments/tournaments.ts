/**
 * The tournaments.* methods and `leaderboard.get` (spec §3 Tournament, §7; ADR 036). Amounts are
 * decimal strings in major units of the tournament's currency; scores are integers (a stake or win
 * total in minor units, a multiplier in hundredths, or points).
 */
import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, intParam, listParam, offsetParam, okOutput } from '../params.ts';

/** A positive tournament id as a number or decimal text. */
export const tournamentIdParam = () => intParam().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

const decimal = z.string().regex(/^\d+(\.\d+)?$/);

export const TOURNAMENT_STATUSES = ['active', 'future', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
export const TOURNAMENT_SCORINGS = [
  'total_bet',
  'total_win',
  'biggest_multiplier',
  'points_per_bet',
] as const;
export type TournamentScoring = (typeof TOURNAMENT_SCORINGS)[number];
export const TOURNAMENT_ENTRIES = ['opt_in', 'automatic', 'buy_in'] as const;
export type TournamentEntry = (typeof TOURNAMENT_ENTRIES)[number];
export const TOURNAMENT_PRIZE_KINDS = ['cash', 'bonus', 'free_spins', 'loyalty_points'] as const;
export type TournamentPrizeKind = (typeof TOURNAMENT_PRIZE_KINDS)[number];

/** One line of the prize table: places `from`…`to` (inclusive) each win this prize. */
export const tournamentPrizeOutput = z.object({
  from: z.number().int().min(1),
  to: z.number().int().min(1),
  kind: z.enum(TOURNAMENT_PRIZE_KINDS),
  /** cash: the amount each place wins, in the tournament's currency; otherwise null. */
  amount: decimal.nullable(),
  /** loyalty_points: the points; otherwise null. */
  points: z.number().int().nullable(),
  /** What the player gets, in the reader's language ("€100", "50 free spins"). */
  label: z.string(),
});
export type TournamentPrize = z.infer<typeof tournamentPrizeOutput>;

/** A leaderboard row. The player's name is masked like the winners lists'. */
export const leaderboardRowOutput = z.object({
  rank: z.number().int().min(1),
  player: z.string(),
  score: z.number().int(),
  /** The prize of this rank (label), or null. */
  prize: z.string().nullable(),
  /** True on the calling player's own row. */
  me: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowOutput>;

export const tournamentGameOutput = z.object({
  sysname: z.string(),
  name: z.string(),
  image_url: z.string(),
});

/** Spec §3 Tournament, with the schedule, scoring and entry the pages show. */
export const tournamentOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  start_at: z.string(),
  end_at: z.string(),
  /** Days between occurrences of a recurring tournament, or null. */
  recurring_days: z.number().int().nullable(),
  currencies: z.array(z.string().regex(/^[A-Z]{3}$/)),
  scoring: z.enum(TOURNAMENT_SCORINGS),
  /** points_per_bet: points for each bet of at least `min_stake`. */
  points_per_bet: z.number().int().nullable(),
  min_stake: decimal.nullable(),
  entry: z.enum(TOURNAMENT_ENTRIES),
  buy_in: decimal.nullable(),
  restrictions: z.object({
    max_participants: z.number().int().nullable(),
    min_stake: decimal.nullable(),
  }),
  reset_on_cashout: z.boolean(),
  prizes: z.array(tournamentPrizeOutput),
  /** The cash prizes together, in the tournament's currency. */
  total_prize: decimal,
  total_participants: z.number().int().min(0),
  total_points: z.number().int().min(0),
  /** The calling player's participation (null for a guest). */
  user_info: z
    .object({
      participates: z.boolean(),
      rank: z.number().int().nullable(),
      score: z.number().int(),
    })
    .nullable(),
  /** Published at the end (empty before). */
  winners: z.array(leaderboardRowOutput),
  provider: z.string(),
  image_url: z.string(),
  tags: z.array(z.string()),
  extra: z.record(z.string(), z.string()),
  games_count: z.number().int().min(0),
  games: z.array(tournamentGameOutput),
});
export type TournamentOutput = z.infer<typeof tournamentOutput>;

export const TOURNAMENT_FIELDS = Object.keys(tournamentOutput.shape).filter((key) => key !== 'id') as Exclude<
  keyof TournamentOutput,
  'id'
>[];

export const TOURNAMENTS_PAGE_SIZE = 20;

/**
 * Tournaments by status (`all` by default: running, upcoming, then finished), paged, optionally by
 * ids; `fields` limits each item to those fields (and `id`). Unknown ids are simply absent.
 */
export const tournamentsGet = defineMethod({
  name: 'tournaments.get',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      count: countParam(TOURNAMENTS_PAGE_SIZE),
      offset: offsetParam(),
      /** Tournament ids (`3,5` or a list). */
      ids: listParam(z.string().regex(/^[1-9]\d{0,14}$/), 50).optional(),
      fields: listParam(
        z.enum(TOURNAMENT_FIELDS as [string, ...string[]]),
        TOURNAMENT_FIELDS.length,
      ).optional(),
      status: z.enum(['all', ...TOURNAMENT_STATUSES]).default('all'),
    })
    .strict(),
  output: z.object({
    items: z.array(tournamentOutput.partial().required({ id: true })),
    total: z.number().int(),
  }),
});

/**
 * Joins a tournament (spec §4: success is 1). Refused with a typed error, nothing written: an
 * unknown id, a finished tournament, a currency it does not play in, a second join, a full one,
 * or a buy-in the balance does not cover.
 */
export const tournamentsParticipate = defineMethod({
  name: 'tournaments.participate',
  http: 'POST',
  access: 'player',
  input: z.object({ tournament_id: tournamentIdParam() }).strict(),
  output: okOutput,
});

export const LEADERBOARD_SIZE = 10;

/**
 * The top `count` of a tournament's leaderboard and the calling player's own row (null for a guest
 * or a player who does not take part). Ties: the earlier to reach the score ranks first, then the
 * lower player id (ADR 036).
 */
export const leaderboardGet = defineMethod({
  name: 'leaderboard.get',
  http: 'GET',
  access: 'guest',
  input: z.object({ tournament_id: tournamentIdParam(), count: countParam(LEADERBOARD_SIZE) }).strict(),
  output: z.object({
    items: z.array(leaderboardRowOutput),
    total: z.number().int().min(0),
    me: leaderboardRowOutput.nullable(),
    /** True once the tournament ended and its winners were published. */
    final: z.boolean(),
  }),
});
