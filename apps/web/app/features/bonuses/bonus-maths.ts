/**
 * The sums the bonus and cashback pages show, from the decimal strings of the wire (spec §9): the
 * wagering progress as an exact share (bigint, never a float near money), which actions a bonus
 * offers in its status (ADR 020), and how long is left before a deadline.
 */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import { parseDecimal } from '../../ui/format.ts';

/** Both decimals as integers on one scale (the longer fraction of the two). */
function onOneScale(a: string, b: string): [bigint, bigint] {
  const left = parseDecimal(a.trim());
  const right = parseDecimal(b.trim());
  const digits = Math.max(left.fraction.length, right.fraction.length);
  const scaled = (d: typeof left) => {
    const magnitude = BigInt(`${d.integer}${d.fraction.padEnd(digits, '0')}`);
    return d.negative ? -magnitude : magnitude;
  };
  return [scaled(left), scaled(right)];
}

/**
 * Wagering progress in basis points (0…10 000), rounded down so a bar never shows "done" before
 * the requirement is met: ('12.5', '50') → 2 500. Nothing to wager counts as done.
 */
export function progressBasisPoints(progress: string, required: string): number {
  const [done, needed] = onOneScale(progress, required);
  if (needed <= 0n) return 10_000;
  if (done <= 0n) return 0;
  if (done >= needed) return 10_000;
  return Number((done * 10_000n) / needed);
}

/** Whole percent shown beside the bar (rounded down): 2 599 → 25. */
export function wholePercent(basisPoints: number): number {
  return Math.floor(basisPoints / 100);
}

export type BonusActionName = 'activate' | 'deactivate' | 'remove';

/**
 * What the player may do with a bonus in its status (the state machine of ADR 020): activate or
 * remove (cancel) an available one, set an active one aside before play, remove (burn) a funded one.
 */
export function actionsOf(bonus: Pick<BonusOutput, 'status'>): BonusActionName[] {
  switch (bonus.status) {
    case 'available':
      return ['activate', 'remove'];
    case 'active':
      return ['deactivate', 'remove'];
    case 'wagering':
      return ['remove'];
    default:
      return [];
  }
}

/** Removing a funded bonus burns its balance: the confirm says how much is lost. */
export function burnsOnRemove(bonus: Pick<BonusOutput, 'status'>): boolean {
  return bonus.status === 'active' || bonus.status === 'wagering';
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/** What is left before `deadline` at `now` (whole minutes, rounded up), or null once it passed. */
export function timeLeft(deadline: string, now: number): TimeLeft | null {
  const end = Date.parse(deadline);
  if (Number.isNaN(end) || end <= now) return null;
  const minutes = Math.ceil((end - now) / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}
