/**
 * Bet types of the bet slip and their lines: a single, an accumulator (all legs in one line), a
 * system n/k (every combination of k legs out of n) and the named full-cover systems, each the
 * combinations of several sizes (a Yankee is the 6 doubles, 4 trebles and 1 fourfold of 4 legs).
 * The stake is per line: a 1.00 Yankee costs 11.00.
 *
 * The named "Lucky" bets are offered as plain full covers: the bookmaker-specific consolations
 * (double odds on a single winner, a bonus for all winners) are not applied.
 */

export const MAX_LEGS = 20;
/** A bet of more lines is refused: enumerating and settling it stays bounded (C(20,10) = 184,756). */
export const MAX_LINES = 200_000;

export type NamedSystem =
  | 'trixie'
  | 'patent'
  | 'yankee'
  | 'lucky15'
  | 'canadian'
  | 'lucky31'
  | 'heinz'
  | 'lucky63'
  | 'super_heinz'
  | 'goliath';

/** Each named system: its number of legs and the line sizes it covers. */
export const NAMED_SYSTEMS: Record<NamedSystem, { legs: number; sizes: readonly number[] }> = {
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] },
  // Also called a Super Yankee.
  canadian: { legs: 5, sizes: [2, 3, 4, 5] },
  lucky31: { legs: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] },
  super_heinz: { legs: 7, sizes: [2, 3, 4, 5, 6, 7] },
  goliath: { legs: 8, sizes: [2, 3, 4, 5, 6, 7, 8] },
};

export type BetType =
  | { kind: 'single' }
  | { kind: 'accumulator' }
  /** n/k: every combination of `size` legs of the bet (2/3: the three doubles of three legs). */
  | { kind: 'system'; size: number }
  | { kind: 'named'; name: NamedSystem };

export type BetTypeProblem = 'legs' | 'size' | 'too_many_lines';

/** n choose k, exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const m = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= m; i += 1) result = (result * BigInt(n - m + i)) / BigInt(i);
  return result;
}

/** The line sizes a bet type covers over `legs` legs, or why that number of legs does not fit it. */
export function lineSizes(
  type: BetType,
  legs: number,
): { ok: true; sizes: number[] } | { ok: false; problem: BetTypeProblem } {
  if (!Number.isInteger(legs) || legs < 1 || legs > MAX_LEGS) return { ok: false, problem: 'legs' };
  let sizes: number[];
  switch (type.kind) {
    case 'single':
      if (legs !== 1) return { ok: false, problem: 'legs' };
      sizes = [1];
      break;
    case 'accumulator':
      if (legs < 2) return { ok: false, problem: 'legs' };
      sizes = [legs];
      break;
    case 'system':
      if (legs < 3) return { ok: false, problem: 'legs' };
      // n/n is an accumulator and n/1 singles: a system is 2 ≤ k < n.
      if (!Number.isInteger(type.size) || type.size < 2 || type.size >= legs)
        return { ok: false, problem: 'size' };
      sizes = [type.size];
      break;
    case 'named': {
      const named = NAMED_SYSTEMS[type.name];
      if (!named) return { ok: false, problem: 'size' };
      if (legs !== named.legs) return { ok: false, problem: 'legs' };
      sizes = [...named.sizes];
      break;
    }
  }
  if (lineCountOf(legs, sizes) > BigInt(MAX_LINES)) return { ok: false, problem: 'too_many_lines' };
  return { ok: true, sizes };
}

function lineCountOf(legs: number, sizes: readonly number[]): bigint {
  return sizes.reduce((sum, k) => sum + binomial(legs, k), 0n);
}

/** The number of lines of a bet type over `legs` legs (0 when it does not fit). */
export function lineCount(type: BetType, legs: number): number {
  const sizes = lineSizes(type, legs);
  return sizes.ok ? Number(lineCountOf(legs, sizes.sizes)) : 0;
}

/** Every k-combination of 0..n-1, in lexicographic order. */
export function* combinations(n: number, k: number): Generator<number[]> {
  if (k < 1 || k > n) return;
  const index = Array.from({ length: k }, (_, i) => i);
  while (true) {
    yield [...index];
    let i = k - 1;
    while (i >= 0 && index[i] === n - k + i) i -= 1;
    if (i < 0) return;
    index[i] = (index[i] as number) + 1;
    for (let j = i + 1; j < k; j += 1) index[j] = (index[j - 1] as number) + 1;
  }
}

/** The lines of a bet: each a list of leg indexes, smallest sizes first. Throws when the type does not fit. */
export function enumerateLines(type: BetType, legs: number): number[][] {
  const sizes = lineSizes(type, legs);
  if (!sizes.ok) throw new RangeError(`bet type does not fit ${legs} legs: ${sizes.problem}`);
  const lines: number[][] = [];
  for (const k of sizes.sizes) for (const line of combinations(legs, k)) lines.push(line);
  return lines;
}

/** Total stake of a bet: the stake per line × the number of lines. */
export function totalStakeMinor(stakePerLineMinor: bigint, lines: number): bigint {
  return stakePerLineMinor * BigInt(lines);
}

/**
 * The stake per line of a total the player typed: only an exact split is accepted (a remainder
 * would be money nobody staked), else null.
 */
export function stakePerLineMinor(totalMinor: bigint, lines: number): bigint | null {
  if (lines < 1 || totalMinor <= 0n) return null;
  const n = BigInt(lines);
  return totalMinor % n === 0n ? totalMinor / n : null;
}
