/**
 * Loyalty points arithmetic (ADR 033): earning rates, levels, expiry and the downgrade policy.
 * Pure: no database, no clock. Points are integers (JS numbers, far below 2^53), never money.
 */
import type { WagerEvent, WagerProduct } from '../wagers/wager-event.ts';

export type LocalizedText = { en: string; fr: string };

/**
 * An earning rate: `points` points for every `perMinor` minor units of real-money stake in
 * `currency`, for one product and optionally one game type (null: every game type of the product).
 */
export interface EarningRate {
  product: WagerProduct;
  gameType: string | null;
  currency: string;
  points: number;
  perMinor: bigint;
}

export interface LevelDefinition {
  /** 1 for the entry level, then 2, 3 … */
  position: number;
  /** Level points needed to reach it (the first level needs 0). */
  threshold: number;
  name: LocalizedText;
  /** The perks shown to players, one line each. */
  perks: { en: string[]; fr: string[] };
  image: string;
}

/**
 * What happens to a player's level when their points expire:
 * `keep` — the level stays (level points are never reduced);
 * `reset` — level points go back to 0 with the balance, so the level falls to the first one.
 */
export type DowngradePolicy = 'keep' | 'reset';

/** The most specific rate for an event: the game type's, else the product's (null game type). */
export function rateFor(
  rates: readonly EarningRate[],
  product: WagerProduct,
  currency: string,
  gameType: string | null,
): EarningRate | null {
  let fallback: EarningRate | null = null;
  for (const rate of rates) {
    if (rate.product !== product || rate.currency !== currency) continue;
    if (rate.gameType !== null && rate.gameType === gameType) return rate;
    if (rate.gameType === null) fallback = rate;
  }
  return fallback;
}

/**
 * Points a real-money stake earns: floor(|stake| × points / perMinor), with the sign of the stake
 * (a rollback's negative stake takes back exactly what its bet gave). Bonus stakes and wins earn
 * nothing.
 */
export function pointsForStake(
  stakeRealMinor: bigint,
  rate: Pick<EarningRate, 'points' | 'perMinor'>,
): number {
  if (stakeRealMinor === 0n || rate.points <= 0 || rate.perMinor <= 0n) return 0;
  const magnitude = stakeRealMinor < 0n ? -stakeRealMinor : stakeRealMinor;
  const points = (magnitude * BigInt(rate.points)) / rate.perMinor;
  const capped = points > BigInt(MAX_POINTS_PER_EVENT) ? MAX_POINTS_PER_EVENT : Number(points);
  return stakeRealMinor < 0n ? -capped : capped;
}

/** No single event earns more than this (a sanity bound against a misconfigured rate). */
export const MAX_POINTS_PER_EVENT = 1_000_000_000;

/** Points an event earns under a programme's rates (0 when no rate matches). */
export function pointsForEvent(
  rates: readonly EarningRate[],
  event: Pick<WagerEvent, 'product' | 'currency' | 'stakeRealMinor' | 'kind'>,
  gameType: string | null,
): number {
  if (event.kind === 'win') return 0;
  const rate = rateFor(rates, event.product, event.currency, gameType);
  return rate ? pointsForStake(event.stakeRealMinor, rate) : 0;
}

/** The level a player holds with `levelPoints`: the highest whose threshold is reached. */
export function levelFor(levels: readonly LevelDefinition[], levelPoints: number): LevelDefinition | null {
  let held: LevelDefinition | null = null;
  for (const level of [...levels].sort((a, b) => a.position - b.position)) {
    if (levelPoints >= level.threshold) held = level;
  }
  return held;
}

/** The next level and how many level points are missing (null at the top). */
export function nextLevel(
  levels: readonly LevelDefinition[],
  levelPoints: number,
): { level: LevelDefinition; missing: number } | null {
  const next = [...levels].sort((a, b) => a.position - b.position).find((l) => l.threshold > levelPoints);
  return next ? { level: next, missing: next.threshold - levelPoints } : null;
}

/**
 * A balance change that never goes below zero: a deduction larger than the balance takes the
 * balance (a rollback of a bet whose points were already spent takes what is left).
 */
export function applyDelta(balance: number, delta: number): { balance: number; applied: number } {
  const next = Math.max(0, balance + delta);
  return { balance: next, applied: next - balance };
}

const DAY_MS = 86_400_000;

/**
 * Points expire after `expiryDays` without earning: the whole balance lapses at
 * last earn + expiryDays days. null: points never expire, or nothing to expire.
 */
export function expiresAt(lastEarnedAt: Date | null, expiryDays: number | null): Date | null {
  if (lastEarnedAt === null || expiryDays === null) return null;
  return new Date(lastEarnedAt.getTime() + expiryDays * DAY_MS);
}

export function isExpired(lastEarnedAt: Date | null, expiryDays: number | null, now: Date): boolean {
  const at = expiresAt(lastEarnedAt, expiryDays);
  return at !== null && at <= now;
}

/** The account after an expiry under a downgrade policy. */
export function afterExpiry(
  account: { points: number; levelPoints: number },
  policy: DowngradePolicy,
): { points: number; levelPoints: number } {
  return { points: 0, levelPoints: policy === 'reset' ? 0 : account.levelPoints };
}

/** A programme value out of range: the service turns it into a typed error and writes nothing. */
export class LoyaltyProgrammeError extends Error {
  readonly field: string;
  readonly problem: string;
  constructor(field: string, problem: string) {
    super(`invalid loyalty programme: ${field} (${problem})`);
    this.field = field;
    this.problem = problem;
  }
}

export interface LoyaltyProgrammeInput {
  key: string;
  name: LocalizedText;
  description: LocalizedText;
  pointsAlias: LocalizedText;
  /** The alias after a count of one, per language where it differs (`countedAlias`). */
  pointsAliasOne: Partial<LocalizedText>;
  /** null: points never expire. */
  expiryDays: number | null;
  downgrade: DowngradePolicy;
  rates: EarningRate[];
  levels: LevelDefinition[];
}

export function validateProgramme(input: LoyaltyProgrammeInput): void {
  const fail = (field: string, problem: string): never => {
    throw new LoyaltyProgrammeError(field, problem);
  };
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(input.key)) fail('key', 'format');
  for (const locale of ['en', 'fr'] as const) {
    if (!input.name?.[locale]?.trim() || input.name[locale].length > 200) fail(`name.${locale}`, 'required');
    if (!input.pointsAlias?.[locale]?.trim() || input.pointsAlias[locale].length > 40) {
      fail(`pointsAlias.${locale}`, 'required');
    }
    const one = input.pointsAliasOne?.[locale];
    if (one !== undefined && (!one.trim() || one.length > 40)) fail(`pointsAliasOne.${locale}`, 'format');
  }
  if (input.expiryDays !== null && (!Number.isInteger(input.expiryDays) || input.expiryDays < 1)) {
    fail('expiryDays', 'out_of_range');
  }
  if (input.downgrade !== 'keep' && input.downgrade !== 'reset') fail('downgrade', 'unknown');
  input.rates.forEach((rate, i) => {
    if (rate.product !== 'casino' && rate.product !== 'sport') fail(`rates.${i}.product`, 'unknown');
    if (!/^[A-Z]{3}$/.test(rate.currency)) fail(`rates.${i}.currency`, 'format');
    if (!Number.isInteger(rate.points) || rate.points < 1 || rate.points > 1_000_000) {
      fail(`rates.${i}.points`, 'out_of_range');
    }
    if (rate.perMinor < 1n || rate.perMinor > 10n ** 12n) fail(`rates.${i}.perMinor`, 'out_of_range');
  });
  const levels = [...input.levels].sort((a, b) => a.position - b.position);
  if (levels.length === 0) fail('levels', 'required');
  levels.forEach((level, i) => {
    if (level.position !== i + 1) fail(`levels.${i}.position`, 'not_consecutive');
    if (i === 0 && level.threshold !== 0) fail('levels.0.threshold', 'must_be_zero');
    if (i > 0 && level.threshold <= levels[i - 1]!.threshold) fail(`levels.${i}.threshold`, 'not_increasing');
  });
}

/**
 * Level-point ranges in which `next` gives a lower level than `previous` (level positions): the
 * breakpoints are both tables' thresholds, and the level is constant between two of them.
 */
export function demotedRanges(
  previous: readonly LevelDefinition[],
  next: readonly LevelDefinition[],
): { from: number; to: number | null }[] {
  const points = [...new Set([...previous, ...next].map((l) => l.threshold))].sort((a, b) => a - b);
  const ranges: { from: number; to: number | null }[] = [];
  points.forEach((from, i) => {
    const before = levelFor(previous, from)?.position ?? 0;
    const after = levelFor(next, from)?.position ?? 0;
    if (after < before) ranges.push({ from, to: points[i + 1] ?? null });
  });
  return ranges;
}
