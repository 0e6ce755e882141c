import { describe, expect, it } from 'vitest';
import { currencyRowProblems } from './metadata.service.ts';

describe('currencyRowProblems', () => {
  it('accepts rows that agree with ISO 4217 and names the ones that do not', () => {
    expect(
      currencyRowProblems([
        { code: 'EUR', exponent: 2 },
        { code: 'JPY', exponent: 0 },
        { code: 'KWD', exponent: 3 },
      ]),
    ).toEqual([]);
    expect(
      currencyRowProblems([
        { code: 'JPY', exponent: 2 },
        { code: 'XYZ', exponent: 2 },
      ]),
    ).toEqual(['JPY has exponent 2, ISO 4217 says 0', 'XYZ is not a known currency']);
  });
});
