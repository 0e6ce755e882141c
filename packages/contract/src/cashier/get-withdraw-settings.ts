import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { moneyOutput } from '../params.ts';
import { requisiteField, transactionOutput } from './common.ts';

/** What the withdrawal page needs: methods and bounds, what the player must do first, the open request. */
export const cashierGetWithdrawSettings = defineMethod({
  name: 'cashier.getwithdrawsettings',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: z.object({
    currency: z.string(),
    /** The main balance: only real money is withdrawn. */
    withdrawable: moneyOutput,
    methods: z.array(
      z.object({
        sysname: z.string(),
        title: z.string(),
        icons: z.array(z.string()),
        min: moneyOutput,
        max: moneyOutput,
        period_max: moneyOutput.nullable(),
        period_hours: z.number().int().min(1),
        requisites: z.array(requisiteField),
        /** Card payouts go back to a card the player deposited with; none yet → false. */
        available: z.boolean(),
        unavailable_reason: z.string().nullable(),
      }),
    ),
    /** Gates before a withdrawal (spec §8), each with the configured button link. */
    requirements: z.object({
      confirm_contact: z.object({ required: z.boolean(), link: z.string() }),
      kyc: z.object({ required: z.boolean(), link: z.string() }),
    }),
    /** The withdrawal waiting for approval, if any (one at a time). */
    open_withdrawal: transactionOutput.nullable(),
  }),
});
