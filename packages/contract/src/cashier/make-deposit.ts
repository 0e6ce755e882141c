import { z } from 'zod';
import { currencyCode } from '../account/common.ts';
import { defineMethod } from '../method.ts';
import { intParam } from '../params.ts';
import { amountParam, methodSysname, requestIdParam, requisitesParam } from './common.ts';

/**
 * Starts a deposit (spec §3 depositValues): the payment is created at the provider and the player
 * is sent to `redirect_url` (a full-page redirect to the provider's hosted page; card data never
 * reaches the platform). The balance changes only when the provider's signed webhook says paid.
 */
export const cashierMakeDeposit = defineMethod({
  name: 'cashier.makedeposit',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      method: methodSysname,
      amount: amountParam,
      /** Spec §3: -1 when no offer was chosen. */
      campaign_offer_id: intParam().pipe(z.number().int().min(-1)).default(-1),
      requisites: requisitesParam(),
      /** Must be the player's currency when given. */
      currency: currencyCode.optional(),
      request_id: requestIdParam,
    })
    .strict(),
  output: z.object({
    redirect_url: z.string(),
    transaction_id: z.number().int().min(1),
  }),
});
