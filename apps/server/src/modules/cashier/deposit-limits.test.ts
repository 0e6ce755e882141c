import { describe, expect, it } from 'vitest';
import type { DepositLimitRecord } from './cashier.repository.ts';
import {
  effectiveLimit,
  LIMIT_INCREASE_DELAY_MS,
  periodWindow,
  planLimitChange,
  waitingChange,
} from './deposit-limits.ts';

const now = new Date('2030-06-05T15:30:00Z'); // a Wednesday

describe('periodWindow', () => {
  it('uses UTC calendar periods with ISO weeks', () => {
    expect(periodWindow('day', now)).toEqual({
      start: new Date('2030-06-05T00:00:00Z'),
      end: new Date('2030-06-06T00:00:00Z'),
    });
    expect(periodWindow('week', now)).toEqual({
      start: new Date('2030-06-03T00:00:00Z'),
      end: new Date('2030-06-10T00:00:00Z'),
    });
    expect(periodWindow('week', new Date('2030-06-09T23:59:59Z')).start).toEqual(
      new Date('2030-06-03T00:00:00Z'),
    );
    expect(periodWindow('month', now)).toEqual({
      start: new Date('2030-06-01T00:00:00Z'),
      end: new Date('2030-07-01T00:00:00Z'),
    });
    expect(periodWindow('month', new Date('2030-12-31T10:00:00Z')).end).toEqual(
      new Date('2031-01-01T00:00:00Z'),
    );
  });
});

const base: DepositLimitRecord = {
  period: 'day',
  currency: 'EUR',
  limitMinor: 10_000n,
  pendingSet: false,
  pendingMinor: null,
  pendingEffectiveAt: null,
};

describe('planLimitChange', () => {
  it('applies a first limit and a decrease at once', () => {
    expect(planLimitChange(null, 'day', 'EUR', 5_000n, now)).toMatchObject({
      limitMinor: 5_000n,
      pendingSet: false,
    });
    expect(planLimitChange(base, 'day', 'EUR', 5_000n, now)).toMatchObject({
      limitMinor: 5_000n,
      pendingSet: false,
    });
  });

  it('delays an increase and a removal by 24 hours, keeping the current limit', () => {
    const raised = planLimitChange(base, 'day', 'EUR', 20_000n, now);
    expect(raised).toMatchObject({ limitMinor: 10_000n, pendingSet: true, pendingMinor: 20_000n });
    expect(raised?.pendingEffectiveAt?.getTime()).toBe(now.getTime() + LIMIT_INCREASE_DELAY_MS);
    expect(effectiveLimit(raised!, now)).toBe(10_000n);
    expect(effectiveLimit(raised!, new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS))).toBe(20_000n);
    expect(waitingChange(raised!, now)).toMatchObject({ limitMinor: 20_000n });

    const removed = planLimitChange(base, 'day', 'EUR', null, now);
    expect(removed).toMatchObject({ limitMinor: 10_000n, pendingSet: true, pendingMinor: null });
    expect(effectiveLimit(removed!, new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS + 1))).toBeNull();
  });

  it('does not restart the clock when the same increase is asked again, and a decrease cancels it', () => {
    const raised = planLimitChange(base, 'day', 'EUR', 20_000n, now)!;
    const later = new Date(now.getTime() + 3600_000);
    expect(planLimitChange(raised, 'day', 'EUR', 20_000n, later)).toBe(raised);
    expect(planLimitChange(raised, 'day', 'EUR', 8_000n, later)).toMatchObject({
      limitMinor: 8_000n,
      pendingSet: false,
    });
  });

  it('has nothing to remove when there is no limit', () => {
    expect(planLimitChange(null, 'week', 'EUR', null, now)).toBeNull();
  });
});
