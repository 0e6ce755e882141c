import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { bonusIdInput } from './common.ts';

/** Sets an active bonus aside before any play: its money goes back and it is available again. */
export const bonusesDeactivate = defineMethod({
  name: 'bonuses.deactivate',
  http: 'POST',
  access: 'player',
  input: bonusIdInput,
  output: okOutput,
});
