import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { verificationStateOutput } from './common.ts';

/** Creates the player's applicant at the verification provider (idempotent: a second call finds it). */
export const sumsubCreateApplicant = defineMethod({
  name: 'sumsub.createApplicant',
  http: 'POST',
  access: 'player',
  input: z.object({}).strict(),
  output: verificationStateOutput,
});
