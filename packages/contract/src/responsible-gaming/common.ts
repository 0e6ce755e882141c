import { z } from 'zod';
import { moneyOutput } from '../params.ts';

/** Rolling windows ending now: 24 hours, 7 days, 30 days (ADR 025). */
export const RG_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type RgLimitPeriod = (typeof RG_LIMIT_PERIODS)[number];
/** `loss`: real stakes minus real winnings; `wager`: every stake. */
export const RG_LIMIT_KINDS = ['loss', 'wager'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];

export const RG_TIMEOUT_DURATIONS = ['24h', '1w', '1m', '6w'] as const;
export const RG_SELF_EXCLUSION_DURATIONS = ['6m', '1y', '2y', '5y'] as const;
export type RgTimeoutDuration = (typeof RG_TIMEOUT_DURATIONS)[number];
export type RgSelfExclusionDuration = (typeof RG_SELF_EXCLUSION_DURATIONS)[number];

/** One loss or wager limit: the amount in force, what its window used and leaves, a waiting change. */
export const rgLimitEntry = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_LIMIT_PERIODS),
  limit_amount: moneyOutput,
  used_amount: moneyOutput,
  left_amount: moneyOutput,
  /** A higher limit waiting for its cooling-off (null when none or when a removal waits). */
  pending_limit_amount: moneyOutput.nullable(),
  pending_removal: z.boolean(),
  /** When the waiting change applies (ISO 8601). */
  pending_effective_at: z.string().nullable(),
});
export type RgLimitEntry = z.infer<typeof rgLimitEntry>;

/**
 * A time-out or self-exclusion holding now: running (before `ends_at`), or a self-exclusion past
 * its end that does not reopen by itself (ADR 029): the player asks (`reopen_requested_at`) and
 * plays again from `reopens_at`, 24 hours later.
 */
export const rgExclusionOutput = z.object({
  kind: z.enum(['timeout', 'self_exclusion']),
  duration: z.enum([...RG_TIMEOUT_DURATIONS, ...RG_SELF_EXCLUSION_DURATIONS]),
  starts_at: z.string(),
  ends_at: z.string(),
  /** A self-exclusion has ended and the player may ask to reopen now. */
  can_request_reopen: z.boolean(),
  reopen_requested_at: z.string().nullable(),
  reopens_at: z.string().nullable(),
});
export type RgExclusionOutput = z.infer<typeof rgExclusionOutput>;

export const rgLimitsOutput = z.object({
  currency: z.string(),
  /** Every limit the player set, loss first, then by period. */
  limits: z.array(rgLimitEntry),
  exclusion: rgExclusionOutput.nullable(),
});
export type RgLimitsOutput = z.infer<typeof rgLimitsOutput>;
