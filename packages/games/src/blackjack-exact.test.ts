/**
 * Known answers for the exact maths. Published infinite-deck figures (Wizard of Odds, "Expected
 * Returns in Infinite-Deck Blackjack" and "Dealer Probabilities", same rules: S17, DAS, resplit to
 * four hands except aces, one card to split aces, peek) are given to six decimals.
 */
import { describe, expect, it } from 'vitest';
import {
  blackjackMaths,
  dealerBlackjackChance,
  dealerDistribution,
  strategyChart,
} from './blackjack-exact.ts';
import type { Rational } from './engine.ts';
import { toNumber } from './rational.ts';

const close = (value: Rational, expected: number, digits = 6): void => {
  expect(toNumber(value)).toBeCloseTo(expected, digits);
};

describe('blackjack exact maths', () => {
  it('computes in well under two seconds', () => {
    const started = performance.now();
    blackjackMaths();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('gives the dealer final totals of the published infinite-deck S17 tables', () => {
    // Up card 6 (no peek): 17 18 19 20 21 bust.
    const six = dealerDistribution(6).map(toNumber);
    [0.165438, 0.106267, 0.106267, 0.101715, 0.097163, 0.42315].forEach((p, i) => {
      expect(six[i]).toBeCloseTo(p, 6);
    });
    expect(toNumber(dealerDistribution(2)[5]!)).toBeCloseTo(0.353608, 6);
    expect(toNumber(dealerDistribution(7)[5]!)).toBeCloseTo(0.262312, 6);
    // Ace and ten are conditioned on "no dealer blackjack": the published unconditional figures
    // (ace bust 0.115286, ten bust 0.212109) times P(no blackjack) (9/13, 12/13).
    expect(toNumber(dealerDistribution(1)[5]!) * (9 / 13)).toBeCloseTo(0.115286, 6);
    expect(toNumber(dealerDistribution(10)[5]!) * (12 / 13)).toBeCloseTo(0.212109, 6);
    expect(dealerBlackjackChance(1)).toEqual({ num: 4n, den: 13n });
    expect(dealerBlackjackChance(10)).toEqual({ num: 1n, den: 13n });
    for (let up = 1; up <= 10; up += 1) {
      const total = dealerDistribution(up).reduce((sum, p) => sum + toNumber(p), 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('gives the published player expectations', () => {
    const ten = blackjackMaths().tables[9]!;
    close(ten.stand(16), -0.54043);
    close(ten.multi(16, false).ev, -0.539826, 5);
    // 8,8 against a ten: splitting (resplits and doubles after split allowed) loses least.
    close(ten.split(8).ev, -0.480686, 5);
    expect(ten.initial(8, 8, true).action).toBe('split');
    close(blackjackMaths().tables[1]!.stand(12), -0.292784);
    close(blackjackMaths().tables[0]!.stand(21), 0.922194);
  });

  it('derives the usual basic strategy', () => {
    const chart = strategyChart();
    const row = (rows: { hand: string; cells: string[] }[], hand: string): string =>
      rows.find((r) => r.hand === hand)!.cells.join(' ');
    // Dealer up card:              2 3 4 5 6 7 8 9 10 A
    expect(row(chart.hard, '11')).toBe('D D D D D D D D D H');
    expect(row(chart.hard, '12')).toBe('H H S S S H H H H H');
    expect(row(chart.hard, '16')).toBe('S S S S S H H H H H');
    expect(row(chart.soft, 'A,7')).toBe('S Ds Ds Ds Ds S S H H H');
    expect(row(chart.pairs, '9,9')).toBe('P P P P P S P P S S');
    expect(row(chart.pairs, '4,4')).toBe('H H H P P H H H H H');
    expect(row(chart.pairs, '5,5')).toBe('D D D D D D D D H H');
    expect(row(chart.pairs, 'A,A')).toBe('P P P P P P P P P P');
  });

  it('declares the exact RTP of the optimal player', () => {
    const maths = blackjackMaths();
    // House edge per initial bet: published −0.511734 %.
    expect(toNumber(maths.evPerInitialBet)).toBeCloseTo(-0.00511734, 8);
    expect(maths.evPerInitialBet).toEqual({
      num: -469430306791487675426722237n,
      den: 91733330193268616658399616009n,
    });
    // RTP = E[paid] / E[staked], doubles and splits being stakes too.
    expect(maths.stakePerInitialBet).toEqual({ num: 12002022497n, den: 10604499373n });
    expect(maths.rtp).toEqual({
      num: 103353056166030268518398756464n,
      den: 103822486472821756193825478701n,
    });
    const rtp = toNumber(maths.rtp);
    expect(rtp).toBeGreaterThan(0.994);
    expect(rtp).toBeLessThan(0.996);
    expect(maths.insuranceRtp).toEqual({ num: 12n, den: 13n });
  });
});
