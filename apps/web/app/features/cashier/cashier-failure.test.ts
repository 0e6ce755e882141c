import { ApiError } from '@croupier/contract/errors';
import { describe, expect, test } from 'vitest';
import { depositLimitOf, toCashierFailure, withdrawalBoundsOf, withdrawalGateOf } from './cashier-failure.ts';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('cashier failures', () => {
  test('anything but an API error is not one', () => {
    expect(toCashierFailure(new Error('boom'))).toBeUndefined();
    expect(toCashierFailure('nope')).toBeUndefined();
  });

  test('a deposit over the limit carries the available amount', () => {
    const failure = toCashierFailure(
      new ApiError({
        type: 'BillingDepositLimitExceededException',
        code: 'deposit_limit_exceeded',
        message: 'This deposit exceeds your deposit limit.',
        data: { available_amount: eur('20.00'), period: 'day', expired_at: '2030-01-02T00:00:00.000Z' },
      }),
    );
    expect(failure && depositLimitOf(failure)).toEqual({
      available: eur('20.00'),
      period: 'day',
      until: '2030-01-02T00:00:00.000Z',
    });
  });

  test('withdrawal bounds and gates', () => {
    const limits = toCashierFailure(
      new ApiError({
        type: 'WithdrawalLimitsExceededException',
        code: 'below_min',
        message: 'Withdrawals with this method must be between €20.00 and €5,000.00.',
        data: { min: eur('20.00'), max: eur('5000.00') },
      }),
    );
    expect(limits && withdrawalBoundsOf(limits)).toEqual({ min: eur('20.00'), max: eur('5000.00') });
    const kyc = toCashierFailure(
      new ApiError({
        type: 'KycWithdrawalException',
        code: 'kyc_required',
        message: 'x',
        data: { link: '/kyc' },
      }),
    );
    expect(kyc && withdrawalGateOf(kyc)).toEqual({ gate: 'kyc', link: '/kyc' });
    const contact = toCashierFailure(
      new ApiError({ type: 'UserNeedConfirmContactException', code: 'contact_unconfirmed', message: 'x' }),
    );
    expect(contact && withdrawalGateOf(contact)).toEqual({ gate: 'confirm_contact', link: '' });
    expect(limits && withdrawalGateOf(limits)).toBeNull();
  });
});
