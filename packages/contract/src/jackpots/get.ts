import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { listOutput } from '../params.ts';
import { jackpotIdParam, jackpotOutput } from './common.ts';

/** The running jackpots (or one by id: an unknown id is an InvalidParameterException on `id`). */
export const jackpotsGet = defineMethod({
  name: 'Jackpots.get',
  http: 'GET',
  access: 'guest',
  input: z.object({ id: jackpotIdParam().optional() }).strict(),
  output: listOutput(jackpotOutput),
});
