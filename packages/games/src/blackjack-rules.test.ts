import { describe, expect, it } from 'vitest';
import {
  cardRank,
  cardSuit,
  cardValue,
  DEALER_STANDS_ON,
  dealerMustDraw,
  handTotal,
  isNatural,
  MAX_DEALER_CARDS,
  MAX_HANDS,
  MAX_PLAYER_HAND_CARDS,
  parseCard,
  SHOE_SIZE,
  totalOf,
} from './blackjack-rules.ts';

const cards = (...texts: string[]): number[] => texts.map(parseCard);

/** Longest run of cards a hand can take while it keeps drawing below `limit` (exhaustive search). */
function longestHand(limit: number): number {
  const memo = new Map<string, number>();
  const longest = (hard: number, hasAce: boolean): number => {
    const key = `${hard}:${hasAce}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = 0;
    for (let value = 1; value <= 10; value += 1) {
      const next = totalOf(hard + value, hasAce || value === 1);
      best = Math.max(best, 1 + (next.total < limit ? longest(hard + value, hasAce || value === 1) : 0));
    }
    memo.set(key, best);
    return best;
  };
  return longest(0, false);
}

describe('blackjack cards and totals', () => {
  it('numbers the 52 cards by suit and rank', () => {
    expect(parseCard('AS')).toBe(0);
    expect(parseCard('KC')).toBe(51);
    expect(parseCard('10H')).toBe(parseCard('TH'));
    for (let card = 0; card < 52; card += 1) {
      expect(parseCard(`${cardRank(card)}${cardSuit(card)}`)).toBe(card);
    }
    expect(cards('AS', '9H', '10D', 'JC', 'QS', 'KH').map(cardValue)).toEqual([1, 9, 10, 10, 10, 10]);
    expect(() => parseCard('1S')).toThrow(RangeError);
  });

  it('counts an ace as 11 only when that does not bust', () => {
    expect(handTotal(cards('AS', '6H'))).toEqual({ total: 17, soft: true, hard: 7 });
    expect(handTotal(cards('AS', '6H', 'KD'))).toEqual({ total: 17, soft: false, hard: 17 });
    expect(handTotal(cards('AS', 'AH'))).toEqual({ total: 12, soft: true, hard: 2 });
    expect(handTotal(cards('AS', 'AH', '9D'))).toEqual({ total: 21, soft: true, hard: 11 });
    expect(handTotal(cards('KS', 'QH', '5D'))).toEqual({ total: 25, soft: false, hard: 25 });
  });

  it('recognises a natural only as two cards', () => {
    expect(isNatural(cards('AS', 'KH'))).toBe(true);
    expect(isNatural(cards('10S', 'AH'))).toBe(true);
    expect(isNatural(cards('5S', '6H', 'KD'))).toBe(false);
    expect(isNatural(cards('AS', 'AH', '9D'))).toBe(false);
  });

  it('has the dealer draw to 16 and stand on every 17, soft 17 included', () => {
    expect(DEALER_STANDS_ON).toBe(17);
    expect(dealerMustDraw(cards('10S', '6H'))).toBe(true);
    expect(dealerMustDraw(cards('AS', '5H'))).toBe(true);
    expect(dealerMustDraw(cards('AS', '6H'))).toBe(false);
    expect(dealerMustDraw(cards('10S', '7H'))).toBe(false);
  });

  it('draws enough cards for the longest possible round', () => {
    expect(longestHand(21)).toBe(MAX_PLAYER_HAND_CARDS);
    expect(longestHand(17)).toBe(MAX_DEALER_CARDS);
    expect(SHOE_SIZE).toBe(MAX_HANDS * MAX_PLAYER_HAND_CARDS + MAX_DEALER_CARDS);
  });
});
