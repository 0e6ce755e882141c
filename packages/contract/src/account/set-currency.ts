import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { currencyCode } from './common.ts';

/** One of the available currencies; allowed only while the player has no money movements. */
export const accountSetCurrency = defineMethod({
  name: 'account.setCurrency',
  http: 'POST',
  access: 'player',
  input: z.object({ currency: currencyCode }).strict(),
  output: okOutput,
});
