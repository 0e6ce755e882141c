/**
 * Plinko ("plinko-drop", "polar-plinko", "deep-sea-plinko"): a ball falls through 8, 12 or 16 rows
 * of pegs; at each row it goes left or right with one fair draw random.int(2) (0 left, 1 right), so
 * it lands in bucket k = number of rights with probability C(n, k) / 2^n. The bucket's multiplier
 * (risk low / medium / high; tables stored ×100 and symmetric) pays
 * floor(stake × multiplier100 / 100) (docs/games/plinko.md).
 *
 * Declared RTP per (rows, risk), exact: Σ_k C(n, k) / 2^n × m_k / 100.
 */
import { expectObject, parseStake, WIDE_LIMITS } from './bet-input.ts';
import { type BetLimits, formatRational, type GameEngine, GameInputError, type Rational } from './engine.ts';
import type { FairRandom, IntSource } from './fair.ts';
import { rational, rationalJson } from './rational.ts';

export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/** Left half of each table, edge bucket to centre bucket; the right half mirrors it. Multipliers ×100. */
const HALF_TABLES: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: [550, 210, 110, 100, 50],
    medium: [1300, 300, 130, 70, 40],
    high: [2880, 400, 150, 30, 20],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50],
    medium: [3300, 1100, 400, 200, 110, 60, 30],
    high: [16600, 2400, 810, 200, 70, 20, 20],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20],
  },
};

function mirror(half: readonly number[]): number[] {
  return [...half, ...half.slice(0, -1).reverse()];
}

/** Bucket multipliers ×100, bucket 0 (all lefts) to bucket n (all rights). */
export const PLINKO_TABLES: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: mirror(HALF_TABLES[8].low),
    medium: mirror(HALF_TABLES[8].medium),
    high: mirror(HALF_TABLES[8].high),
  },
  12: {
    low: mirror(HALF_TABLES[12].low),
    medium: mirror(HALF_TABLES[12].medium),
    high: mirror(HALF_TABLES[12].high),
  },
  16: {
    low: mirror(HALF_TABLES[16].low),
    medium: mirror(HALF_TABLES[16].medium),
    high: mirror(HALF_TABLES[16].high),
  },
};

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** Σ_k C(n, k) × m_k / (100 × 2^n), exact. */
export function plinkoRtp(rows: PlinkoRows, risk: PlinkoRisk): Rational {
  const table = PLINKO_TABLES[rows][risk];
  let sum = 0n;
  table.forEach((m, k) => {
    sum += binomial(rows, k) * BigInt(m);
  });
  return rational(sum, 100n * 2n ** BigInt(rows));
}

export interface PlinkoBet {
  stake: bigint;
  rows: PlinkoRows;
  risk: PlinkoRisk;
}

export interface PlinkoState {
  stake: string;
  rows: PlinkoRows;
  risk: PlinkoRisk;
  /** One entry per row, top to bottom: 0 = left, 1 = right (for the animation). */
  path: number[];
  /** Number of rights, 0..rows. */
  bucket: number;
  /** The bucket's multiplier ×100 (e.g. 150 = 1.5×). */
  multiplier100: number;
  payout: string;
}

export function parsePlinkoBet(input: unknown, limits: BetLimits): PlinkoBet {
  const record = expectObject(input, ['stake', 'rows', 'risk']);
  const stake = parseStake(record.stake, limits);
  const rows = record.rows;
  if (!PLINKO_ROWS.includes(rows as PlinkoRows)) {
    throw new GameInputError('rows_invalid', 'rows must be 8, 12 or 16', 'rows');
  }
  if (!PLINKO_RISKS.includes(record.risk as PlinkoRisk)) {
    throw new GameInputError('risk_invalid', 'risk must be low, medium or high', 'risk');
  }
  return { stake, rows: rows as PlinkoRows, risk: record.risk as PlinkoRisk };
}

export function playPlinko(bet: PlinkoBet, random: IntSource): PlinkoState {
  const path: number[] = [];
  let bucket = 0;
  for (let row = 0; row < bet.rows; row += 1) {
    const step = random.int(2);
    path.push(step);
    bucket += step;
  }
  const multiplier100 = PLINKO_TABLES[bet.rows][bet.risk][bucket]!;
  // Rounded down to a whole minor unit; exact whenever the stake is a multiple of 100 (or of the
  // multiplier's denominator).
  const payout = (bet.stake * BigInt(multiplier100)) / 100n;
  return {
    stake: bet.stake.toString(),
    rows: bet.rows,
    risk: bet.risk,
    path,
    bucket,
    multiplier100,
    payout: payout.toString(),
  };
}

const VARIANTS = PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => ({ rows, risk })));
const variantName = (v: { rows: number; risk: string }) => `rows-${v.rows}-${v.risk}`;
/** The RTP tool's default variant first. */
const DEFAULT_VARIANT = 'rows-16-medium';

export const plinkoEngine: GameEngine<PlinkoBet, PlinkoState> = {
  name: 'plinko',
  parseBet: parsePlinkoBet,
  start(bet, random: FairRandom) {
    const state = playPlinko(bet, random);
    return { state, stake: bet.stake, done: true, payout: BigInt(state.payout) };
  },
  view: (state) => state,
  describe: () => ({
    rows: PLINKO_ROWS,
    risks: PLINKO_RISKS,
    /** tables[rows][risk][bucket] = multiplier ×100. */
    tables: PLINKO_TABLES,
    rtp: Object.fromEntries(
      VARIANTS.map((v) => {
        const rtp = plinkoRtp(v.rows, v.risk);
        return [
          variantName(v),
          { percent: formatRational({ num: rtp.num * 100n, den: rtp.den }, 4), exact: rationalJson(rtp) },
        ];
      }),
    ),
  }),
  rtpVariants: () => {
    const all = VARIANTS.map((v) => ({ variant: variantName(v), rtp: plinkoRtp(v.rows, v.risk) }));
    return [
      ...all.filter((v) => v.variant === DEFAULT_VARIANT),
      ...all.filter((v) => v.variant !== DEFAULT_VARIANT),
    ];
  },
  simulate(variant, stakeMinor, random) {
    const v = VARIANTS.find((candidate) => variantName(candidate) === variant);
    if (!v) throw new RangeError(`unknown plinko variant ${variant}`);
    const bet = parsePlinkoBet({ stake: stakeMinor.toString(), rows: v.rows, risk: v.risk }, WIDE_LIMITS);
    const state = playPlinko(bet, random);
    return { staked: bet.stake, paid: BigInt(state.payout) };
  },
};
