/**
 * Exact arithmetic on `Rational` (engine.ts) with bigint, for the declared RTP of every game. Results
 * are always reduced with a positive denominator, so two equal values compare equal field by field.
 */
import type { Rational } from './engine.ts';

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

export function add(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mul(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

export function div(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new RangeError('division by zero');
  return rational(a.num * b.den, a.den * b.num);
}

export function equal(a: Rational, b: Rational): boolean {
  return a.num * b.den === b.num * a.den;
}

export function compare(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** A float approximation, for statistics and display only (never for money). */
export function toNumber(value: Rational): number {
  // Scale first so huge numerators and denominators do not overflow to Infinity/Infinity.
  const scale = 10n ** 18n;
  return Number((value.num * scale) / value.den) / 1e18;
}

/** JSON-safe form for describe() payloads. */
export function rationalJson(value: Rational): { num: string; den: string } {
  return { num: value.num.toString(), den: value.den.toString() };
}
