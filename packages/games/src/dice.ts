/**
 * Dice ("dice-duel", "lucky-dice"): a roll of 0..9999 shown as 00.00–99.99. The player picks a target
 * (0..9999, hundredths) and a direction: "over" wins when roll > target, "under" when roll < target.
 * The win chance in basis points is c = 9999 − target (over) or c = target (under), allowed from
 * 100 (1 %) to 9800 (98 %). A win pays stake × 9900 / c, rounded down to a whole minor unit, so the
 * return is exactly 99 % before that rounding, whatever the chance (docs/games/dice.md).
 *
 * Randomness: one draw, roll = random.int(10000).
 */
import { expectObject, parseIntInRange, parseStake, WIDE_LIMITS } from './bet-input.ts';
import { type BetLimits, formatRational, type GameEngine, GameInputError, type Rational } from './engine.ts';
import type { FairRandom, IntSource } from './fair.ts';
import { rational } from './rational.ts';

export const DICE_OUTCOMES = 10_000;
export const MIN_CHANCE_BP = 100;
export const MAX_CHANCE_BP = 9800;
/** The multiplier's numerator: 9900 / c for a chance of c basis points, i.e. 99 % return. */
export const DICE_PAYOUT_BP = 9900;
export const DICE_RTP: Rational = rational(DICE_PAYOUT_BP, DICE_OUTCOMES);

export type DiceDirection = 'over' | 'under';

export interface DiceBet {
  stake: bigint;
  target: number;
  direction: DiceDirection;
  chanceBp: number;
}

export interface DiceState {
  stake: string;
  target: number;
  direction: DiceDirection;
  /** Win chance in basis points (4950 = 49.50 %). */
  chanceBp: number;
  /** Payout multiplier 9900 / chanceBp, 4 decimals, for display. */
  multiplier: string;
  roll: number;
  /** The roll as shown: "42.07". */
  rollText: string;
  win: boolean;
  payout: string;
}

export function chanceOf(target: number, direction: DiceDirection): number {
  return direction === 'over' ? DICE_OUTCOMES - 1 - target : target;
}

export function formatRoll(roll: number): string {
  return `${Math.floor(roll / 100)
    .toString()
    .padStart(2, '0')}.${(roll % 100).toString().padStart(2, '0')}`;
}

/** floor(stake × 9900 / chance): the only rounding in the game, always in the house's favour by < 1 minor unit. */
export function dicePayout(stake: bigint, chanceBp: number): bigint {
  return (stake * BigInt(DICE_PAYOUT_BP)) / BigInt(chanceBp);
}

export function parseDiceBet(input: unknown, limits: BetLimits): DiceBet {
  const record = expectObject(input, ['stake', 'target', 'direction']);
  const stake = parseStake(record.stake, limits);
  const target = parseIntInRange(record.target, 0, DICE_OUTCOMES - 1, 'target_invalid', 'target');
  const direction = record.direction;
  if (direction !== 'over' && direction !== 'under') {
    throw new GameInputError('direction_invalid', 'direction must be "over" or "under"', 'direction');
  }
  const chanceBp = chanceOf(target, direction);
  if (chanceBp < MIN_CHANCE_BP || chanceBp > MAX_CHANCE_BP) {
    throw new GameInputError(
      'chance_out_of_range',
      'the win chance must be from 1.00 % to 98.00 %',
      'target',
    );
  }
  return { stake, target, direction, chanceBp };
}

export function playDice(bet: DiceBet, random: IntSource): DiceState {
  const roll = random.int(DICE_OUTCOMES);
  const win = bet.direction === 'over' ? roll > bet.target : roll < bet.target;
  const payout = win ? dicePayout(bet.stake, bet.chanceBp) : 0n;
  return {
    stake: bet.stake.toString(),
    target: bet.target,
    direction: bet.direction,
    chanceBp: bet.chanceBp,
    multiplier: formatRational({ num: BigInt(DICE_PAYOUT_BP), den: BigInt(bet.chanceBp) }, 4),
    roll,
    rollText: formatRoll(roll),
    win,
    payout: payout.toString(),
  };
}

/** RTP tool variants: a chance, played as "over". */
const VARIANTS: Record<string, number> = {
  'chance-49.50': 4950,
  'chance-10.00': 1000,
  'chance-90.00': 9000,
  'chance-1.00': 100,
  'chance-98.00': 9800,
};

export const diceEngine: GameEngine<DiceBet, DiceState> = {
  name: 'dice',
  parseBet: parseDiceBet,
  start(bet, random: FairRandom) {
    const state = playDice(bet, random);
    return { state, stake: bet.stake, done: true, payout: BigInt(state.payout) };
  },
  view: (state) => state,
  describe: () => ({
    outcomes: DICE_OUTCOMES,
    rollScale: 100,
    minChanceBp: MIN_CHANCE_BP,
    maxChanceBp: MAX_CHANCE_BP,
    payoutBp: DICE_PAYOUT_BP,
    rules:
      'over wins when roll > target; under wins when roll < target; payout = floor(stake × 9900 / chanceBp)',
    rtp: {
      percent: formatRational({ num: DICE_RTP.num * 100n, den: DICE_RTP.den }, 4),
      exact: { num: '99', den: '100' },
    },
  }),
  // Every chance returns exactly 9900/c × c/10000 = 99 % of the stake (before the floor).
  rtpVariants: () => Object.keys(VARIANTS).map((variant) => ({ variant, rtp: DICE_RTP })),
  simulate(variant, stakeMinor, random) {
    const chanceBp = VARIANTS[variant];
    if (chanceBp === undefined) throw new RangeError(`unknown dice variant ${variant}`);
    const bet = parseDiceBet(
      { stake: stakeMinor.toString(), target: DICE_OUTCOMES - 1 - chanceBp, direction: 'over' },
      WIDE_LIMITS,
    );
    const state = playDice(bet, random);
    return { staked: bet.stake, paid: BigInt(state.payout) };
  },
};
