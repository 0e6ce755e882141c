import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { checkboxParam, currencyCode } from './common.ts';

/**
 * Completes a social or messenger sign-up (spec §4: the non-closable completion popup while
 * `is_registration_completed` is false): currency, and the auth config's checkboxes.
 */
export const accountCompleteRegistration = defineMethod({
  name: 'account.completeRegistration',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      currency: currencyCode,
      terms: checkboxParam(),
      notify: checkboxParam(),
      markBetting: checkboxParam(),
    })
    .strict(),
  output: okOutput,
});
