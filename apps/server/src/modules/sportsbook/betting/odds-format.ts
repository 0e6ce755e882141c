/**
 * Odds display (the player's setting): decimal, fractional and American, from `oddsMilli` (decimal
 * odds in thousandths) with integer arithmetic only. Locale only changes the decimal separator and
 * digit grouping (en `2.50`, fr `2,50`).
 */
import { type Rational, rational } from './rational.ts';
import { isOddsMilli } from './settlement.ts';

export type OddsFormat = 'decimal' | 'fractional' | 'american';
export const ODDS_FORMATS: readonly OddsFormat[] = ['decimal', 'fractional', 'american'];

function assertOdds(oddsMilli: number): void {
  if (!isOddsMilli(oddsMilli)) throw new RangeError(`odds out of range: ${oddsMilli}`);
}

function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

function groupInteger(value: bigint, locale: string): string {
  // Integers below 2^53 only (odds are at most 1,000): exact as a number.
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Number(value));
}

/** Decimal odds with two to three decimals: 2500 → "2.50", 2375 → "2.375", 1000000 → "1,000.00" (en). */
export function formatDecimalOdds(oddsMilli: number, locale: string): string {
  assertOdds(oddsMilli);
  const whole = BigInt(Math.floor(oddsMilli / 1000));
  const thousandths = String(oddsMilli % 1000).padStart(3, '0');
  const fraction = thousandths.endsWith('0') ? thousandths.slice(0, 2) : thousandths;
  return `${groupInteger(whole, locale)}${decimalSeparator(locale)}${fraction}`;
}

/**
 * The traditional fractional ladder (profit : stake), ascending. 4/6 and 6/4 are kept unreduced as
 * bookmakers print them.
 */
const LADDER: readonly [number, number][] = [
  [1, 20],
  [1, 16],
  [1, 14],
  [1, 12],
  [1, 10],
  [1, 9],
  [1, 8],
  [2, 15],
  [1, 7],
  [2, 13],
  [1, 6],
  [2, 11],
  [1, 5],
  [2, 9],
  [1, 4],
  [2, 7],
  [3, 10],
  [1, 3],
  [4, 11],
  [2, 5],
  [4, 9],
  [1, 2],
  [8, 15],
  [4, 7],
  [8, 13],
  [4, 6],
  [8, 11],
  [4, 5],
  [5, 6],
  [10, 11],
  [1, 1],
  [11, 10],
  [6, 5],
  [5, 4],
  [11, 8],
  [6, 4],
  [13, 8],
  [7, 4],
  [15, 8],
  [2, 1],
  [9, 4],
  [5, 2],
  [11, 4],
  [3, 1],
  [10, 3],
  [7, 2],
  [4, 1],
  [9, 2],
  [5, 1],
  [11, 2],
  [6, 1],
  [13, 2],
  [7, 1],
  [15, 2],
  [8, 1],
  [17, 2],
  [9, 1],
  [10, 1],
  [11, 1],
  [12, 1],
  [14, 1],
  [16, 1],
  [18, 1],
  [20, 1],
  [25, 1],
  [33, 1],
  [40, 1],
  [50, 1],
  [66, 1],
  [80, 1],
  [100, 1],
  [150, 1],
  [200, 1],
  [250, 1],
  [500, 1],
  [1000, 1],
];

/** The exact profit fraction of decimal odds: (oddsMilli − 1000) / 1000 in lowest terms (2375 → 11/8). */
export function exactFraction(oddsMilli: number): Rational {
  assertOdds(oddsMilli);
  return rational(BigInt(oddsMilli - 1000), 1000n);
}

/**
 * Fractional odds. `exact` prints the reduced fraction (1333 → "333/1000"); `ladder` prints the
 * largest ladder price not above the true odds (1333 → "1/3"), so a display never promises more
 * than the bet pays; odds below the ladder's first step print exactly.
 */
export function formatFractionalOdds(oddsMilli: number, mode: 'exact' | 'ladder' = 'ladder'): string {
  const exact = exactFraction(oddsMilli);
  if (mode === 'ladder') {
    let best: [number, number] | null = null;
    for (const step of LADDER) {
      // step ≤ exact  ⇔  step.num × exact.den ≤ exact.num × step.den
      if (BigInt(step[0]) * exact.den <= exact.num * BigInt(step[1])) best = step;
      else break;
    }
    if (best) return `${best[0]}/${best[1]}`;
  }
  return `${exact.num}/${exact.den}`;
}

/** Rounds a non-negative num/den to the nearest integer, halves up. */
function roundHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den);
}

/**
 * American odds: from 2.00 up `+(d − 1) × 100` (2375 → "+138"), below `−100 / (d − 1)`
 * (1500 → "-200"), rounded to the nearest integer, halves away from zero.
 */
export function formatAmericanOdds(oddsMilli: number, locale: string): string {
  assertOdds(oddsMilli);
  const profitMilli = BigInt(oddsMilli - 1000);
  if (profitMilli >= 1000n) return `+${groupInteger(roundHalfUp(profitMilli, 10n), locale)}`;
  return `-${groupInteger(roundHalfUp(100_000n, profitMilli), locale)}`;
}

export function formatOdds(oddsMilli: number, format: OddsFormat, locale: string): string {
  switch (format) {
    case 'decimal':
      return formatDecimalOdds(oddsMilli, locale);
    case 'fractional':
      return formatFractionalOdds(oddsMilli);
    case 'american':
      return formatAmericanOdds(oddsMilli, locale);
  }
}
