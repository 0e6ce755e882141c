import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { promoCodeParam } from './common.ts';

/** Says whether a promo code can be redeemed now (1) or why not (the typed error); writes nothing. */
export const campaignsCheckPromocode = defineMethod({
  name: 'campaigns.checkPromocode',
  http: 'GET',
  access: 'guest',
  input: z.object({ promo_code: promoCodeParam() }).strict(),
  output: okOutput,
});
