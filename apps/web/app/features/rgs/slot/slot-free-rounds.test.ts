import { describe, expect, it } from 'vitest';
import { afterRound, initialFreeRounds } from './slot-free-rounds.ts';

const pack = { packId: '7', remaining: 3, total: 20, stake: '0.20' };

describe('free spins state', () => {
  it('starts from the session’s pack in real money only', () => {
    expect(initialFreeRounds({ mode: 'real', exponent: 2, freeRounds: pack })).toEqual({
      packId: '7',
      remaining: 3,
      total: 20,
      stakeMinor: 20n,
    });
    expect(initialFreeRounds({ mode: 'demo', exponent: 2, freeRounds: pack })).toBeNull();
    expect(initialFreeRounds({ mode: 'real', exponent: 2, freeRounds: null })).toBeNull();
    expect(initialFreeRounds({ mode: 'real', exponent: 2 })).toBeNull();
  });

  it('ignores a pack with nothing to play or a stake it cannot read', () => {
    expect(
      initialFreeRounds({ mode: 'real', exponent: 2, freeRounds: { ...pack, remaining: 0 } }),
    ).toBeNull();
    expect(
      initialFreeRounds({ mode: 'real', exponent: 2, freeRounds: { ...pack, stake: 'abc' } }),
    ).toBeNull();
    expect(initialFreeRounds({ mode: 'real', exponent: 2, freeRounds: { ...pack, stake: '0' } })).toBeNull();
    expect(
      initialFreeRounds({ mode: 'real', exponent: 0, freeRounds: { ...pack, stake: '30' } }),
    ).toMatchObject({
      stakeMinor: 30n,
    });
  });

  it('counts down with the server’s answers and ends at 0', () => {
    const start = initialFreeRounds({ mode: 'real', exponent: 2, freeRounds: pack });
    const after = afterRound(start, { freeRound: { packId: '7', remaining: 2 } });
    expect(after).toMatchObject({ remaining: 2, stakeMinor: 20n });
    expect(afterRound(after, { freeRound: { packId: '7', remaining: 0 } })).toBeNull();
    // A paid round or another pack's answer changes nothing.
    expect(afterRound(after, {})).toBe(after);
    expect(afterRound(after, { freeRound: { packId: '8', remaining: 0 } })).toBe(after);
    expect(afterRound(null, { freeRound: { packId: '7', remaining: 5 } })).toBeNull();
  });
});
