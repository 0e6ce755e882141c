import { z } from 'zod';
import { amountParam } from '../cashier/common.ts';
import { defineMethod } from '../method.ts';
import { RG_LIMIT_KINDS, RG_LIMIT_PERIODS, rgLimitsOutput } from './common.ts';

/**
 * Sets, changes or removes (`amount` blank or absent) one loss or wager limit, in the player's
 * currency. A lower limit applies at once; a higher one, or a removal, after 24 hours. Answers the
 * new state.
 */
export const responsibleGamingSetLimit = defineMethod({
  name: 'responsibleGaming.setLimit',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      kind: z.enum(RG_LIMIT_KINDS),
      period: z.enum(RG_LIMIT_PERIODS),
      amount: amountParam.optional(),
    })
    .strict(),
  output: rgLimitsOutput,
});
