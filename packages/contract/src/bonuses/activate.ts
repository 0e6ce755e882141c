import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { bonusIdInput } from './common.ts';

/** Activates an available bonus: its money is credited to the bonus balance and wagering starts. */
export const bonusesActivate = defineMethod({
  name: 'bonuses.activate',
  http: 'POST',
  access: 'player',
  input: bonusIdInput,
  output: okOutput,
});
