import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listOutput, listParam, offsetParam } from '../params.ts';
import { CASHBACK_FIELDS, CASHBACK_SORTS, CASHBACK_STATUSES, cashbackOutput } from './common.ts';

/** Spec §9: the cashback list shows 4 by default. */
export const CASHBACKS_PAGE_SIZE = 4;
export const CASHBACKS_MAX_PAGE_SIZE = 50;

/** The player's cashbacks, by default latest period end first, optionally filtered by status. */
export const cashbacksGet = defineMethod({
  name: 'cashbacks.get',
  http: 'GET',
  access: 'player',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(CASHBACKS_PAGE_SIZE, CASHBACKS_MAX_PAGE_SIZE),
      sort: z.enum(CASHBACK_SORTS).default('end_date'),
      order: z.enum(['asc', 'desc']).default('desc'),
      statuses: listParam(z.enum(CASHBACK_STATUSES), CASHBACK_STATUSES.length).optional(),
      fields: listParam(z.enum(CASHBACK_FIELDS), CASHBACK_FIELDS.length).optional(),
    })
    .strict(),
  output: listOutput(cashbackOutput),
});
