import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { RG_SELF_EXCLUSION_DURATIONS, RG_TIMEOUT_DURATIONS, rgLimitsOutput } from './common.ts';

/**
 * Starts a time-out or a self-exclusion at once. The player's sessions end (logout); until its end
 * the player may log in only to withdraw. Neither can be shortened. Answers the new state.
 */
export const responsibleGamingExclude = defineMethod({
  name: 'responsibleGaming.exclude',
  http: 'POST',
  access: 'player',
  input: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('timeout'), duration: z.enum(RG_TIMEOUT_DURATIONS) }).strict(),
    z.object({ kind: z.literal('self_exclusion'), duration: z.enum(RG_SELF_EXCLUSION_DURATIONS) }).strict(),
  ]),
  output: rgLimitsOutput,
});
