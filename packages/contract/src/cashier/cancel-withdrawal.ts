import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { intParam, okOutput } from '../params.ts';

/** Cancels the player's own withdrawal while it waits for approval; the held funds come back. */
export const cashierCancelWithdrawal = defineMethod({
  name: 'cashier.cancelwithdrawal',
  http: 'POST',
  access: 'player',
  input: z.object({ id: intParam().pipe(z.number().int().min(1)) }).strict(),
  output: okOutput,
});
