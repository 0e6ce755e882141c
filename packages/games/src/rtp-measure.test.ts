/**
 * simulateRange adds the money up in doubles while that is exact and carries it into bigints before
 * it would not be: a run whose rounds stake and pay amounts near and past 2⁵² minor units sums to
 * exactly what bigint arithmetic gives, round by round.
 */
import { describe, expect, it } from 'vitest';
import type { GameEngine } from './engine.ts';
import type { IntSource } from './fair.ts';
import { simulateRange } from './rtp-measure.ts';

/** Each round pays the amount its nonce picks from `amounts` (the draws are the nonces here). */
function engineOf(amounts: readonly bigint[]): GameEngine {
  return {
    simulate: (_variant: string, stakeMinor: bigint, random: IntSource) => ({
      staked: stakeMinor,
      paid: amounts[random.int(amounts.length)]!,
    }),
  } as unknown as GameEngine;
}

function run(amounts: readonly bigint[], stakeMinor: bigint, rounds: number) {
  return simulateRange({
    engine: engineOf(amounts),
    variant: 'default',
    stakeMinor,
    serverSeed: 'ab'.repeat(32),
    draws: () => ({ round: (nonce) => ({ int: (n: number) => nonce % n }) }),
    from: 0,
    to: rounds,
  });
}

describe('simulateRange', () => {
  it('sums money past 2⁵³ minor units exactly', () => {
    const big = 2n ** 52n;
    const amounts = [0n, 1n, big - 1n, big, big + 1n, 2n ** 60n + 3n, 7n];
    const rounds = 1_000;
    const stake = big - 3n;
    let paid = 0n;
    for (let nonce = 0; nonce < rounds; nonce += 1) paid += amounts[nonce % amounts.length]!;
    const sums = run(amounts, stake, rounds);
    expect(sums.paid).toBe(paid);
    expect(sums.staked).toBe(stake * BigInt(rounds));
    expect(sums.rounds).toBe(rounds);
  });

  it('sums small amounts as bigints would', () => {
    const sums = run([0n, 5n, 250n, 100_000n], 100n, 10_001);
    // 2,500 cycles of 0 + 5 + 250 + 100,000, then round 10,000 pays 0.
    expect(sums.paid).toBe(2_500n * 100_255n);
    expect(sums.staked).toBe(1_000_100n);
  });
});
