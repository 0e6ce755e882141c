import { ApiError } from '@croupier/contract/errors';
import { describe, expect, test } from 'vitest';
import { promoCodeErrorCodes, promoCodeFailureKey } from './promo-code-failure.ts';

function refused(
  fields: Record<string, string>,
  type: 'InvalidParameterException' | 'AccessDeniedException' = 'InvalidParameterException',
) {
  return new ApiError({ type, code: 'x', message: 'server text', fields });
}

describe('promo-code failure text (spec §8)', () => {
  test.each([
    [{ promo_code: 'EXPIRED' }, 'promoCode.errors.EXPIRED'],
    [{ promo_code: 'ALREADY_USED' }, 'promoCode.errors.ALREADY_USED'],
    [{ promo_code: 'EXHAUSTED' }, 'promoCode.errors.EXHAUSTED'],
    [{ promo_code: 'NOT_ELIGIBLE' }, 'promoCode.errors.NOT_ELIGIBLE'],
    [{ promo_code: 'INVALID' }, 'promoCode.errors.INVALID'],
    // The FIRST code counts.
    [{ promo_code: 'EXPIRED,EXHAUSTED' }, 'promoCode.errors.EXPIRED'],
    // Unknown first code, or no promo_code code at all: INVALID.
    [{ promo_code: 'SOMETHING_NEW,EXPIRED' }, 'promoCode.errors.INVALID'],
    [{ promo_code: 'too_big' }, 'promoCode.errors.INVALID'],
    [{}, 'promoCode.errors.INVALID'],
    [{ other: 'EXPIRED' }, 'promoCode.errors.INVALID'],
  ])('%j → %s', (fields, key) => {
    expect(promoCodeFailureKey(refused(fields))).toBe(key);
  });

  test('not about the code: null (the form says the generic network text)', () => {
    expect(promoCodeFailureKey(new Error('offline'))).toBeNull();
    expect(promoCodeFailureKey(refused({}, 'AccessDeniedException'))).toBeNull();
    expect(promoCodeFailureKey(refused({ promo_code: 'EXPIRED' }, 'AccessDeniedException'))).toBe(
      'promoCode.errors.EXPIRED',
    );
  });

  test('codes in order', () => {
    expect(promoCodeErrorCodes(refused({ promo_code: ' EXPIRED , INVALID ' }))).toEqual([
      'EXPIRED',
      'INVALID',
    ]);
    expect(promoCodeErrorCodes(new Error('x'))).toEqual([]);
  });
});
