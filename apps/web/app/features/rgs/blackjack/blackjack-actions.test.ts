/**
 * The blackjack buttons come from the engine's view only: real views made by the engine from
 * chosen cards (startFromCards), so a change of the view's shape breaks these tests.
 */

import { WIDE_LIMITS } from '@croupier/games/bet-input';
import {
  type BlackjackState,
  blackjackEngine,
  startFromCards,
  viewBlackjack,
} from '@croupier/games/blackjack';
import { parseCard } from '@croupier/games/blackjack-rules';
import { describe, expect, test } from 'vitest';
import { actionButtons, blackjackViewOf, handBadge } from './blackjack-actions.ts';

/** Cards in deal order: player, dealer up, player, dealer hole, then draws. */
function deal(stake: bigint, ...cards: string[]) {
  return startFromCards({ stake }, cards.map(parseCard));
}

function act(state: BlackjackState, type: string) {
  return blackjackEngine.act!(state, { type }, WIDE_LIMITS);
}

const summary = (state: BlackjackState) =>
  actionButtons(viewBlackjack(state)).map((button) => [button.action, button.costMinor]);

describe('action buttons', () => {
  test('a pair: hit, stand, double and split, the last two costing the bet', () => {
    const round = deal(200n, '8S', '6H', '8D', '10C', '3S', '2S', '9H', '10D');
    expect(summary(round.state)).toEqual([
      ['hit', 0n],
      ['stand', 0n],
      ['double', 200n],
      ['split', 200n],
    ]);
    expect(actionButtons(viewBlackjack(round.state)).find((b) => b.primary)?.action).toBe('stand');
  });

  test('no pair: no split; after a hit, only hit and stand', () => {
    const round = deal(100n, '9S', '6H', '2D', '10C', '3S', '10S');
    expect(summary(round.state).map(([action]) => action)).toEqual(['hit', 'stand', 'double']);
    const hit = act(round.state, 'hit');
    expect(summary(hit.state).map(([action]) => action)).toEqual(['hit', 'stand']);
  });

  test('the dealer shows an ace: insurance (half the bet) or no insurance, nothing else', () => {
    const round = deal(150n, '9S', 'AH', '7D', '5C', '3S', '10S');
    expect(summary(round.state)).toEqual([
      ['insurance', 75n],
      ['decline_insurance', 0n],
    ]);
    const declined = act(round.state, 'decline_insurance');
    expect(summary(declined.state).map(([action]) => action)).toEqual(['hit', 'stand', 'double']);
  });

  test('after a split the buttons follow the active hand; none once the round is over', () => {
    const round = deal(100n, '8S', '6H', '8D', '10C', '3S', '10S', '9H', '10D', '10H');
    const split = act(round.state, 'split');
    const view = viewBlackjack(split.state);
    expect(view.hands).toHaveLength(2);
    expect(view.activeHand).toBe(0);
    // 8 + 3 = 11: double is offered on the split hand's two cards, no second split (not a pair).
    expect(summary(split.state)).toEqual([
      ['hit', 0n],
      ['stand', 0n],
      ['double', 100n],
    ]);
    const stood = act(split.state, 'stand');
    expect(viewBlackjack(stood.state).activeHand).toBe(1);
    const done = act(stood.state, 'stand');
    expect(done.done).toBe(true);
    expect(actionButtons(viewBlackjack(done.state))).toEqual([]);
  });
});

describe('hand badges and view shape', () => {
  test('bust, blackjack, soft and hard totals', () => {
    expect(handBadge({ total: 22, soft: false, status: 'bust', cards: [1, 2, 3] })).toEqual({ kind: 'bust' });
    expect(handBadge({ total: 21, soft: true, status: 'blackjack', cards: [1, 2] })).toEqual({
      kind: 'blackjack',
    });
    expect(handBadge({ total: 17, soft: true, status: 'playing', cards: [1, 2] })).toEqual({
      kind: 'total',
      total: 17,
      soft: true,
    });
    expect(handBadge({ total: 21, soft: true, status: 'stood', cards: [1, 2, 3] })).toEqual({
      kind: 'total',
      total: 21,
      soft: false,
    });
  });

  test('only blackjack views are accepted', () => {
    const round = deal(100n, '9S', '6H', '2D', '10C');
    expect(blackjackViewOf(viewBlackjack(round.state))).toBeDefined();
    expect(blackjackViewOf({ number: 17 })).toBeUndefined();
    expect(blackjackViewOf(null)).toBeUndefined();
  });
});
