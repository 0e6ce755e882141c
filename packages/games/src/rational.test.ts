import { describe, expect, it } from 'vitest';
import { formatRational } from './engine.ts';
import { add, compare, div, equal, mul, rational, rationalJson, sub, toNumber } from './rational.ts';

describe('rational', () => {
  it('reduces and keeps the sign on the numerator', () => {
    expect(rational(6, 8)).toEqual({ num: 3n, den: 4n });
    expect(rational(3, -6)).toEqual({ num: -1n, den: 2n });
    expect(rational(0, 5)).toEqual({ num: 0n, den: 1n });
    expect(() => rational(1, 0)).toThrow(RangeError);
  });

  it('adds, subtracts, multiplies and divides exactly', () => {
    expect(add(rational(1, 3), rational(1, 6))).toEqual(rational(1, 2));
    expect(sub(rational(1, 3), rational(1, 2))).toEqual(rational(-1, 6));
    expect(mul(rational(2, 3), rational(9, 4))).toEqual(rational(3, 2));
    expect(div(rational(2, 3), rational(4, 9))).toEqual(rational(3, 2));
    expect(() => div(rational(1), rational(0))).toThrow(RangeError);
    expect(equal(rational(36, 37), { num: 72n, den: 74n })).toBe(true);
    expect(compare(rational(985, 1000), rational(99, 100))).toBe(-1);
  });

  it('converts for display and statistics only', () => {
    expect(toNumber(rational(36, 37))).toBeCloseTo(0.972972972972973, 15);
    const huge = { num: 10n ** 400n * 96n, den: 10n ** 402n };
    expect(toNumber(huge)).toBeCloseTo(0.96, 15);
    expect(formatRational({ num: 3600n, den: 37n }, 4)).toBe('97.2973');
    expect(rationalJson(rational(99, 100))).toEqual({ num: '99', den: '100' });
  });
});
