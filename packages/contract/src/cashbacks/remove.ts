import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { cashbackIdInput } from './common.ts';

/** Dismisses an active cashback: nothing is paid, it is no longer claimable. */
export const cashbacksRemove = defineMethod({
  name: 'cashbacks.remove',
  http: 'POST',
  access: 'player',
  input: cashbackIdInput,
  output: okOutput,
});
