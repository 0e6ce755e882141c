import { describe, expect, it } from 'vitest';
import { GameInputError } from './engine.ts';
import { FairRandom, fairRoundDraws } from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import {
  PLINKO_RISKS,
  PLINKO_ROWS,
  PLINKO_TABLES,
  parsePlinkoBet,
  playPlinko,
  plinkoEngine,
  plinkoRtp,
} from './plinko.ts';
import { compare, rational, toNumber } from './rational.ts';
import { measureRtp } from './rtp-measure.ts';
import { scriptedRandom } from './scripted-random.ts';

const LIMITS = { minStakeMinor: 1n, maxStakeMinor: 1_000_000n };

describe('plinko rules', () => {
  it('takes one left/right draw per row and lands in the bucket counting the rights', () => {
    const path = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0];
    const random = scriptedRandom(path);
    const state = playPlinko(parsePlinkoBet({ stake: '100', rows: 12, risk: 'high' }, LIMITS), random);
    expect(random.asked).toEqual(new Array(12).fill(2));
    expect(state.path).toEqual(path);
    expect(state.bucket).toBe(7);
    expect(state.multiplier100).toBe(PLINKO_TABLES[12].high[7]);
    expect(state.payout).toBe(String(PLINKO_TABLES[12].high[7]));
  });

  it('pays the edge buckets the most and rounds the payout down', () => {
    const allRight = playPlinko(
      parsePlinkoBet({ stake: '10', rows: 16, risk: 'high' }, LIMITS),
      scriptedRandom(new Array(16).fill(1)),
    );
    expect(allRight).toMatchObject({ bucket: 16, multiplier100: 100_000, payout: '10000' });
    const allLeft = playPlinko(
      parsePlinkoBet({ stake: '3', rows: 8, risk: 'low' }, LIMITS),
      scriptedRandom(new Array(8).fill(0)),
    );
    expect(allLeft).toMatchObject({ bucket: 0, multiplier100: 550, payout: '16' }); // 16.5 rounded down
  });

  it('has symmetric tables of rows + 1 buckets, highest at the edges', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const table = PLINKO_TABLES[rows][risk];
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual(table);
        expect(Math.max(...table)).toBe(table[0]);
        for (const m of table) expect(Number.isInteger(m) && m > 0).toBe(true);
      }
    }
  });

  it.each([
    [{ stake: '100', rows: 10, risk: 'low' }, 'rows_invalid'],
    [{ stake: '100', rows: '16', risk: 'low' }, 'rows_invalid'],
    [{ stake: '100', risk: 'low' }, 'rows_invalid'],
    [{ stake: '100', rows: 16, risk: 'extreme' }, 'risk_invalid'],
    [{ stake: '100', rows: 16 }, 'risk_invalid'],
    [{ stake: 0, rows: 16, risk: 'low' }, 'stake_invalid'],
    [{ stake: 1.5, rows: 16, risk: 'low' }, 'stake_invalid'],
    [{ stake: '2000000', rows: 16, risk: 'low' }, 'stake_above_max'],
    [{ stake: '100', rows: 16, risk: 'low', balls: 2 }, 'bet_invalid'],
  ])('refuses %j with %s', (input, code) => {
    expect(() => parsePlinkoBet(input, LIMITS)).toThrow(GameInputError);
    expect(() => parsePlinkoBet(input, LIMITS)).toThrow(expect.objectContaining({ code }));
  });

  it('replays a known round from its seeds (golden vector)', () => {
    const random = new FairRandom({ serverSeed: 'ab'.repeat(32), clientSeed: 'player1', nonce: 3 });
    const step = plinkoEngine.start(
      parsePlinkoBet({ stake: '100', rows: 16, risk: 'medium' }, LIMITS),
      random,
    );
    expect(step.state.path.map((s) => (s ? 'R' : 'L')).join('')).toBe('LRLRLLRRLRRRLRLL');
    expect(step.state).toMatchObject({ bucket: 8, multiplier100: 30, payout: '30' });
  });
});

describe('plinko RTP', { timeout: 30_000 }, () => {
  it('equals the play of every one of the 2^rows paths, for every table, between 98.5 % and 99 %', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const bet = parsePlinkoBet({ stake: '100', rows, risk }, LIMITS);
        let paid = 0n;
        for (let mask = 0; mask < 2 ** rows; mask += 1) {
          const bits = Array.from({ length: rows }, (_, i) => (mask >> i) & 1);
          paid += BigInt(playPlinko(bet, scriptedRandom(bits)).payout);
        }
        const rtp = plinkoRtp(rows, risk);
        expect(rational(paid, 100n * 2n ** BigInt(rows))).toEqual(rtp);
        expect(compare(rtp, rational(985, 1000))).toBeGreaterThanOrEqual(0);
        expect(compare(rtp, rational(99, 100))).toBeLessThanOrEqual(0);
      }
    }
    expect(toNumber(plinkoRtp(16, 'medium'))).toBeCloseTo(0.989883, 6);
  });

  it.each(['rows-16-medium', 'rows-8-low', 'rows-12-high'])(
    '%s: simulated RTP within the 99 percent CI',
    (variant) => {
      const m = measureRtp({
        engine: plinkoEngine,
        variant,
        rounds: 30_000,
        stakeMinor: 10_000n,
        serverSeed: '34'.repeat(32),
        draws: fairRoundDraws(nodeHmacSha256),
      });
      expect(m.inside).toBe(true);
    },
  );

  it('lists the default variant first', () => {
    expect(plinkoEngine.rtpVariants()[0]!.variant).toBe('rows-16-medium');
    expect(plinkoEngine.rtpVariants()).toHaveLength(9);
  });
});
