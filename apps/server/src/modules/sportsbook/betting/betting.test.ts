/**
 * The betting maths (ADR 031) on worked examples: line counts of the named systems, leg factors
 * with voids, half-wins, half-losses and dead heats, rounding once per line, odds displays, the
 * cash-out formula and stake limits.
 */
import { describe, expect, it } from 'vitest';
import {
  binomial,
  enumerateLines,
  lineCount,
  lineSizes,
  NAMED_SYSTEMS,
  stakePerLineMinor,
} from './bet-types.ts';
import { cashOutValue, probabilityFromModel } from './cash-out.ts';
import { HALF, ONE, parseDecimalRational, rational, ZERO } from './rational.ts';
import {
  legFactor,
  lostLeg,
  potentialPayoutMinor,
  resettlementDeltaMinor,
  settleBet,
  voidLeg,
  wonLeg,
} from './settlement.ts';
import {
  acceptedStake,
  checkStake,
  type LevelLimits,
  type LimitedLeg,
  type StakeLimit,
} from './stake-limits.ts';

describe('bet types', () => {
  it('named systems have their textbook number of lines', () => {
    const expected = {
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      canadian: 26,
      lucky31: 31,
      heinz: 57,
      lucky63: 63,
      super_heinz: 120,
      goliath: 247,
    } as const;
    for (const [name, lines] of Object.entries(expected)) {
      const legs = NAMED_SYSTEMS[name as keyof typeof expected].legs;
      expect(lineCount({ kind: 'named', name: name as keyof typeof expected }, legs), name).toBe(lines);
    }
  });

  it('system n/k lists every k-combination once; singles and accumulators one line', () => {
    expect(enumerateLines({ kind: 'system', size: 2 }, 3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(lineCount({ kind: 'system', size: 3 }, 6)).toBe(20);
    expect(enumerateLines({ kind: 'single' }, 1)).toEqual([[0]]);
    expect(enumerateLines({ kind: 'accumulator' }, 4)).toEqual([[0, 1, 2, 3]]);
    expect(binomial(20, 10)).toBe(184_756n);
  });

  it('refuses bets whose legs do not fit the type', () => {
    expect(lineSizes({ kind: 'single' }, 2)).toEqual({ ok: false, problem: 'legs' });
    expect(lineSizes({ kind: 'accumulator' }, 1)).toEqual({ ok: false, problem: 'legs' });
    expect(lineSizes({ kind: 'accumulator' }, 21)).toEqual({ ok: false, problem: 'legs' });
    expect(lineSizes({ kind: 'system', size: 3 }, 3)).toEqual({ ok: false, problem: 'size' });
    expect(lineSizes({ kind: 'named', name: 'yankee' }, 5)).toEqual({ ok: false, problem: 'legs' });
    expect(lineCount({ kind: 'named', name: 'yankee' }, 5)).toBe(0);
  });

  it('splits a total stake per line only exactly', () => {
    expect(stakePerLineMinor(1100n, 11)).toBe(100n);
    expect(stakePerLineMinor(1000n, 11)).toBeNull();
  });
});

describe('settlement', () => {
  it('leg factors: won, lost, void, half-won, half-lost, dead heat', () => {
    expect(legFactor(2500, wonLeg())).toEqual(rational(5n, 2n));
    expect(legFactor(2500, lostLeg())).toEqual(ZERO);
    expect(legFactor(2500, voidLeg())).toEqual(ONE);
    // Half-win: half the stake back, half at 2.50 → 1/2 + 5/4 = 7/4.
    expect(legFactor(2500, { result: 'won', voidFactor: HALF, deadHeatFactor: ONE })).toEqual(
      rational(7n, 4n),
    );
    // Half-loss: half the stake back.
    expect(legFactor(2500, { result: 'lost', voidFactor: HALF, deadHeatFactor: ONE })).toEqual(HALF);
    // Dead heat of three at 9.00: a third of the stake at 9 → 3.
    expect(legFactor(9000, wonLeg(rational(1n, 3n)))).toEqual(rational(3n));
  });

  it('a single pays stake × odds rounded down', () => {
    const bet = { type: { kind: 'single' } as const, stakePerLineMinor: 333n, legs: [{ oddsMilli: 1333 }] };
    // 333 × 1.333 = 443.889 → 443
    expect(settleBet(bet, [wonLeg()]).payoutMinor).toBe(443n);
    expect(settleBet(bet, [lostLeg()]).payoutMinor).toBe(0n);
    expect(settleBet(bet, [voidLeg()]).payoutMinor).toBe(333n);
  });

  it('an accumulator rounds once, at the end of the line (not leg by leg)', () => {
    const bet = {
      type: { kind: 'accumulator' } as const,
      stakePerLineMinor: 1n,
      legs: [{ oddsMilli: 1500 }, { oddsMilli: 1500 }, { oddsMilli: 1500 }],
    };
    // 1 × 1.5³ = 3.375 → 3 (leg by leg: 1 → 1 → 1 → 1).
    expect(settleBet(bet, [wonLeg(), wonLeg(), wonLeg()]).payoutMinor).toBe(3n);
    // A void leg counts at 1: 1.5² = 2.25 → 2.
    expect(settleBet(bet, [wonLeg(), voidLeg(), wonLeg()]).payoutMinor).toBe(2n);
    expect(settleBet(bet, [wonLeg(), lostLeg(), wonLeg()]).payoutMinor).toBe(0n);
  });

  it('a Trixie pays its winning doubles and treble', () => {
    const bet = {
      type: { kind: 'named', name: 'trixie' } as const,
      stakePerLineMinor: 100n,
      legs: [{ oddsMilli: 2000 }, { oddsMilli: 3000 }, { oddsMilli: 4000 }],
    };
    // Legs 1 and 2 win, 3 loses: only the double 1×2 pays 100 × 6 = 600.
    const result = settleBet(bet, [wonLeg(), wonLeg(), lostLeg()]);
    expect(result.payoutMinor).toBe(600n);
    expect(result.lines).toHaveLength(4);
    expect(potentialPayoutMinor(bet)).toBe(100n * (6n + 8n + 12n + 24n));
  });

  it('resettlement moves the difference', () => {
    expect(resettlementDeltaMinor(600n, 0n)).toBe(-600n);
    expect(resettlementDeltaMinor(0n, 250n)).toBe(250n);
    expect(resettlementDeltaMinor(250n, 250n)).toBe(0n);
  });

  it('reads the feed factors', () => {
    expect(parseDecimalRational('0.5')).toEqual(HALF);
    expect(parseDecimalRational('1')).toEqual(ONE);
    expect(() => parseDecimalRational('-1')).toThrow();
  });
});

describe('cash-out', () => {
  const type = { kind: 'accumulator' } as const;
  it('values the open legs at their current probability, less the margin', () => {
    // 10.00 on 2.00 (won) × 3.00 (open, p = 0.4), margin 5 %: 1000 × 2 × 3 × 0.4 × 0.95 = 2280.
    const offer = cashOutValue({
      type,
      stakePerLineMinor: 1000n,
      margin: rational(5n, 100n),
      legs: [
        { oddsMilli: 2000, state: 'settled', result: wonLeg() },
        { oddsMilli: 3000, state: 'open', probability: probabilityFromModel(0.4), suspended: false },
      ],
    });
    expect(offer).toEqual({ ok: true, valueMinor: 2280n });
  });

  it('is refused when a leg is suspended, nothing is open or the bet lost', () => {
    const open = { oddsMilli: 3000, state: 'open' as const, probability: HALF, suspended: false };
    const margin = rational(5n, 100n);
    expect(
      cashOutValue({ type, stakePerLineMinor: 1n, margin, legs: [open, { ...open, suspended: true }] }),
    ).toEqual({
      ok: false,
      reason: 'suspended',
    });
    const won = { oddsMilli: 2000, state: 'settled' as const, result: wonLeg() };
    expect(cashOutValue({ type, stakePerLineMinor: 1n, margin, legs: [won, won] })).toEqual({
      ok: false,
      reason: 'nothing_open',
    });
    const lost = { oddsMilli: 2000, state: 'settled' as const, result: lostLeg() };
    expect(cashOutValue({ type, stakePerLineMinor: 100n, margin, legs: [lost, open] })).toEqual({
      ok: false,
      reason: 'no_value',
    });
  });
});

describe('stake limits', () => {
  const none: StakeLimit = { maxStakeMinor: null, maxPayoutMinor: null };
  const level = (preMatch: Partial<StakeLimit>, live: Partial<StakeLimit> = {}): LevelLimits => ({
    preMatch: { ...none, ...preMatch },
    live: { ...none, ...live },
  });
  const leg = (overrides: Partial<LimitedLeg> = {}): LimitedLeg => ({
    oddsMilli: 2000,
    live: false,
    market: level({}),
    event: level({}),
    sport: level({}),
    outcome: { liabilityMinor: 0n, capMinor: null },
    ...overrides,
  });
  const single = { kind: 'single' } as const;

  it('takes the tightest of stake, payout and liability', () => {
    expect(
      acceptedStake({
        type: single,
        legs: [leg({ market: level({ maxStakeMinor: 5000n }) })],
        playerStakeFactor: ONE,
      }),
    ).toEqual({
      maxStakePerLineMinor: 5000n,
      maxTotalStakeMinor: 5000n,
      limitedBy: 'stake',
    });
    // Max payout 8000 at 2.00: stake 4000.
    expect(
      acceptedStake({
        type: single,
        legs: [leg({ market: level({ maxStakeMinor: 5000n }), sport: level({ maxPayoutMinor: 8000n }) })],
        playerStakeFactor: ONE,
      }).maxStakePerLineMinor,
    ).toBe(4000n);
    // Liability: cap 10000, 7000 already at stake on the outcome → 3000 more payout → stake 1500.
    expect(
      acceptedStake({
        type: single,
        legs: [
          leg({
            market: level({ maxStakeMinor: 5000n }),
            outcome: { liabilityMinor: 7000n, capMinor: 10_000n },
          }),
        ],
        playerStakeFactor: ONE,
      }),
    ).toEqual({ maxStakePerLineMinor: 1500n, maxTotalStakeMinor: 1500n, limitedBy: 'liability' });
  });

  it('live legs take the lower live limit; the player factor scales stake and payout limits', () => {
    const market = level({ maxStakeMinor: 5000n }, { maxStakeMinor: 1000n });
    expect(
      acceptedStake({ type: single, legs: [leg({ market })], playerStakeFactor: ONE }).maxStakePerLineMinor,
    ).toBe(5000n);
    expect(
      acceptedStake({ type: single, legs: [leg({ market, live: true })], playerStakeFactor: ONE })
        .maxStakePerLineMinor,
    ).toBe(1000n);
    // A live limit configured above the pre-match one never raises it.
    const odd = level({ maxStakeMinor: 500n }, { maxStakeMinor: 1000n });
    expect(
      acceptedStake({ type: single, legs: [leg({ market: odd, live: true })], playerStakeFactor: ONE })
        .maxStakePerLineMinor,
    ).toBe(500n);
    expect(
      acceptedStake({ type: single, legs: [leg({ market })], playerStakeFactor: rational(1n, 4n) })
        .maxStakePerLineMinor,
    ).toBe(1250n);
    expect(
      acceptedStake({ type: single, legs: [leg({ market })], playerStakeFactor: ZERO }).maxStakePerLineMinor,
    ).toBe(0n);
  });

  it('a system bet shares the max stake between its lines; a refusal says what would be accepted', () => {
    const legs = [0, 1, 2].map(() => leg({ event: level({ maxStakeMinor: 3000n }) }));
    const trixie = { kind: 'named', name: 'trixie' } as const;
    expect(acceptedStake({ type: trixie, legs, playerStakeFactor: ONE })).toEqual({
      maxStakePerLineMinor: 750n,
      maxTotalStakeMinor: 3000n,
      limitedBy: 'stake',
    });
    expect(checkStake({ type: trixie, legs, playerStakeFactor: ONE }, 750n)).toEqual({ ok: true });
    const refused = checkStake({ type: trixie, legs, playerStakeFactor: ONE }, 751n);
    expect(refused.ok).toBe(false);
    expect(
      acceptedStake({ type: single, legs: [leg()], playerStakeFactor: ONE }).maxStakePerLineMinor,
    ).toBeNull();
  });
});
