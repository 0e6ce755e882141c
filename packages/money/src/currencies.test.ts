import { describe, expect, it } from 'vitest';
import {
  CURRENCY_EXPONENTS,
  currencyExponent,
  FUN_CURRENCY,
  isKnownCurrency,
  UnknownCurrencyError,
} from './currencies.ts';

describe('currencyExponent', () => {
  it('reads the ISO 4217 minor unit', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('USD')).toBe(2);
    for (const code of ['JPY', 'KRW', 'CLP', 'ISK', 'VND']) expect(currencyExponent(code), code).toBe(0);
    for (const code of ['BHD', 'KWD', 'OMR', 'TND', 'JOD', 'IQD', 'LYD'])
      expect(currencyExponent(code), code).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    expect(currencyExponent(FUN_CURRENCY)).toBe(2);
  });

  it('throws a typed error for a code it does not know, never a default', () => {
    for (const unknown of ['XYZ', 'eur', '', 'XTS', 'constructor', '__proto__', 'toString']) {
      expect(() => currencyExponent(unknown), unknown).toThrow(UnknownCurrencyError);
      expect(isKnownCurrency(unknown)).toBe(false);
    }
    try {
      currencyExponent('XYZ');
    } catch (error) {
      expect(error).toMatchObject({ code: 'unknown_currency', currency: 'XYZ' });
    }
  });

  it('holds every currency the platform seeds and the protocols name', () => {
    // metadata seed, game server table, sandbox provider table before packages/money existed.
    const used =
      'EUR USD GBP CAD AUD NZD CHF SEK NOK DKK PLN CZK HUF RON BGN TRY BRL MXN INR ZAR JPY KRW CLP ISK KWD BHD JOD OMR TND FUN';
    for (const code of used.split(' ')) expect(isKnownCurrency(code), code).toBe(true);
  });

  it('has well-formed rows', () => {
    for (const [code, exponent] of CURRENCY_EXPONENTS) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      // The currencies table's CHECK and the contract allow 0..4.
      expect([0, 2, 3, 4]).toContain(exponent);
    }
  });
});
