/**
 * The declared RTP confirmed by simulation: the optimal player of the engine (real start/act, real
 * FairRandom) over many seeded rounds. RTP = Σ paid / Σ staked, a ratio of two per-round sums, so its
 * standard error comes from the delta method: Var(paid − R·staked) / (n · mean(staked)²).
 */
import { describe, expect, it } from 'vitest';
import { blackjackEngine } from './blackjack.ts';
import { FairRandom } from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import { toNumber } from './rational.ts';

const Z99 = 2.5758293035489;

function measure(variant: string, rounds: number, clientSeed: string) {
  const staked: number[] = [];
  const paid: number[] = [];
  let stakedSum = 0;
  let paidSum = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const random = new FairRandom({ serverSeed: '5e'.repeat(32), clientSeed, nonce }, nodeHmacSha256);
    const round = blackjackEngine.simulate(variant, 100n, random);
    staked.push(Number(round.staked));
    paid.push(Number(round.paid));
    stakedSum += Number(round.staked);
    paidSum += Number(round.paid);
  }
  const rtp = paidSum / stakedSum;
  let variance = 0;
  for (let i = 0; i < rounds; i += 1) variance += (paid[i]! - rtp * staked[i]!) ** 2;
  variance /= rounds - 1;
  const meanStaked = stakedSum / rounds;
  const halfWidth = (Z99 * Math.sqrt(variance / rounds)) / meanStaked;
  return { rtp, low: rtp - halfWidth, high: rtp + halfWidth, meanStaked };
}

function declared(variant: string): number {
  const found = blackjackEngine.rtpVariants().find((v) => v.variant === variant);
  if (!found) throw new Error(`no variant ${variant}`);
  return toNumber(found.rtp);
}

describe('blackjack RTP by simulation', () => {
  it('puts the declared optimal RTP inside the 99 % interval of 200 000 rounds', () => {
    const result = measure('optimal', 200_000, 'rtp-optimal');
    const rtp = declared('optimal');
    expect(rtp).toBeGreaterThan(result.low);
    expect(rtp).toBeLessThan(result.high);
    // Interval about ±0.6 %: narrow enough to catch a broken payout or strategy.
    expect(result.high - result.low).toBeLessThan(0.014);
    // Doubles and splits: about 1.13 main bets staked per round.
    expect(result.meanStaked / 100).toBeCloseTo(1.1318, 1);
  }, 60_000);

  it('puts the declared insurance RTP (12/13) inside the 99 % interval', () => {
    const result = measure('insurance', 30_000, 'rtp-insurance');
    const rtp = declared('insurance');
    expect(rtp).toBeCloseTo(12 / 13, 12);
    expect(rtp).toBeGreaterThan(result.low);
    expect(rtp).toBeLessThan(result.high);
  }, 60_000);
});
