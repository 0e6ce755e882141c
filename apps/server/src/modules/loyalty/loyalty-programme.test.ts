import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterExpiry,
  applyDelta,
  demotedRanges,
  expiresAt,
  isExpired,
  LoyaltyProgrammeError,
  levelFor,
  MAX_POINTS_PER_EVENT,
  nextLevel,
  pointsForEvent,
  pointsForStake,
  rateFor,
  validateProgramme,
} from './loyalty-programme.ts';
import { DEMO_LOYALTY_PROGRAMME } from './seed-loyalty.ts';

const { rates, levels } = DEMO_LOYALTY_PROGRAMME;
const DAY = 86_400_000;

describe('earning rates', () => {
  it('takes the game type rate before the product rate, per currency', () => {
    expect(rateFor(rates, 'casino', 'EUR', 'live')?.perMinor).toBe(200n);
    expect(rateFor(rates, 'casino', 'EUR', 'slot')?.perMinor).toBe(100n);
    expect(rateFor(rates, 'casino', 'EUR', null)?.perMinor).toBe(100n);
    expect(rateFor(rates, 'sport', 'USD', null)?.points).toBe(2);
    expect(rateFor(rates, 'casino', 'JPY', null)).toBeNull();
  });

  it('floors points of a real stake; wins, bonus stakes and unknown currencies earn nothing', () => {
    const bet = { product: 'casino' as const, currency: 'EUR', kind: 'bet' as const };
    expect(pointsForEvent(rates, { ...bet, stakeRealMinor: 1_999n }, 'slot')).toBe(19);
    expect(pointsForEvent(rates, { ...bet, stakeRealMinor: 1_999n }, 'live')).toBe(9);
    expect(pointsForEvent(rates, { ...bet, stakeRealMinor: 99n }, 'slot')).toBe(0);
    expect(pointsForEvent(rates, { ...bet, kind: 'win', stakeRealMinor: 1_000n }, 'slot')).toBe(0);
    expect(pointsForEvent(rates, { ...bet, stakeRealMinor: 0n }, 'slot')).toBe(0);
    expect(pointsForEvent(rates, { ...bet, currency: 'JPY', stakeRealMinor: 10_000n }, null)).toBe(0);
    expect(pointsForEvent(rates, { ...bet, product: 'sport', stakeRealMinor: 1_000n }, null)).toBe(20);
  });

  it('a rollback takes back exactly what its bet gave (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.integer({ min: 1, max: 1000 }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (stake, points, perMinor) => {
          const rate = { points, perMinor };
          const earned = pointsForStake(stake, rate);
          expect(earned).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(earned)).toBe(true);
          expect(pointsForStake(-stake, rate)).toBe(-earned);
          // Never more than the exact ratio, less than one point below it.
          expect(BigInt(earned) * perMinor <= stake * BigInt(points)).toBe(true);
          expect(BigInt(earned + 1) * perMinor > stake * BigInt(points)).toBe(true);
        },
      ),
    );
  });

  it('caps one event at MAX_POINTS_PER_EVENT', () => {
    expect(pointsForStake(10n ** 15n, { points: 1000, perMinor: 1n })).toBe(MAX_POINTS_PER_EVENT);
    expect(pointsForStake(-(10n ** 15n), { points: 1000, perMinor: 1n })).toBe(-MAX_POINTS_PER_EVENT);
  });

  it('two stakes never earn more than their sum (no rounding gain by splitting)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 9n }), (a, b) => {
        const rate = { points: 3, perMinor: 700n };
        expect(pointsForStake(a, rate) + pointsForStake(b, rate)).toBeLessThanOrEqual(
          pointsForStake(a + b, rate),
        );
      }),
    );
  });
});

describe('levels', () => {
  it('holds the highest level reached and tells what the next needs', () => {
    expect(levelFor(levels, 0)?.position).toBe(1);
    expect(levelFor(levels, 499)?.position).toBe(1);
    expect(levelFor(levels, 500)?.position).toBe(2);
    expect(levelFor(levels, 10_000)?.position).toBe(4);
    expect(nextLevel(levels, 600)).toMatchObject({ level: { position: 3 }, missing: 1_400 });
    expect(nextLevel(levels, 50_000)).toBeNull();
  });

  it('the level never falls when level points grow (property)', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (a, extra) => {
        expect(levelFor(levels, a + extra)!.position).toBeGreaterThanOrEqual(levelFor(levels, a)!.position);
      }),
    );
  });
});

describe('balance, expiry and downgrade', () => {
  it('never goes below zero and reports what was applied (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: -2_000_000, max: 2_000_000 }), (balance, delta) => {
        const next = applyDelta(balance, delta);
        expect(next.balance).toBeGreaterThanOrEqual(0);
        expect(next.balance).toBe(balance + next.applied);
        if (balance + delta >= 0) expect(next.applied).toBe(delta);
      }),
    );
  });

  it('lapses the balance expiryDays after the last earning, never without an expiry', () => {
    const last = new Date('2026-01-01T00:00:00Z');
    expect(expiresAt(last, 90)?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(isExpired(last, 90, new Date(last.getTime() + 90 * DAY - 1))).toBe(false);
    expect(isExpired(last, 90, new Date(last.getTime() + 90 * DAY))).toBe(true);
    expect(isExpired(last, null, new Date(last.getTime() + 9_000 * DAY))).toBe(false);
    expect(isExpired(null, 90, new Date())).toBe(false);
  });

  it('keeps or resets the level points by the downgrade policy', () => {
    expect(afterExpiry({ points: 120, levelPoints: 2_500 }, 'keep')).toEqual({
      points: 0,
      levelPoints: 2_500,
    });
    expect(afterExpiry({ points: 120, levelPoints: 2_500 }, 'reset')).toEqual({ points: 0, levelPoints: 0 });
  });
});

describe('validateProgramme', () => {
  it('accepts the demo programme and refuses bad values', () => {
    expect(() => validateProgramme(DEMO_LOYALTY_PROGRAMME)).not.toThrow();
    const bad = [
      { ...DEMO_LOYALTY_PROGRAMME, key: 'Bad Key' },
      { ...DEMO_LOYALTY_PROGRAMME, pointsAlias: { en: '', fr: 'jetons' } },
      { ...DEMO_LOYALTY_PROGRAMME, pointsAliasOne: { en: ' ' } },
      { ...DEMO_LOYALTY_PROGRAMME, pointsAliasOne: { fr: 'j'.repeat(41) } },
      { ...DEMO_LOYALTY_PROGRAMME, expiryDays: 0 },
      { ...DEMO_LOYALTY_PROGRAMME, levels: [] },
      { ...DEMO_LOYALTY_PROGRAMME, levels: [{ ...levels[0]!, threshold: 5 }] },
      { ...DEMO_LOYALTY_PROGRAMME, levels: [levels[0]!, { ...levels[1]!, threshold: 0 }] },
      { ...DEMO_LOYALTY_PROGRAMME, rates: [{ ...rates[0]!, points: 0 }] },
      { ...DEMO_LOYALTY_PROGRAMME, rates: [{ ...rates[0]!, perMinor: 0n }] },
    ];
    for (const input of bad) expect(() => validateProgramme(input)).toThrow(LoyaltyProgrammeError);
  });
});

describe('demotedRanges (the back office refuses levels that would demote players, ADR 049)', () => {
  const level = (position: number, threshold: number) => ({
    position,
    threshold,
    name: { en: `L${position}`, fr: `N${position}` },
    perks: { en: [], fr: [] },
    image: '',
  });
  const current = [level(1, 0), level(2, 500), level(3, 2000)];

  it('finds the level-point ranges where the new levels give a lower level', () => {
    expect(demotedRanges(current, [level(1, 0), level(2, 800), level(3, 2000)])).toEqual([
      { from: 500, to: 800 },
    ]);
    expect(demotedRanges(current, [level(1, 0), level(2, 500)])).toEqual([{ from: 2000, to: null }]);
  });

  it('finds none when thresholds go down, levels are added or only texts change', () => {
    expect(demotedRanges(current, [level(1, 0), level(2, 400), level(3, 2000)])).toEqual([]);
    expect(demotedRanges(current, [...current, level(4, 9000)])).toEqual([]);
    expect(
      demotedRanges(
        current,
        current.map((l) => ({ ...l, name: { en: 'x', fr: 'y' } })),
      ),
    ).toEqual([]);
  });
});
