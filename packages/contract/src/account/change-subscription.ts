import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { contactParam } from './common.ts';

/** Subscribes (`'1'`) or unsubscribes (`'0'`) one contact of the player to news (spec §7). */
export const accountChangeSubscription = defineMethod({
  name: 'account.changeSubscription',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      contact: contactParam(),
      subscription: z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()]),
    })
    .strict()
    .transform((data) => ({
      contact: data.contact,
      subscribed: data.subscription === '1' || data.subscription === 1 || data.subscription === true,
    })),
  output: okOutput,
});
