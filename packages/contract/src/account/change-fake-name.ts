import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { fakeNameField } from '../validation/fields.ts';

/** The public nickname shown in winners lists and tournaments instead of the login. */
export const accountChangeFakeName = defineMethod({
  name: 'account.changefakename',
  http: 'POST',
  access: 'player',
  input: z.object({ fakename: fakeNameField() }).strict(),
  output: okOutput,
});
