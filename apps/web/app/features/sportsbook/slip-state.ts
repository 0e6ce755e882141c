/**
 * The bet slip's state (ADR 035): the selections the player clicked, the mode (singles, an
 * accumulator or a system), stakes per line, the stake source and the odds changes the quote
 * reported. A pure reducer, persisted in localStorage (the slip survives a reload and a visit to
 * the casino), checked on the way back in.
 */
import { type SlipSelection, slipSelection } from '@croupier/contract/sportsbook/betting';
import { z } from 'zod';
import { linesOf, systemKinds } from './slip-maths.ts';

export interface SlipLeg extends SlipSelection {
  event_name: string;
  market_name: string;
  outcome_name: string;
  live: boolean;
  /** The odds now, when the quote found them moved from `odds_milli` (the player must accept). */
  new_odds_milli: number | null;
  /** The market or outcome does not take bets now. */
  suspended: boolean;
}

export type SlipMode = 'singles' | 'accumulator' | 'system';

export interface SlipState {
  legs: SlipLeg[];
  mode: SlipMode;
  /** The chosen system kind (`2/3`, `trixie`…) when mode is system. */
  system: string | null;
  /** Stake per line as typed: per leg key in singles mode, `combo` otherwise. */
  stakes: Record<string, string>;
  /** main | betting_bonus | free_bet:{id} */
  source: string;
}

export const EMPTY_SLIP: SlipState = { legs: [], mode: 'singles', system: null, stakes: {}, source: 'main' };

export const COMBO_STAKE = 'combo';

export function legKey(leg: Pick<SlipSelection, 'event_id' | 'market_key' | 'outcome_key'>): string {
  return `${leg.event_id}|${leg.market_key}|${leg.outcome_key}`;
}

export type SlipAction =
  | { type: 'toggle'; leg: Omit<SlipLeg, 'new_odds_milli' | 'suspended'> }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'mode'; mode: SlipMode; system?: string | null }
  | { type: 'stake'; key: string; value: string }
  | { type: 'source'; source: string }
  | {
      type: 'quoted';
      selections: readonly {
        event_id: string;
        market_key: string;
        outcome_key: string;
        odds_milli: number;
        active: boolean;
      }[];
    }
  | { type: 'acceptChanges' }
  | { type: 'placed'; keys: readonly string[] };

/** Keeps the mode fitting the legs: one leg is a single; a system kind must fit the leg count. */
function fitMode(state: SlipState): SlipState {
  if (state.legs.length <= 1) return { ...state, mode: 'singles', system: null };
  if (state.mode !== 'system') return state;
  if (state.system && linesOf(state.system, state.legs.length) > 0) return state;
  const first = systemKinds(state.legs.length)[0];
  return first ? { ...state, system: first } : { ...state, mode: 'accumulator', system: null };
}

export function slipReducer(state: SlipState, action: SlipAction): SlipState {
  switch (action.type) {
    case 'toggle': {
      const key = legKey(action.leg);
      if (state.legs.some((leg) => legKey(leg) === key)) {
        return slipReducer(state, { type: 'remove', key });
      }
      // One outcome per market: picking another outcome of the same market replaces it.
      const others = state.legs.filter(
        (leg) => !(leg.event_id === action.leg.event_id && leg.market_key === action.leg.market_key),
      );
      if (others.length >= 20) return state;
      const legs = [...others, { ...action.leg, new_odds_milli: null, suspended: false }];
      const mode = state.legs.length === 0 ? 'singles' : state.mode;
      return fitMode({ ...state, legs, mode, system: mode === 'system' ? null : state.system });
    }
    case 'remove': {
      const stakes = { ...state.stakes };
      delete stakes[action.key];
      return fitMode({ ...state, legs: state.legs.filter((leg) => legKey(leg) !== action.key), stakes });
    }
    case 'clear':
      return { ...EMPTY_SLIP, source: state.source };
    case 'mode':
      return fitMode({ ...state, mode: action.mode, system: action.system ?? null });
    case 'stake':
      return { ...state, stakes: { ...state.stakes, [action.key]: action.value } };
    case 'source':
      return { ...state, source: action.source };
    case 'quoted': {
      const byKey = new Map(action.selections.map((selection) => [legKey(selection), selection]));
      return {
        ...state,
        legs: state.legs.map((leg) => {
          const quoted = byKey.get(legKey(leg));
          if (!quoted) return leg;
          return {
            ...leg,
            new_odds_milli: quoted.odds_milli !== leg.odds_milli ? quoted.odds_milli : null,
            suspended: !quoted.active,
          };
        }),
      };
    }
    case 'acceptChanges':
      return {
        ...state,
        legs: state.legs.map((leg) =>
          leg.new_odds_milli === null
            ? leg
            : { ...leg, odds_milli: leg.new_odds_milli, new_odds_milli: null },
        ),
      };
    case 'placed': {
      const placed = new Set(action.keys);
      const stakes = Object.fromEntries(Object.entries(state.stakes).filter(([key]) => !placed.has(key)));
      const legs = state.legs.filter((leg) => !placed.has(legKey(leg)));
      return fitMode({ ...state, legs, stakes: legs.length === 0 ? {} : stakes });
    }
  }
}

export function hasOddsChanges(state: SlipState): boolean {
  return state.legs.some((leg) => leg.new_odds_milli !== null);
}

/** The kind the slip places in accumulator or system mode. */
export function comboKind(state: SlipState): string | null {
  if (state.mode === 'accumulator') return state.legs.length >= 2 ? 'accumulator' : null;
  if (state.mode === 'system') return state.system;
  return null;
}

export const SLIP_STORAGE_KEY = 'croupier_bet_slip';

const storedLeg = slipSelection.extend({
  event_name: z.string().max(200),
  market_name: z.string().max(200),
  outcome_name: z.string().max(200),
  live: z.boolean(),
});

const storedSlip = z.object({
  legs: z.array(storedLeg).max(20),
  mode: z.enum(['singles', 'accumulator', 'system']),
  system: z.string().max(20).nullable(),
  stakes: z.record(z.string(), z.string().max(20)),
  source: z.string().max(40),
});

/** The slip as stored (odds-change marks are not: the next quote finds them again). */
export function serializeSlip(state: SlipState): string {
  return JSON.stringify({
    ...state,
    legs: state.legs.map(({ new_odds_milli: _n, suspended: _s, ...leg }) => leg),
  });
}

/** A stored slip, or the empty one when nothing valid is there. */
export function parseStoredSlip(text: string | null): SlipState {
  if (!text) return EMPTY_SLIP;
  try {
    const parsed = storedSlip.safeParse(JSON.parse(text));
    if (!parsed.success) return EMPTY_SLIP;
    return fitMode({
      ...parsed.data,
      legs: parsed.data.legs.map((leg) => ({ ...leg, new_odds_milli: null, suspended: false })),
    });
  } catch {
    return EMPTY_SLIP;
  }
}
