import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { bonusIdInput } from './common.ts';

/** Removes a bonus: an available one is cancelled, an active or wagering one is burned (its balance forfeited). */
export const bonusesRemove = defineMethod({
  name: 'bonuses.remove',
  http: 'POST',
  access: 'player',
  input: bonusIdInput,
  output: okOutput,
});
