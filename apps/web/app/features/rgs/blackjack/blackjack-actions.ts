/**
 * What the blackjack table offers the player, read from the engine's view only: the server lists
 * the legal actions (`view.actions`), so the page never shows a button the server would refuse.
 * Doubling, splitting and insurance take more money: each button says how much.
 */
import type { BlackjackActionType, BlackjackView } from '@croupier/games/blackjack';

export interface ActionButton {
  action: BlackjackActionType;
  /** Extra stake this action debits, minor units (0n for hit / stand / no insurance). */
  costMinor: bigint;
  /** The main action of the moment (drawn filled). */
  primary: boolean;
}

/** Display order: decisions on the hand first, then the money-taking ones. */
const ORDER: readonly BlackjackActionType[] = [
  'insurance',
  'decline_insurance',
  'hit',
  'stand',
  'double',
  'split',
];

function minor(value: string | undefined): bigint {
  return value !== undefined && /^[0-9]{1,30}$/.test(value) ? BigInt(value) : 0n;
}

export function actionButtons(view: BlackjackView): ActionButton[] {
  if (view.phase === 'done') return [];
  const legal = new Set(view.actions);
  const hand = view.activeHand === null ? undefined : view.hands[view.activeHand];
  const handBet = minor(hand?.bet);
  return ORDER.filter((action) => legal.has(action)).map((action) => ({
    action,
    costMinor:
      action === 'double' || action === 'split'
        ? handBet
        : action === 'insurance'
          ? minor(view.bet) / 2n
          : 0n,
    primary: action === 'stand' || action === 'decline_insurance',
  }));
}

/** A hand's label under its cards: bust, blackjack, or its total ("soft 17" when an ace counts 11). */
export type HandBadge =
  | { kind: 'bust' }
  | { kind: 'blackjack' }
  | { kind: 'total'; total: number; soft: boolean };

export function handBadge(hand: {
  total: number;
  soft: boolean;
  status: string;
  cards: readonly unknown[];
}): HandBadge {
  if (hand.status === 'bust' || hand.total > 21) return { kind: 'bust' };
  if (hand.status === 'blackjack') return { kind: 'blackjack' };
  return { kind: 'total', total: hand.total, soft: hand.soft && hand.total < 21 };
}

/** The blackjack view of a round, or undefined when the payload is not one. */
export function blackjackViewOf(view: unknown): BlackjackView | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const candidate = view as Partial<BlackjackView>;
  if (
    (candidate.phase !== 'insurance' && candidate.phase !== 'play' && candidate.phase !== 'done') ||
    !Array.isArray(candidate.hands) ||
    !Array.isArray(candidate.actions) ||
    typeof candidate.dealer !== 'object' ||
    candidate.dealer === null ||
    !Array.isArray(candidate.dealer.cards)
  ) {
    return undefined;
  }
  return candidate as BlackjackView;
}
