import { describe, expect, it } from 'vitest';
import {
  CashbackProgrammeError,
  cashbackAmount,
  claimDeadline,
  periodOf,
  validateProgramme,
} from './cashback-programme.ts';
import { DEMO_CASHBACK_PROGRAMMES } from './seed-cashbacks.ts';

const bounds = { minPayoutMinor: 100n, maxPayoutMinor: 5_000n };

describe('cashbackAmount', () => {
  it('floors the percentage of the net loss in minor units', () => {
    expect(cashbackAmount(12_345n, 1000, bounds)).toBe(1_234n);
    expect(cashbackAmount(1_999n, 750, bounds)).toBe(149n); // 149.925
  });
  it('clamps to the maximum and gives nothing below the minimum or without a loss', () => {
    expect(cashbackAmount(1_000_000n, 1000, bounds)).toBe(5_000n);
    expect(cashbackAmount(999n, 1000, bounds)).toBe(0n); // 99 < 100
    expect(cashbackAmount(1_000n, 1000, bounds)).toBe(100n);
    expect(cashbackAmount(0n, 1000, bounds)).toBe(0n);
    expect(cashbackAmount(-5_000n, 1000, bounds)).toBe(0n);
    expect(cashbackAmount(5n, 1000, { minPayoutMinor: 0n, maxPayoutMinor: 10n })).toBe(0n);
  });
  it('stays exact beyond 2^53', () => {
    expect(cashbackAmount(2n ** 60n + 7n, 1, { minPayoutMinor: 0n, maxPayoutMinor: 2n ** 62n })).toBe(
      (2n ** 60n + 7n) / 10_000n,
    );
  });
});

describe('periodOf (UTC)', () => {
  it('daily: the UTC day holding the time, end exclusive', () => {
    const p = periodOf('daily', new Date('2026-11-25T23:59:59.999Z'));
    expect(p.start.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(periodOf('daily', p.end).start.toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });
  it('weekly: Monday 00:00 UTC to the next Monday', () => {
    // 2026-11-25 is a Wednesday; 2026-11-23 the Monday.
    for (const at of ['2026-11-23T00:00:00Z', '2026-11-25T12:00:00Z', '2026-11-29T23:59:59Z']) {
      const p = periodOf('weekly', new Date(at));
      expect(p.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
      expect(p.end.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    }
    expect(periodOf('weekly', new Date('2026-11-30T00:00:00Z')).start.toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });
  it('claim deadline is the period end plus the claim days', () => {
    expect(claimDeadline(new Date('2026-11-30T00:00:00Z'), 7).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });
});

describe('validateProgramme', () => {
  const good = DEMO_CASHBACK_PROGRAMMES[0]!;
  it('accepts the demo programmes', () => {
    for (const programme of DEMO_CASHBACK_PROGRAMMES)
      expect(() => validateProgramme(programme)).not.toThrow();
  });
  const bad: [string, object][] = [
    ['percentBp', { percentBp: 0 }],
    ['percentBp', { percentBp: -10 }],
    ['percentBp', { percentBp: 10_001 }],
    ['percentBp', { percentBp: 10.5 }],
    ['period', { period: 'monthly' }],
    ['claimDays', { claimDays: 0 }],
    ['claimDays', { claimDays: 10_000 }],
    ['product', { product: 'poker' }],
    ['key', { key: 'Bad Key' }],
    ['amounts', { amounts: {} }],
    ['amounts.XXX', { amounts: { XXX: { minPayoutMinor: 0n, maxPayoutMinor: 10n } } }],
    ['amounts.EUR.minPayoutMinor', { amounts: { EUR: { minPayoutMinor: -1n, maxPayoutMinor: 10n } } }],
    ['amounts.EUR.maxPayoutMinor', { amounts: { EUR: { minPayoutMinor: 0n, maxPayoutMinor: 0n } } }],
    ['amounts.EUR.maxPayoutMinor', { amounts: { EUR: { minPayoutMinor: 0n, maxPayoutMinor: 10n ** 15n } } }],
    ['amounts.EUR.maxPayoutMinor', { amounts: { EUR: { minPayoutMinor: 500n, maxPayoutMinor: 100n } } }],
  ];
  it.each(bad)('refuses a bad %s', (field, patch) => {
    let error: unknown;
    try {
      validateProgramme({ ...good, ...patch } as typeof good);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CashbackProgrammeError);
    expect((error as CashbackProgrammeError).field).toBe(field);
  });
});
