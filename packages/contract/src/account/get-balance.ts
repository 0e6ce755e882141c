import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { balancesOutput } from './common.ts';

export const accountGetBalance = defineMethod({
  name: 'account.getBalance',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: balancesOutput,
});
