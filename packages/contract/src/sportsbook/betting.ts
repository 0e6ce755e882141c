/**
 * sportsbook.* betting methods (issue #13, ADR 034): the bet slip's quote and placement, the
 * player's bets with their cash-out offers, and cash-out. The maths behind them is ADR 031's.
 *
 * A slip is a list of selections (event, market, outcome, the odds the player saw). One call
 * places ONE bet: a single (one selection), an accumulator (2–20 selections, one per event) or a
 * system (`2/3`, `trixie`…) over its selections; the bet slip's "singles" mode places one single
 * per selection, each with its own `request_id`. Stakes are per line, in major units as typed.
 *
 * Typed refusals (InvalidParameterException unless noted, nothing moved):
 * - `{selections: 'not_found'}` an unknown event, market or outcome;
 * - `{selections: 'suspended'}` a market or outcome not bettable now (the quote says which);
 * - `{selections: 'odds_changed'}` the odds moved and `accept_odds` does not accept the move;
 *   the error's `data.selections` carries the current odds;
 * - `{selections: 'same_event'}` two legs of one event in an accumulator or system;
 * - `{stake: 'below_minimum' | 'above_maximum' | 'uneven'}`; `above_maximum` carries
 *   `data.max_stake` (the stake per line that would be accepted, a decimal string);
 * - `{source: 'insufficient_funds'}` (the balance named by `source` is too low) and
 *   `{source: 'not_found'}` (an unknown or used free bet);
 * - a live bet waits `SPORTSBOOK_LIVE_DELAY_MS` and is then refused as above if a leg moved or
 *   was suspended meanwhile;
 * - `request_id` already used with other parameters: `{request_id: 'conflict'}`; with the same
 *   parameters it answers the first bet (a double submit places nothing twice).
 */
import { z } from 'zod';
import { amountParam, requestIdParam } from '../cashier/common.ts';
import { defineMethod } from '../method.ts';
import { countParam, jsonTextParam, listOutput, listParam, moneyOutput, offsetParam } from '../params.ts';

const eventId = z.string().regex(/^[a-z]+:[a-z_]+:[A-Za-z0-9_-]{1,64}$/);
const marketKey = z
  .string()
  .max(120)
  .regex(/^[a-z0-9_]{1,40}(\|[a-z_]{1,20}=[A-Za-z0-9.+-]{1,20})*$/);
const outcomeKey = z.string().regex(/^[a-z0-9_:+.-]{1,32}$/);

export const SPORTSBOOK_MAX_LEGS = 20;
/** Spec §9: history lists show 4 per page. */
export const SPORTSBOOK_BETS_PAGE_SIZE = 4;

/** One selection as the slip holds it: what the player clicked and the odds they saw. */
export const slipSelection = z
  .object({
    event_id: eventId,
    market_key: marketKey,
    outcome_key: outcomeKey,
    /** The odds shown when the player added or last accepted it, decimal × 1000. */
    odds_milli: z.number().int().min(1001).max(10_000_000),
  })
  .strict();
export type SlipSelection = z.infer<typeof slipSelection>;

/** single | accumulator | system: `2/3`…`19/20` or a named full cover. */
export const betKind = z.union([
  z.enum([
    'single',
    'accumulator',
    'trixie',
    'patent',
    'yankee',
    'lucky15',
    'canadian',
    'lucky31',
    'heinz',
    'lucky63',
    'super_heinz',
    'goliath',
  ]),
  z.string().regex(/^(1?\d|20)\/(1?\d|20)$/),
]);

/** Which odds moves the player accepts without being asked again. */
export const acceptOdds = z.enum(['none', 'higher', 'any']);

/** main (real money) | betting_bonus (the betting bonus balance) | free_bet:{id} (one free bet). */
export const stakeSource = z.string().regex(/^(main|betting_bonus|free_bet:\d{1,18})$/);

const slipInput = z
  .object({
    kind: betKind,
    /**
     * The legs; JSON text on the wire (the browser's form-encoded POST cannot carry a list of
     * objects, `jsonTextParam`), or already parsed (JSON bodies, the in-process client).
     */
    selections: jsonTextParam(z.array(slipSelection).min(1).max(SPORTSBOOK_MAX_LEGS), 16_384),
    /** Stake per line in major units as typed; ignored for a free bet (its amount is the stake). */
    stake: amountParam,
    source: stakeSource.default('main'),
    accept_odds: acceptOdds.default('none'),
  })
  .strict();

/** Each selection's current state, as the quote and the odds_changed refusal give it. */
export const selectionState = z.object({
  event_id: z.string(),
  market_key: z.string(),
  outcome_key: z.string(),
  event_name: z.string(),
  market_name: z.string(),
  outcome_name: z.string(),
  odds: z.string(),
  odds_milli: z.number().int(),
  /** The market and outcome take bets now. */
  active: z.boolean(),
  live: z.boolean(),
});

/**
 * Prices a slip without placing it: current odds of every selection, lines, total stake, the
 * potential payout and the limits. Guests may quote (the slip works before login); stake may be
 * empty ("") to only refresh odds.
 */
export const sportsbookQuote = defineMethod({
  name: 'sportsbook.quote',
  http: 'POST',
  access: 'guest',
  input: slipInput.extend({ stake: amountParam.optional() }),
  output: z.object({
    selections: z.array(selectionState),
    lines: z.number().int().min(1),
    total_stake: moneyOutput.nullable(),
    potential_payout: moneyOutput.nullable(),
    min_stake: moneyOutput,
    /** The largest stake per line accepted now (limits, liability, the player's factor). */
    max_stake: moneyOutput,
    /** Every selection active and the combination allowed. */
    placeable: z.boolean(),
    /** Why not, when not: suspended | same_event | too_many_lines | odds_changed. */
    reason: z.string().nullable(),
  }),
});

export const betLeg = z.object({
  event_id: z.string(),
  event_name: z.string(),
  sport: z.string(),
  start_time: z.string(),
  market_name: z.string(),
  outcome_name: z.string(),
  odds: z.string(),
  live: z.boolean(),
  /** open | won | lost | void | half_won | half_lost | dead_heat */
  result: z.enum(['open', 'won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat']),
});

export const bet = z.object({
  id: z.string(),
  kind: z.string(),
  /** open | won | lost | void | cashed_out | cancelled */
  status: z.enum(['open', 'won', 'lost', 'void', 'cashed_out', 'cancelled']),
  placed_at: z.string(),
  settled_at: z.string().nullable(),
  lines: z.number().int(),
  stake: moneyOutput,
  source: z.enum(['main', 'betting_bonus', 'free_bet']),
  /** Total odds of an accumulator or single; null for systems. */
  odds: z.string().nullable(),
  potential_payout: moneyOutput,
  payout: moneyOutput.nullable(),
  /** The cash-out offered now, or null (settled, a leg suspended, nothing open, zero). */
  cash_out: moneyOutput.nullable(),
  legs: z.array(betLeg),
});
export type Bet = z.infer<typeof bet>;

/** Places one bet; answers it as `sportsbook.getBets` would. */
export const sportsbookPlaceBet = defineMethod({
  name: 'sportsbook.placeBet',
  http: 'POST',
  access: 'player',
  input: slipInput.extend({ request_id: requestIdParam }),
  output: bet,
});

/** The player's sports bets, newest first; `status=open` or `status=settled` (all when absent). */
export const sportsbookGetBets = defineMethod({
  name: 'sportsbook.getBets',
  http: 'GET',
  access: 'player',
  input: z
    .object({
      status: z.enum(['open', 'settled']).optional(),
      ids: listParam(z.string().regex(/^\d{1,18}$/), 50).optional(),
      offset: offsetParam(),
      count: countParam(SPORTSBOOK_BETS_PAGE_SIZE, 50),
    })
    .strict(),
  output: listOutput(bet),
});

/**
 * Cashes out an open bet for `amount` (the offer the player saw). Refusals: `{bet_id: 'not_found'}`
 * (unknown or another player's), `{bet_id: 'settled'}`, `{bet_id: 'suspended'}` (a leg not
 * bettable), `{amount: 'changed'}` with `data.cash_out` (the offer moved; accept it by sending it).
 */
export const sportsbookCashOut = defineMethod({
  name: 'sportsbook.cashOut',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      bet_id: z.string().regex(/^\d{1,18}$/),
      amount: amountParam,
      request_id: requestIdParam,
    })
    .strict(),
  output: bet,
});

/** The player's free bets not used yet (issued by the promotions engine or the loyalty shop). */
export const sportsbookGetFreeBets = defineMethod({
  name: 'sportsbook.getFreeBets',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        amount: moneyOutput,
        /** Minimum total odds of the bet it can stake, or null. */
        min_odds: z.string().nullable(),
        expires_at: z.string().nullable(),
      }),
    ),
  }),
});
