import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { verificationStateOutput } from '../sumsub/common.ts';

/** The player sent their documents in the provider's page: they are on verification until the review. */
export const accountSetUserOnVerification = defineMethod({
  name: 'account.setUserOnVerification',
  http: 'POST',
  access: 'player',
  input: z.object({}).strict(),
  output: verificationStateOutput,
});
