import { describe, expect, it } from 'vitest';
import {
  type BlackjackActionType,
  type BlackjackState,
  type BlackjackView,
  blackjackEngine,
  startFromCards,
} from './blackjack.ts';
import { parseCard, SHOE_SIZE } from './blackjack-rules.ts';
import { type BetLimits, GameInputError, type RoundStep } from './engine.ts';
import { FairRandom } from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';

const LIMITS: BetLimits = { minStakeMinor: 10n, maxStakeMinor: 100_000n };
const SEEDS = { serverSeed: 'ab'.repeat(32), clientSeed: 'table-7', nonce: 3 };

/**
 * A round on a hand-made shoe. The deal order is player, dealer up card, player, dealer hole card,
 * then every card in the order it is needed.
 */
function deal(stake: bigint, ...texts: string[]): RoundStep<BlackjackState> {
  return startFromCards({ stake }, texts.map(parseCard));
}

function act(step: RoundStep<BlackjackState>, type: BlackjackActionType): RoundStep<BlackjackState> {
  return blackjackEngine.act!(step.state, { type }, LIMITS);
}

const view = (step: RoundStep<BlackjackState>): BlackjackView =>
  blackjackEngine.view(step.state) as BlackjackView;
const ranks = (cards: readonly ({ rank: string } | null)[]): (string | null)[] =>
  cards.map((c) => c?.rank ?? null);

function expectInputError(run: () => unknown, code: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GameInputError);
    expect((error as GameInputError).code).toBe(code);
    return;
  }
  throw new Error(`expected GameInputError ${code}`);
}

describe('blackjack bets', () => {
  it('accepts a stake of minor units within the limits', () => {
    expect(blackjackEngine.parseBet({ stake: '150' }, LIMITS)).toEqual({ stake: 150n });
    expect(blackjackEngine.parseBet({ stake: '10' }, LIMITS)).toEqual({ stake: 10n });
    expect(blackjackEngine.parseBet({ stake: '100000' }, LIMITS)).toEqual({ stake: 100_000n });
  });

  it.each([
    [{ stake: '0' }, 'stake_invalid'],
    [{ stake: '-100' }, 'stake_invalid'],
    [{ stake: '1.5' }, 'stake_invalid'],
    [{ stake: '1e3' }, 'stake_invalid'],
    [{ stake: 'ten' }, 'stake_invalid'],
    [{ stake: '9'.repeat(400) }, 'stake_invalid'],
    [{ stake: '' }, 'stake_invalid'],
    [{}, 'stake_invalid'],
    [{ stake: '9' }, 'stake_below_min'],
    [{ stake: '100001' }, 'stake_above_max'],
    [{ stake: '100', side: 'x' }, 'bet_invalid'],
    ['100', 'bet_invalid'],
    [null, 'bet_invalid'],
  ])('refuses %j with %s', (input, code) => {
    expectInputError(() => blackjackEngine.parseBet(input, LIMITS), code);
  });
});

describe('blackjack dealing', () => {
  it('draws the whole shoe up front with random.int(52), reproducibly from the seeds', () => {
    const first = blackjackEngine.start({ stake: 100n }, new FairRandom(SEEDS));
    const again = blackjackEngine.start({ stake: 100n }, new FairRandom(SEEDS, nodeHmacSha256));
    const other = blackjackEngine.start({ stake: 100n }, new FairRandom({ ...SEEDS, nonce: 4 }));
    const manual = new FairRandom(SEEDS);
    const expected = Array.from({ length: SHOE_SIZE }, () => manual.int(52));
    expect(first.state.shoe).toEqual(expected);
    expect(again.state).toEqual(first.state);
    expect(other.state.shoe).not.toEqual(first.state.shoe);
    expect(first.stake).toBe(100n);
  });

  it('deals player, dealer up, player, dealer hole and hides the hole card and the undealt cards', () => {
    const step = deal(100n, '10S', '9H', '7D', 'KC', '5S', '2H');
    const v = view(step);
    expect(step.done).toBe(false);
    expect(ranks(v.hands[0]!.cards)).toEqual(['10', '7']);
    expect(v.dealer.cards).toEqual([{ rank: '9', suit: 'H' }, null]);
    expect(v.dealer.total).toBe(9);
    expect(v.actions).toEqual(['hit', 'stand', 'double']);
    expect(v.activeHand).toBe(0);
    const text = JSON.stringify(v);
    expect(text).not.toContain('shoe');
    expect(text).not.toContain('"K"');
  });
});

describe('blackjack rules', () => {
  it('has the dealer stand on soft 17', () => {
    const step = act(deal(100n, '10S', '6H', '8D', 'AC', '5S'), 'stand');
    const v = view(step);
    expect(step.done).toBe(true);
    expect(ranks(v.dealer.cards)).toEqual(['6', 'A']);
    expect(v.dealer).toMatchObject({ total: 17, soft: true });
    expect(v.hands[0]!.result).toBe('win');
    expect(step.payout).toBe(200n);
  });

  it('has the dealer draw on soft 16 and hard 16', () => {
    // 5 + A is soft 16: draw (K: hard 16), draw again (4: 20).
    const soft = act(deal(100n, '10S', '5H', '8D', 'AC', 'KS', '4D'), 'stand');
    expect(ranks(view(soft).dealer.cards)).toEqual(['5', 'A', 'K', '4']);
    expect(view(soft).dealer.total).toBe(20);
    expect(soft.payout).toBe(0n);
    const hard = act(deal(100n, '10S', '10H', '8D', '6C', 'KS'), 'stand');
    expect(view(hard).dealer).toMatchObject({ total: 26, bust: true });
    expect(hard.payout).toBe(200n);
  });

  it('plays soft hands: an ace drops to 1 instead of busting', () => {
    const start = deal(100n, 'AS', '9H', '6D', '10C', '9S', '3H', '2H');
    expect(view(start).hands[0]).toMatchObject({ total: 17, soft: true });
    const hit = act(start, 'hit');
    expect(view(hit).hands[0]).toMatchObject({ total: 16, soft: false, status: 'playing' });
    const hitAgain = act(hit, 'hit');
    expect(view(hitAgain).hands[0]).toMatchObject({ total: 19, soft: false });
    const done = act(hitAgain, 'stand');
    expect(view(done).hands[0]!.result).toBe('push');
    expect(done.payout).toBe(100n);
  });

  it('pays a blackjack 3:2 at once, rounding half a minor unit down', () => {
    const even = deal(100n, 'AS', '9H', 'KD', '7C');
    expect(even.done).toBe(true);
    expect(even.payout).toBe(250n);
    expect(view(even).hands[0]!.result).toBe('blackjack');
    expect(view(even).dealer.cards).toHaveLength(2);
    expect(deal(101n, 'KS', '2H', 'AD', '7C').payout).toBe(252n);
  });

  it('returns the stake on a push', () => {
    const step = act(deal(100n, '10S', '10H', '8D', '8C'), 'stand');
    expect(view(step).hands[0]!.result).toBe('push');
    expect(step.payout).toBe(100n);
  });

  it('ends the round at the peek on a dealer blackjack under a ten: only the main bet is lost', () => {
    const step = deal(100n, '10S', 'KH', '9D', 'AC');
    expect(step.done).toBe(true);
    expect(step.payout).toBe(0n);
    const v = view(step);
    expect(v.dealer.blackjack).toBe(true);
    expect(ranks(v.dealer.cards)).toEqual(['K', 'A']);
    expect(v.hands[0]!.result).toBe('lose');
    expect(v.staked).toBe('100');
    // Player blackjack against dealer blackjack pushes.
    expect(deal(100n, 'AS', 'QH', 'KD', 'AC').payout).toBe(100n);
  });

  it('does not end the round when a ten up card has no ace under it', () => {
    const step = deal(100n, '10S', 'KH', '9D', '9C');
    expect(step.done).toBe(false);
    expect(view(step).actions).toContain('double');
  });

  it('offers insurance under an ace; declining it and a dealer blackjack loses the main bet only', () => {
    const start = deal(100n, '10S', 'AH', '9D', 'KC');
    const v = view(start);
    expect(v.phase).toBe('insurance');
    expect(v.actions).toEqual(['insurance', 'decline_insurance']);
    expect(v.insurance).toEqual({ status: 'offered', stake: '0', cost: '50', result: null });
    const declined = act(start, 'decline_insurance');
    expect(declined.stake).toBe(0n);
    expect(declined.done).toBe(true);
    expect(declined.payout).toBe(0n);
  });

  it('pays insurance 2:1 on a dealer blackjack (half the bet, rounded down)', () => {
    const step = act(deal(101n, '10S', 'AH', '9D', 'KC'), 'insurance');
    expect(step.stake).toBe(50n);
    expect(step.done).toBe(true);
    expect(step.payout).toBe(150n);
    const v = view(step);
    expect(v.insurance).toEqual({ status: 'taken', stake: '50', cost: '50', result: 'won' });
    expect(v.staked).toBe('151');
  });

  it('makes insurance on a blackjack an even-money payment', () => {
    const step = act(deal(100n, 'AS', 'AH', 'KD', 'KC'), 'insurance');
    // 100 back on the pushed blackjack + 150 for the insurance of 50: 200 net of 150 staked.
    expect(step.payout).toBe(250n);
    const noDealerBj = act(deal(100n, 'AS', 'AH', 'KD', '7C'), 'insurance');
    expect(noDealerBj.done).toBe(true);
    expect(noDealerBj.payout).toBe(250n);
    expect(view(noDealerBj).insurance.result).toBe('lost');
  });

  it('loses insurance when the dealer has no blackjack and play goes on', () => {
    const step = act(deal(100n, '10S', 'AH', '9D', '7C'), 'insurance');
    expect(step.done).toBe(false);
    expect(view(step).insurance).toMatchObject({ status: 'taken', stake: '50', result: 'lost' });
    expect(view(step).dealer.cards[1]).toBeNull();
    const done = act(step, 'stand');
    expect(view(done).hands[0]!.result).toBe('win');
    expect(done.payout).toBe(200n);
    expect(view(done).staked).toBe('150');
  });

  it('doubles: one card exactly, twice the stake', () => {
    const start = deal(100n, '6S', '6H', '5D', 'KC', '10S', '9D');
    const step = act(start, 'double');
    expect(step.stake).toBe(100n);
    expect(step.done).toBe(true);
    const v = view(step);
    expect(v.hands[0]).toMatchObject({ total: 21, doubled: true, bet: '200', result: 'win', payout: '400' });
    expect(v.hands[0]!.cards).toHaveLength(3);
    expect(ranks(v.dealer.cards)).toEqual(['6', 'K', '9']);
    expect(step.payout).toBe(400n);
    expect(v.staked).toBe('200');
  });

  it('splits a pair into two hands with their own bets, completed one after the other', () => {
    let step = deal(100n, '8S', '7H', '8D', 'KC', '3S', '10D', 'JH');
    step = act(step, 'split');
    expect(step.stake).toBe(100n);
    let v = view(step);
    expect(v.hands).toHaveLength(2);
    expect(ranks(v.hands[0]!.cards)).toEqual(['8', '3']);
    // The second hand only gets its card when the first is finished.
    expect(ranks(v.hands[1]!.cards)).toEqual(['8']);
    expect(v.hands[1]!.status).toBe('waiting');
    expect(v.actions).toEqual(['hit', 'stand', 'double']);
    step = act(step, 'double');
    expect(step.stake).toBe(100n);
    v = view(step);
    expect(v.hands[0]).toMatchObject({ total: 21, bet: '200', status: 'stood' });
    expect(ranks(v.hands[1]!.cards)).toEqual(['8', 'J']);
    step = act(step, 'stand');
    v = view(step);
    expect(step.done).toBe(true);
    expect(v.hands.map((h) => [h.result, h.payout])).toEqual([
      ['win', '400'],
      ['win', '200'],
    ]);
    expect(step.payout).toBe(600n);
    expect(v.staked).toBe('300');
  });

  it('resplits up to four hands', () => {
    let step = deal(100n, '8S', '6H', '8D', 'KC', '8H', '8C', '2S', '9S', '3S', '8S', '9D');
    step = act(step, 'split');
    expect(view(step).actions).toContain('split');
    step = act(step, 'split');
    expect(view(step).hands).toHaveLength(3);
    step = act(step, 'split');
    let v = view(step);
    expect(v.hands).toHaveLength(4);
    expect(ranks(v.hands[0]!.cards)).toEqual(['8', '2']);
    step = act(step, 'stand');
    step = act(step, 'stand');
    step = act(step, 'stand');
    v = view(step);
    // The last hand is a pair again but four hands is the most: no split.
    expect(ranks(v.hands[3]!.cards)).toEqual(['8', '8']);
    expect(v.actions).toEqual(['hit', 'stand', 'double']);
    expectInputError(() => act(step, 'split'), 'illegal_action');
    step = act(step, 'stand');
    expect(step.done).toBe(true);
    expect(view(step).staked).toBe('400');
  });

  it('gives split aces one card each, and ace-ten after a split is 21, not blackjack', () => {
    let step = deal(100n, 'AS', '9H', 'AD', '8C', 'KS', 'AH', '10D');
    step = act(step, 'split');
    expect(step.done).toBe(true);
    const v = view(step);
    expect(v.hands.map((h) => ranks(h.cards))).toEqual([
      ['A', 'K'],
      ['A', 'A'],
    ]);
    expect(v.hands.map((h) => [h.total, h.result, h.payout])).toEqual([
      [21, 'win', '200'],
      [12, 'lose', '0'],
    ]);
    expect(step.payout).toBe(200n);
  });

  it('busts above 21, and the dealer does not draw when every hand is bust', () => {
    const step = act(deal(100n, '10S', '6H', '6D', '10C', '9S', '5H'), 'hit');
    expect(step.done).toBe(true);
    expect(step.payout).toBe(0n);
    const v = view(step);
    expect(v.hands[0]).toMatchObject({ total: 25, status: 'bust', result: 'lose' });
    expect(ranks(v.dealer.cards)).toEqual(['6', '10']);
  });

  it('stands by itself on 21', () => {
    const step = act(deal(100n, '5S', '10H', '6D', '7C', '10S', '3D'), 'hit');
    expect(step.done).toBe(true);
    expect(view(step).hands[0]).toMatchObject({ total: 21, status: 'stood', result: 'win' });
  });

  it('refuses illegal actions and changes nothing', () => {
    const start = deal(100n, '10S', '9H', '6D', '7C', '2S', '3S', '4S');
    const hit = act(start, 'hit');
    expectInputError(() => act(hit, 'double'), 'illegal_action');
    expectInputError(() => act(start, 'split'), 'illegal_action');
    expectInputError(() => act(deal(100n, 'KS', '9H', 'QD', '7C'), 'split'), 'illegal_action');
    expectInputError(() => act(start, 'insurance'), 'illegal_action');
    expectInputError(() => act(start, 'decline_insurance'), 'illegal_action');
    expectInputError(() => act(deal(100n, '10S', 'AH', '9D', '7C'), 'hit'), 'illegal_action');
    const done = act(start, 'stand');
    expect(done.done).toBe(true);
    expectInputError(() => act(done, 'hit'), 'illegal_action');
    expectInputError(() => act(done, 'stand'), 'illegal_action');
    for (const bad of [null, 'hit', { type: 'surrender' }, { type: 'hit', extra: 1 }, { kind: 'hit' }, []]) {
      expectInputError(() => blackjackEngine.act!(start.state, bad, LIMITS), 'illegal_action');
    }
    // act never changes the state it is given.
    const before = JSON.stringify(start.state);
    act(start, 'hit');
    act(start, 'double');
    expect(JSON.stringify(start.state)).toBe(before);
  });

  it('refuses a double above the table maximum', () => {
    const start = deal(100n, '6S', '6H', '5D', 'KC', '10S');
    expectInputError(
      () => blackjackEngine.act!(start.state, { type: 'double' }, { minStakeMinor: 1n, maxStakeMinor: 99n }),
      'illegal_action',
    );
  });

  it('skips insurance when half the bet is less than a minor unit', () => {
    const step = deal(1n, '10S', 'AH', '9D', '7C');
    expect(view(step).phase).toBe('play');
    expect(view(step).insurance.status).toBe('none');
  });

  it('describes its rules and declares the exact RTP', () => {
    const described = JSON.parse(JSON.stringify(blackjackEngine.describe()));
    expect(described.rules).toMatchObject({
      deck: 'infinite',
      dealerStandsOnSoft17: true,
      blackjackPays: '3:2',
      maxHands: 4,
      cardsDrawnPerRound: SHOE_SIZE,
    });
    expect(described.rtp).toEqual({
      optimal: '99.5479',
      returnPerInitialBet: '99.4883',
      insurance: '92.3077',
    });
    const variants = blackjackEngine.rtpVariants();
    expect(variants.map((v) => v.variant)).toEqual(['optimal', 'insurance']);
    expect(variants[1]!.rtp).toEqual({ num: 12n, den: 13n });
  });

  it('plays the optimal strategy in simulation', () => {
    const random = new FairRandom(SEEDS, nodeHmacSha256);
    const { staked, paid } = blackjackEngine.simulate('optimal', 100n, random);
    expect(staked >= 100n && staked <= 800n).toBe(true);
    expect(paid >= 0n).toBe(true);
    expect(() => blackjackEngine.simulate('nope', 100n, random)).toThrow(RangeError);
  });
});
