import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  applyMultiplier,
  decimalToMinor,
  formatMinorMoney,
  formatMoneyText,
  minorToDecimal,
  multiplierText,
  parseMinor,
  trimPercent,
} from './money.ts';

describe('minor-unit conversions', () => {
  it('reads integer strings of minor units exactly, far beyond float precision', () => {
    expect(parseMinor('150')).toBe(150n);
    expect(parseMinor('-7')).toBe(-7n);
    expect(parseMinor('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
  });

  it('refuses anything that is not an integer string', () => {
    for (const bad of ['1.5', '', '1e3', ' 12', '0x10', 'abc', '1,000']) {
      expect(() => parseMinor(bad), bad).toThrow(RangeError);
    }
  });

  it('turns decimal strings into minor units without floats', () => {
    expect(decimalToMinor('12.5', 2)).toBe(1250n);
    expect(decimalToMinor('0.10', 2)).toBe(10n);
    expect(decimalToMinor('0.29', 2)).toBe(29n); // 0.29 * 100 is 28.999… in floating point
    expect(decimalToMinor('1.1', 2)).toBe(110n);
    expect(decimalToMinor('7', 0)).toBe(7n);
    expect(decimalToMinor('-3.05', 2)).toBe(-305n);
    expect(decimalToMinor('9007199254740993.01', 2)).toBe(900719925474099301n);
    expect(decimalToMinor('1.00000000', 8)).toBe(100000000n);
    expect(decimalToMinor('2.500', 2)).toBe(250n); // trailing zeros beyond the exponent are fine
  });

  it('refuses a decimal with more significant digits than the currency has', () => {
    expect(() => decimalToMinor('1.005', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('1.5', 0)).toThrow(RangeError);
    expect(() => decimalToMinor('abc', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('1.2.3', 2)).toThrow(RangeError);
  });

  it('writes minor units back as decimal strings', () => {
    expect(minorToDecimal(1250n, 2)).toBe('12.50');
    expect(minorToDecimal(5n, 2)).toBe('0.05');
    expect(minorToDecimal(-5n, 2)).toBe('-0.05');
    expect(minorToDecimal(7n, 0)).toBe('7');
    expect(minorToDecimal(0n, 2)).toBe('0.00');
  });

  it('round-trips every amount', () => {
    for (const minor of [0n, 1n, 9n, 10n, 99n, 100n, 123456n, 10n ** 20n + 1n]) {
      expect(decimalToMinor(minorToDecimal(minor, 2), 2)).toBe(minor);
    }
  });

  it('adds decimal strings exactly', () => {
    expect(addDecimal('0.10', '0.20', 2)).toBe('0.30');
    expect(addDecimal('100.00', '-2.5', 2)).toBe('97.50');
  });
});

describe('money display', () => {
  it('puts a known symbol first and an unknown code (FUN) after the number', () => {
    expect(formatMinorMoney(125050n, 'EUR', 2)).toBe('€1,250.50');
    expect(formatMinorMoney('1250', 'FUN', 2)).toBe('12.50\u00a0FUN');
    expect(formatMoneyText('1000', 'FUN', 2)).toBe('1,000.00\u00a0FUN');
    expect(formatMoneyText('0.2', 'USD', 2)).toBe('$0.20');
  });

  it('applies multipliers with a floor to the minor unit, like the engines pay', () => {
    expect(applyMultiplier(100n, '1.98')).toBe(198n);
    expect(applyMultiplier(33n, '1.5')).toBe(49n); // 49.5 → 49
    expect(applyMultiplier(100n, { num: 9900n, den: 4950n })).toBe(200n);
  });

  it('shows payout ÷ stake', () => {
    expect(multiplierText(250n, 100n)).toBe('×2.50');
    expect(multiplierText(0n, 100n)).toBe('×0.00');
    expect(multiplierText(10n, 0n)).toBe('');
  });

  it('trims a declared percentage', () => {
    expect(trimPercent('96.1200')).toBe('96.12');
    expect(trimPercent('99.0000')).toBe('99');
    expect(trimPercent('97')).toBe('97');
  });
});
