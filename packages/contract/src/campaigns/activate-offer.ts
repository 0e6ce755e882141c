import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { listParam } from '../params.ts';
import { OFFER_FIELDS, offerOutput, promoCodeParam } from './common.ts';

/** Redeems a promo code: its offer's promotions are granted; answers the offer. */
export const campaignsActivateOffer = defineMethod({
  name: 'campaigns.activateOffer',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      promo_code: promoCodeParam(),
      fields: listParam(z.enum(OFFER_FIELDS), OFFER_FIELDS.length).optional(),
    })
    .strict(),
  output: offerOutput,
});
