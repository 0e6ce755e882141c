import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryOfNumber, internationalDigits, PHONE_COUNTRIES, phoneCountry } from './phone-countries.ts';

const FR = phoneCountry('FR')!;

describe('phone countries', () => {
  it('has unique country codes and digit-only dial codes', () => {
    const codes = PHONE_COUNTRIES.map((c) => c.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const country of PHONE_COUNTRIES) expect(country.dialCode).toMatch(/^[1-9]\d{0,2}$/);
  });

  it('reads national and international forms', () => {
    expect(internationalDigits('06 12 34 56 78', FR)).toBe('33612345678');
    expect(internationalDigits('+33 6 12 34 56 78', FR)).toBe('33612345678');
    expect(internationalDigits('0033612345678', FR)).toBe('33612345678');
    expect(internationalDigits('+44 7911 123456', FR)).toBeNull();
  });

  it('always yields the dial code first (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHONE_COUNTRIES),
        fc.stringMatching(/^[1-9]\d{6,10}$/),
        (country, national) => {
          const digits = internationalDigits(national, country);
          expect(digits).toBe(`${country.dialCode}${national}`);
          expect(internationalDigits(`+${digits}`, country)).toBe(digits);
        },
      ),
    );
  });

  it('finds the country of a number by its longest dial code', () => {
    expect(countryOfNumber('353861234567')).toBe('IE');
    expect(countryOfNumber('33612345678')).toBe('FR');
    expect(countryOfNumber('999')).toBeNull();
  });
});
