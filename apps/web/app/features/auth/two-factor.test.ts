import { ApiError } from '@croupier/contract/errors';
import { describe, expect, test } from 'vitest';
import { isTwoFactorRequired, loginForCall, resendTimeOf } from './two-factor.ts';

describe('two-factor login', () => {
  test('two_factor_required (or a resend time) parks the credentials', () => {
    const required = new ApiError({
      type: 'AuthorizationException',
      code: 'two_factor_required',
      message: 'Two-factor authentication is enabled',
      data: { resend_time: 17 },
    });
    expect(isTwoFactorRequired(required)).toBe(true);
    expect(resendTimeOf(required)).toBe(17);
    const byTime = new ApiError({
      type: 'AuthorizationException',
      code: 'x',
      message: '',
      data: { resend_time: 3 },
    });
    expect(isTwoFactorRequired(byTime)).toBe(true);
  });

  test('wrong credentials and other errors do not', () => {
    expect(
      isTwoFactorRequired(
        new ApiError({ type: 'AuthorizationException', code: 'invalid_credentials', message: 'Wrong login' }),
      ),
    ).toBe(false);
    expect(
      isTwoFactorRequired(
        new ApiError({ type: 'TooManyRequestsException', code: 'rate_limited', message: '' }),
      ),
    ).toBe(false);
    expect(isTwoFactorRequired(new Error('network'))).toBe(false);
  });

  test('the leading plus is removed from the login', () => {
    expect(loginForCall('+33612345678')).toBe('33612345678');
    expect(loginForCall(' player@example.com ')).toBe('player@example.com');
  });
});
