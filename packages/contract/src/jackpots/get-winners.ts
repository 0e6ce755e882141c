import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listOutput, offsetParam } from '../params.ts';
import { jackpotIdParam, jackpotWinOutput } from './common.ts';

export const JACKPOT_WINNERS_PAGE_SIZE = 10;

/** Recent jackpot wins, latest first, of every jackpot or one (unknown id: InvalidParameterException on `jackpot_id`). */
export const jackpotsGetWinners = defineMethod({
  name: 'Jackpots.getWinners',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      jackpot_id: jackpotIdParam().optional(),
      offset: offsetParam(),
      count: countParam(JACKPOT_WINNERS_PAGE_SIZE, 50),
    })
    .strict(),
  output: listOutput(jackpotWinOutput),
});
