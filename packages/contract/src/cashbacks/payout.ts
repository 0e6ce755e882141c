import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { cashbackIdInput } from './common.ts';

/** Claims an active cashback: its amount goes to the player's main balance (real money, no wagering). */
export const cashbacksPayout = defineMethod({
  name: 'cashbacks.payout',
  http: 'POST',
  access: 'player',
  input: cashbackIdInput,
  output: okOutput,
});
