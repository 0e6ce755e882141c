import { describe, expect, test } from 'vitest';
import { isUnsettled, parseTransactionId, resultPagePath, settledResultKind } from './payment-result.ts';

describe('payment result pages follow their transaction', () => {
  test('pending and processing keep polling', () => {
    expect(isUnsettled('pending')).toBe(true);
    expect(isUnsettled('processing')).toBe(true);
    expect(isUnsettled('succeeded')).toBe(false);
    expect(isUnsettled('failed')).toBe(false);
    expect(isUnsettled('canceled')).toBe(false);
  });

  test('the pending page moves to success or fail once settled', () => {
    expect(settledResultKind('payPending', 'processing')).toBeNull();
    expect(settledResultKind('payPending', 'succeeded')).toBe('paySuccess');
    expect(settledResultKind('payPending', 'failed')).toBe('payFail');
    expect(settledResultKind('payPending', 'canceled')).toBe('payFail');
  });

  test('success and fail pages stay unless the transaction says otherwise', () => {
    expect(settledResultKind('paySuccess', 'pending')).toBeNull();
    expect(settledResultKind('paySuccess', 'succeeded')).toBeNull();
    expect(settledResultKind('paySuccess', 'failed')).toBe('payFail');
    expect(settledResultKind('payFail', 'failed')).toBeNull();
    expect(settledResultKind('payFail', 'succeeded')).toBe('paySuccess');
  });

  test('pages without a transaction never move', () => {
    expect(settledResultKind('payCancel', 'succeeded')).toBeNull();
    expect(settledResultKind('payMobile', 'failed')).toBeNull();
  });

  test('paths and ids', () => {
    expect(resultPagePath('paySuccess', 12)).toBe('/cashier/paysuccess/12');
    expect(parseTransactionId('12')).toBe(12);
    expect(parseTransactionId('012')).toBeNull();
    expect(parseTransactionId('abc')).toBeNull();
    expect(parseTransactionId(undefined)).toBeNull();
  });
});
