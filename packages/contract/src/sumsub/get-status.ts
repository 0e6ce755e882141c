import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { verificationStateOutput } from './common.ts';

/** Where the player's identity verification stands (the profile's verification page). */
export const sumsubGetStatus = defineMethod({
  name: 'sumsub.getStatus',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: verificationStateOutput,
});
