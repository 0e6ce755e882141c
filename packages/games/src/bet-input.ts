/**
 * Shared checks of a player's bet input. Every engine's parseBet refuses anything that is not exactly
 * the documented shape with a GameInputError carrying a stable code (the game server answers it with
 * `bad_bet` and the code's message; nothing is debited).
 *
 * Stakes are integer strings of minor units ("150" = 1.50 EUR). A JSON number is accepted when it is
 * a safe integer, because it cannot be misread; anything else (negative, zero, fractional, exponent,
 * leading zeros, non-numeric, absurdly long) is refused before it is compared with the limits.
 */
import { type BetLimits, GameInputError } from './engine.ts';

/** 10^30 minor units is far beyond any limit; longer strings are refused without BigInt parsing. */
const STAKE_TEXT = /^[1-9][0-9]{0,29}$/;

export function expectObject(
  input: unknown,
  allowed: readonly string[],
  field?: string,
): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new GameInputError('bet_invalid', 'the bet must be a JSON object', field);
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) {
      throw new GameInputError('bet_invalid', `unknown field ${key}`, field ? `${field}.${key}` : key);
    }
  }
  return record;
}

/** A positive integer amount of minor units; the limits are checked separately (see checkStakeLimits). */
export function parseMinor(value: unknown, field: string): bigint {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value > 0) return BigInt(value);
    throw new GameInputError('stake_invalid', 'the stake must be a positive integer of minor units', field);
  }
  if (typeof value !== 'string' || !STAKE_TEXT.test(value)) {
    throw new GameInputError('stake_invalid', 'the stake must be a positive integer of minor units', field);
  }
  return BigInt(value);
}

export function checkStakeLimits(stake: bigint, limits: BetLimits, field: string): void {
  if (stake < limits.minStakeMinor) {
    throw new GameInputError(
      'stake_below_min',
      `the stake is below the minimum ${limits.minStakeMinor}`,
      field,
    );
  }
  if (stake > limits.maxStakeMinor) {
    throw new GameInputError(
      'stake_above_max',
      `the stake is above the maximum ${limits.maxStakeMinor}`,
      field,
    );
  }
}

export function parseStake(value: unknown, limits: BetLimits, field = 'stake'): bigint {
  const stake = parseMinor(value, field);
  checkStakeLimits(stake, limits, field);
  return stake;
}

/** An integer in [min, max] given as a JSON number (or its decimal string form). */
export function parseIntInRange(
  value: unknown,
  min: number,
  max: number,
  code: string,
  field: string,
): number {
  const n = typeof value === 'string' && /^(0|-?[1-9][0-9]{0,8})$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new GameInputError(code, `${field} must be an integer from ${min} to ${max}`, field);
  }
  return n;
}

/** Limits wide enough for any real session: the verifier and the RTP tool use them. */
export const WIDE_LIMITS: BetLimits = { minStakeMinor: 1n, maxStakeMinor: 10n ** 15n };
