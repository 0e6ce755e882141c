import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { moneyOutput } from '../params.ts';
import { depositLimitOutput } from './common.ts';

/** Spec §3 Deposit state: presets per currency, currencies, per-method bounds, the deposit limit. */
export const cashierGetDepositSettings = defineMethod({
  name: 'cashier.getdepositsettings',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: z.object({
    /** The player's currency: deposits are made in it. */
    currency: z.string(),
    /** availableCurrenciesList: code → symbol. */
    available_currencies: z.record(z.string(), z.string()),
    /** Deposit amount presets per currency (decimal strings in major units). */
    amount_presets: z.array(z.object({ currency: z.string(), values: z.array(z.string()) })),
    methods: z.array(z.object({ sysname: z.string(), min: moneyOutput, max: moneyOutput })),
    /** The method selected first (paymentMethodsUrlDisplay default), if any. */
    default_method: z.string().nullable(),
    deposit_limit: depositLimitOutput,
  }),
});
