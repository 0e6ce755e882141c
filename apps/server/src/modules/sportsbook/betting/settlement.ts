/**
 * Settlement of sports bets in bigint minor units (ADR 031).
 *
 * A leg's result comes from the feed (Unified Odds semantics): `won` / `lost` / `void`, a void
 * factor (1: the stake is returned; 0.5: half the stake is returned and the other half settled by
 * the result) and a dead-heat factor (the share of the stake that wins at full odds; the rest of
 * that share loses). Each leg becomes one exact multiplier of the line's stake:
 *
 *   factor = vf × 1 + (1 − vf) × (won: odds × dh, lost: 0)      (void: 1)
 *
 * A line (a combination of legs) pays `stakePerLine × Π factors`, computed exactly and **rounded
 * down to the minor unit once, at the end of the line**; a bet pays the sum of its lines. So a
 * player is never paid a fraction of a minor unit, each line loses less than one minor unit to
 * rounding, and the result does not depend on the order of the legs.
 *
 * Resettlement (a rollback of the settlement followed by a new result) moves only the difference
 * between the new payout and what was paid: `resettlementDeltaMinor`.
 */
import { type BetType, enumerateLines } from './bet-types.ts';
import {
  add,
  compare,
  floorTimes,
  mul,
  ONE,
  oddsRational,
  product,
  type Rational,
  rational,
  sub,
  ZERO,
} from './rational.ts';

export type LegResultKind = 'won' | 'lost' | 'void';

export interface LegResult {
  result: LegResultKind;
  /** 0, 1/2 or 1. */
  voidFactor: Rational;
  /** 0 < dh ≤ 1; 1 without a dead heat. */
  deadHeatFactor: Rational;
}

export const MIN_ODDS_MILLI = 1001;
export const MAX_ODDS_MILLI = 1_000_000;

export function isOddsMilli(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_ODDS_MILLI && value <= MAX_ODDS_MILLI;
}

function assertOdds(oddsMilli: number): void {
  if (!isOddsMilli(oddsMilli)) throw new RangeError(`odds out of range: ${oddsMilli}`);
}

const VOID_FACTORS = [ZERO, rational(1n, 2n), ONE];

/** Throws on a result the feed may not send (the feed adapter validates before this). */
export function assertLegResult(leg: LegResult): void {
  if (!VOID_FACTORS.some((v) => compare(v, leg.voidFactor) === 0))
    throw new RangeError('void factor must be 0, 1/2 or 1');
  if (compare(leg.deadHeatFactor, ZERO) <= 0 || compare(leg.deadHeatFactor, ONE) > 0) {
    throw new RangeError('dead-heat factor must be in (0, 1]');
  }
}

export function wonLeg(deadHeatFactor: Rational = ONE): LegResult {
  return { result: 'won', voidFactor: ZERO, deadHeatFactor };
}
export function lostLeg(): LegResult {
  return { result: 'lost', voidFactor: ZERO, deadHeatFactor: ONE };
}
export function voidLeg(): LegResult {
  return { result: 'void', voidFactor: ONE, deadHeatFactor: ONE };
}

/** The multiplier a settled leg applies to its line's stake (see the file comment). */
export function legFactor(oddsMilli: number, leg: LegResult): Rational {
  assertOdds(oddsMilli);
  assertLegResult(leg);
  if (leg.result === 'void') return ONE;
  const settledShare = sub(ONE, leg.voidFactor);
  const settled = leg.result === 'won' ? mul(oddsRational(oddsMilli), leg.deadHeatFactor) : ZERO;
  return add(leg.voidFactor, mul(settledShare, settled));
}

/** A line's payout: the stake × the legs' factors, rounded down once. */
export function linePayoutMinor(stakePerLineMinor: bigint, factors: readonly Rational[]): bigint {
  if (stakePerLineMinor < 0n) throw new RangeError('a stake is not negative');
  return floorTimes(stakePerLineMinor, product(factors));
}

export interface BetToSettle {
  type: BetType;
  stakePerLineMinor: bigint;
  legs: readonly { oddsMilli: number }[];
}

export interface Settlement {
  payoutMinor: bigint;
  lines: { legs: number[]; payoutMinor: bigint }[];
}

/** Settles a bet whose legs all have a result (`results[i]` is leg i's). */
export function settleBet(bet: BetToSettle, results: readonly LegResult[]): Settlement {
  if (results.length !== bet.legs.length) throw new RangeError('one result per leg');
  const factors = bet.legs.map((leg, i) => legFactor(leg.oddsMilli, results[i] as LegResult));
  let payoutMinor = 0n;
  const lines = enumerateLines(bet.type, bet.legs.length).map((legs) => {
    const linePayout = linePayoutMinor(
      bet.stakePerLineMinor,
      legs.map((i) => factors[i] as Rational),
    );
    payoutMinor += linePayout;
    return { legs, payoutMinor: linePayout };
  });
  return { payoutMinor, lines };
}

/**
 * The payout if every leg wins at its odds (no dead heat): what the bet slip shows, what payout
 * limits and liability are measured on, and the ceiling of any cash-out.
 */
export function potentialPayoutMinor(bet: BetToSettle): bigint {
  return settleBet(
    bet,
    bet.legs.map(() => wonLeg()),
  ).payoutMinor;
}

/**
 * Resettlement: the money to move now (positive: pay the player, negative: claw back) when a bet
 * that paid `paidMinor` in total is settled again with the payout `newPayoutMinor`. Applying it to
 * what was paid gives the new payout, so resettling twice with one result moves nothing the second
 * time.
 */
export function resettlementDeltaMinor(paidMinor: bigint, newPayoutMinor: bigint): bigint {
  return newPayoutMinor - paidMinor;
}
