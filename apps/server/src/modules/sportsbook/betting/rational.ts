/**
 * Exact non-negative rationals in bigint for the betting maths (void factors, dead-heat factors,
 * odds, probabilities, margins). Never floats: every money figure derived from them is rounded
 * down to the minor unit once, by `floorTimes`.
 */

export interface Rational {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A rational in lowest terms with a positive denominator; a zero denominator is a programming error. */
export function rational(num: bigint, den = 1n): Rational {
  if (den === 0n) throw new RangeError('a rational needs a non-zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);
export const HALF = rational(1n, 2n);

export function add(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mul(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

export function product(values: readonly Rational[]): Rational {
  return values.reduce(mul, ONE);
}

export function compare(a: Rational, b: Rational): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `amountMinor × r`, rounded toward zero (down for the non-negative amounts of betting). */
export function floorTimes(amountMinor: bigint, r: Rational): bigint {
  return (amountMinor * r.num) / r.den;
}

/** Decimal odds in thousandths as a rational (2375 → 19/8). */
export function oddsRational(oddsMilli: number): Rational {
  return rational(BigInt(oddsMilli), 1000n);
}

/**
 * A decimal string of the feed ('1', '0.5', '0.333…' is not exact: the feed sends factors as
 * rationals) → rational. Plain digits and at most one point.
 */
export function parseDecimalRational(text: string): Rational {
  const match = /^([0-9]{1,18})(?:\.([0-9]{1,18}))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  const fraction = match[2] ?? '';
  return rational(BigInt(`${match[1]}${fraction}`), 10n ** BigInt(fraction.length));
}
