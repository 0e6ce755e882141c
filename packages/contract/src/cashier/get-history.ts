import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listOutput, listParam, offsetParam } from '../params.ts';
import { TRANSACTION_STATUSES, transactionOutput } from './common.ts';

/** Spec §9: the history shows 4 per page. */
export const HISTORY_PAGE_SIZE = 4;
export const HISTORY_MAX_PAGE_SIZE = 50;

/** The player's own deposits and withdrawals, newest first. */
export const cashierGetHistory = defineMethod({
  name: 'cashier.gethistory',
  http: 'GET',
  access: 'player',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(HISTORY_PAGE_SIZE, HISTORY_MAX_PAGE_SIZE),
      type: z.enum(['deposit', 'withdrawal', 'all']).default('all'),
      statuses: listParam(z.enum(TRANSACTION_STATUSES), TRANSACTION_STATUSES.length).optional(),
    })
    .strict(),
  output: listOutput(transactionOutput),
});
