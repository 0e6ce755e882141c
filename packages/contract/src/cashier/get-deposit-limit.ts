import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { depositLimitOutput } from './common.ts';

/** Spec §7 account.getDepositLimit: available_amount, can_edit, expired_at, limit_amount, period. */
export const accountGetDepositLimit = defineMethod({
  name: 'account.getDepositLimit',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: depositLimitOutput,
});
