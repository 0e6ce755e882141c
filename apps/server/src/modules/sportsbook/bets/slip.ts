/**
 * The bet slip's pure part (ADR 034): the bet type of a `kind`, odds acceptance, the default stake
 * limits, the leg results as the player reads them, and the cash-out probability of an open leg.
 */
import { type BetType, lineSizes, NAMED_SYSTEMS, type NamedSystem } from '../betting/bet-types.ts';
import { probabilityFromModel } from '../betting/cash-out.ts';
import type { Rational } from '../betting/rational.ts';
import type { LevelLimits } from '../betting/stake-limits.ts';

/** The bet type a slip's `kind` names over `legs` selections, or null when it does not fit them. */
export function betTypeOf(kind: string, legs: number): BetType | null {
  let type: BetType;
  if (kind === 'single') type = { kind: 'single' };
  else if (kind === 'accumulator') type = { kind: 'accumulator' };
  else if (kind in NAMED_SYSTEMS) type = { kind: 'named', name: kind as NamedSystem };
  else {
    const match = /^(\d{1,2})\/(\d{1,2})$/.exec(kind);
    if (!match || Number(match[2]) !== legs) return null;
    type = { kind: 'system', size: Number(match[1]) };
  }
  return lineSizes(type, legs).ok ? type : null;
}

export type AcceptOdds = 'none' | 'higher' | 'any';

/** Whether the player's acceptance takes the odds from `seen` to `current` without asking again. */
export function oddsAccepted(seen: number, current: number, accept: AcceptOdds): boolean {
  if (accept === 'any') return true;
  if (accept === 'higher') return current >= seen;
  return current === seen;
}

/**
 * The book's default limits in major units of the bet's currency (ADR 031): per market, event and
 * sport, live half the pre-match ones, and a liability cap per outcome. A trader's per-player stake
 * factor (`sb_player_factors`) scales the stake and payout limits.
 */
export const DEFAULT_LIMITS_MAJOR = {
  market: { preMatch: { stake: 1_000n, payout: 50_000n }, live: { stake: 500n, payout: 25_000n } },
  event: { preMatch: { stake: 2_000n, payout: 100_000n }, live: { stake: 1_000n, payout: 50_000n } },
  sport: { preMatch: { stake: 5_000n, payout: 250_000n }, live: { stake: 2_500n, payout: 125_000n } },
  liabilityCap: 100_000n,
} as const;

export function levelLimits(level: 'market' | 'event' | 'sport', perMajor: bigint): LevelLimits {
  const limits = DEFAULT_LIMITS_MAJOR[level];
  return {
    preMatch: {
      maxStakeMinor: limits.preMatch.stake * perMajor,
      maxPayoutMinor: limits.preMatch.payout * perMajor,
    },
    live: { maxStakeMinor: limits.live.stake * perMajor, maxPayoutMinor: limits.live.payout * perMajor },
  };
}

export type LegResultView = 'open' | 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' | 'dead_heat';

/** A leg's result as the bet list shows it. */
export function legResultView(leg: {
  result: string | null;
  voidFactor: string | null;
  deadHeatNum: bigint | null;
  deadHeatDen: bigint | null;
}): LegResultView {
  if (leg.result === null) return 'open';
  if (leg.result === 'void' || leg.voidFactor === '1') return 'void';
  if (leg.voidFactor === '0.5') return leg.result === 'won' ? 'half_won' : 'half_lost';
  if (leg.result === 'won' && leg.deadHeatNum !== null && leg.deadHeatNum !== leg.deadHeatDen)
    return 'dead_heat';
  return leg.result === 'won' ? 'won' : 'lost';
}

/**
 * The current win probability of an open leg, from its market's current odds: the implied
 * probabilities normalised to sum 1, which under the proportional margin (ADR 030) is exactly the
 * model's fair probability. Null when the outcome is not among the active ones.
 */
export function impliedProbability(
  outcomeKey: string,
  market: readonly { key: string; oddsMilli: number; active: boolean }[],
): Rational | null {
  const active = market.filter((o) => o.active);
  const own = active.find((o) => o.key === outcomeKey);
  if (!own) return null;
  const total = active.reduce((sum, o) => sum + 1 / o.oddsMilli, 0);
  return probabilityFromModel(Math.min(1, 1 / own.oddsMilli / total));
}

/** Total decimal odds of legs (× 1000 each) as text with two decimals, rounded down. */
export function totalOddsText(oddsMilli: readonly number[]): string {
  let num = 1n;
  let den = 1n;
  for (const odds of oddsMilli) {
    num *= BigInt(odds);
    den *= 1000n;
  }
  const hundredths = (num * 100n) / den;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}
