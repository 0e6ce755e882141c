/**
 * The stake ladder of the bet selector, in bigint minor units: "nice" amounts (1, 2, 5 × 10^k)
 * between the session's limits, always including the lowest and highest valid stake. A game may
 * require stakes in multiples of a unit (the slot: its 20 paylines, `describe().stakeMultipleOf`);
 * the ladder is then built on that unit (a line bet of 1, 2, 5, 10 … minor units × 20).
 *
 *   stakeSteps({ min: 10n, max: 10000n })  → [10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n]
 *   stakeSteps({ min: 10n, max: 10000n, multipleOf: 20n }) → [20n, 40n, 100n, 200n, 400n, 1000n, 2000n, 4000n, 10000n]
 *   stepStake(steps, 100n, 1) → 200n        stepStake(steps, 10000n, 1) → 10000n (stays at the top)
 */

import { minorUnitsPerMajor } from '@croupier/money/decimal';

export interface StakeRules {
  /** Inclusive limits of the session. */
  min: bigint;
  max: bigint;
  /** Every stake must be a multiple of this (default 1). */
  multipleOf?: bigint | undefined;
}

/** A ladder never grows past this (a limit on everything: huge max/min ratios stay usable). */
export const MAX_STEPS = 40;
const NICE = [1n, 2n, 5n] as const;

/** The lowest and highest stakes that satisfy the rules, or null when none does. */
export function validRange(rules: StakeRules): { low: bigint; high: bigint; unit: bigint } | null {
  const unit = rules.multipleOf && rules.multipleOf > 0n ? rules.multipleOf : 1n;
  const min = rules.min > 0n ? rules.min : 1n;
  const low = ((min + unit - 1n) / unit) * unit;
  const high = (rules.max / unit) * unit;
  return low <= high ? { low, high, unit } : null;
}

export function stakeSteps(rules: StakeRules): bigint[] {
  const range = validRange(rules);
  if (!range) return [];
  const { unit } = range;
  const lowUnits = range.low / unit;
  const highUnits = range.high / unit;
  const units: bigint[] = [lowUnits];
  for (let scale = 1n; scale <= highUnits; scale *= 10n) {
    for (const factor of NICE) {
      const value = factor * scale;
      if (value > lowUnits && value < highUnits) units.push(value);
    }
  }
  if (highUnits !== lowUnits) units.push(highUnits);
  const steps = units.map((value) => value * unit);
  if (steps.length <= MAX_STEPS) return steps;
  // Keep both ends and an even spread of the rest.
  const kept: bigint[] = [];
  for (let index = 0; index < MAX_STEPS; index += 1) {
    const value = steps[Math.round((index * (steps.length - 1)) / (MAX_STEPS - 1))];
    if (value !== undefined && kept.at(-1) !== value) kept.push(value);
  }
  return kept;
}

/** The stake made valid: rounded down to the unit, then held within the valid range. */
export function clampStake(stakeMinor: bigint, rules: StakeRules): bigint {
  const range = validRange(rules);
  if (!range) return stakeMinor;
  const rounded = (stakeMinor / range.unit) * range.unit;
  if (rounded < range.low) return range.low;
  if (rounded > range.high) return range.high;
  return rounded;
}

/**
 * One step up (+1) or down (-1) the ladder from `current`, which may sit between two steps (a
 * resumed round's stake): up goes to the next step above it, down to the next below; the ends stay.
 */
export function stepStake(steps: readonly bigint[], current: bigint, direction: 1 | -1): bigint {
  const first = steps[0];
  const last = steps.at(-1);
  if (first === undefined || last === undefined) return current;
  if (direction > 0) return steps.find((step) => step > current) ?? last;
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const step = steps[index];
    if (step !== undefined && step < current) return step;
  }
  return first;
}

/**
 * The first stake shown: the step nearest one major unit (1.00), so a first spin is neither the
 * smallest crumb nor a surprise.
 */
export function defaultStake(steps: readonly bigint[], exponent: number): bigint {
  const target = minorUnitsPerMajor(exponent);
  let best = steps[0] ?? target;
  const distance = (value: bigint) => (value > target ? value - target : target - value);
  for (const step of steps) if (distance(step) < distance(best)) best = step;
  return best;
}

/** The stake halved or doubled, then made valid (the ½ and 2× buttons). */
export function scaleStake(current: bigint, factor: 'half' | 'double', rules: StakeRules): bigint {
  return clampStake(factor === 'half' ? current / 2n : current * 2n, rules);
}
