/**
 * From model probabilities to offered odds (ADR 030): the proportional (multiplicative) margin.
 * Each outcome's fair probability p is scaled by (1 + margin) and its odds are 1 / (p × (1 + margin)),
 * in thousandths rounded down, so the book's overround Σ 1/odds is 1 + margin (a hair above from the
 * rounding, never below). An outcome with no chance is offered inactive at the highest odds; an
 * outcome so likely that its odds would fall under 1.001 suspends the market (nothing worth offering).
 * Odds above the cap are offered at the cap (a longshot). Floats stay here: the result is integers.
 */
import type { FeedMarketStatus } from '../feed/messages.ts';
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI } from '../feed/messages.ts';

export interface PricedOutcome {
  key: string;
  oddsMilli: number;
  active: boolean;
}

export interface PricedMarket {
  key: string;
  status: FeedMarketStatus;
  outcomes: PricedOutcome[];
}

/** Probabilities below this are no chance at all (a score already passed). */
const NO_CHANCE = 1e-9;

export function oddsMilliFor(probability: number, margin: number): number {
  const raw = Math.floor(1000 / (probability * (1 + margin)) + 1e-9);
  return Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, raw));
}

/**
 * Prices one market of mutually exclusive outcomes whose probabilities sum to 1 (the model's
 * rounding aside: they are normalised here).
 */
export function priceMarket(
  key: string,
  probabilities: ReadonlyArray<readonly [string, number]>,
  margin: number,
): PricedMarket {
  const total = probabilities.reduce((sum, [, p]) => sum + Math.max(0, p), 0);
  let status: FeedMarketStatus = total > 0 ? 'active' : 'suspended';
  const outcomes = probabilities.map(([outcomeKey, p]) => {
    const fair = total > 0 ? Math.max(0, p) / total : 0;
    if (fair < NO_CHANCE) return { key: outcomeKey, oddsMilli: MAX_ODDS_MILLI, active: false };
    if (1000 / (fair * (1 + margin)) < MIN_ODDS_MILLI) status = 'suspended';
    return { key: outcomeKey, oddsMilli: oddsMilliFor(fair, margin), active: true };
  });
  return { key, status, outcomes };
}

/** Σ 1/odds over the active outcomes: the book's overround (1 + margin). */
export function overround(market: PricedMarket): number {
  return market.outcomes.filter((o) => o.active).reduce((sum, o) => sum + 1000 / o.oddsMilli, 0);
}
