import { describe, expect, it } from 'vitest';
import {
  chanceOf,
  DICE_RTP,
  diceEngine,
  dicePayout,
  formatRoll,
  MAX_CHANCE_BP,
  MIN_CHANCE_BP,
  parseDiceBet,
  playDice,
} from './dice.ts';
import { GameInputError } from './engine.ts';
import { FairRandom, fairRoundDraws } from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import { rational } from './rational.ts';
import { measureRtp } from './rtp-measure.ts';
import { scriptedRandom } from './scripted-random.ts';

const LIMITS = { minStakeMinor: 1n, maxStakeMinor: 1_000_000n };
const bet = (target: number, direction: 'over' | 'under', stake = '100') =>
  parseDiceBet({ stake, target, direction }, LIMITS);

describe('dice rules', () => {
  it('rolls 0..9999 with one draw and shows it as 00.00–99.99', () => {
    const random = scriptedRandom([7]);
    const state = playDice(bet(5049, 'over'), random);
    expect(random.asked).toEqual([10_000]);
    expect(state.roll).toBe(7);
    expect(state.rollText).toBe('00.07');
    expect(formatRoll(9999)).toBe('99.99');
    expect(formatRoll(4207)).toBe('42.07');
  });

  it('over wins strictly above the target, under strictly below', () => {
    const over = bet(5049, 'over');
    expect(over.chanceBp).toBe(4950);
    expect(playDice(over, scriptedRandom([5049])).win).toBe(false);
    expect(playDice(over, scriptedRandom([5050]))).toMatchObject({
      win: true,
      payout: '200',
      multiplier: '2.0000',
    });
    expect(playDice(over, scriptedRandom([9999])).win).toBe(true);
    const under = bet(4950, 'under');
    expect(under.chanceBp).toBe(4950);
    expect(playDice(under, scriptedRandom([4949])).win).toBe(true);
    expect(playDice(under, scriptedRandom([4950])).win).toBe(false);
    expect(playDice(under, scriptedRandom([0])).payout).toBe('200');
  });

  it('pays floor(stake × 9900 / chance)', () => {
    expect(dicePayout(100n, 4950)).toBe(200n);
    expect(dicePayout(1000n, 1000)).toBe(9900n);
    expect(dicePayout(7n, 3000)).toBe(23n); // 23.1 rounded down
    expect(dicePayout(1n, 100)).toBe(99n);
    expect(dicePayout(3n, 9800)).toBe(3n); // 3.0306…
    expect(playDice(bet(3000, 'under', '7'), scriptedRandom([2999]))).toMatchObject({
      payout: '23',
      multiplier: '3.3000',
    });
  });

  it('accepts win chances from 1.00 % to 98.00 % only', () => {
    expect(bet(9899, 'over').chanceBp).toBe(MIN_CHANCE_BP);
    expect(bet(199, 'over').chanceBp).toBe(MAX_CHANCE_BP);
    expect(bet(100, 'under').chanceBp).toBe(MIN_CHANCE_BP);
    expect(bet(9800, 'under').chanceBp).toBe(MAX_CHANCE_BP);
    for (const [target, direction] of [
      [9900, 'over'],
      [198, 'over'],
      [99, 'under'],
      [9801, 'under'],
      [0, 'under'],
      [9999, 'over'],
    ] as const) {
      expect(() => bet(target, direction)).toThrow(expect.objectContaining({ code: 'chance_out_of_range' }));
    }
  });

  it.each([
    [{ stake: '100', target: 10_000, direction: 'over' }, 'target_invalid'],
    [{ stake: '100', target: -1, direction: 'over' }, 'target_invalid'],
    [{ stake: '100', target: 50.5, direction: 'over' }, 'target_invalid'],
    [{ stake: '100', target: '50.49', direction: 'over' }, 'target_invalid'],
    [{ stake: '100', direction: 'over' }, 'target_invalid'],
    [{ stake: '100', target: 5000, direction: 'above' }, 'direction_invalid'],
    [{ stake: '100', target: 5000 }, 'direction_invalid'],
    [{ stake: '-100', target: 5000, direction: 'over' }, 'stake_invalid'],
    [{ stake: '1.5', target: 5000, direction: 'over' }, 'stake_invalid'],
    [{ stake: '1000001', target: 5000, direction: 'over' }, 'stake_above_max'],
    [{ stake: '100', target: 5000, direction: 'over', auto: true }, 'bet_invalid'],
    [null, 'bet_invalid'],
  ])('refuses %j with %s', (input, code) => {
    expect(() => parseDiceBet(input, LIMITS)).toThrow(GameInputError);
    expect(() => parseDiceBet(input, LIMITS)).toThrow(expect.objectContaining({ code }));
  });

  it('replays a known round from its seeds (golden vector)', () => {
    const random = new FairRandom({ serverSeed: 'ab'.repeat(32), clientSeed: 'player1', nonce: 3 });
    const step = diceEngine.start(bet(5049, 'over'), random);
    expect(step.state).toMatchObject({ roll: 6978, rollText: '69.78', win: true, payout: '200' });
    expect(step).toMatchObject({ stake: 100n, payout: 200n, done: true });
  });
});

describe('dice RTP', { timeout: 30_000 }, () => {
  it('returns exactly 99 % for every chance when the stake divides evenly (enumeration of all rolls)', () => {
    for (let chance = MIN_CHANCE_BP; chance <= MAX_CHANCE_BP; chance += 97) {
      for (const direction of ['over', 'under'] as const) {
        const target = direction === 'over' ? 9999 - chance : chance;
        expect(chanceOf(target, direction)).toBe(chance);
        const b = bet(target, direction, String(chance));
        let paid = 0n;
        for (let roll = 0; roll < 10_000; roll += 1)
          paid += BigInt(playDice(b, scriptedRandom([roll])).payout);
        expect(rational(paid, 10_000n * BigInt(chance))).toEqual(DICE_RTP);
      }
    }
    expect(DICE_RTP).toEqual({ num: 99n, den: 100n });
  });

  it.each(['chance-49.50', 'chance-10.00', 'chance-90.00'])(
    '%s: simulated RTP within the 99 percent CI',
    (variant) => {
      const m = measureRtp({
        engine: diceEngine,
        variant,
        rounds: 40_000,
        stakeMinor: 10_000n,
        serverSeed: '12'.repeat(32),
        draws: fairRoundDraws(nodeHmacSha256),
      });
      expect(m.inside).toBe(true);
    },
  );
});
