import { describe, expect, test } from 'vitest';
import {
  isUnsettled,
  parseTransactionId,
  RESULT_POLL_FAST_COUNT,
  RESULT_POLL_FAST_INTERVAL_MS,
  RESULT_POLL_INTERVAL_MS,
  resultPagePath,
  resultPollDelayMs,
  settledResultKind,
  shownResultKind,
} from './payment-result.ts';

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

  test('the cancel page keeps a cancelled or failed payment; a success moves to the success page', () => {
    expect(settledResultKind('payCancel', 'canceled')).toBeNull();
    expect(settledResultKind('payCancel', 'failed')).toBeNull();
    expect(settledResultKind('payCancel', 'pending')).toBeNull();
    expect(settledResultKind('payCancel', 'succeeded')).toBe('paySuccess');
  });

  test('pages without a transaction never move', () => {
    expect(settledResultKind('payMobile', 'failed')).toBeNull();
    expect(settledResultKind('payNewWindow', 'succeeded')).toBeNull();
  });

  test('one state, the true one: an unconfirmed transaction shows the pending page on any result path', () => {
    for (const kind of ['paySuccess', 'payFail', 'payCancel', 'payPending'] as const) {
      expect(shownResultKind(kind, 'pending')).toBe('payPending');
      expect(shownResultKind(kind, 'processing')).toBe('payPending');
    }
    expect(shownResultKind('paySuccess', 'succeeded')).toBe('paySuccess');
    expect(shownResultKind('payFail', 'failed')).toBe('payFail');
    expect(shownResultKind('payCancel', 'canceled')).toBe('payCancel');
    // The loader redirects these; the page never shows "successful" for a failure meanwhile.
    expect(shownResultKind('paySuccess', 'failed')).toBe('payFail');
    expect(shownResultKind('payPending', 'succeeded')).toBe('paySuccess');
    // Without a transaction, or on a page that takes none, the path decides.
    expect(shownResultKind('paySuccess', null)).toBe('paySuccess');
    expect(shownResultKind('payMobile', 'pending')).toBe('payMobile');
  });

  test('polls every second at first, then every few seconds', () => {
    expect(resultPollDelayMs(0)).toBe(RESULT_POLL_FAST_INTERVAL_MS);
    expect(resultPollDelayMs(RESULT_POLL_FAST_COUNT - 1)).toBe(RESULT_POLL_FAST_INTERVAL_MS);
    expect(resultPollDelayMs(RESULT_POLL_FAST_COUNT)).toBe(RESULT_POLL_INTERVAL_MS);
    expect(RESULT_POLL_FAST_INTERVAL_MS).toBeLessThanOrEqual(1000);
  });

  test('paths and ids', () => {
    expect(resultPagePath('paySuccess', 12)).toBe('/cashier/paysuccess/12');
    expect(resultPagePath('payCancel', 12)).toBe('/cashier/paycancel/12');
    expect(parseTransactionId('12')).toBe(12);
    expect(parseTransactionId('012')).toBeNull();
    expect(parseTransactionId('abc')).toBeNull();
    expect(parseTransactionId(undefined)).toBeNull();
  });
});
