import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { listOutput, moneyOutput } from '../params.ts';
import { requisiteField } from './common.ts';

/** A payment method in the player's currency with the content service's texts and icons. */
export const paymentMethodOutput = z.object({
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  icons: z.array(z.string()),
  min_max_text: z.string(),
  currency: z.string(),
  /** Null when the method takes no deposits in this currency. */
  deposit: z.object({ min: moneyOutput, max: moneyOutput, presets: z.array(moneyOutput) }).nullable(),
  /** Null when the method pays no withdrawals in this currency. */
  withdrawal: z
    .object({
      min: moneyOutput,
      max: moneyOutput,
      /** Most that may be withdrawn with this method over `period_hours` (rolling), if capped. */
      period_max: moneyOutput.nullable(),
      period_hours: z.number().int().min(1),
    })
    .nullable(),
  deposit_requisites: z.array(requisiteField),
  withdrawal_requisites: z.array(requisiteField),
});
export type PaymentMethodOutput = z.infer<typeof paymentMethodOutput>;

export const cashierPaymentMethods = defineMethod({
  name: 'cashier.paymentMethods',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: listOutput(paymentMethodOutput),
});
