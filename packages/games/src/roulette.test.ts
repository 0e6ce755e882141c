import { describe, expect, it } from 'vitest';
import { GameInputError } from './engine.ts';
import { FairRandom, fairRoundDraws } from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import { rational } from './rational.ts';
import {
  BET_TYPES,
  colourOf,
  MAX_POSITIONS,
  parseRouletteBet,
  playRoulette,
  ROULETTE_POSITIONS,
  ROULETTE_RTP,
  rouletteEngine,
} from './roulette.ts';
import { measureRtp } from './rtp-measure.ts';
import { scriptedRandom } from './scripted-random.ts';

const LIMITS = { minStakeMinor: 10n, maxStakeMinor: 10_000n };
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const one = (type: string, numbers?: number[], stake = '100') =>
  parseRouletteBet({ bets: [{ type, ...(numbers ? { numbers } : {}), stake }] }, LIMITS);
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof GameInputError) return error.code;
    throw error;
  }
  return 'accepted';
};

describe('roulette layout', () => {
  it('has every legal position of the European board', () => {
    const count = (type: string) => ROULETTE_POSITIONS.filter((p) => p.type === type).length;
    expect(count('straight')).toBe(37);
    expect(count('split')).toBe(60); // 3 with zero, 24 side by side, 33 one above the other
    expect(count('street')).toBe(12);
    expect(count('corner')).toBe(22);
    expect(count('line')).toBe(11);
    expect(count('trio')).toBe(2);
    expect(count('first_four')).toBe(1);
    expect(count('column')).toBe(3);
    expect(count('dozen')).toBe(3);
    for (const type of ['red', 'black', 'odd', 'even', 'low', 'high']) expect(count(type)).toBe(1);
    for (const p of ROULETTE_POSITIONS) expect(p.pays).toBe(36 / p.numbers.length - 1);
  });

  it('colours 18 red and 18 black numbers, 0 green', () => {
    const colours = range(0, 36).map(colourOf);
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'black')).toHaveLength(18);
    expect(colourOf(0)).toBe('green');
    expect([1, 3, 12, 19, 36].map(colourOf)).toEqual(['red', 'red', 'red', 'red', 'red']);
    expect([2, 10, 11, 20, 29, 35].map(colourOf)).toEqual([
      'black',
      'black',
      'black',
      'black',
      'black',
      'black',
    ]);
  });

  it.each([
    ['split', [1, 2], 'accepted'],
    ['split', [2, 1], 'accepted'],
    ['split', [1, 4], 'accepted'],
    ['split', [0, 3], 'accepted'],
    ['split', [33, 36], 'accepted'],
    ['split', [3, 4], 'numbers_invalid'], // end of one row, start of the next
    ['split', [1, 3], 'numbers_invalid'],
    ['split', [0, 4], 'numbers_invalid'],
    ['split', [5, 5], 'numbers_invalid'],
    ['split', [36, 37], 'numbers_invalid'],
    ['street', [1, 2, 3], 'accepted'],
    ['street', [2, 3, 4], 'numbers_invalid'],
    ['corner', [1, 2, 4, 5], 'accepted'],
    ['corner', [32, 33, 35, 36], 'accepted'],
    ['corner', [3, 4, 6, 7], 'numbers_invalid'],
    ['corner', [0, 1, 2, 3], 'numbers_invalid'],
    ['first_four', [0, 1, 2, 3], 'accepted'],
    ['line', range(31, 36), 'accepted'],
    ['line', range(2, 7), 'numbers_invalid'],
    ['trio', [0, 2, 3], 'accepted'],
    ['trio', [0, 1, 3], 'numbers_invalid'],
    ['column', range(1, 36).filter((n) => n % 3 === 0), 'accepted'],
    ['column', range(1, 12), 'numbers_invalid'],
    ['dozen', range(25, 36), 'accepted'],
    ['dozen', range(6, 17), 'numbers_invalid'],
    ['straight', [0], 'accepted'],
    ['straight', [37], 'numbers_invalid'],
    ['straight', [1.5], 'numbers_invalid'],
    ['straight', [], 'numbers_invalid'],
    ['straight', undefined, 'numbers_invalid'],
    ['red', undefined, 'accepted'],
    ['red', [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36], 'accepted'],
    ['red', range(1, 18), 'numbers_invalid'],
    ['low', range(1, 18), 'accepted'],
    ['basket', [0, 1, 2], 'bet_type_invalid'],
  ])('%s %j: %s', (type, numbers, outcome) => {
    expect(codeOf(() => one(type, numbers as number[] | undefined))).toBe(outcome);
  });
});

describe('roulette bets', () => {
  it('bounds the whole spin by the limits, and the number of positions', () => {
    const chips = (n: number, stake: string) => ({
      bets: Array.from({ length: n }, (_, i) => ({ type: 'straight', numbers: [i % 37], stake })),
    });
    expect(parseRouletteBet(chips(50, '200'), LIMITS).total).toBe(10_000n);
    expect(codeOf(() => parseRouletteBet(chips(50, '201'), LIMITS))).toBe('stake_above_max');
    expect(codeOf(() => parseRouletteBet(chips(MAX_POSITIONS + 1, '10'), LIMITS))).toBe('too_many_positions');
    // The minimum applies to the spin's total, so small chips are fine together.
    expect(parseRouletteBet(chips(2, '5'), LIMITS).total).toBe(10n);
    expect(codeOf(() => parseRouletteBet(chips(1, '5'), LIMITS))).toBe('stake_below_min');
  });

  it.each([
    [{ bets: [] }, 'bets_invalid'],
    [{}, 'bets_invalid'],
    [{ bets: 'red' }, 'bets_invalid'],
    [{ bets: [{ type: 'red', stake: '0' }] }, 'stake_invalid'],
    [{ bets: [{ type: 'red', stake: '-10' }] }, 'stake_invalid'],
    [{ bets: [{ type: 'red', stake: '10.5' }] }, 'stake_invalid'],
    [{ bets: [{ type: 'red', stake: 'ten' }] }, 'stake_invalid'],
    [{ bets: [{ type: 'red', stake: '1'.padEnd(31, '0') }] }, 'stake_invalid'],
    [{ bets: [{ type: 'red', stake: '100', colour: 'red' }] }, 'bet_invalid'],
    [{ bets: [{ type: 'split', numbers: '1,2', stake: '100' }] }, 'numbers_invalid'],
    [{ bets: [{ type: 'split', numbers: ['1', '2'], stake: '100' }] }, 'numbers_invalid'],
    [{ bets: [null] }, 'bet_invalid'],
  ])('refuses %j with %s', (input, code) => {
    expect(codeOf(() => parseRouletteBet(input, LIMITS))).toBe(code);
  });

  it('pays x to 1 plus the stake on each winning position', () => {
    const bet = parseRouletteBet(
      {
        bets: [
          { type: 'straight', numbers: [17], stake: '10' },
          { type: 'split', numbers: [17, 20], stake: '10' },
          { type: 'street', numbers: [16, 17, 18], stake: '10' },
          { type: 'corner', numbers: [13, 14, 16, 17], stake: '10' },
          { type: 'line', numbers: range(13, 18), stake: '10' },
          { type: 'column', numbers: range(1, 36).filter((n) => n % 3 === 2), stake: '10' },
          { type: 'dozen', numbers: range(13, 24), stake: '10' },
          { type: 'black', stake: '10' },
          { type: 'odd', stake: '10' },
          { type: 'low', stake: '10' },
          { type: 'red', stake: '10' },
          { type: 'even', stake: '10' },
          { type: 'high', stake: '10' },
          { type: 'first_four', stake: '10' },
        ],
      },
      LIMITS,
    );
    const state = playRoulette(bet, scriptedRandom([17]));
    expect(state.number).toBe(17);
    expect(state.colour).toBe('black');
    expect(state.bets.map((b) => b.payout)).toEqual([
      '360',
      '180',
      '120',
      '90',
      '60',
      '30',
      '30',
      '20',
      '20',
      '20',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(state.payout).toBe('930');
    expect(state.totalStake).toBe('140');
  });

  it('loses every even-money bet on zero', () => {
    const bet = parseRouletteBet(
      { bets: ['red', 'black', 'odd', 'even', 'low', 'high'].map((type) => ({ type, stake: '10' })) },
      LIMITS,
    );
    const state = playRoulette(bet, scriptedRandom([0]));
    expect(state).toMatchObject({ number: 0, colour: 'green', payout: '0' });
  });

  it('replays a known round from its seeds (golden vector)', () => {
    const random = new FairRandom({ serverSeed: 'ab'.repeat(32), clientSeed: 'player1', nonce: 3 });
    const step = rouletteEngine.start(one('black'), random);
    expect(step.state).toMatchObject({ number: 11, colour: 'black', payout: '200' });
    expect(step).toMatchObject({ stake: 100n, payout: 200n, done: true });
  });
});

describe('roulette RTP', { timeout: 30_000 }, () => {
  it('returns exactly 36/37 on every legal position (enumeration of the 37 pockets)', () => {
    for (const position of ROULETTE_POSITIONS) {
      const bet = one(position.type, position.numbers, '10');
      let paid = 0n;
      for (let pocket = 0; pocket < 37; pocket += 1)
        paid += BigInt(playRoulette(bet, scriptedRandom([pocket])).payout);
      expect(rational(paid, 37n * 10n)).toEqual(ROULETTE_RTP);
    }
    expect(ROULETTE_RTP).toEqual({ num: 36n, den: 37n });
    expect(rouletteEngine.rtpVariants().map((v) => v.variant)).toEqual(['default', ...BET_TYPES]);
  });

  it.each(['default', 'red', 'straight'])('%s: simulated RTP within the 99 percent CI', (variant) => {
    const m = measureRtp({
      engine: rouletteEngine,
      variant,
      rounds: 30_000,
      stakeMinor: 100n,
      serverSeed: '56'.repeat(32),
      draws: fairRoundDraws(nodeHmacSha256),
    });
    expect(m.inside).toBe(true);
  });
});
