import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exclusionEnd } from './exclusions.ts';
import {
  breachedBy,
  COOLING_OFF_MS,
  effectiveLimit,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitRecord,
  planLimitChange,
  usage,
  WINDOW_MS,
  type WindowTotals,
  waitingChange,
  windowStart,
} from './limits.ts';

const now = new Date('2030-06-05T15:30:00Z');
const amount = fc.bigInt({ min: 1n, max: 10n ** 12n });
const kind = fc.constantFrom<LimitKind>('loss', 'wager');
const period = fc.constantFrom<LimitPeriod>(...LIMIT_PERIODS);

function limit(limitMinor: bigint, extra: Partial<LimitRecord> = {}): LimitRecord {
  return {
    kind: 'loss',
    period: 'day',
    currency: 'EUR',
    limitMinor,
    pendingSet: false,
    pendingMinor: null,
    pendingEffectiveAt: null,
    ...extra,
  };
}

/** A stream of events in one window: stake (wagered and lost) or payout (won back). */
const event = fc.oneof(
  fc.record({ kind: fc.constant('bet' as const), minor: fc.bigInt({ min: 1n, max: 10_000n }) }),
  fc.record({ kind: fc.constant('win' as const), minor: fc.bigInt({ min: 1n, max: 10_000n }) }),
);

function totalsOf(events: readonly { kind: 'bet' | 'win'; minor: bigint }[]): WindowTotals {
  let wageredMinor = 0n;
  let netLossMinor = 0n;
  for (const e of events) {
    if (e.kind === 'bet') {
      wageredMinor += e.minor;
      netLossMinor += e.minor;
    } else netLossMinor -= e.minor;
  }
  return { wageredMinor, netLossMinor };
}

function same(totals: WindowTotals): Record<LimitPeriod, WindowTotals> {
  return { day: totals, week: totals, month: totals };
}

describe('rolling windows', () => {
  it('end now and last 24 hours, 7 days and 30 days', () => {
    expect(windowStart('day', now)).toEqual(new Date('2030-06-04T15:30:00Z'));
    expect(windowStart('week', now)).toEqual(new Date('2030-05-29T15:30:00Z'));
    expect(windowStart('month', now)).toEqual(new Date('2030-05-06T15:30:00Z'));
  });

  it('nest: a longer period starts earlier, whatever the time', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (at) => {
          expect(windowStart('week', at).getTime()).toBeLessThan(windowStart('day', at).getTime());
          expect(windowStart('month', at).getTime()).toBeLessThan(windowStart('week', at).getTime());
          expect(at.getTime() - windowStart('day', at).getTime()).toBe(WINDOW_MS.day);
        },
      ),
    );
  });
});

describe('breachedBy', () => {
  it('allows a bet exactly up to the limit and refuses one unit more', () => {
    fc.assert(
      fc.property(kind, period, amount, fc.array(event, { maxLength: 30 }), (k, p, l, events) => {
        const totals = totalsOf(events);
        const used = k === 'loss' ? totals.netLossMinor : totals.wageredMinor;
        const room = l - used;
        const limits = [{ kind: k, period: p, limitMinor: l }];
        if (room >= 1n) expect(breachedBy(limits, same(totals), room)).toBeNull();
        expect(breachedBy(limits, same(totals), (room > 0n ? room : 0n) + 1n)).toBe(k);
      }),
    );
  });

  it('wins reduce the net loss (and never the amount wagered)', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.bigInt({ min: 1n, max: 10_000n }), (events, win) => {
        const before = totalsOf(events);
        const after = totalsOf([...events, { kind: 'win', minor: win }]);
        expect(after.netLossMinor).toBe(before.netLossMinor - win);
        expect(after.wageredMinor).toBe(before.wageredMinor);
      }),
    );
  });

  it('the lowest limit applies: a bet passes only if it passes every limit alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind, period, limitMinor: amount }), { minLength: 1, maxLength: 6 }),
        fc.record({ day: fc.array(event), week: fc.array(event), month: fc.array(event) }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (limits, streams, stake) => {
          // A longer window holds a shorter one's events.
          const day = streams.day;
          const week = [...day, ...streams.week];
          const month = [...week, ...streams.month];
          const totals = { day: totalsOf(day), week: totalsOf(week), month: totalsOf(month) };
          const together = breachedBy(limits, totals, stake);
          const alone = limits.map((l) => breachedBy([l], totals, stake));
          expect(together === null).toBe(alone.every((r) => r === null));
          if (alone.includes('loss')) expect(together).toBe('loss');
        },
      ),
    );
  });

  it('ignores a window the limits do not name', () => {
    const totals = {
      day: { wageredMinor: 0n, netLossMinor: 0n },
      week: { wageredMinor: 10n ** 9n, netLossMinor: 10n ** 9n },
      month: { wageredMinor: 10n ** 9n, netLossMinor: 10n ** 9n },
    };
    expect(breachedBy([{ kind: 'loss', period: 'day', limitMinor: 100n }], totals, 100n)).toBeNull();
  });
});

describe('usage', () => {
  it('never shows a negative use or a negative amount left', () => {
    fc.assert(
      fc.property(kind, amount, fc.array(event, { maxLength: 30 }), (k, l, events) => {
        const { used, left } = usage(k, l, totalsOf(events));
        expect(used >= 0n).toBe(true);
        expect(left >= 0n).toBe(true);
        expect(left <= l).toBe(true);
        if (used <= l) expect(used + left).toBe(l);
      }),
    );
  });
});

describe('planLimitChange (cooling-off)', () => {
  it('a first limit and any decrease apply at once', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [high, low] = a >= b ? [a, b] : [b, a];
        const first = planLimitChange(null, 'loss', 'day', 'EUR', high, now);
        expect(first).toMatchObject({
          kind: 'save',
          action: 'limit_set',
          record: { limitMinor: high, pendingSet: false },
        });
        const lowered = planLimitChange(limit(high), 'loss', 'day', 'EUR', low, now);
        if (low === high) expect(lowered.kind).toBe('none');
        else expect(lowered).toMatchObject({ kind: 'save', record: { limitMinor: low, pendingSet: false } });
      }),
    );
  });

  it('an increase or a removal waits 24 hours while the current limit stays in force', () => {
    fc.assert(
      fc.property(amount, fc.option(amount, { nil: null }), (current, extra) => {
        const wanted = extra === null ? null : current + extra;
        const change = planLimitChange(limit(current), 'loss', 'day', 'EUR', wanted, now);
        expect(change.kind).toBe('save');
        if (change.kind !== 'save') return;
        expect(change.action).toBe(wanted === null ? 'limit_removal_pending' : 'limit_increase_pending');
        expect(effectiveLimit(change.record, now)).toBe(current);
        expect(effectiveLimit(change.record, new Date(now.getTime() + COOLING_OFF_MS - 1))).toBe(current);
        expect(effectiveLimit(change.record, new Date(now.getTime() + COOLING_OFF_MS))).toBe(wanted);
        expect(waitingChange(change.record, now)).toEqual({
          limitMinor: wanted,
          effectiveAt: new Date(now.getTime() + COOLING_OFF_MS),
        });
      }),
    );
  });

  it('asking again for the waiting change keeps its clock; a decrease drops it', () => {
    const waiting = limit(100n, {
      pendingSet: true,
      pendingMinor: 500n,
      pendingEffectiveAt: new Date(now.getTime() + 3600_000),
    });
    expect(planLimitChange(waiting, 'loss', 'day', 'EUR', 500n, now).kind).toBe('none');
    expect(planLimitChange(waiting, 'loss', 'day', 'EUR', 50n, now)).toMatchObject({
      kind: 'save',
      record: { limitMinor: 50n, pendingSet: false, pendingEffectiveAt: null },
    });
    // The same value as in force cancels the waiting increase at once.
    expect(planLimitChange(waiting, 'loss', 'day', 'EUR', 100n, now)).toMatchObject({
      kind: 'save',
      record: { limitMinor: 100n, pendingSet: false },
    });
  });

  it('a due removal leaves no limit; removing nothing changes nothing', () => {
    const due = limit(100n, { pendingSet: true, pendingMinor: null, pendingEffectiveAt: now });
    expect(effectiveLimit(due, now)).toBeNull();
    expect(planLimitChange(due, 'loss', 'day', 'EUR', null, now).kind).toBe('delete');
    expect(planLimitChange(null, 'loss', 'day', 'EUR', null, now).kind).toBe('none');
  });
});

describe('exclusionEnd', () => {
  it('counts hours and weeks exactly and months on the calendar', () => {
    expect(exclusionEnd('24h', now)).toEqual(new Date('2030-06-06T15:30:00Z'));
    expect(exclusionEnd('1w', now)).toEqual(new Date('2030-06-12T15:30:00Z'));
    expect(exclusionEnd('6w', now)).toEqual(new Date('2030-07-17T15:30:00Z'));
    expect(exclusionEnd('1m', now)).toEqual(new Date('2030-07-05T15:30:00Z'));
    expect(exclusionEnd('6m', now)).toEqual(new Date('2030-12-05T15:30:00Z'));
    expect(exclusionEnd('5y', now)).toEqual(new Date('2035-06-05T15:30:00Z'));
    expect(exclusionEnd('1m', new Date('2031-01-31T10:00:00Z'))).toEqual(new Date('2031-02-28T10:00:00Z'));
  });
});
