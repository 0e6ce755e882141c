import { z } from 'zod';
import { countryCode } from '../account/common.ts';
import { defineMethod } from '../method.ts';
import { listOutput } from '../params.ts';

export const bankOutput = z.object({
  id: z.string(),
  name: z.string(),
  bic: z.string(),
  country: z.string(),
});
export type BankOutput = z.infer<typeof bankOutput>;

/** Banks for bank transfers, from the provider (cached); country defaults to the player's, else FR. */
export const cashierGetBanks = defineMethod({
  name: 'cashier.getbanks',
  http: 'GET',
  access: 'player',
  input: z.object({ country: countryCode.optional() }).strict(),
  output: listOutput(bankOutput),
});
