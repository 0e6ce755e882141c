/**
 * The largest stake a bet may take (ADR 031): the tightest of
 *
 * - the max stake of each leg's market, event and sport (on the bet's total stake),
 * - the max payout of each of them (on the bet's potential payout, every leg winning),
 * - the liability cap of each leg's outcome: what the book already stands to pay on it plus this
 *   bet's potential payout through it (the lines that contain it) may not exceed the cap,
 *
 * with live limits for live legs (never above the pre-match ones, whatever the configuration),
 * and the player's stake factor scaling the max stake and max payout (a factor of 1/2 halves both;
 * a factor above 1 raises them; liability caps protect the book and are not scaled). A multi-leg
 * bet meets every leg's limits. Returns the stake per line that would be accepted (0: none).
 */
import { type BetType, enumerateLines } from './bet-types.ts';
import { add, compare, ONE, oddsRational, product, type Rational, ZERO } from './rational.ts';

export interface StakeLimit {
  /** On the bet's total stake; null: no limit at this level. */
  maxStakeMinor: bigint | null;
  /** On the bet's potential payout; null: no limit. */
  maxPayoutMinor: bigint | null;
}

export interface LevelLimits {
  preMatch: StakeLimit;
  live: StakeLimit;
}

export interface LimitedLeg {
  oddsMilli: number;
  live: boolean;
  market: LevelLimits;
  event: LevelLimits;
  sport: LevelLimits;
  outcome: {
    /** The potential payout of the open bets already taken on this outcome. */
    liabilityMinor: bigint;
    capMinor: bigint | null;
  };
}

export interface LimitInput {
  type: BetType;
  legs: readonly LimitedLeg[];
  /** ≥ 0; 1 for an ordinary player. */
  playerStakeFactor: Rational;
}

export type LimitedBy = 'stake' | 'payout' | 'liability';

export interface AcceptedStake {
  /** Null: nothing limits the bet (no limit configured at any level; configurations should set one). */
  maxStakePerLineMinor: bigint | null;
  maxTotalStakeMinor: bigint | null;
  /** Which rule set the maximum. */
  limitedBy: LimitedBy | null;
}

function minLimit(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

/** The limit that applies to a leg at one level: live takes the lower of live and pre-match. */
function applicable(level: LevelLimits, live: boolean): StakeLimit {
  if (!live) return level.preMatch;
  return {
    maxStakeMinor: minLimit(level.live.maxStakeMinor, level.preMatch.maxStakeMinor),
    maxPayoutMinor: minLimit(level.live.maxPayoutMinor, level.preMatch.maxPayoutMinor),
  };
}

/** ⌊amount × scale / r⌋ for a positive rational r (0 for a non-positive amount). */
function floorScaledDiv(amountMinor: bigint, scale: Rational, r: Rational): bigint {
  if (amountMinor <= 0n) return 0n;
  return (amountMinor * scale.num * r.den) / (scale.den * r.num);
}

export function acceptedStake(input: LimitInput): AcceptedStake {
  if (compare(input.playerStakeFactor, ZERO) < 0) throw new RangeError('a stake factor is not negative');
  const lines = enumerateLines(input.type, input.legs.length);
  const odds = input.legs.map((leg) => oddsRational(leg.oddsMilli));
  const lineOdds = lines.map((line) => product(line.map((i) => odds[i] as Rational)));
  // Potential payout per unit of stake per line: of the whole bet, and through each leg.
  const payoutPerUnit = lineOdds.reduce(add, ZERO);
  const throughLeg = input.legs.map((_, i) =>
    lines.reduce((sum, line, l) => (line.includes(i) ? add(sum, lineOdds[l] as Rational) : sum), ZERO),
  );
  const lineCount = BigInt(lines.length);
  const factor = input.playerStakeFactor;

  let best: bigint | null = null;
  let limitedBy: LimitedBy | null = null;
  const consider = (candidate: bigint, why: LimitedBy) => {
    const value = candidate < 0n ? 0n : candidate;
    if (best === null || value < best) {
      best = value;
      limitedBy = why;
    }
  };
  for (const [i, leg] of input.legs.entries()) {
    for (const level of [leg.market, leg.event, leg.sport]) {
      const limit = applicable(level, leg.live);
      if (limit.maxStakeMinor !== null)
        consider(floorScaledDiv(limit.maxStakeMinor, factor, { num: lineCount, den: 1n }), 'stake');
      if (limit.maxPayoutMinor !== null)
        consider(floorScaledDiv(limit.maxPayoutMinor, factor, payoutPerUnit), 'payout');
    }
    if (leg.outcome.capMinor !== null) {
      consider(
        floorScaledDiv(leg.outcome.capMinor - leg.outcome.liabilityMinor, ONE, throughLeg[i] as Rational),
        'liability',
      );
    }
  }
  // A player whose factor is 0 may not bet at all.
  if (factor.num === 0n) consider(0n, 'stake');
  const perLine = best as bigint | null;
  if (perLine === null) return { maxStakePerLineMinor: null, maxTotalStakeMinor: null, limitedBy: null };
  return { maxStakePerLineMinor: perLine, maxTotalStakeMinor: perLine * lineCount, limitedBy };
}

export type StakeCheck = { ok: true } | { ok: false; reason: 'above_limit'; accepted: AcceptedStake };

/** Whether a stake per line fits the limits; a refusal carries the stake that would be accepted. */
export function checkStake(input: LimitInput, stakePerLineMinor: bigint): StakeCheck {
  const accepted = acceptedStake(input);
  if (accepted.maxStakePerLineMinor === null || stakePerLineMinor <= accepted.maxStakePerLineMinor)
    return { ok: true };
  return { ok: false, reason: 'above_limit', accepted };
}
