/**
 * Odds in the player's format (ADR 035): decimal, fractional or American, from the contract's
 * `odds_milli` (decimal odds × 1000, an integer). No float touches them: the fractional form is the
 * bookmakers' fraction with the smallest denominator (up to 20, then 25, 30, 40, 50, 100) whose value
 * lies within a thousandth of the decimal odds — the feed rounds each price to three decimals, so
 * 2.333 is 4/3 and 1.909 is 10/11 — or else the exact fraction over 1000 (1.917 → 917/1000). The
 * American form derives from that fraction, so common odds convert exactly (10/11 → −110, 4/6 →
 * −150, 11/8 → +137.5). Odds are written as the site writes every number (spec §9), in French as in
 * English: `2.50`, `+137.5`. A French `2,50` beside the slip's `€20.00` would mix two conventions on
 * one screen, and `1,250` reads as a thousand and more where commas group thousands.
 */

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value);
}

const DENOMINATORS = [...Array.from({ length: 20 }, (_, index) => index + 1), 25, 30, 40, 50, 100] as const;

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** The winnings-to-stake fraction `[numerator, denominator]` of decimal odds × 1000 (≥ 1001). */
export function fractionOf(oddsMilli: number): [number, number] {
  if (!Number.isInteger(oddsMilli) || oddsMilli <= 1000) throw new RangeError(`Bad odds: ${oddsMilli}`);
  const profit = oddsMilli - 1000;
  for (const denominator of DENOMINATORS) {
    // The numerator nearest profit/1000 × denominator, in integers only.
    const numerator = Math.floor((profit * denominator + 500) / 1000);
    if (numerator >= 1 && Math.abs(numerator * 1000 - profit * denominator) < denominator) {
      const divisor = gcd(numerator, denominator);
      return [numerator / divisor, denominator / divisor];
    }
  }
  const divisor = gcd(profit, 1000);
  return [profit / divisor, 1000 / divisor];
}

/** `2.375`, trailing zeros kept to two decimals (`2.50`, `1.91`, `2.375`). */
export function formatDecimalOdds(oddsMilli: number): string {
  const whole = Math.floor(oddsMilli / 1000);
  const fraction = String(oddsMilli % 1000).padStart(3, '0');
  return `${whole}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}

/** `100 × n / d` with up to two decimals (half away from zero), trailing zeros dropped. */
function hundredths(numerator: number, denominator: number): string {
  const scaled = Math.floor((numerator * 10_000 * 2 + denominator) / (denominator * 2));
  const whole = Math.floor(scaled / 100);
  const rest = scaled % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export function formatAmericanOdds(oddsMilli: number): string {
  const [numerator, denominator] = fractionOf(oddsMilli);
  return numerator >= denominator
    ? `+${hundredths(numerator, denominator)}`
    : `-${hundredths(denominator, numerator)}`;
}

export function formatFractionalOdds(oddsMilli: number): string {
  const [numerator, denominator] = fractionOf(oddsMilli);
  return `${numerator}/${denominator}`;
}

export function formatOdds(oddsMilli: number, format: OddsFormat): string {
  if (format === 'fractional') return formatFractionalOdds(oddsMilli);
  return format === 'american' ? formatAmericanOdds(oddsMilli) : formatDecimalOdds(oddsMilli);
}
