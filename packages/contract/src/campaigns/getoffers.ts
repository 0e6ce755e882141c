import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listOutput, listParam, offsetParam } from '../params.ts';
import { OFFER_FIELDS, offerOutput } from './common.ts';

export const OFFERS_PAGE_SIZE = 4;

/**
 * The offers the caller can see: deposit offers to a guest or to a player who satisfies them,
 * registration offers to guests, action offers to everyone (promo-code offers only through their code).
 */
export const campaignsGetoffers = defineMethod({
  name: 'campaigns.getoffers',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(OFFERS_PAGE_SIZE, 50),
      fields: listParam(z.enum(OFFER_FIELDS), OFFER_FIELDS.length).optional(),
    })
    .strict(),
  output: listOutput(offerOutput),
});
