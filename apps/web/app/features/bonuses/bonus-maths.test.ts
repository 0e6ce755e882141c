import { describe, expect, test } from 'vitest';
import { actionsOf, burnsOnRemove, progressBasisPoints, timeLeft, wholePercent } from './bonus-maths.ts';

describe('wagering progress (exact, from decimal strings)', () => {
  test('plain shares, rounded down', () => {
    expect(progressBasisPoints('0.00', '500.00')).toBe(0);
    expect(progressBasisPoints('125.00', '500.00')).toBe(2_500);
    expect(progressBasisPoints('1', '3')).toBe(3_333);
    expect(progressBasisPoints('499.99', '500.00')).toBe(9_999);
    expect(progressBasisPoints('500', '500.00')).toBe(10_000);
    expect(wholePercent(9_999)).toBe(99);
    expect(wholePercent(2_500)).toBe(25);
  });

  test('fractions of different lengths are put on one scale', () => {
    expect(progressBasisPoints('0.5', '1.00')).toBe(5_000);
    expect(progressBasisPoints('0.00000001', '0.00000002')).toBe(5_000);
  });

  test('values far beyond a float stay exact: one minor unit short is not done', () => {
    const required = '123456789012345678901234567890.00';
    expect(progressBasisPoints('123456789012345678901234567889.99', required)).toBe(9_999);
    expect(progressBasisPoints('61728394506172839450617283945.00', required)).toBe(5_000);
    // A float would call this 100 %: 2^53 + 1 of 2^53 + 2.
    expect(progressBasisPoints('9007199254740993', '9007199254740994')).toBe(9_999);
  });

  test('nothing to wager is done; over-wagering and negatives are clamped', () => {
    expect(progressBasisPoints('0.00', '0.00')).toBe(10_000);
    expect(progressBasisPoints('900.00', '500.00')).toBe(10_000);
    expect(progressBasisPoints('-5.00', '500.00')).toBe(0);
  });

  test('a malformed amount is an error, not a guess', () => {
    expect(() => progressBasisPoints('1e5', '10')).toThrow(RangeError);
  });
});

describe('what each status offers (ADR 020)', () => {
  test('a finished bonus offers nothing', () => {
    for (const status of ['completed', 'expired', 'cancelled', 'burned'] as const) {
      expect(actionsOf({ status })).toEqual([]);
    }
  });

  test('actions, and removal burns only a funded bonus', () => {
    expect(actionsOf({ status: 'available' })).toEqual(['activate', 'remove']);
    expect(actionsOf({ status: 'active' })).toEqual(['deactivate', 'remove']);
    expect(actionsOf({ status: 'wagering' })).toEqual(['remove']);
    expect(burnsOnRemove({ status: 'available' })).toBe(false);
    expect(burnsOnRemove({ status: 'active' })).toBe(true);
    expect(burnsOnRemove({ status: 'wagering' })).toBe(true);
  });
});

describe('time left before a deadline', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');
  test('days, hours and minutes, rounded up to the minute', () => {
    expect(timeLeft('2030-01-03T15:30:00Z', now)).toEqual({ days: 2, hours: 3, minutes: 30 });
    expect(timeLeft('2030-01-01T12:00:01Z', now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(timeLeft('2030-01-01T13:05:00Z', now)).toEqual({ days: 0, hours: 1, minutes: 5 });
  });
  test('a passed or unreadable deadline has none', () => {
    expect(timeLeft('2030-01-01T12:00:00Z', now)).toBeNull();
    expect(timeLeft('2029-12-31T00:00:00Z', now)).toBeNull();
    expect(timeLeft('soon', now)).toBeNull();
  });
});
