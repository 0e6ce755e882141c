/**
 * Tournament scoring (ADR 036), pure: what one wager event adds to a participant's score, and how
 * the leaderboard orders ties. Scores are integers: a stake or win total in minor units, the
 * biggest win multiplier of a round in hundredths (×2.5 = 250), or points.
 */
import type { WagerEvent } from '../wagers/wager-event.ts';

export type Scoring = 'total_bet' | 'total_win' | 'biggest_multiplier' | 'points_per_bet';

export interface ScoringRules {
  scoring: Scoring;
  pointsPerBet: number | null;
  minStakeMinor: bigint | null;
}

/**
 * The effect of an event on a score: `add` (may be negative: a rollback), `max` (the score becomes
 * the value when higher), or null (nothing). `roundStakeMinor` is what the player's counted bets of
 * the event's round staked in this tournament (0: the round's bet did not count).
 */
export type ScoreEffect = { op: 'add'; points: bigint } | { op: 'max'; points: bigint } | null;

const stakeOf = (event: WagerEvent) => event.stakeRealMinor + event.stakeBonusMinor;
const payoutOf = (event: WagerEvent) => event.payoutRealMinor + event.payoutBonusMinor;

/** Whether a bet counts: at least the minimum stake (if any). */
export function betCounts(rules: ScoringRules, event: WagerEvent): boolean {
  if (event.kind !== 'bet') return false;
  const stake = stakeOf(event);
  return stake > 0n && (rules.minStakeMinor === null || stake >= rules.minStakeMinor);
}

export function scoreEffect(rules: ScoringRules, event: WagerEvent, roundStakeMinor: bigint): ScoreEffect {
  if (event.kind === 'bet') {
    if (!betCounts(rules, event)) return null;
    if (rules.scoring === 'total_bet') return { op: 'add', points: stakeOf(event) };
    if (rules.scoring === 'points_per_bet') return { op: 'add', points: BigInt(rules.pointsPerBet ?? 0) };
    // total_win and biggest_multiplier: the bet is recorded (its stake), it scores nothing itself.
    return { op: 'add', points: 0n };
  }
  // Wins and rollbacks count only on a round whose bet counted.
  if (roundStakeMinor <= 0n) return null;
  if (event.kind === 'win') {
    const payout = payoutOf(event);
    if (payout <= 0n) return null;
    if (rules.scoring === 'total_win') return { op: 'add', points: payout };
    if (rules.scoring === 'biggest_multiplier')
      return { op: 'max', points: (payout * 100n) / roundStakeMinor };
    return null;
  }
  // A rollback carries the negated amounts of what it undoes.
  if (rules.scoring === 'total_bet' && stakeOf(event) < 0n) return { op: 'add', points: stakeOf(event) };
  if (rules.scoring === 'total_win' && payoutOf(event) < 0n) return { op: 'add', points: payoutOf(event) };
  return null;
}

/** Applies an effect; the score never goes below zero. `raised`: it went up (the tie-break time moves). */
export function applyEffect(
  score: bigint,
  effect: Exclude<ScoreEffect, null>,
): { score: bigint; raised: boolean } {
  const next =
    effect.op === 'add'
      ? score + effect.points < 0n
        ? 0n
        : score + effect.points
      : effect.points > score
        ? effect.points
        : score;
  return { score: next, raised: next > score };
}

export interface BoardEntry {
  playerId: bigint;
  score: bigint;
  reachedAt: Date;
}

/** Leaderboard order: higher score first; a tie goes to the earlier to reach it, then the lower player id. */
export function compareEntries(a: BoardEntry, b: BoardEntry): number {
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  const at = a.reachedAt.getTime() - b.reachedAt.getTime();
  if (at !== 0) return at;
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
}
