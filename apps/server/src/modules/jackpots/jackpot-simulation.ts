/**
 * The simulation of ADR 032 (used by jackpot-draw.test.ts over 10⁶ rounds and bench/jackpots.bench.ts
 * over 10⁷): eligible rounds with random stakes (10–9 999 minor units, a deterministic PRNG) through
 * the real maths of jackpot-draw.ts, one server seed per cycle.
 */
import { applyRound, contributionOf, dropPoint, type JackpotRules, nextStart } from './jackpot-draw.ts';

/** A small deterministic PRNG (mulberry32) for the simulations. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The simulation of ADR 032: `rounds` eligible rounds with random stakes; every drop at or below
 * the ceiling; the money conserved exactly; the measured payout-to-contribution ratio close to the
 * declared p · (C + S) / (C − S), and the pool share of every contribution paid out as wins.
 */
export function simulate(rules: JackpotRules, rounds: number, seed: number) {
  const random = prng(seed);
  let cycle = 1;
  let serverSeed = `sim-${seed}-1`;
  let start = rules.seedMinor;
  let point = dropPoint(serverSeed, 1n, cycle, start, rules.ceilingMinor);
  let current = start;
  let carry = 0n;
  let contributions = 0n;
  let poolContributions = 0n;
  let seedFunding = rules.seedMinor;
  let paid = 0n;
  let wins = 0;
  let maxWin = 0n;
  let belowStart = 0;
  for (let i = 0; i < rounds; i += 1) {
    const stake = BigInt(10 + Math.floor(random() * 9_990));
    const share = contributionOf(rules, stake, carry, contributions);
    carry = share.carry;
    contributions += share.contributionMinor;
    poolContributions += share.poolMinor;
    const outcome = applyRound({ currentMinor: current, dropPointMinor: point }, share.poolMinor);
    if (!outcome.won) {
      current = outcome.currentMinor;
      continue;
    }
    wins += 1;
    paid += outcome.winMinor;
    if (outcome.winMinor > maxWin) maxWin = outcome.winMinor;
    if (outcome.winMinor < start) belowStart += 1;
    const next = nextStart(rules, outcome.overflowMinor);
    seedFunding += next.startMinor - outcome.overflowMinor;
    cycle += 1;
    serverSeed = `sim-${seed}-${cycle}`;
    start = next.startMinor;
    point = dropPoint(serverSeed, 1n, cycle, start, rules.ceilingMinor);
    current = start;
  }
  return { contributions, poolContributions, seedFunding, paid, wins, maxWin, belowStart, current };
}
