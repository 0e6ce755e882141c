/**
 * Session time (responsible gaming, ADR 028): the session time limit with its cooling-off, the
 * reality-check interval, where the current session stands and how long the previous one lasted.
 */
import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { moneyOutput } from '../params.ts';

/** Session limits a player may choose, in minutes: 30 minutes to 24 hours (null: none). */
export const RG_SESSION_LIMIT_MIN_MINUTES = 30;
export const RG_SESSION_LIMIT_MAX_MINUTES = 1440;
/** The choices the page offers. */
export const RG_SESSION_LIMIT_CHOICES = [30, 60, 90, 120, 180, 240, 360, 480, 720, 1440] as const;
/** Reality-check intervals in minutes; 0 is off. */
export const RG_REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;
export type RgRealityCheckMinutes = (typeof RG_REALITY_CHECK_MINUTES)[number];

export const rgSessionOutput = z.object({
  /** The server's clock when answering (ISO 8601): the page schedules against it. */
  now: z.string(),
  /** The session limit in force, in minutes (null: none). */
  session_limit_minutes: z.number().int().nullable(),
  /** A raise waiting for its cooling-off (null when none or when a removal waits). */
  pending_session_limit_minutes: z.number().int().nullable(),
  pending_removal: z.boolean(),
  pending_effective_at: z.string().nullable(),
  /** 0: off. */
  reality_check_minutes: z.number().int(),
  /** The current session (the player's latest live login); null when none. */
  session: z
    .object({
      started_at: z.string(),
      elapsed_seconds: z.number().int(),
      /** When the limit ends it; null without a limit. */
      ends_at: z.string().nullable(),
      /** When the site warns before the end; null without a limit. */
      warn_at: z.string().nullable(),
      remaining_seconds: z.number().int().nullable(),
      limit_reached: z.boolean(),
      next_reality_check_at: z.string().nullable(),
      /** Stakes, winnings and winnings minus stakes since the session started (the wager stream). */
      staked: moneyOutput,
      won: moneyOutput,
      net: moneyOutput,
    })
    .nullable(),
  /** The session before the current one: logout, expiry or last activity (idle) ends it. */
  previous_session: z
    .object({ started_at: z.string(), ended_at: z.string(), duration_seconds: z.number().int() })
    .nullable(),
});
export type RgSessionOutput = z.infer<typeof rgSessionOutput>;

/** The player's session settings, the current session's figures and the previous session. */
export const responsibleGamingGetSession = defineMethod({
  name: 'responsibleGaming.getSession',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: rgSessionOutput,
});

/**
 * Sets, lowers, raises or removes (`minutes` null) the session time limit. A first or lower limit
 * applies at once; a raise or a removal after 24 hours. Answers the new state.
 */
export const responsibleGamingSetSessionLimit = defineMethod({
  name: 'responsibleGaming.setSessionLimit',
  http: 'POST',
  access: 'player',
  input: z.object({ minutes: z.number().nullable() }).strict(),
  output: rgSessionOutput,
});

/** Chooses the reality-check interval (one of RG_REALITY_CHECK_MINUTES, 0: off); applies at once. */
export const responsibleGamingSetRealityCheck = defineMethod({
  name: 'responsibleGaming.setRealityCheck',
  http: 'POST',
  access: 'player',
  input: z.object({ minutes: z.number() }).strict(),
  output: rgSessionOutput,
});
