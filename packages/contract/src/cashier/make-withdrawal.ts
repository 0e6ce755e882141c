import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { amountParam, methodSysname, requestIdParam, requisitesParam, transactionOutput } from './common.ts';

/**
 * Requests a withdrawal: the amount is held from the main balance at once and waits for an
 * operator's approval, then goes out through the provider's payout (card: back to the card the
 * player deposited with; bank_transfer: to the IBAN in `requisites`).
 */
export const cashierMakeWithdrawal = defineMethod({
  name: 'cashier.makewithdrawal',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      method: methodSysname,
      amount: amountParam,
      requisites: requisitesParam(),
      request_id: requestIdParam,
    })
    .strict(),
  output: transactionOutput,
});
