/**
 * The contract every in-house game implements. The game server (apps/server/src/modules/rgs) only
 * talks to games through this interface; the verifier and the RTP tool too.
 *
 * Money is bigint minor units of the session's currency. A game never sees balances: the game
 * server debits `stake` through the wallet before a step is committed and credits `payout` when
 * the round is done. All randomness of a round is drawn in `start` (blackjack draws its whole shoe
 * of cards up front), so `act` is deterministic and a round is reproduced from its seeds, its bet
 * and its list of actions.
 */
import type { FairRandom, IntSource } from './fair.ts';

export const GAME_NAMES = ['slot', 'roulette', 'blackjack', 'dice', 'plinko'] as const;
export type GameName = (typeof GAME_NAMES)[number];

/** An exact ratio; RTP = num / den. */
export interface Rational {
  num: bigint;
  den: bigint;
}

/** A bad bet or action: the game server answers it with a typed error and moves nothing. */
export class GameInputError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = 'GameInputError';
    this.code = code;
    this.field = field;
  }
}

/** Stake bounds of a session, minor units, inclusive; they apply to each stake a round takes. */
export interface BetLimits {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
}

export interface RoundStep<State> {
  /** Everything the game needs to continue or to show the round; JSON-safe (no bigint, no Map). */
  state: State;
  /** Minor units to debit before this step takes effect (the bet, a double, a split, insurance). */
  stake: bigint;
  /** True when the round is settled. */
  done: boolean;
  /** Total credited to the player for the whole round, minor units; 0n until done. */
  payout: bigint;
}

export interface RtpVariant {
  /** e.g. 'default', 'chance-49.5', 'rows-12-high', 'straight'. */
  variant: string;
  rtp: Rational;
}

export interface GameEngine<Bet = unknown, State = unknown> {
  name: GameName;
  /** Checks and normalises the player's bet input; throws GameInputError. */
  parseBet(input: unknown, limits: BetLimits): Bet;
  /** Starts a round: draws all its randomness from `random`. */
  start(bet: Bet, random: FairRandom): RoundStep<State>;
  /** Multi-step games (blackjack): applies a player's action; throws GameInputError when illegal. */
  act?(state: State, action: unknown, limits: BetLimits): RoundStep<State>;
  /** What the player's client may see of a round (hides the dealer's hole card until it is played). */
  view(state: State): unknown;
  /** Static description for the client: paytable, reels, bet board … JSON-safe. */
  describe(): unknown;
  /** Exact RTP per variant, computed from the rules and paytable (not measured). */
  rtpVariants(): RtpVariant[];
  /**
   * One round of a variant with an automatic player (blackjack: optimal basic strategy), for the
   * RTP tool and tests. Returns the total staked and the total paid, minor units.
   */
  simulate(variant: string, stakeMinor: bigint, random: IntSource): { staked: bigint; paid: bigint };
}

/** `num/den` as a decimal string with `digits` places, rounded half up (display only). */
export function formatRational(value: Rational, digits = 4): string {
  if (value.den === 0n) throw new RangeError('zero denominator');
  const negative = value.num < 0n !== value.den < 0n && value.num !== 0n;
  const num = value.num < 0n ? -value.num : value.num;
  const den = value.den < 0n ? -value.den : value.den;
  const scale = 10n ** BigInt(digits);
  const scaled = (num * scale * 2n + den) / (den * 2n);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(digits, '0');
  const text = digits > 0 ? `${whole}.${fraction}` : whole.toString();
  return negative && scaled !== 0n ? `-${text}` : text;
}
