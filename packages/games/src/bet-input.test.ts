import { describe, expect, it } from 'vitest';
import {
  checkStakeLimits,
  expectObject,
  parseIntInRange,
  parseMinor,
  parseStake,
  WIDE_LIMITS,
} from './bet-input.ts';
import { GameInputError } from './engine.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof GameInputError) return error.code;
    throw error;
  }
  return 'accepted';
};

describe('stake input', () => {
  it('accepts positive integer strings and safe integers', () => {
    expect(parseMinor('1', 'stake')).toBe(1n);
    expect(parseMinor('123456789012345678901234567890', 'stake')).toBe(123456789012345678901234567890n);
    expect(parseMinor(150, 'stake')).toBe(150n);
  });

  it.each([
    '0',
    '-1',
    '1.5',
    '1e3',
    '0100',
    ' 100',
    '100 ',
    '+100',
    '',
    'abc',
    '0x10',
    '1'.padEnd(31, '0'),
    0,
    -5,
    1.5,
    2 ** 53,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    undefined,
    true,
    [100],
    { amount: 100 },
  ])('refuses %j as stake_invalid', (value) => {
    expect(codeOf(() => parseMinor(value, 'stake'))).toBe('stake_invalid');
  });

  it('refuses a bigint (not JSON)', () => {
    expect(codeOf(() => parseMinor(10n, 'stake'))).toBe('stake_invalid');
  });

  it('checks the limits inclusively', () => {
    const limits = { minStakeMinor: 10n, maxStakeMinor: 500n };
    expect(parseStake('10', limits)).toBe(10n);
    expect(parseStake('500', limits)).toBe(500n);
    expect(codeOf(() => parseStake('9', limits))).toBe('stake_below_min');
    expect(codeOf(() => parseStake('501', limits))).toBe('stake_above_max');
    expect(codeOf(() => checkStakeLimits(10n ** 16n, WIDE_LIMITS, 'stake'))).toBe('stake_above_max');
    try {
      parseStake('x', limits, 'bets[2].stake');
    } catch (error) {
      expect((error as GameInputError).field).toBe('bets[2].stake');
    }
  });
});

describe('bet objects', () => {
  it('refuses non-objects and unknown fields', () => {
    expect(expectObject({ stake: '1' }, ['stake'])).toEqual({ stake: '1' });
    for (const value of [null, [], 'x', 3, undefined])
      expect(codeOf(() => expectObject(value, ['stake']))).toBe('bet_invalid');
    expect(codeOf(() => expectObject({ stake: '1', __proto__x: 1 }, ['stake']))).toBe('bet_invalid');
  });

  it('reads integers in a range', () => {
    expect(parseIntInRange(5, 0, 9, 'x_invalid', 'x')).toBe(5);
    expect(parseIntInRange('7', 0, 9, 'x_invalid', 'x')).toBe(7);
    for (const value of [10, -1, 1.5, '1.5', '', '07', null, '1e1']) {
      expect(codeOf(() => parseIntInRange(value, 0, 9, 'x_invalid', 'x'))).toBe('x_invalid');
    }
  });
});
