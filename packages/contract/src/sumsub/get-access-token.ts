import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { verificationStatus } from './common.ts';

/**
 * A short-lived access token for the provider's verification page, and the page's address (opened
 * like the cashier opens the payment page). `externalActionId` names a one-off check.
 */
export const sumsubGetAccessToken = defineMethod({
  name: 'sumsub.getAccessToken',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      externalActionId: z
        .string()
        .regex(/^[A-Za-z0-9._:-]{1,64}$/)
        .optional(),
    })
    .strict(),
  output: z.object({ token: z.string(), url: z.string(), status: verificationStatus }),
});
