/**
 * European roulette ("european-roulette", "roulette-royale"): one zero, 37 pockets, the full bet
 * board. The winning number is random.int(37). A bet covering n numbers pays (36 / n − 1) to 1, so it
 * returns 36/n × stake when it wins and every position returns exactly 36/37 of its stake
 * (docs/games/roulette.md).
 *
 * Bet input: `{ bets: [{ type, numbers, stake }] }`, 1–50 positions. `numbers` is the set of numbers
 * the position covers, in any order; it must be a legal position of the layout (a split two
 * adjacent numbers, a corner four numbers meeting at one corner, …). For red, black, odd, even, low
 * and high it may be left out. describe().positions lists every legal position.
 */
import { checkStakeLimits, expectObject, parseMinor, WIDE_LIMITS } from './bet-input.ts';
import { type BetLimits, formatRational, type GameEngine, GameInputError, type Rational } from './engine.ts';
import type { FairRandom, IntSource } from './fair.ts';
import { rational } from './rational.ts';

export const ROULETTE_POCKETS = 37;
export const MAX_POSITIONS = 50;

export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export const BET_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'trio',
  'first_four',
  'column',
  'dozen',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof BET_TYPES)[number];

/** Types whose single position is fixed, so `numbers` may be omitted. */
const FIXED_TYPES: readonly RouletteBetType[] = ['first_four', 'red', 'black', 'odd', 'even', 'low', 'high'];

export interface RoulettePosition {
  type: RouletteBetType;
  /** Sorted ascending. */
  numbers: number[];
  /** x in "x to 1": 36 / numbers.length − 1. */
  pays: number;
}

export function colourOf(n: number): 'green' | 'red' | 'black' {
  if (n === 0) return 'green';
  return RED_NUMBERS.includes(n) ? 'red' : 'black';
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Every legal position of the European layout. Numbers 1–36 sit in 12 rows of three
 * (row r holds 3r+1, 3r+2, 3r+3) and three columns; 0 sits above the first row.
 */
function buildPositions(): RoulettePosition[] {
  const sets: [RouletteBetType, number[]][] = [];
  for (let n = 0; n <= 36; n += 1) sets.push(['straight', [n]]);
  // Splits: 0 with 1, 2 or 3; side by side in a row; one above the other in a column.
  for (const n of [1, 2, 3]) sets.push(['split', [0, n]]);
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) sets.push(['split', [n, n + 1]]);
    if (n <= 33) sets.push(['split', [n, n + 3]]);
  }
  for (let r = 0; r < 12; r += 1) sets.push(['street', [3 * r + 1, 3 * r + 2, 3 * r + 3]]);
  for (let n = 1; n <= 32; n += 1) if (n % 3 !== 0) sets.push(['corner', [n, n + 1, n + 3, n + 4]]);
  for (let r = 0; r < 11; r += 1) sets.push(['line', range(3 * r + 1, 3 * r + 6)]);
  sets.push(['trio', [0, 1, 2]], ['trio', [0, 2, 3]], ['first_four', [0, 1, 2, 3]]);
  for (let k = 1; k <= 3; k += 1) {
    sets.push(['column', range(1, 36).filter((n) => n % 3 === k % 3)]);
    sets.push(['dozen', range(12 * (k - 1) + 1, 12 * k)]);
  }
  sets.push(
    ['red', [...RED_NUMBERS]],
    ['black', range(1, 36).filter((n) => !RED_NUMBERS.includes(n))],
    ['odd', range(1, 36).filter((n) => n % 2 === 1)],
    ['even', range(1, 36).filter((n) => n % 2 === 0)],
    ['low', range(1, 18)],
    ['high', range(19, 36)],
  );
  return sets.map(([type, numbers]) => {
    const sorted = [...numbers].sort((a, b) => a - b);
    return { type, numbers: sorted, pays: 36 / sorted.length - 1 };
  });
}

export const ROULETTE_POSITIONS: readonly RoulettePosition[] = buildPositions();
const BY_KEY = new Map(ROULETTE_POSITIONS.map((p) => [`${p.type}:${p.numbers.join('-')}`, p]));
const FIXED_BY_TYPE = new Map(
  ROULETTE_POSITIONS.filter((p) => FIXED_TYPES.includes(p.type)).map((p) => [p.type, p]),
);

export interface RouletteBetItem {
  position: RoulettePosition;
  stake: bigint;
}

export interface RouletteBet {
  items: RouletteBetItem[];
  total: bigint;
}

export interface RouletteBetResult {
  type: RouletteBetType;
  numbers: number[];
  stake: string;
  won: boolean;
  /** Stake included when won ((pays + 1) × stake), "0" otherwise. */
  payout: string;
}

export interface RouletteState {
  number: number;
  colour: 'green' | 'red' | 'black';
  bets: RouletteBetResult[];
  totalStake: string;
  payout: string;
}

function parseNumbers(value: unknown, field: string): number[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 18) {
    throw new GameInputError('numbers_invalid', 'numbers must be a list of 1 to 18 numbers', field);
  }
  const numbers = value.map((n) => {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 36) {
      throw new GameInputError('numbers_invalid', 'numbers must be integers from 0 to 36', field);
    }
    return n;
  });
  return numbers.sort((a, b) => a - b);
}

export function parseRouletteBet(input: unknown, limits: BetLimits): RouletteBet {
  const record = expectObject(input, ['bets']);
  const bets = record.bets;
  if (!Array.isArray(bets) || bets.length === 0) {
    throw new GameInputError('bets_invalid', 'bets must be a non-empty list', 'bets');
  }
  if (bets.length > MAX_POSITIONS) {
    throw new GameInputError('too_many_positions', `at most ${MAX_POSITIONS} positions per spin`, 'bets');
  }
  let total = 0n;
  const items = bets.map((raw, i): RouletteBetItem => {
    const field = `bets[${i}]`;
    const bet = expectObject(raw, ['type', 'numbers', 'stake'], field);
    const type = bet.type as RouletteBetType;
    if (!BET_TYPES.includes(type)) {
      throw new GameInputError('bet_type_invalid', `unknown bet type ${String(bet.type)}`, `${field}.type`);
    }
    const stake = parseMinor(bet.stake, `${field}.stake`);
    let position: RoulettePosition | undefined;
    if (bet.numbers === undefined && FIXED_TYPES.includes(type)) {
      position = FIXED_BY_TYPE.get(type);
    } else {
      const numbers = parseNumbers(bet.numbers, `${field}.numbers`);
      position = BY_KEY.get(`${type}:${numbers.join('-')}`);
    }
    if (!position) {
      throw new GameInputError('numbers_invalid', `not a legal ${type} on the layout`, `${field}.numbers`);
    }
    total += stake;
    return { position, stake };
  });
  // The limits bound the whole spin (what is debited), not each chip.
  checkStakeLimits(total, limits, 'bets');
  return { items, total };
}

export function playRoulette(bet: RouletteBet, random: IntSource): RouletteState {
  const number = random.int(ROULETTE_POCKETS);
  let payout = 0n;
  const results = bet.items.map(({ position, stake }): RouletteBetResult => {
    const won = position.numbers.includes(number);
    const amount = won ? stake * BigInt(position.pays + 1) : 0n;
    payout += amount;
    return {
      type: position.type,
      numbers: position.numbers,
      stake: stake.toString(),
      won,
      payout: amount.toString(),
    };
  });
  return {
    number,
    colour: colourOf(number),
    bets: results,
    totalStake: bet.total.toString(),
    payout: payout.toString(),
  };
}

/** Each position returns (36/n) × n/37 = 36/37 of its stake, so any board does too. */
export const ROULETTE_RTP: Rational = rational(36, 37);

/** RTP tool boards: 'default' spreads chips over several types; the others play one position. */
const VARIANT_BETS: Record<string, { type: RouletteBetType; numbers?: number[] }[]> = {
  default: [
    { type: 'straight', numbers: [17] },
    { type: 'split', numbers: [0, 2] },
    { type: 'street', numbers: [13, 14, 15] },
    { type: 'corner', numbers: [25, 26, 28, 29] },
    { type: 'line', numbers: [31, 32, 33, 34, 35, 36] },
    { type: 'dozen', numbers: range(13, 24) },
    { type: 'red' },
  ],
  straight: [{ type: 'straight', numbers: [0] }],
  split: [{ type: 'split', numbers: [8, 11] }],
  street: [{ type: 'street', numbers: [34, 35, 36] }],
  corner: [{ type: 'corner', numbers: [1, 2, 4, 5] }],
  line: [{ type: 'line', numbers: range(1, 6) }],
  trio: [{ type: 'trio', numbers: [0, 1, 2] }],
  first_four: [{ type: 'first_four' }],
  column: [{ type: 'column', numbers: range(1, 36).filter((n) => n % 3 === 2) }],
  dozen: [{ type: 'dozen', numbers: range(25, 36) }],
  red: [{ type: 'red' }],
  black: [{ type: 'black' }],
  odd: [{ type: 'odd' }],
  even: [{ type: 'even' }],
  low: [{ type: 'low' }],
  high: [{ type: 'high' }],
};

/** Parsed RTP-tool boards: parsing is deterministic, so the simulation parses each board once. */
const simulatedBets = new Map<string, RouletteBet>();

export const rouletteEngine: GameEngine<RouletteBet, RouletteState> = {
  name: 'roulette',
  parseBet: parseRouletteBet,
  start(bet, random: FairRandom) {
    const state = playRoulette(bet, random);
    return { state, stake: bet.total, done: true, payout: BigInt(state.payout) };
  },
  view: (state) => state,
  describe: () => ({
    pockets: ROULETTE_POCKETS,
    /** Wheel order of the European single-zero wheel, clockwise from 0 (for the animation). */
    wheel: [
      0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9,
      22, 18, 29, 7, 28, 12, 35, 3, 26,
    ],
    red: RED_NUMBERS,
    maxPositions: MAX_POSITIONS,
    betTypes: BET_TYPES.map((type) => ({
      type,
      pays: ROULETTE_POSITIONS.find((p) => p.type === type)!.pays,
    })),
    positions: ROULETTE_POSITIONS,
    rtp: {
      percent: formatRational({ num: ROULETTE_RTP.num * 100n, den: ROULETTE_RTP.den }, 4),
      exact: { num: '36', den: '37' },
    },
  }),
  rtpVariants: () => Object.keys(VARIANT_BETS).map((variant) => ({ variant, rtp: ROULETTE_RTP })),
  simulate(variant, stakeMinor, random) {
    const key = `${variant}:${stakeMinor}`;
    let bet = simulatedBets.get(key);
    if (!bet) {
      const board = VARIANT_BETS[variant];
      if (!board) throw new RangeError(`unknown roulette variant ${variant}`);
      bet = parseRouletteBet(
        { bets: board.map((b) => ({ ...b, stake: stakeMinor.toString() })) },
        WIDE_LIMITS,
      );
      // A handful of entries at most (one per variant and stake the RTP tool is run with).
      if (simulatedBets.size < 100) simulatedBets.set(key, bet);
    }
    const state = playRoulette(bet, random);
    return { staked: bet.total, paid: BigInt(state.payout) };
  },
};
