/** The bet path's money-source rules (ADR 019): real before bonus, isolation, the win's bonus share. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playableMinor, splitStake, winBonusShare } from './wallet.service.ts';

describe('splitStake', () => {
  it('spends main first, then bonus', () => {
    expect(splitStake(500n, 1000n, 800n, false)).toEqual({ realMinor: 500n, bonusMinor: 300n });
    expect(splitStake(500n, 1000n, 400n, false)).toEqual({ realMinor: 400n, bonusMinor: 0n });
    expect(splitStake(0n, 1000n, 400n, false)).toEqual({ realMinor: 0n, bonusMinor: 400n });
    expect(splitStake(500n, 1000n, 1500n, false)).toEqual({ realMinor: 500n, bonusMinor: 1000n });
    expect(splitStake(500n, 1000n, 1501n, false)).toBeNull();
  });

  it('with isolation, spends only bonus while there is bonus money, otherwise only main', () => {
    expect(splitStake(500n, 1000n, 800n, true)).toEqual({ realMinor: 0n, bonusMinor: 800n });
    expect(splitStake(500n, 1000n, 1001n, true)).toBeNull();
    expect(splitStake(500n, 0n, 500n, true)).toEqual({ realMinor: 500n, bonusMinor: 0n });
    expect(splitStake(500n, 0n, 501n, true)).toBeNull();
  });

  it('never spends more than there is, always the whole stake, from the sources the rule allows', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 12n });
    fc.assert(
      fc.property(
        amount,
        amount,
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.boolean(),
        (main, bonus, stake, iso) => {
          const split = splitStake(main, bonus, stake, iso);
          const playable = playableMinor(main, bonus, iso);
          if (split === null) {
            expect(stake).toBeGreaterThan(playable);
            return;
          }
          expect(stake).toBeLessThanOrEqual(playable);
          expect(split.realMinor + split.bonusMinor).toBe(stake);
          expect(split.realMinor >= 0n && split.realMinor <= main).toBe(true);
          expect(split.bonusMinor >= 0n && split.bonusMinor <= bonus).toBe(true);
          if (iso) expect(split.realMinor === 0n || split.bonusMinor === 0n).toBe(true);
          // Without isolation, bonus is touched only once main is exhausted.
          if (!iso && split.bonusMinor > 0n) expect(split.realMinor).toBe(main);
        },
      ),
    );
  });
});

describe('winBonusShare', () => {
  it('credits the round’s bonus proportion, rounded down', () => {
    expect(winBonusShare(1600n, 800n, 300n)).toBe(600n);
    expect(winBonusShare(1601n, 800n, 300n)).toBe(600n);
    expect(winBonusShare(1000n, 800n, 0n)).toBe(0n);
    expect(winBonusShare(1000n, 800n, 800n)).toBe(1000n);
    expect(winBonusShare(1000n, 0n, 0n)).toBe(0n);
    expect(winBonusShare(0n, 800n, 300n)).toBe(0n);
  });

  it('is at most the exact share and less than one minor unit below it', () => {
    const positive = fc.bigInt({ min: 1n, max: 10n ** 12n });
    fc.assert(
      fc.property(positive, positive, fc.bigInt({ min: 0n, max: 10n ** 12n }), (win, stake, bonusPart) => {
        const bonusStake = bonusPart > stake ? stake : bonusPart;
        const share = winBonusShare(win, stake, bonusStake);
        expect(share >= 0n && share <= win).toBe(true);
        // share ≤ win × b / s < share + 1
        expect(share * stake <= win * bonusStake).toBe(true);
        expect((share + 1n) * stake > win * bonusStake).toBe(true);
      }),
    );
  });
});
