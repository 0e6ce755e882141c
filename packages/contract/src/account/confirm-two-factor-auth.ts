import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { twoFactorCodeField } from '../validation/fields.ts';

/** Confirms set-up with a code from the authenticator app; from then on login asks for a code. */
export const accountConfirmTwoFactorAuth = defineMethod({
  name: 'account.confirmTwoFactorAuth',
  http: 'POST',
  access: 'player',
  input: z.object({ code: twoFactorCodeField() }).strict(),
  output: okOutput,
});
