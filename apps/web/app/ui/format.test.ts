import { formatMinor } from '@croupier/money/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyMinor,
  formatNumber,
  formatTime,
  parseDecimal,
  toMinorUnits,
} from './format.ts';

describe('formatNumber', () => {
  it.each([
    ['1234567.5', '1,234,567.50'],
    ['0', '0.00'],
    ['999', '999.00'],
    ['1000', '1,000.00'],
    ['-1234.5', '-1,234.50'],
    ['+12', '12.00'],
    ['007.10', '7.10'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['-1.005', '-1.01'],
    ['999.995', '1,000.00'],
    ['-0.001', '0.00'],
    ['123456789012345678901234567890.129', '123,456,789,012,345,678,901,234,567,890.13'],
  ])('%s → %s', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it('takes other fraction digits', () => {
    expect(formatNumber('1234.5678', { fractionDigits: 0 })).toBe('1,235');
    expect(formatNumber('1.5', { fractionDigits: 3 })).toBe('1.500');
  });

  it('formats numbers and bigints', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000.00');
    expect(formatNumber(1e-7)).toBe('0.00');
    expect(formatNumber(12n)).toBe('12.00');
  });

  it.each(['', '-', '.', '1e5', '1,000', '12a', ' 1 2', 'NaN', '--1', '1.2.3'])('rejects %j', (input) => {
    expect(() => formatNumber(input)).toThrow(RangeError);
  });

  it('rejects non-finite numbers and silly digit counts', () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatNumber('1', { fractionDigits: -1 })).toThrow(RangeError);
    expect(() => formatNumber('1', { fractionDigits: 1.5 })).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('puts the given symbol first and uses 2 decimals', () => {
    expect(formatMoney({ amount: '125.5', currency: 'EUR' }, { symbol: '€' })).toBe('€125.50');
    expect(formatMoney({ amount: '-1234567.891', currency: 'EUR' }, { symbol: '€' })).toBe('-€1,234,567.89');
  });

  it('respects the currency exponent', () => {
    expect(formatMoney({ amount: '1500', currency: 'JPY' }, { symbol: '¥', exponent: 0 })).toBe('¥1,500');
    expect(formatMoney({ amount: '1234.5', currency: 'JPY' }, { symbol: '¥', exponent: 0 })).toBe('¥1,235');
    expect(formatMoney({ amount: '0.00012345', currency: 'BTC' }, { symbol: '₿', exponent: 8 })).toBe(
      '₿0.00012345',
    );
  });

  it('falls back to USD, and to the code when no symbol is known', () => {
    expect(formatMoney({ amount: '10' })).toBe('$10.00');
    expect(formatMoney({ amount: '10', currency: 'USD' })).toBe('$10.00');
    expect(formatMoney({ amount: '-10', currency: 'CHF' })).toBe('-10.00\u00a0CHF');
  });

  it("takes a known currency's ISO 4217 exponent when the catalogue gave none", () => {
    expect(formatMoney({ amount: '1500', currency: 'JPY' }, { symbol: '¥' })).toBe('¥1,500');
    expect(formatMoneyMinor(1500n, { currency: 'JPY', symbol: '¥' })).toBe('¥1,500');
    expect(formatMoneyMinor(1500n, { currency: 'KWD' })).toBe('1.500\u00a0KWD');
    // An unknown code keeps the spec §9 display fallback of two decimals.
    expect(formatMoneyMinor(1500n, { currency: 'XYZ' })).toBe('15.00\u00a0XYZ');
  });

  it('formats minor units and converts both ways', () => {
    expect(formatMoneyMinor(12550n, { currency: 'EUR', symbol: '€' })).toBe('€125.50');
    expect(formatMoneyMinor(-5n)).toBe('-$0.05');
    expect(formatMoneyMinor(1500n, { currency: 'JPY', symbol: '¥', exponent: 0 })).toBe('¥1,500');
    expect(toMinorUnits('125.505')).toBe(12551n);
    expect(toMinorUnits('-0.5', 0)).toBe(-1n);
    expect(formatMinor(12550n, 2)).toBe('125.50');
    expect(formatMinor(-5n, 2)).toBe('-0.05');
    expect(formatMinor(7n, 0)).toBe('7');
  });
});

/** A decimal string as the wire may carry it: optional sign, digits, optional fraction. */
const decimalString = fc
  .record({
    sign: fc.constantFrom('', '-', '+'),
    integer: fc.stringMatching(/^\d{1,30}$/),
    fraction: fc.stringMatching(/^\d{0,12}$/),
  })
  .map(({ sign, integer, fraction }) => ({
    sign,
    integer,
    fraction,
    text: fraction ? `${sign}${integer}.${fraction}` : `${sign}${integer}`,
  }));

describe('formatting round-trips the digits (property)', () => {
  it('keeps every digit of a 2-decimal amount and groups by three', () => {
    fc.assert(
      fc.property(decimalString, fc.stringMatching(/^\d{2}$/), (input, cents) => {
        const text = `${input.sign}${input.integer}.${cents}`;
        const formatted = formatNumber(text);
        const integer = input.integer.replace(/^0+(?=\d)/, '');
        const isZero = /^0+$/.test(integer) && cents === '00';
        expect(formatted.replaceAll(',', '')).toBe(
          `${input.sign === '-' && !isZero ? '-' : ''}${integer}.${cents}`,
        );
        const [grouped] = formatted.replace('-', '').split('.');
        const groups = (grouped ?? '').split(',');
        expect(groups[0]?.length).toBeGreaterThanOrEqual(1);
        expect(groups[0]?.length).toBeLessThanOrEqual(3);
        for (const group of groups.slice(1)) expect(group).toHaveLength(3);
      }),
    );
  });

  it('rounds like exact integer arithmetic, half away from zero', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 8 }), (input, exponent) => {
        const decimal = parseDecimal(input.text);
        const scale = 10n ** BigInt(input.fraction.length);
        const exact = BigInt(`${decimal.integer}${input.fraction}`); // |value| × scale
        const target = 10n ** BigInt(exponent);
        // round(|value| × target) half up on the magnitude, in integers only
        const doubled = (exact * target * 2n) / scale;
        const expectedMagnitude = (doubled + 1n) / 2n;
        const minor = toMinorUnits(input.text, exponent);
        expect(minor < 0n ? -minor : minor).toBe(expectedMagnitude);
        expect(formatMinor(minor, exponent).replace('-', '')).toBe(
          formatMoney({ amount: input.text }, { symbol: '', exponent }).replace('-', '').replaceAll(',', ''),
        );
      }),
    );
  });

  it('minor units → string → minor units is the identity', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 8 }),
        (minor, exp) => {
          expect(toMinorUnits(formatMinor(minor, exp), exp)).toBe(minor);
        },
      ),
    );
  });
});

describe('dates', () => {
  const moment = new Date(Date.UTC(2025, 2, 7, 9, 5, 30));

  it('formats dd.mm.yyyy and H:mm in a given zone', () => {
    expect(formatDate(moment, { timeZone: 'UTC' })).toBe('07.03.2025');
    expect(formatTime(moment, { timeZone: 'UTC' })).toBe('9:05');
    expect(formatTime(Date.UTC(2025, 0, 1, 0, 0), { timeZone: 'UTC' })).toBe('0:00');
    expect(formatTime(Date.UTC(2025, 0, 1, 21, 30), { timeZone: 'UTC' })).toBe('21:30');
    expect(formatDate(moment, { timeZone: 'Pacific/Kiritimati' })).toBe('07.03.2025');
    expect(formatTime(moment, { timeZone: 'Pacific/Kiritimati' })).toBe('23:05');
    expect(formatDate('2025-12-31T23:30:00Z', { timeZone: 'Europe/Paris' })).toBe('01.01.2026');
  });

  it('joins date and time with the translated word', () => {
    expect(formatDateTime(moment, 'at', { timeZone: 'UTC' })).toBe('07.03.2025 at 9:05');
    expect(formatDateTime(moment, 'à', { timeZone: 'UTC' })).toBe('07.03.2025 à 9:05');
  });

  it('rejects invalid dates', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
