import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { amountParam, DEPOSIT_LIMIT_PERIODS, depositLimitOutput } from './common.ts';

/**
 * Sets, changes or removes the deposit limit of one period (responsible gaming). A lower limit
 * applies at once; a higher one, or a removal (`amount` blank, or `period` none for every period),
 * only after 24 hours. Amounts are in the player's currency. Answers the new state.
 */
export const accountSetDepositLimit = defineMethod({
  name: 'account.setDepositLimit',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      period: z.enum(['none', ...DEPOSIT_LIMIT_PERIODS]),
      amount: amountParam.optional(),
    })
    .strict(),
  output: depositLimitOutput,
});
