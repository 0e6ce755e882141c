/**
 * The bet slip's arithmetic and state (ADR 035): odds formats with exact conversions of common
 * odds, the system kinds and lines a slip offers, stakes in minor units, the slip reducer and its
 * storage, and the frame paths.
 */
import { describe, expect, test } from 'vitest';
import { framedBettingPath, frameSource } from './frame.ts';
import { formatOdds, fractionOf } from './odds-format.ts';
import { combinedOddsMilli, linesOf, stakeText, stakeToMinor, systemKinds } from './slip-maths.ts';
import {
  EMPTY_SLIP,
  hasOddsChanges,
  legKey,
  parseStoredSlip,
  type SlipAction,
  type SlipState,
  serializeSlip,
  slipReducer,
} from './slip-state.ts';
import { dayLabel, formatClock, zonedDate, zonedTime } from './sportsbook-time.ts';

describe('odds formats', () => {
  test.each([
    [2000, '2.00', '1/1', '+100'],
    [2500, '2.50', '3/2', '+150'],
    [1500, '1.50', '1/2', '-200'],
    [2333, '2.333', '4/3', '+133.33'],
    [1909, '1.909', '10/11', '-110'],
    [1667, '1.667', '2/3', '-150'],
    [2375, '2.375', '11/8', '+137.5'],
    [1200, '1.20', '1/5', '-500'],
    [1364, '1.364', '4/11', '-275'],
    [1615, '1.615', '8/13', '-162.5'],
    [3250, '3.25', '9/4', '+225'],
    [11000, '11.00', '10/1', '+1000'],
    [1001, '1.001', '1/1000', '-100000'],
  ])('%i reads %s, %s, %s', (milli, decimal, fractional, american) => {
    expect(formatOdds(milli, 'decimal')).toBe(decimal);
    expect(formatOdds(milli, 'fractional')).toBe(fractional);
    expect(formatOdds(milli, 'american')).toBe(american);
  });

  test('odds with no bookmakers fraction near them stay exact over 1000', () => {
    expect(fractionOf(1917)).toEqual([11, 12]);
    expect(fractionOf(1913)).toEqual([913, 1000]);
    expect(formatOdds(1913, 'american')).toBe('-109.53');
    expect(fractionOf(7123)).toEqual([6123, 1000]);
  });

  test('the fraction is always within a thousandth of the decimal odds', () => {
    for (let milli = 1001; milli <= 30_000; milli += 7) {
      const [n, d] = fractionOf(milli);
      expect(Math.abs((n * 1000) / d - (milli - 1000))).toBeLessThan(1);
    }
  });

  test('odds of 1.000 or less are refused', () => {
    expect(() => fractionOf(1000)).toThrow(RangeError);
  });
});

describe('slip maths', () => {
  test('systems offered by leg count, with their lines', () => {
    expect(systemKinds(2)).toEqual([]);
    expect(systemKinds(3)).toEqual(['2/3', 'trixie', 'patent']);
    expect(systemKinds(4)).toEqual(['2/4', '3/4', 'yankee', 'lucky15']);
    expect(linesOf('2/3', 3)).toBe(3);
    expect(linesOf('2/4', 4)).toBe(6);
    expect(linesOf('3/4', 4)).toBe(4);
    expect(linesOf('trixie', 3)).toBe(4);
    expect(linesOf('patent', 3)).toBe(7);
    expect(linesOf('yankee', 4)).toBe(11);
    expect(linesOf('goliath', 8)).toBe(247);
    expect(linesOf('yankee', 3)).toBe(0);
    expect(linesOf('accumulator', 2)).toBe(1);
    expect(linesOf('accumulator', 1)).toBe(0);
    expect(linesOf('single', 1)).toBe(1);
  });

  test('stakes as typed become minor units; anything else is no stake', () => {
    expect(stakeToMinor('2.5', 2)).toBe(250n);
    expect(stakeToMinor('2,50', 2)).toBe(250n);
    expect(stakeToMinor(' 10 ', 2)).toBe(1000n);
    expect(stakeToMinor('1500', 0)).toBe(1500n);
    expect(stakeToMinor('0', 2)).toBeNull();
    expect(stakeToMinor('1.234', 2)).toBeNull();
    expect(stakeToMinor('1e3', 2)).toBeNull();
    expect(stakeToMinor('', 2)).toBeNull();
  });

  test('commas: grouped thousands as the site writes them, or a French decimal comma', () => {
    expect(stakeText('1,000')).toBe('1000');
    expect(stakeText('1,000.50')).toBe('1000.50');
    expect(stakeText('12,345,678')).toBe('12345678');
    expect(stakeText('2,50')).toBe('2.50');
    expect(stakeText(' 2,5 ')).toBe('2.5');
    expect(stakeText('10.')).toBe('10');
    expect(stakeText('1,2345')).toBeNull();
    expect(stakeText('1,00,000')).toBeNull();
    expect(stakeText('2,50.1')).toBeNull();
    expect(stakeText('-2')).toBeNull();
    // The same text is the same amount in every currency: three digits after a comma are grouped.
    expect(stakeToMinor('1,500', 2)).toBe(150_000n);
    expect(stakeToMinor('1,500', 3)).toBe(1_500_000n);
    expect(stakeToMinor('1,500', 0)).toBe(1500n);
    expect(stakeToMinor('1,000.505', 2)).toBeNull();
  });

  test('the accumulator odds are the product, rounded down to the thousandth', () => {
    expect(combinedOddsMilli([2000, 1500])).toBe(3000);
    expect(combinedOddsMilli([1909, 1909])).toBe(3644);
    expect(combinedOddsMilli([2500])).toBe(2500);
  });
});

const leg = (event: string, market: string, outcome: string, odds: number) => ({
  event_id: `sr:match:${event}`,
  market_key: market,
  outcome_key: outcome,
  odds_milli: odds,
  event_name: `Event ${event}`,
  market_name: market,
  outcome_name: outcome,
  live: false,
});

function run(...actions: SlipAction[]): SlipState {
  return actions.reduce(slipReducer, EMPTY_SLIP);
}

describe('slip state', () => {
  test('a click adds a selection, a second click on it takes it out; one outcome per market', () => {
    const one = run({ type: 'toggle', leg: leg('1', '1x2', '1', 2000) });
    expect(one.legs).toHaveLength(1);
    expect(
      run(
        { type: 'toggle', leg: leg('1', '1x2', '1', 2000) },
        { type: 'toggle', leg: leg('1', '1x2', '1', 2000) },
      ).legs,
    ).toEqual([]);
    const replaced = slipReducer(one, { type: 'toggle', leg: leg('1', '1x2', '2', 3100) });
    expect(replaced.legs.map((l) => l.outcome_key)).toEqual(['2']);
  });

  test('the mode follows the legs: a system kind must fit the count', () => {
    let state = run(
      { type: 'toggle', leg: leg('1', '1x2', '1', 2000) },
      { type: 'toggle', leg: leg('2', '1x2', '2', 1500) },
      { type: 'toggle', leg: leg('3', '1x2', 'x', 3000) },
      { type: 'mode', mode: 'system', system: 'trixie' },
    );
    expect(state).toMatchObject({ mode: 'system', system: 'trixie' });
    state = slipReducer(state, { type: 'toggle', leg: leg('4', '1x2', '1', 2200) });
    expect(state).toMatchObject({ mode: 'system', system: '2/4' });
    state = slipReducer(state, { type: 'remove', key: legKey(leg('4', '1x2', '1', 2200)) });
    state = slipReducer(state, { type: 'remove', key: legKey(leg('3', '1x2', 'x', 3000)) });
    expect(state).toMatchObject({ mode: 'accumulator', system: null });
    state = slipReducer(state, { type: 'remove', key: legKey(leg('2', '1x2', '2', 1500)) });
    expect(state).toMatchObject({ mode: 'singles' });
  });

  test('a quote marks moved odds and suspensions; accepting takes the new odds', () => {
    const state = run(
      { type: 'toggle', leg: leg('1', '1x2', '1', 2000) },
      {
        type: 'quoted',
        selections: [
          { event_id: 'sr:match:1', market_key: '1x2', outcome_key: '1', odds_milli: 2100, active: false },
        ],
      },
    );
    expect(state.legs[0]).toMatchObject({ odds_milli: 2000, new_odds_milli: 2100, suspended: true });
    expect(hasOddsChanges(state)).toBe(true);
    const accepted = slipReducer(state, { type: 'acceptChanges' });
    expect(accepted.legs[0]).toMatchObject({ odds_milli: 2100, new_odds_milli: null });
    expect(hasOddsChanges(accepted)).toBe(false);
  });

  test('placed legs leave the slip with their stakes', () => {
    const a = leg('1', '1x2', '1', 2000);
    const b = leg('2', '1x2', '2', 1500);
    const state = run(
      { type: 'toggle', leg: a },
      { type: 'toggle', leg: b },
      { type: 'stake', key: legKey(a), value: '5' },
      { type: 'stake', key: legKey(b), value: '7' },
      { type: 'placed', keys: [legKey(a)] },
    );
    expect(state.legs.map(legKey)).toEqual([legKey(b)]);
    expect(state.stakes).toEqual({ [legKey(b)]: '7' });
  });

  test('storage round-trips the slip and refuses anything malformed', () => {
    const state = run(
      { type: 'toggle', leg: leg('1', '1x2', '1', 2000) },
      { type: 'stake', key: 'x', value: '3' },
    );
    expect(parseStoredSlip(serializeSlip(state))).toEqual(state);
    expect(parseStoredSlip('{"legs":[{"event_id":"bad"}]}')).toEqual(EMPTY_SLIP);
    expect(parseStoredSlip('not json')).toEqual(EMPTY_SLIP);
    expect(parseStoredSlip(null)).toEqual(EMPTY_SLIP);
  });
});

describe('times in the player zone', () => {
  const now = new Date('2026-11-26T23:30:00Z');
  test('the day and the time shift by the offset', () => {
    expect(zonedDate(now, 0)).toBe('2026-11-26');
    expect(zonedDate(now, 60)).toBe('2026-11-27');
    expect(zonedDate(now, 60, 2)).toBe('2026-11-29');
    expect(zonedDate(now, -300)).toBe('2026-11-26');
    expect(zonedTime('2026-11-26T23:30:00Z', 60)).toBe('0:30');
    expect(zonedTime('2026-11-26T08:05:00Z', -300)).toBe('3:05');
  });
  test('day labels and the clock per locale', () => {
    expect(dayLabel('2026-11-28', 'en')).toBe('Sat 28.11');
    expect(dayLabel('2026-11-28', 'fr')).toBe('sam. 28.11');
    expect(formatClock(4023)).toBe('67:03');
  });
});

describe('the sportsbook frame', () => {
  test('/bets/{path} frames the launcher with the path; the in-house launch opens the framed page', () => {
    expect(frameSource('house-book', 'fr', 'event/sr:match:1')).toBe(
      '/platform/game/house-book/play?mode=real&lang=fr&path=%2Fevent%2Fsr%3Amatch%3A1',
    );
    expect(frameSource('house-book', 'en', '')).toBe(
      '/platform/game/house-book/play?mode=real&lang=en&path=%2F',
    );
    expect(frameSource('house-book', 'en', '../x')).toBe('/platform/game/house-book/play?mode=real&lang=en');
    expect(framedBettingPath('fr', '/event/sr:match:1')).toBe('/fr/frame/betting/event/sr:match:1');
    expect(framedBettingPath('en', '/')).toBe('/frame/betting');
    expect(framedBettingPath(null, '//evil.example')).toBe('/frame/betting');
  });
});
