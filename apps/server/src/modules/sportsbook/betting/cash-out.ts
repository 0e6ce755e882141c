/**
 * Cash-out value of an open bet (ADR 031). Per line:
 *
 *   value(line) = ⌊ stakePerLine × Π(settled legs' factors) × Π(open legs' odds × pᵢ) × (1 − margin) ⌋
 *
 * where oddsᵢ is the price the leg was taken at and pᵢ the current probability that the leg wins
 * (from the trading model, as an exact rational). Π(odds × p) is the line's fair expected payout
 * given what is known now; the margin is the book's price for taking the bet back. The bet's value
 * is the sum of its lines, each rounded down once like a settlement. Since every pᵢ ≤ 1 and the
 * margin ≥ 0, the value never exceeds the potential payout.
 *
 * Refused when any open leg's market is suspended (the price is not known), when nothing is open
 * any more (the bet is for settlement), and when the value is 0 (every line lost).
 */
import { type BetType, enumerateLines } from './bet-types.ts';
import {
  compare,
  floorTimes,
  mul,
  ONE,
  oddsRational,
  product,
  type Rational,
  sub,
  ZERO,
} from './rational.ts';
import { type LegResult, legFactor } from './settlement.ts';

export type CashOutLeg =
  | { oddsMilli: number; state: 'settled'; result: LegResult }
  | { oddsMilli: number; state: 'open'; probability: Rational; suspended: boolean };

export interface CashOutInput {
  type: BetType;
  stakePerLineMinor: bigint;
  legs: readonly CashOutLeg[];
  /** 0 ≤ margin < 1. */
  margin: Rational;
}

export type CashOutRefusal = 'suspended' | 'nothing_open' | 'no_value';

export type CashOutOffer = { ok: true; valueMinor: bigint } | { ok: false; reason: CashOutRefusal };

export function cashOutValue(input: CashOutInput): CashOutOffer {
  if (compare(input.margin, ZERO) < 0 || compare(input.margin, ONE) >= 0)
    throw new RangeError('margin in [0, 1)');
  if (input.legs.some((leg) => leg.state === 'open' && leg.suspended))
    return { ok: false, reason: 'suspended' };
  if (!input.legs.some((leg) => leg.state === 'open')) return { ok: false, reason: 'nothing_open' };
  const factors = input.legs.map((leg) => {
    if (leg.state === 'settled') return legFactor(leg.oddsMilli, leg.result);
    if (compare(leg.probability, ZERO) < 0 || compare(leg.probability, ONE) > 0) {
      throw new RangeError('a probability is in [0, 1]');
    }
    return mul(oddsRational(leg.oddsMilli), leg.probability);
  });
  const keep = sub(ONE, input.margin);
  let valueMinor = 0n;
  for (const line of enumerateLines(input.type, input.legs.length)) {
    valueMinor += floorTimes(
      input.stakePerLineMinor,
      mul(product(line.map((i) => factors[i] as Rational)), keep),
    );
  }
  return valueMinor > 0n ? { ok: true, valueMinor } : { ok: false, reason: 'no_value' };
}

/**
 * A model probability (a float of the simulator) as an exact rational in millionths, rounded to
 * the nearest: the same float always gives the same rational, so the cash-out price is
 * reproducible. The only place a float enters: before any money maths.
 */
export function probabilityFromModel(p: number): Rational {
  if (!Number.isFinite(p) || p < 0 || p > 1) throw new RangeError('a probability is in [0, 1]');
  return { num: BigInt(Math.round(p * 1_000_000)), den: 1_000_000n };
}
