/**
 * Blackjack rules shared by the engine (blackjack.ts) and the exact maths (blackjack-exact.ts):
 * cards, hand totals and the table rules as constants. docs/games/blackjack.md states them for players.
 *
 * Cards are integers 0–51: rank index = card % 13 (0 = ace, 1–8 = two to nine, 9 = ten, 10 = jack,
 * 11 = queen, 12 = king), suit index = ⌊card / 13⌋ (spades, hearts, diamonds, clubs). Every card of a
 * round is drawn independently and uniformly with `random.int(52)`: an infinite deck, as with a
 * continuous shuffler. That is what makes the exact RTP tractable: what has been dealt never changes
 * what comes next.
 */

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];

/** Hands a player may hold at once after splitting (the original hand split up to three times). */
export const MAX_HANDS = 4;
/** Dealer draws while below this total; a soft 17 stands (S17). */
export const DEALER_STANDS_ON = 17;

/**
 * Most cards one player hand can take: it keeps drawing only while its total is below 21 (21 stands by
 * itself), e.g. ten aces (soft 20), a two (hard 12), eight aces (hard 20) and one more card to bust is
 * 20 cards. blackjack-rules.test.ts checks this bound by exhaustive search.
 */
export const MAX_PLAYER_HAND_CARDS = 20;
/** Most cards the dealer can take (draws only below 17, soft 17 stands); checked the same way. */
export const MAX_DEALER_CARDS = 12;
/**
 * Cards drawn up front for every round: enough for the worst case (four full hands and a full dealer
 * hand), so the round never runs out and `act` never needs randomness. Undealt cards are never shown.
 */
export const SHOE_SIZE = MAX_HANDS * MAX_PLAYER_HAND_CARDS + MAX_DEALER_CARDS;

export function cardRankIndex(card: number): number {
  return card % 13;
}

export function cardRank(card: number): Rank {
  return RANKS[card % 13]!;
}

export function cardSuit(card: number): Suit {
  return SUITS[Math.floor(card / 13)]!;
}

/** Blackjack value: ace 1 (an ace may count 11, see handTotal), two–nine face value, ten–king 10. */
export function cardValue(card: number): number {
  return Math.min(cardRankIndex(card) + 1, 10);
}

/** 'AS', '10H', 'QD' … → card number (tests and docs; also accepts 'T' for ten). */
export function parseCard(text: string): number {
  const match = /^(A|[2-9]|10|T|J|Q|K)([SHDC])$/.exec(text);
  if (!match) throw new RangeError(`bad card ${text}`);
  const rank = match[1] === 'T' ? '10' : match[1]!;
  return SUITS.indexOf(match[2] as Suit) * 13 + RANKS.indexOf(rank as Rank);
}

export interface Total {
  /** Best total: an ace counts 11 when that does not bust the hand. */
  total: number;
  /** True when an ace is counted as 11 (the hand cannot bust on the next card). */
  soft: boolean;
  /** Sum with every ace counted 1. */
  hard: number;
}

/** Total of a hand given its hard sum (aces as 1) and whether it holds an ace. */
export function totalOf(hard: number, hasAce: boolean): Total {
  const soft = hasAce && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft, hard };
}

export function handTotal(cards: readonly number[]): Total {
  let hard = 0;
  let hasAce = false;
  for (const card of cards) {
    const value = cardValue(card);
    hard += value;
    if (value === 1) hasAce = true;
  }
  return totalOf(hard, hasAce);
}

/** An ace and a ten-value card as a hand's first two cards — only in the original, unsplit hand. */
export function isNatural(cards: readonly number[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}

/** The dealer draws below 17 and stands on every 17, soft or hard. */
export function dealerMustDraw(cards: readonly number[]): boolean {
  return handTotal(cards).total < DEALER_STANDS_ON;
}
