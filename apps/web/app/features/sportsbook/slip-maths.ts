/**
 * The bet slip's own arithmetic (ADR 035): which bet kinds a slip of n legs offers, how many lines
 * each has, the total stake and the accumulator's combined odds. Money in bigint minor units,
 * odds in thousandths; the potential payout itself comes from `sportsbook.quote`.
 */
import { SPORTSBOOK_MAX_LEGS } from '@croupier/contract/sportsbook/betting';
import { toMinorUnits } from '../../ui/format.ts';

/** Named full covers: legs and lines (doubles and up, plus singles for the "lucky" ones). */
export const NAMED_SYSTEMS = {
  trixie: { legs: 3, lines: 4 },
  patent: { legs: 3, lines: 7 },
  yankee: { legs: 4, lines: 11 },
  lucky15: { legs: 4, lines: 15 },
  canadian: { legs: 5, lines: 26 },
  lucky31: { legs: 5, lines: 31 },
  heinz: { legs: 6, lines: 57 },
  lucky63: { legs: 6, lines: 63 },
  super_heinz: { legs: 7, lines: 120 },
  goliath: { legs: 8, lines: 247 },
} as const;
export type NamedSystem = keyof typeof NAMED_SYSTEMS;

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** The system kinds a slip of `legs` legs offers: `2/3`… and the named covers of that size. */
export function systemKinds(legs: number): string[] {
  if (legs < 3 || legs > SPORTSBOOK_MAX_LEGS) return [];
  const kinds: string[] = [];
  for (let k = 2; k < legs; k += 1) kinds.push(`${k}/${legs}`);
  for (const [name, system] of Object.entries(NAMED_SYSTEMS)) if (system.legs === legs) kinds.push(name);
  return kinds;
}

/** Lines of a bet kind over `legs` legs (0 when the kind does not fit). */
export function linesOf(kind: string, legs: number): number {
  if (kind === 'single') return legs === 1 ? 1 : 0;
  if (kind === 'accumulator') return legs >= 2 && legs <= SPORTSBOOK_MAX_LEGS ? 1 : 0;
  const named = NAMED_SYSTEMS[kind as NamedSystem];
  if (named) return named.legs === legs ? named.lines : 0;
  const match = /^(\d+)\/(\d+)$/.exec(kind);
  if (!match) return 0;
  const k = Number(match[1]);
  const n = Number(match[2]);
  return n === legs && k >= 2 && k < n ? binomial(n, k) : 0;
}

/**
 * A typed stake as a plain decimal string for the API (`"2.50"`, `"1000"`), or null when it is no
 * amount. The site writes thousands with commas (spec §9), so `1,000` and `1,000.50` are grouped
 * digits; a single comma with one or two digits after it is the decimal comma French players type
 * (`2,50`, `2,5`). A trailing point is dropped (`10.` is `10`).
 */
export function stakeText(stake: string): string | null {
  const text = withoutCommas(stake.trim());
  return /^\d{1,12}(?:\.\d*)?$/.test(text) ? text.replace(/\.$/, '') : null;
}

function withoutCommas(typed: string): string {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(typed)) return typed.replaceAll(',', '');
  if (/^\d+,\d{1,2}$/.test(typed)) return typed.replace(',', '.');
  return typed;
}

/** A typed stake (`"2.5"`, `"10"`, `"2,50"`, `"1,000"`) in minor units, or null when it is not a positive amount. */
export function stakeToMinor(stake: string, exponent: number): bigint | null {
  const text = stakeText(stake);
  // More decimals than the currency has is no stake (toMinorUnits would round them away).
  if (text === null || (text.split('.')[1]?.length ?? 0) > exponent) return null;
  const minor = toMinorUnits(text, exponent);
  return minor > 0n ? minor : null;
}

/** The accumulator's odds × 1000, rounded down like the book (product of the legs). */
export function combinedOddsMilli(legs: readonly number[]): number {
  let product = 1000n;
  for (const odds of legs) product = (product * BigInt(odds)) / 1000n;
  return Number(product);
}
