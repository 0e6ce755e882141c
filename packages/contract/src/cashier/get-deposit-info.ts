import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { intParam } from '../params.ts';
import { transactionOutput } from './common.ts';

/** Deposit info of spec §3 for one of the player's own transactions (receipt, result pages). */
export const cashierGetDepositInfo = defineMethod({
  name: 'cashier.getdepositinfo',
  http: 'GET',
  access: 'player',
  input: z.object({ id: intParam().pipe(z.number().int().min(1)) }).strict(),
  output: transactionOutput,
});
