/**
 * The maths of a must-drop-by jackpot (ADR 032), pure: contributions, the provably-fair drop point
 * and one eligible round's step. Money in bigint minor units, percentages in basis points.
 *
 * - Contribution: `contributionBp` of an eligible real-money stake, floored, the remainder carried
 *   to the next stake of the same jackpot (`carry`, in minor units × 10 000), so the contributions
 *   of a run of stakes add up to floor(Σ stake × bp / 10 000) exactly.
 * - Split: `reserveBp` of the contributions goes to the hidden reserve that funds the next seeds,
 *   the rest grows the visible pool; the split is floored on the running total of contributions
 *   (`contributedMinor`), so over any run the reserve holds floor(Σ contributions × reserveBp / 10 000).
 * - Drop point: each cycle commits to a server seed by its SHA-256; the drop point is
 *   start + HMAC-SHA256(key = server seed, message = "<jackpot id>:<cycle>") mod (ceiling − start + 1),
 *   uniform in [start, ceiling] (the 256-bit HMAC makes the modulo bias below 2⁻¹⁹⁰).
 * - Win: the eligible round whose pool share makes the pool reach the drop point wins exactly the
 *   drop point; what its share brought above it starts the next cycle's pool on top of the seed
 *   (above the ceiling, to the reserve). So a win is never above the ceiling.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const BP = 10_000n;

export interface JackpotRules {
  contributionBp: number;
  reserveBp: number;
  seedMinor: bigint;
  ceilingMinor: bigint;
}

/** An operator's jackpot: its rules, names, currency and the games that feed it. */
export interface JackpotDefinition extends JackpotRules {
  key: string;
  name: { en: string; fr: string };
  currency: string;
  /** Platform game sysnames whose real-money stakes feed it. */
  games: string[];
}

/** A fresh server seed: 32 random bytes as lower-case hex (the string itself is the HMAC key). */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment published before play: SHA-256 of the server seed string (UTF-8), hex. */
export function commitmentOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The drop point of a cycle, uniform in [start, ceiling]. */
export function dropPoint(
  serverSeed: string,
  jackpotId: bigint,
  cycle: number,
  startMinor: bigint,
  ceilingMinor: bigint,
): bigint {
  if (startMinor > ceilingMinor)
    throw new Error(`drop point: start ${startMinor} above ceiling ${ceilingMinor}`);
  const mac = createHmac('sha256', serverSeed).update(`${jackpotId}:${cycle}`, 'utf8').digest('hex');
  return startMinor + (BigInt(`0x${mac}`) % (ceilingMinor - startMinor + 1n));
}

/**
 * What anyone can check once a cycle's seed is revealed: the seed matches the commitment published
 * before play, and it gives the drop point (= the amount won).
 */
export function verifyCycle(input: {
  serverSeed: string;
  commitment: string;
  jackpotId: bigint;
  cycle: number;
  startMinor: bigint;
  ceilingMinor: bigint;
  wonMinor: bigint;
}): boolean {
  if (commitmentOf(input.serverSeed) !== input.commitment) return false;
  return (
    dropPoint(input.serverSeed, input.jackpotId, input.cycle, input.startMinor, input.ceilingMinor) ===
    input.wonMinor
  );
}

/**
 * A stake's contribution and its split, given the carried remainder (minor × 10 000) and the
 * jackpot's contributions so far.
 */
export function contributionOf(
  rules: Pick<JackpotRules, 'contributionBp' | 'reserveBp'>,
  stakeMinor: bigint,
  carry: bigint,
  contributedMinor: bigint,
): {
  contributionMinor: bigint;
  poolMinor: bigint;
  reserveMinor: bigint;
  carry: bigint;
  contributedMinor: bigint;
} {
  const scaled = stakeMinor * BigInt(rules.contributionBp) + carry;
  const contributionMinor = scaled / BP;
  const total = contributedMinor + contributionMinor;
  const reserveBp = BigInt(rules.reserveBp);
  const reserveMinor = (total * reserveBp) / BP - (contributedMinor * reserveBp) / BP;
  return {
    contributionMinor,
    poolMinor: contributionMinor - reserveMinor,
    reserveMinor,
    carry: scaled % BP,
    contributedMinor: total,
  };
}

export interface PoolState {
  currentMinor: bigint;
  dropPointMinor: bigint;
}

export type RoundOutcome =
  | { won: false; currentMinor: bigint }
  | {
      won: true;
      /** The amount won: the drop point. */
      winMinor: bigint;
      /** The pool share above the drop point, carried into the next cycle (up to the ceiling). */
      overflowMinor: bigint;
    };

/** One eligible round adding `poolMinor` to the pool: a win when the pool reaches its drop point. */
export function applyRound(state: PoolState, poolMinor: bigint): RoundOutcome {
  const after = state.currentMinor + poolMinor;
  if (after < state.dropPointMinor) return { won: false, currentMinor: after };
  return { won: true, winMinor: state.dropPointMinor, overflowMinor: after - state.dropPointMinor };
}

/**
 * The next cycle's start after a win: the seed plus the overflow, capped at the ceiling (what the
 * cap cuts goes to the reserve).
 */
export function nextStart(
  rules: Pick<JackpotRules, 'seedMinor' | 'ceilingMinor'>,
  overflowMinor: bigint,
): { startMinor: bigint; toReserveMinor: bigint } {
  const wanted = rules.seedMinor + overflowMinor;
  if (wanted <= rules.ceilingMinor) return { startMinor: wanted, toReserveMinor: 0n };
  return { startMinor: rules.ceilingMinor, toReserveMinor: wanted - rules.ceilingMinor };
}

/** Operator input checks (a bad definition is refused before insert). */
export function validateRules(rules: JackpotRules): string | undefined {
  if (!Number.isInteger(rules.contributionBp) || rules.contributionBp < 1 || rules.contributionBp > 10_000)
    return 'contribution_bp';
  if (!Number.isInteger(rules.reserveBp) || rules.reserveBp < 0 || rules.reserveBp >= 10_000)
    return 'reserve_bp';
  if (rules.seedMinor <= 0n) return 'seed';
  if (rules.ceilingMinor <= rules.seedMinor) return 'ceiling';
  return undefined;
}

/** The declared return of contributions as jackpot wins above the seed (pool share), as basis points. */
export function declaredPoolShareBp(rules: Pick<JackpotRules, 'reserveBp'>): number {
  return 10_000 - rules.reserveBp;
}

/**
 * The declared long-run ratio of jackpot wins to contributions (ADR 032): p · (C + S) / (C − S),
 * p the pool share. A statistic for the rules page and the simulation, never used on money.
 */
export function declaredPayoutRatio(
  rules: Pick<JackpotRules, 'reserveBp' | 'seedMinor' | 'ceilingMinor'>,
): number {
  const poolShare = declaredPoolShareBp(rules) / 10_000;
  return (
    (poolShare * Number(rules.ceilingMinor + rules.seedMinor)) / Number(rules.ceilingMinor - rules.seedMinor)
  );
}
