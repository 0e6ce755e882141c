import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { rgLimitsOutput } from './common.ts';

/**
 * After a self-exclusion's end the account does not reopen by itself: the player asks here and may
 * play 24 hours later (ADR 029). Before the end, or with nothing to reopen, a typed error.
 */
export const responsibleGamingRequestReopen = defineMethod({
  name: 'responsibleGaming.requestReopen',
  http: 'POST',
  access: 'player',
  input: z.object({}).strict(),
  output: rgLimitsOutput,
});
