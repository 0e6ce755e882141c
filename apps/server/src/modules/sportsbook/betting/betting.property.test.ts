/**
 * Property tests of the betting maths (ADR 031): for random bets and random results (with voids,
 * half-wins, half-losses and dead heats), payouts equal the textbook formula computed another way
 * (every void-factor split expanded into sub-bets); resettling twice equals settling once; system
 * line counts match the combinatorics; a cash-out never exceeds the potential payout.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BetType,
  binomial,
  enumerateLines,
  lineCount,
  NAMED_SYSTEMS,
  type NamedSystem,
} from './bet-types.ts';
import { type CashOutLeg, cashOutValue } from './cash-out.ts';
import { HALF, ONE, type Rational, rational, ZERO } from './rational.ts';
import { type LegResult, potentialPayoutMinor, resettlementDeltaMinor, settleBet } from './settlement.ts';

const odds = fc.integer({ min: 1001, max: 50_000 });
const legResult: fc.Arbitrary<LegResult> = fc.oneof(
  fc.record({
    result: fc.constantFrom<'won' | 'lost'>('won', 'lost'),
    voidFactor: fc.constantFrom(ZERO, HALF),
    deadHeatFactor: fc.oneof(
      { arbitrary: fc.constant(ONE), weight: 3 },
      { arbitrary: fc.integer({ min: 2, max: 5 }).map((n) => rational(1n, BigInt(n))), weight: 1 },
    ),
  }),
  fc.constant<LegResult>({ result: 'void', voidFactor: ONE, deadHeatFactor: ONE }),
);
const namedSystem = fc.constantFrom(...(Object.keys(NAMED_SYSTEMS) as NamedSystem[]));

/** A bet type and a number of legs that fits it. */
const typedLegs: fc.Arbitrary<{ type: BetType; legs: number }> = fc.oneof(
  fc.constant({ type: { kind: 'single' } as BetType, legs: 1 }),
  fc.integer({ min: 2, max: 8 }).map((legs) => ({ type: { kind: 'accumulator' } as BetType, legs })),
  fc
    .integer({ min: 3, max: 7 })
    .chain((legs) =>
      fc
        .integer({ min: 2, max: legs - 1 })
        .map((size) => ({ type: { kind: 'system', size } as BetType, legs })),
    ),
  namedSystem.map((name) => ({ type: { kind: 'named', name } as BetType, legs: NAMED_SYSTEMS[name].legs })),
);

const bet = typedLegs.chain(({ type, legs }) =>
  fc.record({
    type: fc.constant(type),
    stakePerLineMinor: fc.bigInt({ min: 1n, max: 1_000_000n }),
    legs: fc.array(
      odds.map((oddsMilli) => ({ oddsMilli })),
      { minLength: legs, maxLength: legs },
    ),
    results: fc.array(legResult, { minLength: legs, maxLength: legs }),
  }),
);

/**
 * The textbook payout of one line, computed independently: a leg with void factor v is two
 * sub-bets (share v refunded at 1, share 1 − v settled by its result at odds × dead heat), so the
 * line is the sum over every choice of branch of stake × Π shares × Π prices, with all quantities
 * over one common denominator, rounded down once.
 */
function textbookLine(stake: bigint, legs: { oddsMilli: number; result: LegResult }[]): bigint {
  let branches: Rational[] = [ONE];
  for (const { oddsMilli, result } of legs) {
    const next: Rational[] = [];
    for (const b of branches) {
      if (result.result === 'void') {
        next.push(b);
        continue;
      }
      const v = result.voidFactor;
      if (v.num !== 0n) next.push({ num: b.num * v.num, den: b.den * v.den });
      const settledShare = { num: v.den - v.num, den: v.den };
      if (result.result === 'won' && settledShare.num !== 0n) {
        const dh = result.deadHeatFactor;
        next.push({
          num: b.num * settledShare.num * BigInt(oddsMilli) * dh.num,
          den: b.den * settledShare.den * 1000n * dh.den,
        });
      }
    }
    branches = next;
  }
  // Σ over a common denominator (the product of all denominators: no reduction involved).
  const common = branches.reduce((d, b) => d * b.den, 1n);
  const numerator = branches.reduce((sum, b) => sum + (b.num * common) / b.den, 0n);
  return (stake * numerator) / common;
}

describe('betting properties', () => {
  it('payouts equal the textbook formula (voids, half results, dead heats)', () => {
    fc.assert(
      fc.property(bet, (b) => {
        const settled = settleBet(b, b.results);
        let expected = 0n;
        for (const line of enumerateLines(b.type, b.legs.length)) {
          expected += textbookLine(
            b.stakePerLineMinor,
            line.map((i) => ({ oddsMilli: b.legs[i]!.oddsMilli, result: b.results[i]! })),
          );
        }
        expect(settled.payoutMinor).toBe(expected);
        expect(settled.payoutMinor).toBeLessThanOrEqual(potentialPayoutMinor(b));
        // A fully void bet returns the stake exactly.
        const allVoid = settleBet(
          b,
          b.legs.map(() => ({ result: 'void', voidFactor: ONE, deadHeatFactor: ONE })),
        );
        expect(allVoid.payoutMinor).toBe(b.stakePerLineMinor * BigInt(settled.lines.length));
      }),
      { numRuns: 300 },
    );
  });

  it('resettling twice equals settling once; any chain of resettlements pays the last result', () => {
    fc.assert(
      fc.property(
        bet,
        fc.array(fc.array(legResult, { minLength: 20, maxLength: 20 }), { minLength: 1, maxLength: 4 }),
        (b, rounds) => {
          let paid = settleBet(b, b.results).payoutMinor;
          let last = b.results;
          for (const round of rounds) {
            last = round.slice(0, b.legs.length);
            paid += resettlementDeltaMinor(paid, settleBet(b, last).payoutMinor);
          }
          const final = settleBet(b, last).payoutMinor;
          expect(paid).toBe(final);
          // The same result again moves nothing.
          expect(resettlementDeltaMinor(paid, final)).toBe(0n);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('system line counts match the combinatorics', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 12 })
          .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 2, max: n - 1 }))),
        ([n, k]) => {
          const lines = enumerateLines({ kind: 'system', size: k }, n);
          expect(BigInt(lines.length)).toBe(binomial(n, k));
          expect(new Set(lines.map((l) => l.join(','))).size).toBe(lines.length);
          for (const line of lines) {
            expect(line).toHaveLength(k);
            for (let i = 1; i < line.length; i += 1) expect(line[i]!).toBeGreaterThan(line[i - 1]!);
          }
        },
      ),
    );
    fc.assert(
      fc.property(namedSystem, (name) => {
        const { legs, sizes } = NAMED_SYSTEMS[name];
        const expected = sizes.reduce((sum, k) => sum + binomial(legs, k), 0n);
        expect(BigInt(lineCount({ kind: 'named', name }, legs))).toBe(expected);
      }),
    );
  });

  it('a cash-out never exceeds the potential payout', () => {
    const probability = fc.integer({ min: 0, max: 1_000_000 }).map((n) => rational(BigInt(n), 1_000_000n));
    fc.assert(
      fc.property(
        bet,
        fc.array(fc.option(probability, { nil: undefined }), { minLength: 20, maxLength: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (b, probabilities, marginPercent) => {
          const legs: CashOutLeg[] = b.legs.map((leg, i) => {
            const p = probabilities[i];
            return p === undefined
              ? { oddsMilli: leg.oddsMilli, state: 'settled', result: b.results[i]! }
              : { oddsMilli: leg.oddsMilli, state: 'open', probability: p, suspended: false };
          });
          const offer = cashOutValue({
            type: b.type,
            stakePerLineMinor: b.stakePerLineMinor,
            legs,
            margin: rational(BigInt(marginPercent), 100n),
          });
          if (offer.ok) {
            expect(offer.valueMinor).toBeLessThanOrEqual(potentialPayoutMinor(b));
            expect(offer.valueMinor).toBeGreaterThan(0n);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
