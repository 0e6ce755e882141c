import { formatMinor } from '@croupier/money/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './typed-amount.ts';

describe('parseAmount', () => {
  it('reads whole, grouped and decimal amounts exactly', () => {
    expect(parseAmount('25', 2)).toEqual({ ok: true, amountMinor: 2500n });
    expect(parseAmount('1,500', 2)).toEqual({ ok: true, amountMinor: 150_000n });
    expect(parseAmount('12.50', 2)).toEqual({ ok: true, amountMinor: 1250n });
    expect(parseAmount('12.5', 2)).toEqual({ ok: true, amountMinor: 1250n });
    expect(parseAmount('0.01', 2)).toEqual({ ok: true, amountMinor: 1n });
    expect(parseAmount('12.500', 2)).toEqual({ ok: true, amountMinor: 1250n });
    expect(parseAmount(' 7 ', 0)).toEqual({ ok: true, amountMinor: 7n });
  });

  it('refuses what is not a positive amount in the currency precision', () => {
    expect(parseAmount('', 2)).toEqual({ ok: false, problem: 'required' });
    expect(parseAmount('0', 2)).toEqual({ ok: false, problem: 'zero' });
    expect(parseAmount('0.00', 2)).toEqual({ ok: false, problem: 'zero' });
    expect(parseAmount('-5', 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('12.345', 2)).toEqual({ ok: false, problem: 'fraction' });
    expect(parseAmount('12.5', 0)).toEqual({ ok: false, problem: 'fraction' });
    expect(parseAmount('1e5', 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('abc', 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('10,50', 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('NaN', 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('Infinity', 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('0x10', 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('9'.repeat(20), 2)).toEqual({ ok: false, problem: 'too_big' });
    expect(parseAmount('9'.repeat(100), 2)).toEqual({ ok: false, problem: 'too_big' });
  });

  it('round-trips every amount it formats', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 4 }),
        (minor, exponent) => {
          expect(parseAmount(formatMinor(minor, exponent), exponent)).toEqual({
            ok: true,
            amountMinor: minor,
          });
        },
      ),
    );
  });
});
