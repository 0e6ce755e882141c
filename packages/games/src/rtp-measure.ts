/**
 * Measures a game's RTP by simulation (the RTP tool and the RTP tests share it): N rounds of a
 * variant through engine.simulate, each with a fresh nonce of one seed pair, money summed in bigint.
 *
 * The measured RTP is R = Σ paid / Σ staked. Its 99 % confidence interval uses the normal
 * approximation with the delta method for a ratio (blackjack rounds stake different amounts):
 * SE(R) = sqrt(Var(paid_i − R·staked_i) / N) / mean(staked_i). With a constant stake this is the
 * usual SE of the mean return per round. Floats only for these statistics, never for the sums.
 */
import type { GameEngine, Rational, RtpVariant } from './engine.ts';
import { fairRoundDraws, MAX_NONCE, type RoundDrawsFactory } from './fair.ts';
import { toNumber } from './rational.ts';

/** z for a two-sided 99 % interval. */
export const Z_99 = 2.5758293035489004;

export interface RtpMeasurement {
  game: string;
  variant: string;
  declared: Rational;
  rounds: number;
  staked: bigint;
  paid: bigint;
  /** Σ paid / Σ staked. */
  measured: number;
  /** Standard error of `measured`. */
  standardError: number;
  ci99: [number, number];
  /** Whether the declared RTP lies inside the interval. */
  inside: boolean;
  elapsedMs: number;
}

/** The variant the RTP tool plays when none is named: 'default' when there is one, else the first. */
export function defaultVariant(engine: GameEngine): RtpVariant {
  const variants = engine.rtpVariants();
  const found = variants.find((v) => v.variant === 'default') ?? variants[0];
  if (!found) throw new RangeError(`${engine.name} declares no RTP`);
  return found;
}

/** The sums of a run of rounds: exact money, and the float sums of the variance (in stakes). */
export interface RtpSums {
  rounds: number;
  staked: bigint;
  paid: bigint;
  sumS: number;
  sumSS: number;
  sumPP: number;
  sumSP: number;
}

export interface RtpRun {
  engine: GameEngine;
  variant?: string;
  rounds: number;
  stakeMinor: bigint;
  serverSeed: string;
  clientSeed?: string;
  /** The rounds' draws: FairRandom over @noble/hashes unless given (the RTP tool's workers: KeyedRoundDraws). */
  draws?: RoundDrawsFactory;
}

/** The variant a run plays, checked with its round count (a RangeError names what is wrong). */
export function runVariant(options: Pick<RtpRun, 'engine' | 'variant' | 'rounds'>): RtpVariant {
  const { engine, rounds } = options;
  const variant = options.variant
    ? engine.rtpVariants().find((v) => v.variant === options.variant)
    : defaultVariant(engine);
  if (!variant) {
    const names = engine.rtpVariants().map((v) => v.variant);
    throw new RangeError(`unknown variant ${options.variant} of ${engine.name} (${names.join(', ')})`);
  }
  if (!Number.isSafeInteger(rounds) || rounds < 2 || rounds > MAX_NONCE + 1) {
    throw new RangeError(`rounds must be from 2 to ${MAX_NONCE + 1}`);
  }
  return variant;
}

/**
 * A running sum in a double stays exact while it and what is added to it are integers up to 2⁵²:
 * their sum is below 2⁵³. Past that it goes into the bigint.
 */
const CARRY_AT = 2 ** 52;

/**
 * The sums of the rounds with nonces `from` … `to − 1` (a shard of a run: the shards of one run, in
 * any number of threads, add up to exactly the run's money).
 */
export function simulateRange(
  options: Omit<RtpRun, 'rounds' | 'variant'> & { variant: string; from: number; to: number },
): RtpSums {
  const { engine, stakeMinor, serverSeed } = options;
  const clientSeed = options.clientSeed ?? 'rtp';
  const draws = (options.draws ?? fairRoundDraws())(serverSeed, clientSeed);
  const unit = Number(stakeMinor);
  let staked = 0n;
  let paid = 0n;
  // Per-round sums in stakes (staked_i / stake, paid_i / stake) for the variance.
  let sumS = 0;
  let sumSS = 0;
  let sumPP = 0;
  let sumSP = 0;
  // A bigint sum allocates on every round: the money waits in doubles (CARRY_AT) between carries.
  let stakedCarry = 0;
  let paidCarry = 0;
  for (let nonce = options.from; nonce < options.to; nonce += 1) {
    const round = engine.simulate(options.variant, stakeMinor, draws.round(nonce));
    const stakedMinor = Number(round.staked);
    const paidMinor = Number(round.paid);
    // Each carry is at most CARRY_AT here (it is emptied below once past it).
    if (stakedMinor >= 0 && stakedMinor <= CARRY_AT) stakedCarry += stakedMinor;
    else staked += round.staked;
    if (paidMinor >= 0 && paidMinor <= CARRY_AT) paidCarry += paidMinor;
    else paid += round.paid;
    if (stakedCarry > CARRY_AT) {
      staked += BigInt(stakedCarry);
      stakedCarry = 0;
    }
    if (paidCarry > CARRY_AT) {
      paid += BigInt(paidCarry);
      paidCarry = 0;
    }
    const s = stakedMinor / unit;
    const p = paidMinor / unit;
    sumS += s;
    sumSS += s * s;
    sumPP += p * p;
    sumSP += s * p;
  }
  staked += BigInt(stakedCarry);
  paid += BigInt(paidCarry);
  return { rounds: options.to - options.from, staked, paid, sumS, sumSS, sumPP, sumSP };
}

/** The measurement of a run from its shards' sums. */
export function combineRtp(
  engine: GameEngine,
  variant: RtpVariant,
  shards: readonly RtpSums[],
  elapsedMs: number,
): RtpMeasurement {
  const total = shards.reduce(
    (a, b) => ({
      rounds: a.rounds + b.rounds,
      staked: a.staked + b.staked,
      paid: a.paid + b.paid,
      sumS: a.sumS + b.sumS,
      sumSS: a.sumSS + b.sumSS,
      sumPP: a.sumPP + b.sumPP,
      sumSP: a.sumSP + b.sumSP,
    }),
    { rounds: 0, staked: 0n, paid: 0n, sumS: 0, sumSS: 0, sumPP: 0, sumSP: 0 },
  );
  const { rounds, staked, paid } = total;
  const measured = toNumber({ num: paid, den: staked });
  const sumDD = total.sumPP - 2 * measured * total.sumSP + measured * measured * total.sumSS;
  const variance = Math.max(0, sumDD / (rounds - 1));
  const standardError = Math.sqrt(variance / rounds) / (total.sumS / rounds);
  const ci99: [number, number] = [measured - Z_99 * standardError, measured + Z_99 * standardError];
  const declared = toNumber(variant.rtp);
  return {
    game: engine.name,
    variant: variant.variant,
    declared: variant.rtp,
    rounds,
    staked,
    paid,
    measured,
    standardError,
    ci99,
    inside: declared >= ci99[0] && declared <= ci99[1],
    elapsedMs,
  };
}

/** A run on this thread (the tests'; the RTP tool spreads it over threads, rtp-parallel.ts). */
export function measureRtp(options: RtpRun): RtpMeasurement {
  const variant = runVariant(options);
  const started = performance.now();
  const sums = simulateRange({ ...options, variant: variant.variant, from: 0, to: options.rounds });
  return combineRtp(options.engine, variant, [sums], performance.now() - started);
}
