import { describe, expect, test } from 'vitest';
import { formatRational } from './engine.ts';

describe('formatRational', () => {
  test('rounds half up to the asked places', () => {
    expect(formatRational({ num: 36n, den: 37n }, 4)).toBe('0.9730');
    expect(formatRational({ num: 1n, den: 8n }, 2)).toBe('0.13');
    expect(formatRational({ num: 5n, den: 2n }, 0)).toBe('3');
  });

  test('keeps the sign of negative values', () => {
    expect(formatRational({ num: -5117n, den: 1_000_000n }, 6)).toBe('-0.005117');
    expect(formatRational({ num: 3n, den: -2n }, 1)).toBe('-1.5');
    expect(formatRational({ num: -1n, den: 1_000_000n }, 2)).toBe('0.00');
  });

  test('refuses a zero denominator', () => {
    expect(() => formatRational({ num: 1n, den: 0n })).toThrow(RangeError);
  });
});
