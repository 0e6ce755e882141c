/**
 * Exact blackjack maths for the rules of blackjack-rules.ts (infinite deck, dealer stands on soft 17
 * and peeks, 3:2, double on any two cards and after split, resplit to four hands, split aces one
 * card each, insurance 2:1).
 *
 * With an infinite deck every card is a fresh draw: value v has probability w(v)/13 with w = 1 for
 * ace–nine and 4 for the ten-value cards, whatever was dealt before. So a hand's future depends only
 * on its total, whether it is soft, whether it still has two cards (double) and whether it is a pair
 * (split). Every expectation below is a recursion over those few states, in exact rationals (bigint
 * numerator / denominator), and every strategy choice compares exact rationals: the declared RTP is
 * the return of the EV-maximising player, not an estimate. docs/games/blackjack.md explains it.
 *
 * Conditioning on the peek: when the dealer shows an ace or a ten the round only continues if the
 * hole card does not make a blackjack, so the dealer's final-total distribution used for the
 * player's decisions is the one given "no dealer blackjack" (hole card ≠ ten under an ace, ≠ ace
 * under a ten).
 */
import { DEALER_STANDS_ON, MAX_HANDS, totalOf } from './blackjack-rules.ts';
import type { Rational } from './engine.ts';
import { add, compare, div, mul, ONE, rational, sub, ZERO } from './rational.ts';

const q = rational;
const scale = (a: Rational, k: bigint): Rational => mul(a, rational(k));

/** Weight of a card value among the 13 ranks: ace–nine once, ten-value four times (10 J Q K). */
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const weight = (value: number): bigint => (value === 10 ? 4n : 1n);
const PROB = new Map<number, Rational>(VALUES.map((v) => [v, q(weight(v), 13n)]));
const prob = (value: number): Rational => PROB.get(value)!;

// ——— the dealer ———

/** Final dealer outcome: index 0–4 = total 17–21, 5 = bust. */
type DealerDist = Rational[];
const BUST = 5;

const dealerMemo = new Map<string, DealerDist>();

/** Distribution of the dealer's final total from a hand (hard sum, holds an ace), drawing by S17. */
function dealerFrom(hard: number, hasAce: boolean): DealerDist {
  const { total } = totalOf(hard, hasAce);
  if (total > 21) return outcome(BUST);
  if (total >= DEALER_STANDS_ON) return outcome(total - 17);
  const key = `${hard}:${hasAce}`;
  const known = dealerMemo.get(key);
  if (known) return known;
  let dist: DealerDist = [ZERO, ZERO, ZERO, ZERO, ZERO, ZERO];
  for (const v of VALUES) {
    const next = dealerFrom(hard + v, hasAce || v === 1);
    dist = dist.map((p, i) => add(p, mul(prob(v), next[i]!)));
  }
  dealerMemo.set(key, dist);
  return dist;
}

function outcome(index: number): DealerDist {
  return [0, 1, 2, 3, 4, 5].map((i) => (i === index ? ONE : ZERO));
}

/** P(dealer has blackjack) given the up card value, before the peek. */
export function dealerBlackjackChance(up: number): Rational {
  if (up === 1) return q(4n, 13n);
  if (up === 10) return q(1n, 13n);
  return ZERO;
}

/**
 * The dealer's final-total distribution for an up card, given that the dealer does not have
 * blackjack (the only case in which the player gets to play): the hole card is drawn from the ranks
 * that do not complete a blackjack.
 */
export function dealerDistribution(up: number): DealerDist {
  const excluded = up === 1 ? 10 : up === 10 ? 1 : 0;
  let totalWeight = 0n;
  for (const v of VALUES) if (v !== excluded) totalWeight += weight(v);
  let dist: DealerDist = [ZERO, ZERO, ZERO, ZERO, ZERO, ZERO];
  for (const v of VALUES) {
    if (v === excluded) continue;
    const next = dealerFrom(up + v, up === 1 || v === 1);
    const p = q(weight(v), totalWeight);
    dist = dist.map((x, i) => add(x, mul(p, next[i]!)));
  }
  return dist;
}

// ——— the player, per dealer up card ———

export type PlayerAction = 'stand' | 'hit' | 'double' | 'split';

interface Choice {
  action: PlayerAction;
  /** Expected net result in units of the hand's original bet. */
  ev: Rational;
  /** Expected total staked on the hand(s) in units of the original bet (2 after a double…). */
  stake: Rational;
}

/** The first option with the greatest EV; options are listed cheapest first, so ties keep the stake low. */
function bestOf(options: Choice[]): Choice {
  let best = options[0]!;
  for (const option of options.slice(1)) if (compare(option.ev, best.ev) > 0) best = option;
  return best;
}

const stateKey = (hard: number, hasAce: boolean): number => {
  const { total, soft } = totalOf(hard, hasAce);
  return soft ? 100 + total : total;
};

/** Exact EVs and optimal choices against one dealer up card (value 1 = ace … 10). */
export class UpCardTables {
  readonly up: number;
  readonly dealer: DealerDist;
  /** EV of standing on a total 0–21 (any total under 17 only wins when the dealer busts). */
  private readonly standEv: Rational[] = [];
  private readonly multiMemo = new Map<number, Choice>();
  private readonly twoMemo = new Map<number, Choice>();
  private readonly splitMemo = new Map<string, Choice>();

  constructor(up: number) {
    this.up = up;
    this.dealer = dealerDistribution(up);
    const d = this.dealer;
    for (let t = 0; t <= 21; t += 1) {
      let ev = d[BUST]!;
      for (let dealerTotal = 17; dealerTotal <= 21; dealerTotal += 1) {
        const p = d[dealerTotal - 17]!;
        if (dealerTotal < t) ev = add(ev, p);
        else if (dealerTotal > t) ev = sub(ev, p);
      }
      this.standEv.push(ev);
    }
  }

  stand(total: number): Rational {
    return total > 21 ? q(-1n) : this.standEv[total]!;
  }

  /** A hand of three or more cards (or a two-card hand that may no longer double): hit or stand. */
  multi(hard: number, hasAce: boolean): Choice {
    const { total } = totalOf(hard, hasAce);
    if (total > 21) return { action: 'stand', ev: q(-1n), stake: ONE };
    // 21 stands by itself (nothing can beat it; the engine ends the hand).
    if (total === 21) return { action: 'stand', ev: this.stand(21), stake: ONE };
    const key = stateKey(hard, hasAce);
    const known = this.multiMemo.get(key);
    if (known) return known;
    const choice = bestOf([
      { action: 'stand', ev: this.stand(total), stake: ONE },
      { action: 'hit', ev: this.hitThenMulti(hard, hasAce), stake: ONE },
    ]);
    this.multiMemo.set(key, choice);
    return choice;
  }

  /** A two-card hand that is not split (original hand or after a split, doubling allowed). */
  two(hard: number, hasAce: boolean): Choice {
    const { total } = totalOf(hard, hasAce);
    if (total === 21) return { action: 'stand', ev: this.stand(21), stake: ONE };
    const key = stateKey(hard, hasAce);
    const known = this.twoMemo.get(key);
    if (known) return known;
    let doubleEv = ZERO;
    for (const v of VALUES) {
      doubleEv = add(doubleEv, mul(prob(v), this.stand(totalOf(hard + v, hasAce || v === 1).total)));
    }
    const choice = bestOf([
      { action: 'stand', ev: this.stand(total), stake: ONE },
      // After a hit the hand can only hit or stand: multi() of each next state.
      { action: 'hit', ev: this.hitThenMulti(hard, hasAce), stake: ONE },
      { action: 'double', ev: scale(doubleEv, 2n), stake: q(2n) },
    ]);
    this.twoMemo.set(key, choice);
    return choice;
  }

  private hitThenMulti(hard: number, hasAce: boolean): Rational {
    let ev = ZERO;
    for (const v of VALUES) ev = add(ev, mul(prob(v), this.multi(hard + v, hasAce || v === 1).ev));
    return ev;
  }

  /** Split aces: one card each, then both stand (A+ten is 21, not blackjack). Two bets. */
  splitAces(): Choice {
    let one = ZERO;
    for (const v of VALUES) one = add(one, mul(prob(v), this.stand(totalOf(1 + v, true).total)));
    return { action: 'split', ev: scale(one, 2n), stake: q(2n) };
  }

  /**
   * Expected net and stake of `pending` split hands, each holding one card of value `pair` and each
   * waiting for its second card, when `hands` hands exist in all (resplitting allowed while fewer
   * than MAX_HANDS). Hands are completed one after the other; a hand that receives another card of
   * the same rank may be split again. The resplit choice is the only one that depends on the other
   * hands (they share the MAX_HANDS quota), hence this recursion over (pending, hands).
   */
  pending(pair: number, pendingHands: number, hands: number): Choice {
    if (pendingHands === 0) return { action: 'stand', ev: ZERO, stake: ZERO };
    const key = `${pair}:${pendingHands}:${hands}`;
    const known = this.splitMemo.get(key);
    if (known) return known;
    const rest = this.pending(pair, pendingHands - 1, hands);
    let ev = ZERO;
    let stake = ZERO;
    // A card of another rank (a ten-value card of another rank included: Rational on K is not a pair).
    for (const v of VALUES) {
      const otherRanks = weight(v) - (v === pair ? 1n : 0n);
      if (otherRanks === 0n) continue;
      const hand = this.two(pair + v, pair === 1 || v === 1);
      const p = q(otherRanks, 13n);
      ev = add(ev, mul(p, add(hand.ev, rest.ev)));
      stake = add(stake, mul(p, add(hand.stake, rest.stake)));
    }
    // The same rank again: resplit (if the quota allows) or play the pair as a plain two-card hand.
    const same = this.resplitChoice(pair, pendingHands, hands);
    const p = q(1n, 13n);
    const choice: Choice = {
      action: 'split',
      ev: add(ev, mul(p, same.ev)),
      stake: add(stake, mul(p, same.stake)),
    };
    this.splitMemo.set(key, choice);
    return choice;
  }

  /**
   * The hand being completed has become a pair again, `pendingHands` hands (it included) still to
   * complete, `hands` in all: resplit it, or play it as a two-card hand.
   */
  resplitChoice(pair: number, pendingHands: number, hands: number): Choice {
    const rest = this.pending(pair, pendingHands - 1, hands);
    const asTwo = this.two(pair * 2, pair === 1);
    const keep: Choice = {
      action: asTwo.action,
      ev: add(asTwo.ev, rest.ev),
      stake: add(asTwo.stake, rest.stake),
    };
    if (hands >= MAX_HANDS) return keep;
    const resplit = this.pending(pair, pendingHands + 1, hands + 1);
    return bestOf([keep, { action: 'split', ev: resplit.ev, stake: resplit.stake }]);
  }

  /** Splitting the original pair of value `pair`: two hands of one card each. */
  split(pair: number): Choice {
    return pair === 1 ? this.splitAces() : this.pending(pair, 2, 2);
  }

  /** The original two cards, no blackjack on either side: the best of stand, hit, double, split. */
  initial(value1: number, value2: number, sameRank: boolean): Choice {
    const two = this.two(value1 + value2, value1 === 1 || value2 === 1);
    if (!sameRank) return two;
    return bestOf([two, this.split(value1)]);
  }
}

// ——— the whole round ———

export interface BlackjackMaths {
  /** Declared RTP: E[total paid] / E[total staked] per round (doubles and splits are stakes). */
  rtp: Rational;
  /** E[net result] per round in units of the main bet (negative: the house edge per initial bet). */
  evPerInitialBet: Rational;
  /** E[total staked] per round in units of the main bet (main bet + doubles + splits). */
  stakePerInitialBet: Rational;
  /** RTP of the insurance bet on its own: 3 × P(dealer blackjack | ace up) = 12/13. */
  insuranceRtp: Rational;
  /** Per dealer up-card value 1–10: P(up card), dealer distribution given no blackjack. */
  tables: UpCardTables[];
}

function compute(): BlackjackMaths {
  const tables = VALUES.map((up) => new UpCardTables(up));
  let ev = ZERO;
  let stake = ZERO;
  const pPlayerBlackjack = q(8n, 169n);
  for (const table of tables) {
    const pUp = prob(table.up);
    const pDealerBj = dealerBlackjackChance(table.up);
    // Dealer blackjack: a player blackjack pushes, anything else loses the main bet only.
    ev = add(ev, mul(mul(pUp, pDealerBj), sub(pPlayerBlackjack, ONE)));
    stake = add(stake, mul(pUp, pDealerBj));
    // No dealer blackjack: every ordered pair of player ranks, 1/169 each.
    let roundEv = ZERO;
    let roundStake = ZERO;
    for (let r1 = 0; r1 < 13; r1 += 1) {
      for (let r2 = 0; r2 < 13; r2 += 1) {
        const v1 = Math.min(r1 + 1, 10);
        const v2 = Math.min(r2 + 1, 10);
        if (v1 + v2 === 11 && (v1 === 1 || v2 === 1)) {
          roundEv = add(roundEv, q(3n, 2n));
          roundStake = add(roundStake, ONE);
          continue;
        }
        const choice = table.initial(v1, v2, r1 === r2);
        roundEv = add(roundEv, choice.ev);
        roundStake = add(roundStake, choice.stake);
      }
    }
    const pPlay = mul(pUp, sub(ONE, pDealerBj));
    ev = add(ev, mul(pPlay, q(roundEv.num, roundEv.den * 169n)));
    stake = add(stake, mul(pPlay, q(roundStake.num, roundStake.den * 169n)));
  }
  return {
    rtp: div(add(stake, ev), stake),
    evPerInitialBet: ev,
    stakePerInitialBet: stake,
    insuranceRtp: q(12n, 13n),
    tables,
  };
}

let cached: BlackjackMaths | undefined;

/** The exact maths, computed once per process (a fraction of a second) and then reused. */
export function blackjackMaths(): BlackjackMaths {
  cached ??= compute();
  return cached;
}

// ——— the optimal strategy, for the automatic player (simulation) and the strategy chart ———

export interface DecisionInput {
  /** Dealer up card value, 1 (ace) – 10. */
  up: number;
  /** Values (1–10) of the active hand's cards. */
  values: readonly number[];
  /** The hand's two cards are of the same rank and the rules allow splitting it now. */
  canSplit: boolean;
  /** The hand may double (two cards). */
  canDouble: boolean;
  /** Hands the player holds, the active one included. */
  hands: number;
  /** Hands after the active one still waiting for their second card (split hands). */
  waitingAfter: number;
}

/** The EV-maximising action for a decision, from the exact tables (never insurance). */
export function optimalAction(input: DecisionInput): PlayerAction {
  const table = blackjackMaths().tables[input.up - 1]!;
  let hard = 0;
  let hasAce = false;
  for (const v of input.values) {
    hard += v;
    if (v === 1) hasAce = true;
  }
  if (!input.canDouble) return table.multi(hard, hasAce).action;
  if (input.canSplit) {
    const pair = input.values[0]!;
    if (input.hands === 1) return table.initial(pair, pair, true).action;
    return table.resplitChoice(pair, input.waitingAfter + 1, input.hands).action;
  }
  return table.two(hard, hasAce).action;
}

export interface ChartRow {
  /** The player's hand: '12' (hard), 'A,7' (soft), '8,8' (pair). */
  hand: string;
  /** One cell per dealer up card 2, 3 … 10, A: H hit, S stand, D double (else hit), Ds double (else stand), P split. */
  cells: string[];
}

/** The optimal strategy as a basic-strategy chart (two-card decisions), for the docs and tests. */
export function strategyChart(): { hard: ChartRow[]; soft: ChartRow[]; pairs: ChartRow[] } {
  const tables = blackjackMaths().tables;
  const order = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];
  const cell = (t: UpCardTables, choice: Choice, hard: number, hasAce: boolean): string => {
    if (choice.action === 'double') return t.multi(hard, hasAce).action === 'stand' ? 'Ds' : 'D';
    return { stand: 'S', hit: 'H', split: 'P' }[choice.action];
  };
  const row = (hand: string, hard: number, hasAce: boolean, pair: boolean): ChartRow => ({
    hand,
    cells: order.map((up) => {
      const t = tables[up - 1]!;
      const value = hasAce && pair ? 1 : hard / 2;
      return cell(t, pair ? t.initial(value, value, true) : t.two(hard, hasAce), hard, hasAce);
    }),
  });
  const hard: ChartRow[] = [];
  // Hard totals from two different non-ace cards: 5 (2+3) … 19 (9+10); 20 is always a stand.
  for (let total = 5; total <= 20; total += 1) hard.push(row(`${total}`, total, false, false));
  const soft: ChartRow[] = [];
  for (let other = 2; other <= 9; other += 1) soft.push(row(`A,${other}`, 1 + other, true, false));
  const pairs: ChartRow[] = [row('A,A', 2, true, true)];
  for (let pair = 2; pair <= 10; pair += 1) pairs.push(row(`${pair},${pair}`, pair * 2, false, true));
  return { hard, soft, pairs };
}
