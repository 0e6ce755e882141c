import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_EXPONENTS } from './currencies.ts';
import { decimalToMinor, formatMinor, minorUnitsPerMajor, parseMinor } from './decimal.ts';

const EXPONENTS = [0, 1, 2, 3, 4];

describe('formatMinor', () => {
  it('writes minor units with the full number of decimals', () => {
    expect(formatMinor(1234n, 2)).toBe('12.34');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(0n, 2)).toBe('0.00');
    expect(formatMinor(-5n, 2)).toBe('-0.05');
    expect(formatMinor(1234n, 0)).toBe('1234');
    expect(formatMinor(-1234n, 0)).toBe('-1234');
    expect(formatMinor(1n, 3)).toBe('0.001');
    expect(formatMinor(10n ** 30n + 1n, 2)).toBe('10000000000000000000000000000.01');
  });

  it('refuses an exponent that is not a small whole number', () => {
    for (const bad of [-1, 1.5, 21, Number.NaN]) expect(() => formatMinor(1n, bad)).toThrow(RangeError);
  });
});

describe('parseMinor', () => {
  it('reads decimals exactly, far beyond float precision', () => {
    expect(parseMinor('12.34', 2)).toEqual({ ok: true, amountMinor: 1234n });
    expect(parseMinor('12.5', 2)).toEqual({ ok: true, amountMinor: 1250n });
    expect(parseMinor('0.29', 2)).toEqual({ ok: true, amountMinor: 29n });
    expect(parseMinor('-3.05', 2)).toEqual({ ok: true, amountMinor: -305n });
    expect(parseMinor('7', 0)).toEqual({ ok: true, amountMinor: 7n });
    expect(parseMinor('0.001', 3)).toEqual({ ok: true, amountMinor: 1n });
    expect(parseMinor('9007199254740993.01', 2)).toEqual({ ok: true, amountMinor: 900719925474099301n });
  });

  it('refuses a fraction finer than the currency, rounding nothing', () => {
    expect(parseMinor('1.005', 2)).toEqual({ ok: false, problem: 'fraction' });
    expect(parseMinor('1.5', 0)).toEqual({ ok: false, problem: 'fraction' });
    expect(parseMinor('1.0', 0)).toEqual({ ok: false, problem: 'fraction' });
    expect(parseMinor('12.500', 2)).toEqual({ ok: false, problem: 'fraction' });
    expect(parseMinor('0.0001', 3)).toEqual({ ok: false, problem: 'fraction' });
  });

  it('accepts zeros beyond the exponent only when asked, and still refuses a significant digit', () => {
    expect(parseMinor('12.500', 2, { trailingZeros: true })).toEqual({ ok: true, amountMinor: 1250n });
    expect(parseMinor('7.000', 0, { trailingZeros: true })).toEqual({ ok: true, amountMinor: 7n });
    expect(parseMinor('1.005', 2, { trailingZeros: true })).toEqual({ ok: false, problem: 'fraction' });
  });

  it('refuses what is not a plain decimal', () => {
    expect(parseMinor('', 2)).toEqual({ ok: false, problem: 'empty' });
    for (const bad of [
      ' 1',
      '1 ',
      '+1',
      '1e3',
      '1E3',
      '.5',
      '5.',
      '1,000',
      '1.2.3',
      '0x10',
      'NaN',
      'Infinity',
      '--1',
      '-',
      '١٢',
    ]) {
      expect(parseMinor(bad, 2), bad).toEqual({ ok: false, problem: 'format' });
    }
    expect(parseMinor('9'.repeat(401), 2)).toEqual({ ok: false, problem: 'format' });
  });

  it('throws through decimalToMinor', () => {
    expect(decimalToMinor('12.50', 2)).toBe(1250n);
    expect(() => decimalToMinor('1.005', 2)).toThrow(RangeError);
    expect(() => decimalToMinor('abc', 2)).toThrow(RangeError);
  });
});

describe('minorUnitsPerMajor', () => {
  it('is ten to the exponent', () => {
    expect(minorUnitsPerMajor(0)).toBe(1n);
    expect(minorUnitsPerMajor(2)).toBe(100n);
    expect(minorUnitsPerMajor(3)).toBe(1000n);
    expect(() => minorUnitsPerMajor(-1)).toThrow(RangeError);
  });
});

describe('parse ∘ format', () => {
  const amount = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n });

  it('is the identity for every exponent 0..4', () => {
    for (const exponent of EXPONENTS) {
      fc.assert(
        fc.property(amount, (minor) => {
          expect(parseMinor(formatMinor(minor, exponent), exponent)).toEqual({
            ok: true,
            amountMinor: minor,
          });
        }),
      );
    }
  });

  it('is the identity for every currency in the table', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCY_EXPONENTS.values()), amount, (exponent, minor) => {
        expect(decimalToMinor(formatMinor(minor, exponent), exponent)).toBe(minor);
      }),
    );
  });
});

describe('format ∘ parse', () => {
  /** A canonical decimal: no leading zero, exactly `exponent` decimals, no "-0". */
  const canonical = (exponent: number) =>
    fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^(0|[1-9][0-9]{0,30})$/),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: exponent, maxLength: exponent }),
      )
      .map(([negative, whole, fraction]) => {
        const body = exponent > 0 ? `${whole}.${fraction}` : whole;
        return negative && /[1-9]/.test(body) ? `-${body}` : body;
      });

  it('gives back the canonical text for every exponent 0..4', () => {
    for (const exponent of EXPONENTS) {
      fc.assert(
        fc.property(canonical(exponent), (text) => {
          expect(formatMinor(decimalToMinor(text, exponent), exponent)).toBe(text);
        }),
      );
    }
  });

  it('normalises any accepted text to the canonical one (leading zeros, short fraction)', () => {
    expect(formatMinor(decimalToMinor('007.5', 2), 2)).toBe('7.50');
    expect(formatMinor(decimalToMinor('-0', 2), 2)).toBe('0.00');
  });
});
