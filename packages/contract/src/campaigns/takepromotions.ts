import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { intParam, okOutput } from '../params.ts';

/** Grants an offer's promotions as available bonuses, once per player, if the player satisfies it. */
export const campaignsTakepromotions = defineMethod({
  name: 'campaigns.takepromotions',
  http: 'POST',
  access: 'player',
  input: z
    .object({ offer_id: intParam().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) })
    .strict(),
  output: okOutput,
});
