/**
 * Chips and the bets placed with them. Amounts are bigint minor units (cents for EUR); the wire
 * carries them as integer strings ("150" = 1.50 EUR). No float ever holds an amount.
 *
 * The placed bets are an ordered list of (spot, amount) rather than a map so that undo can remove
 * exactly the last chip; `stacks` sums them per spot for drawing and for the bet payload.
 */

import { minorUnitsPerMajor } from '@croupier/money/decimal';

export interface StakeLimits {
  minMinor: bigint;
  maxMinor: bigint;
}

/** One chip put on one spot. */
export interface PlacedChip {
  spotId: string;
  amountMinor: bigint;
}

const MAX_CHIPS_OFFERED = 6;

/**
 * Chip denominations for a session: the 1-2-5 series (1, 2, 5, 10, 20, 50 … minor units) within
 * the limits, starting at the minimum (itself a chip when it is not in the series), at most six,
 * spread so that the largest chip is not tiny next to the maximum.
 */
export function chipValues(limits: StakeLimits): bigint[] {
  const { minMinor, maxMinor } = limits;
  if (minMinor <= 0n || maxMinor < minMinor) return [];
  const series: bigint[] = [];
  for (let scale = 1n; scale <= maxMinor; scale *= 10n) {
    for (const step of [1n, 2n, 5n]) {
      const value = step * scale;
      if (value > minMinor && value <= maxMinor) series.push(value);
    }
  }
  const values = [minMinor, ...series];
  if (values.length <= MAX_CHIPS_OFFERED) return values;
  // Keep the smallest, then every other value of the 1-5 steps (1, 5, 10, 50 …) until six.
  const picked = [minMinor];
  for (const value of series) {
    if (picked.length >= MAX_CHIPS_OFFERED) break;
    const leading = value.toString()[0];
    if (leading === '1' || leading === '5') picked.push(value);
  }
  return picked;
}

export function totalStake(chips: readonly PlacedChip[]): bigint {
  let total = 0n;
  for (const chip of chips) total += chip.amountMinor;
  return total;
}

/** Amount per spot, in the order spots were first bet. */
export function stacks(chips: readonly PlacedChip[]): Map<string, bigint> {
  const result = new Map<string, bigint>();
  for (const chip of chips) result.set(chip.spotId, (result.get(chip.spotId) ?? 0n) + chip.amountMinor);
  return result;
}

export type PlaceResult = { ok: true; chips: PlacedChip[] } | { ok: false; problem: 'over_max' | 'bad_chip' };

/** Adds a chip unless the total would pass the maximum stake. */
export function placeChip(
  chips: readonly PlacedChip[],
  spotId: string,
  amountMinor: bigint,
  limits: StakeLimits,
): PlaceResult {
  if (amountMinor <= 0n) return { ok: false, problem: 'bad_chip' };
  if (totalStake(chips) + amountMinor > limits.maxMinor) return { ok: false, problem: 'over_max' };
  return { ok: true, chips: [...chips, { spotId, amountMinor }] };
}

/** Removes the last chip put down. */
export function undoChip(chips: readonly PlacedChip[]): PlacedChip[] {
  return chips.slice(0, -1);
}

export type StakeProblem = 'empty' | 'under_min' | 'over_max' | 'over_balance';

/** Why the placed chips cannot be played now, or undefined when they can. */
export function stakeProblem(
  chips: readonly PlacedChip[],
  limits: StakeLimits,
  balanceMinor: bigint | null,
): StakeProblem | undefined {
  const total = totalStake(chips);
  if (total === 0n) return 'empty';
  if (total < limits.minMinor) return 'under_min';
  if (total > limits.maxMinor) return 'over_max';
  if (balanceMinor !== null && total > balanceMinor) return 'over_balance';
  return undefined;
}

/**
 * The previous round's chips again, if they still fit the limits (a rebet after the maximum was
 * lowered, for example, is refused rather than silently trimmed).
 */
export function rebet(previous: readonly PlacedChip[], limits: StakeLimits): PlacedChip[] | undefined {
  const total = totalStake(previous);
  if (previous.length === 0 || total > limits.maxMinor) return undefined;
  return [...previous];
}

/**
 * A chip's face: the amount in major units, short ("0.5", "2", "25", "1K", "2.5K", "1M").
 * Exact: digits come from the bigint, never from a float.
 */
export function chipLabel(amountMinor: bigint, exponent: number): string {
  const scale = minorUnitsPerMajor(exponent);
  const units: Array<[bigint, string]> = [
    [1_000_000n, 'M'],
    [1_000n, 'K'],
    [1n, ''],
  ];
  for (const [factor, suffix] of units) {
    const divisor = scale * factor;
    if (amountMinor >= divisor || factor === 1n) return `${decimalText(amountMinor, divisor)}${suffix}`;
  }
  return amountMinor.toString();
}

/** value / divisor with at most two decimals, trailing zeros dropped (truncated, display only). */
function decimalText(value: bigint, divisor: bigint): string {
  const whole = value / divisor;
  const hundredths = ((value % divisor) * 100n) / divisor;
  if (hundredths === 0n) return whole.toString();
  const fraction = hundredths.toString().padStart(2, '0').replace(/0$/, '');
  return `${whole}.${fraction}`;
}

/** The chip colour of a stack: the rank of the largest chip value not above it. */
export function chipRank(amountMinor: bigint, values: readonly bigint[]): number {
  let rank = 0;
  values.forEach((value, index) => {
    if (amountMinor >= value) rank = index;
  });
  return rank;
}
