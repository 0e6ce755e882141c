import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { rgLimitsOutput } from './common.ts';

/** The player's loss and wager limits (in force, used, left, waiting changes) and any running exclusion. */
export const responsibleGamingGetLimits = defineMethod({
  name: 'responsibleGaming.getLimits',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: rgLimitsOutput,
});
