/**
 * Blackjack ("blackjack-classic", "frost-blackjack"): one player against the dealer, infinite deck,
 * dealer stands on soft 17 and peeks for blackjack, blackjack pays 3:2, double on any two cards (also
 * after a split), split pairs of the same rank up to four hands (aces once, one card each),
 * insurance 2:1 when the dealer shows an ace. docs/games/blackjack.md states the rules for players
 * and explains the exact RTP (blackjack-exact.ts).
 *
 * Randomness: `start` draws SHOE_SIZE cards with random.int(52), enough for the longest possible
 * round; cards are then dealt from that list in order (player, dealer up card, player, dealer hole
 * card, then each card as it is needed). `act` draws nothing, so a round replays from its seeds, its
 * bet and its actions. Undealt cards stay in the state (server side) and never reach `view`.
 *
 * Money: the main bet, every double and split (equal to the main bet) and the insurance
 * (⌊bet / 2⌋) are separate stakes, each debited by the game server before its step (`RoundStep.stake`).
 * A win pays 1:1, a blackjack 3:2 rounded down to the minor unit (⌊3·bet / 2⌋), insurance 2:1.
 */
import { expectObject, parseStake, WIDE_LIMITS } from './bet-input.ts';
import { blackjackMaths, optimalAction } from './blackjack-exact.ts';
import {
  cardRank,
  cardRankIndex,
  cardSuit,
  cardValue,
  dealerMustDraw,
  handTotal,
  isNatural,
  MAX_HANDS,
  MAX_PLAYER_HAND_CARDS,
  type Rank,
  SHOE_SIZE,
  type Suit,
} from './blackjack-rules.ts';
import { type BetLimits, formatRational, type GameEngine, GameInputError, type RoundStep } from './engine.ts';
import type { IntSource } from './fair.ts';

export const BLACKJACK_ACTIONS = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'decline_insurance',
] as const;
export type BlackjackActionType = (typeof BLACKJACK_ACTIONS)[number];
export interface BlackjackAction {
  type: BlackjackActionType;
}

export interface BlackjackBet {
  stake: bigint;
}

/**
 * waiting: a split hand that has not received its second card yet; playing: the player decides;
 * stood / bust: finished; blackjack: the original two cards make 21.
 */
export type HandStatus = 'waiting' | 'playing' | 'stood' | 'bust' | 'blackjack';
export type HandResult = 'win' | 'lose' | 'push' | 'blackjack';

export interface BlackjackHand {
  cards: number[];
  /** This hand's stake, minor units (the main bet, twice that after a double). */
  bet: string;
  doubled: boolean;
  /** Made by splitting (a two-card 21 is then not a blackjack). */
  fromSplit: boolean;
  /** One of a pair of split aces: one card, then it stands. */
  splitAces: boolean;
  status: HandStatus;
  result: HandResult | null;
  /** Returned for this hand (stake included), minor units, once the round is settled. */
  payout: string | null;
}

export type InsuranceStatus = 'none' | 'offered' | 'taken' | 'declined';

export interface BlackjackState {
  /** The main bet, minor units. */
  bet: string;
  /** Every card of the round, drawn in start; `next` is the index of the next card to deal. */
  shoe: number[];
  next: number;
  /** Dealer's cards: [up card, hole card, draws…]. The hole card is hidden until `holeRevealed`. */
  dealer: number[];
  holeRevealed: boolean;
  hands: BlackjackHand[];
  /** Index of the hand the player acts on, -1 when none. */
  active: number;
  phase: 'insurance' | 'play' | 'done';
  insurance: InsuranceStatus;
  insuranceStake: string;
  /** Everything staked so far (bet, doubles, splits, insurance), minor units. */
  staked: string;
  /** Total returned when done, minor units. */
  payout: string;
}

export interface CardView {
  rank: Rank;
  suit: Suit;
}

export interface HandView {
  cards: CardView[];
  total: number;
  soft: boolean;
  bet: string;
  doubled: boolean;
  fromSplit: boolean;
  status: HandStatus;
  result: HandResult | null;
  payout: string | null;
}

export interface BlackjackView {
  phase: BlackjackState['phase'];
  bet: string;
  staked: string;
  /** Total returned, once the round is done. */
  payout: string | null;
  dealer: {
    /** `null` is the face-down hole card. */
    cards: (CardView | null)[];
    /** Total of the visible cards. */
    total: number;
    soft: boolean;
    blackjack: boolean;
    bust: boolean;
  };
  hands: HandView[];
  activeHand: number | null;
  actions: BlackjackActionType[];
  /** stake: what was staked on insurance ('0' unless taken); cost: what taking it costs (⌊bet / 2⌋). */
  insurance: { status: InsuranceStatus; stake: string; cost: string; result: 'won' | 'lost' | null };
}

// ——— dealing ———

function drawCard(state: BlackjackState): number {
  const card = state.shoe[state.next];
  // SHOE_SIZE covers the longest possible round; only a hand-made test shoe can run out.
  if (card === undefined) throw new RangeError('the round ran out of cards');
  state.next += 1;
  return card;
}

const isTen = (card: number): boolean => cardValue(card) === 10;
const isAce = (card: number): boolean => cardValue(card) === 1;

/** floor(bet / 2); insurance is only offered when that is at least one minor unit. */
export function insuranceStakeOf(bet: bigint): bigint {
  return bet / 2n;
}

/** A blackjack returns the bet plus 3:2, rounded down to the minor unit. */
export function blackjackPayout(bet: bigint): bigint {
  return bet + (bet * 3n) / 2n;
}

function newRound(bet: bigint, shoe: number[]): BlackjackState {
  const state: BlackjackState = {
    bet: bet.toString(),
    shoe,
    next: 0,
    dealer: [],
    holeRevealed: false,
    hands: [],
    active: -1,
    phase: 'play',
    insurance: 'none',
    insuranceStake: '0',
    staked: bet.toString(),
    payout: '0',
  };
  // The usual order: player, dealer up card, player, dealer hole card.
  const first = drawCard(state);
  const up = drawCard(state);
  const second = drawCard(state);
  const hole = drawCard(state);
  state.dealer = [up, hole];
  state.hands = [
    {
      cards: [first, second],
      bet: bet.toString(),
      doubled: false,
      fromSplit: false,
      splitAces: false,
      status: isNatural([first, second]) ? 'blackjack' : 'playing',
      result: null,
      payout: null,
    },
  ];
  if (isAce(up) && insuranceStakeOf(bet) > 0n) {
    state.phase = 'insurance';
    state.insurance = 'offered';
    return state;
  }
  peekAndContinue(state);
  return state;
}

/**
 * After the insurance question (or at once): the dealer peeks under an ace or a ten. A dealer
 * blackjack ends the round (only the main bet is at stake: nothing else can have been bet yet); a
 * player blackjack is paid at once; otherwise play starts on the first hand.
 */
function peekAndContinue(state: BlackjackState): void {
  const [up, hole] = state.dealer as [number, number];
  if ((isAce(up) || isTen(up)) && isNatural([up, hole])) {
    settle(state, true);
    return;
  }
  if (state.hands[0]!.status === 'blackjack') {
    settle(state, false);
    return;
  }
  state.phase = 'play';
  continueRound(state);
}

/**
 * Moves to the next hand that needs a decision: a split hand waiting for its second card gets it now
 * (split aces and 21s then stand by themselves). When no hand is left the dealer plays and the round
 * is settled.
 */
function continueRound(state: BlackjackState): void {
  for (let i = 0; i < state.hands.length; i += 1) {
    const hand = state.hands[i]!;
    if (hand.status === 'waiting') {
      hand.cards.push(drawCard(state));
      hand.status = hand.splitAces || handTotal(hand.cards).total === 21 ? 'stood' : 'playing';
    }
    if (hand.status === 'playing') {
      state.active = i;
      return;
    }
  }
  state.active = -1;
  // The dealer only draws when a hand is still standing; with every hand bust nothing depends on it.
  if (state.hands.some((hand) => hand.status === 'stood')) {
    while (dealerMustDraw(state.dealer)) state.dealer.push(drawCard(state));
  }
  settle(state, false);
}

/** What one finished hand returns (stake included). */
function handOutcome(
  hand: BlackjackHand,
  dealerTotal: number,
  dealerBlackjack: boolean,
): [HandResult, bigint] {
  const bet = BigInt(hand.bet);
  if (hand.status === 'blackjack')
    return dealerBlackjack ? ['push', bet] : ['blackjack', blackjackPayout(bet)];
  if (dealerBlackjack || hand.status === 'bust') return ['lose', 0n];
  const total = handTotal(hand.cards).total;
  if (dealerTotal > 21 || total > dealerTotal) return ['win', bet * 2n];
  return total === dealerTotal ? ['push', bet] : ['lose', 0n];
}

/** Pays every hand and the insurance, reveals the hole card, ends the round. */
function settle(state: BlackjackState, dealerBlackjack: boolean): void {
  const dealerTotal = handTotal(state.dealer).total;
  let payout = 0n;
  for (const hand of state.hands) {
    // A hand still open when the dealer's blackjack ends the round is simply over.
    if (hand.status === 'playing') hand.status = 'stood';
    const [result, paid] = handOutcome(hand, dealerTotal, dealerBlackjack);
    hand.result = result;
    hand.payout = paid.toString();
    payout += paid;
  }
  if (state.insurance === 'taken' && dealerBlackjack) payout += BigInt(state.insuranceStake) * 3n;
  state.payout = payout.toString();
  state.phase = 'done';
  state.active = -1;
  state.holeRevealed = true;
}

// ——— actions ———

function activeHand(state: BlackjackState): BlackjackHand | undefined {
  return state.phase === 'play' ? state.hands[state.active] : undefined;
}

function canSplit(state: BlackjackState, hand: BlackjackHand): boolean {
  return (
    hand.cards.length === 2 &&
    !hand.splitAces &&
    cardRankIndex(hand.cards[0]!) === cardRankIndex(hand.cards[1]!) &&
    state.hands.length < MAX_HANDS
  );
}

/** The actions the player may take now (the same list the view shows). */
export function legalActions(state: BlackjackState): BlackjackActionType[] {
  if (state.phase === 'insurance') return ['insurance', 'decline_insurance'];
  const hand = activeHand(state);
  if (hand?.status !== 'playing') return [];
  const actions: BlackjackActionType[] = ['hit', 'stand'];
  if (hand.cards.length === 2) actions.push('double');
  if (canSplit(state, hand)) actions.push('split');
  return actions;
}

function parseAction(input: unknown): BlackjackActionType {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new GameInputError('illegal_action', 'the action must be a JSON object { type }', 'action');
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'type') throw new GameInputError('illegal_action', `unknown field ${key}`, `action.${key}`);
  }
  const type = record.type;
  if (typeof type !== 'string' || !(BLACKJACK_ACTIONS as readonly string[]).includes(type)) {
    throw new GameInputError(
      'illegal_action',
      `type must be one of ${BLACKJACK_ACTIONS.join(', ')}`,
      'action.type',
    );
  }
  return type as BlackjackActionType;
}

/** Doubles and splits stake the main bet again: it must still fit the session's maximum. */
function checkExtraStake(stake: bigint, limits: BetLimits): void {
  if (stake > limits.maxStakeMinor) {
    throw new GameInputError(
      'illegal_action',
      `the stake ${stake} is above the maximum ${limits.maxStakeMinor}`,
    );
  }
}

function applyAction(previous: BlackjackState, input: unknown, limits: BetLimits): RoundStep<BlackjackState> {
  const type = parseAction(input);
  if (previous.phase === 'done')
    throw new GameInputError('illegal_action', 'the round is over', 'action.type');
  if (!legalActions(previous).includes(type)) {
    throw new GameInputError('illegal_action', `${type} is not allowed now`, 'action.type');
  }
  const state = copyState(previous);
  const bet = BigInt(state.bet);
  let stake = 0n;
  if (type === 'insurance' || type === 'decline_insurance') {
    if (type === 'insurance') {
      stake = insuranceStakeOf(bet);
      state.insurance = 'taken';
      state.insuranceStake = stake.toString();
    } else {
      state.insurance = 'declined';
    }
    peekAndContinue(state);
  } else {
    const hand = state.hands[state.active]!;
    if (type === 'hit') {
      hand.cards.push(drawCard(state));
      const { total } = handTotal(hand.cards);
      // 21 stands by itself: no card can improve it.
      if (total > 21) hand.status = 'bust';
      else if (total === 21) hand.status = 'stood';
    } else if (type === 'stand') {
      hand.status = 'stood';
    } else if (type === 'double') {
      stake = BigInt(hand.bet);
      checkExtraStake(stake, limits);
      hand.bet = (stake * 2n).toString();
      hand.doubled = true;
      hand.cards.push(drawCard(state));
      hand.status = handTotal(hand.cards).total > 21 ? 'bust' : 'stood';
    } else {
      stake = BigInt(hand.bet);
      checkExtraStake(stake, limits);
      const aces = isAce(hand.cards[0]!);
      const moved = hand.cards.pop()!;
      hand.fromSplit = true;
      hand.splitAces = aces;
      hand.status = 'waiting';
      state.hands.splice(state.active + 1, 0, {
        cards: [moved],
        bet: hand.bet,
        doubled: false,
        fromSplit: true,
        splitAces: aces,
        status: 'waiting',
        result: null,
        payout: null,
      });
    }
    if (hand.status !== 'playing') continueRound(state);
  }
  state.staked = (BigInt(state.staked) + stake).toString();
  return step(state, stake);
}

/**
 * A copy that `act` may change, leaving the caller's state as it was. The shoe is never written to
 * after start, so the copy shares it (the RTP tool copies thousands of states a second).
 */
function copyState(state: BlackjackState): BlackjackState {
  return {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
  };
}

function step(state: BlackjackState, stake: bigint): RoundStep<BlackjackState> {
  const done = state.phase === 'done';
  return { state, stake, done, payout: done ? BigInt(state.payout) : 0n };
}

// ——— the round from outside ———

/** Draws the round's cards and deals. */
export function startBlackjack(bet: BlackjackBet, random: IntSource): RoundStep<BlackjackState> {
  const shoe: number[] = [];
  for (let i = 0; i < SHOE_SIZE; i += 1) shoe.push(random.int(52));
  return startFromCards(bet, shoe);
}

/**
 * Starts a round on a given card order (tests use short hand-made shoes to force situations; play
 * always goes through startBlackjack). Cards: 0–51, see blackjack-rules.ts (parseCard helps).
 */
export function startFromCards(bet: BlackjackBet, cards: readonly number[]): RoundStep<BlackjackState> {
  for (const card of cards) {
    if (!Number.isInteger(card) || card < 0 || card > 51) throw new RangeError(`bad card ${card}`);
  }
  return step(newRound(bet.stake, [...cards]), bet.stake);
}

export function parseBlackjackBet(input: unknown, limits: BetLimits): BlackjackBet {
  const record = expectObject(input, ['stake']);
  return { stake: parseStake(record.stake, limits) };
}

const cardView = (card: number): CardView => ({ rank: cardRank(card), suit: cardSuit(card) });

export function viewBlackjack(state: BlackjackState): BlackjackView {
  const visibleDealer = state.holeRevealed ? state.dealer : state.dealer.slice(0, 1);
  const dealerTotal = handTotal(visibleDealer);
  const dealerBlackjack = state.holeRevealed && isNatural(state.dealer);
  // Once the dealer has peeked (phase past 'insurance') the insurance is decided; a dealer blackjack
  // ends the round, so while play goes on the insurance is known to be lost.
  const insuranceSettled = state.phase !== 'insurance' && state.insurance === 'taken';
  const insuranceWon = isNatural(state.dealer.slice(0, 2));
  return {
    phase: state.phase,
    bet: state.bet,
    staked: state.staked,
    payout: state.phase === 'done' ? state.payout : null,
    dealer: {
      cards: state.holeRevealed ? state.dealer.map(cardView) : [cardView(state.dealer[0]!), null],
      total: dealerTotal.total,
      soft: dealerTotal.soft,
      blackjack: dealerBlackjack,
      bust: dealerTotal.total > 21,
    },
    hands: state.hands.map((hand) => {
      const { total, soft } = handTotal(hand.cards);
      return {
        cards: hand.cards.map(cardView),
        total,
        soft,
        bet: hand.bet,
        doubled: hand.doubled,
        fromSplit: hand.fromSplit,
        status: hand.status,
        result: hand.result,
        payout: hand.payout,
      };
    }),
    activeHand: state.active >= 0 ? state.active : null,
    actions: legalActions(state),
    insurance: {
      status: state.insurance,
      stake: state.insuranceStake,
      cost: insuranceStakeOf(BigInt(state.bet)).toString(),
      result: insuranceSettled ? (insuranceWon ? 'won' : 'lost') : null,
    },
  };
}

/** The automatic player of the RTP tool: the EV-maximising strategy of blackjack-exact.ts, no insurance. */
export function optimalMove(state: BlackjackState): BlackjackActionType {
  if (state.phase === 'insurance') return 'decline_insurance';
  const hand = state.hands[state.active]!;
  const legal = legalActions(state);
  const waitingAfter = state.hands.slice(state.active + 1).filter((h) => h.status === 'waiting').length;
  return optimalAction({
    up: cardValue(state.dealer[0]!),
    values: hand.cards.map(cardValue),
    canSplit: legal.includes('split'),
    canDouble: legal.includes('double'),
    hands: state.hands.length,
    waitingAfter,
  });
}

/** Plays a whole round with the optimal strategy; returns everything staked and paid. */
export function simulateOptimal(stake: bigint, random: IntSource): { staked: bigint; paid: bigint } {
  let current = startBlackjack({ stake }, random);
  let staked = current.stake;
  // Insurance, three splits and at most one move per card of four hands: more means a broken engine.
  const maxMoves = 1 + (MAX_HANDS - 1) + MAX_HANDS * MAX_PLAYER_HAND_CARDS;
  for (let moves = 0; !current.done; moves += 1) {
    if (moves >= maxMoves) throw new Error('blackjack round did not finish');
    current = applyAction(current.state, { type: optimalMove(current.state) }, WIDE_LIMITS);
    staked += current.stake;
  }
  return { staked, paid: current.payout };
}

const percent = (value: { num: bigint; den: bigint }, digits: number): string =>
  formatRational({ num: value.num * 100n, den: value.den }, digits);

export const blackjackEngine: GameEngine<BlackjackBet, BlackjackState> = {
  name: 'blackjack',
  parseBet: parseBlackjackBet,
  start: (bet, random) => startBlackjack(bet, random),
  act: applyAction,
  view: viewBlackjack,
  describe() {
    const maths = blackjackMaths();
    const edge = maths.evPerInitialBet;
    return {
      rules: {
        deck: 'infinite',
        cardsDrawnPerRound: SHOE_SIZE,
        dealerStandsOnSoft17: true,
        dealerPeeks: true,
        blackjackPays: '3:2',
        blackjackRounding: 'down to the minor unit',
        doubleOn: 'any first two cards',
        doubleAfterSplit: true,
        splitSameRankOnly: true,
        maxHands: MAX_HANDS,
        splitAcesOneCardEach: true,
        resplitAces: false,
        twentyOneStands: true,
        surrender: false,
        insurance: { offeredWhen: 'dealer shows an ace', stake: 'floor(bet / 2)', pays: '2:1' },
      },
      actions: BLACKJACK_ACTIONS,
      rtp: {
        optimal: percent(maths.rtp, 4),
        returnPerInitialBet: percent({ num: edge.den + edge.num, den: edge.den }, 4),
        insurance: percent(maths.insuranceRtp, 4),
      },
    };
  },
  rtpVariants() {
    const maths = blackjackMaths();
    return [
      { variant: 'optimal', rtp: maths.rtp },
      { variant: 'insurance', rtp: maths.insuranceRtp },
    ];
  },
  simulate(variant, stakeMinor, random) {
    if (variant === 'optimal') return simulateOptimal(stakeMinor, random);
    if (variant === 'insurance') return simulateInsurance(stakeMinor, random);
    throw new RangeError(`unknown blackjack variant ${variant}`);
  },
};

/**
 * The insurance bet on its own: deals until the dealer shows an ace (at most a bounded number of
 * deals; P(no ace in 400 deals) < 10⁻¹³), takes insurance and reports only that stake and its return.
 */
function simulateInsurance(stake: bigint, random: IntSource): { staked: bigint; paid: bigint } {
  for (let deal = 0; deal < 400; deal += 1) {
    const cards = [random.int(52), random.int(52), random.int(52), random.int(52)];
    if (!isAce(cards[1]!)) continue;
    const insurance = insuranceStakeOf(stake);
    const dealerBlackjack = isTen(cards[3]!);
    return { staked: insurance, paid: dealerBlackjack ? insurance * 3n : 0n };
  }
  throw new Error('no ace in 400 deals');
}
