/**
 * The RTP tool over worker threads adds up to exactly the single-thread run: the same money for the
 * same seed and rounds whatever the thread count, and a stake the game refuses is a typed error.
 */
import { describe, expect, it } from 'vitest';
import { GameInputError } from './engine.ts';
import { fairRoundDraws } from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import { ENGINES } from './registry.ts';
import { measureRtp } from './rtp-measure.ts';
import { measureRtpParallel } from './rtp-parallel.ts';

const seed = 'ab'.repeat(32);

describe('measureRtpParallel', () => {
  it('gives the single-thread sums exactly, with 1, 2 and 3 threads', async () => {
    const single = measureRtp({
      engine: ENGINES.slot,
      rounds: 3001,
      stakeMinor: 100n,
      serverSeed: seed,
      draws: fairRoundDraws(nodeHmacSha256),
    });
    for (const threads of [1, 2, 3]) {
      const parallel = await measureRtpParallel({
        game: 'slot',
        rounds: 3001,
        stakeMinor: 100n,
        serverSeed: seed,
        threads,
      });
      expect({ rounds: parallel.rounds, staked: parallel.staked, paid: parallel.paid }).toEqual({
        rounds: single.rounds,
        staked: single.staked,
        paid: single.paid,
      });
      expect(parallel.measured).toBe(single.measured);
      expect(parallel.standardError).toBeCloseTo(single.standardError, 12);
    }
  }, 60_000);

  it('refuses a stake the game refuses, and an unknown variant, on the calling thread', async () => {
    await expect(
      measureRtpParallel({ game: 'slot', rounds: 100, stakeMinor: 7n, serverSeed: seed, threads: 2 }),
    ).rejects.toBeInstanceOf(GameInputError);
    await expect(
      measureRtpParallel({
        game: 'dice',
        variant: 'nope',
        rounds: 100,
        stakeMinor: 100n,
        serverSeed: seed,
        threads: 2,
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
