import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listOutput, listParam, offsetParam } from '../params.ts';
import { BONUS_FIELDS, BONUS_STATUSES, bonusOutput } from './common.ts';

/** Spec §9: history lists show 4 per page. */
export const BONUSES_PAGE_SIZE = 4;
export const BONUSES_MAX_PAGE_SIZE = 50;

/** The player's bonuses, newest first, optionally filtered by status (`status=active,wagering`). */
export const bonusesGet = defineMethod({
  name: 'bonuses.get',
  http: 'GET',
  access: 'player',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(BONUSES_PAGE_SIZE, BONUSES_MAX_PAGE_SIZE),
      fields: listParam(z.enum(BONUS_FIELDS), BONUS_FIELDS.length).optional(),
      status: listParam(z.enum(BONUS_STATUSES), BONUS_STATUSES.length).optional(),
    })
    .strict(),
  output: listOutput(bonusOutput),
});
