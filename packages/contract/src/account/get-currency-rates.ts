import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { listOutput } from '../params.ts';

/** How many `to` one `from` buys, as a decimal string (never a float). Display only. */
export const currencyRate = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string().regex(/^\d+(\.\d+)?$/),
});
export type CurrencyRate = z.infer<typeof currencyRate>;

export const accountGetCurrencyRates = defineMethod({
  name: 'account.getcurrencyrates',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: listOutput(currencyRate),
});
