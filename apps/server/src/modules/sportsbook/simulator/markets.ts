/**
 * Market helpers shared by the sports models: lines with pushes (Asian handicaps and totals) priced
 * on the stake shares they win, and settled per outcome with the Unified Odds void factor.
 */

export type Probabilities = Array<readonly [string, number]>;

export interface SettledOutcomeWire {
  key: string;
  result: 'won' | 'lost' | 'void';
  voidFactor: '0' | '0.5' | '1';
}

export interface SettledMarketWire {
  key: string;
  outcomes: SettledOutcomeWire[];
}

/** A line's key text: `-1.5`, `0.25`, `2`. */
export function lineText(line: number): string {
  return String(Math.round(line * 100) / 100);
}

/** A quarter line (x.25 / x.75) is staked half on each neighbouring half line; others whole. */
export function halfLines(line: number): number[] {
  const quarters = Math.round(line * 4);
  return Math.abs(quarters % 2) === 1 ? [line - 0.25, line + 0.25] : [line];
}

/**
 * Two-way line over a distribution of margins (home side: margin + line > 0 wins). The stake shares
 * won by each side, pushes excluded, normalised: the fair implied probabilities of the two sides
 * (their fair odds make each side's expected return zero, pushes refunded).
 */
export function lineProbabilities(
  distribution: ReadonlyArray<readonly [number, number]>,
  line: number,
): [number, number] {
  const halves = halfLines(line);
  let first = 0;
  let second = 0;
  for (const [margin, p] of distribution) {
    for (const half of halves) {
      const value = margin + half;
      if (value > 1e-9) first += p / halves.length;
      else if (value < -1e-9) second += p / halves.length;
    }
  }
  const total = first + second;
  return total > 0 ? [first / total, second / total] : [0.5, 0.5];
}

/** Settles a two-way line given the final margin (first side wins when margin + line > 0). */
export function settleLine(
  key: string,
  margin: number,
  line: number,
  sides: [string, string],
): SettledMarketWire {
  const halves = halfLines(line).map((half) => Math.sign(margin + half));
  const forFirst = (sign: number): SettledOutcomeWire['result'] =>
    sign > 0 ? 'won' : sign < 0 ? 'lost' : 'void';
  const settle = (side: 0 | 1): SettledOutcomeWire => {
    const results = halves.map((s) => forFirst(side === 0 ? s : -s));
    const outcomeKey = sides[side];
    if (results.length === 1 || results[0] === results[1]) {
      const result = results[0]!;
      return { key: outcomeKey, result, voidFactor: result === 'void' ? '1' : '0' };
    }
    // Half pushed: the other half decides, half the stake refunded.
    const decided = results.find((r) => r !== 'void') ?? 'void';
    return { key: outcomeKey, result: decided, voidFactor: '0.5' };
  };
  return { key, outcomes: [settle(0), settle(1)] };
}

/** Won for the listed winners, lost for the rest. */
export function settleWinners(
  key: string,
  outcomeKeys: readonly string[],
  winners: readonly string[],
): SettledMarketWire {
  return {
    key,
    outcomes: outcomeKeys.map((outcomeKey) => ({
      key: outcomeKey,
      result: winners.includes(outcomeKey) ? 'won' : 'lost',
      voidFactor: '0',
    })),
  };
}

/** The normal distribution's CDF (Abramowitz-Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number, mean: number, sd: number): number {
  if (sd <= 0) return x >= mean ? 1 : 0;
  const z = (x - mean) / (sd * Math.SQRT2);
  const t = 1 / (1 + 0.3275911 * Math.abs(z));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return 0.5 * (1 + (z >= 0 ? y : -y));
}
