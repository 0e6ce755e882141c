import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { numericCodeField } from '../validation/fields.ts';
import { contactParam } from './common.ts';

export const accountConfirmContact = defineMethod({
  name: 'account.confirmContact',
  http: 'POST',
  access: 'player',
  input: z.object({ contact: contactParam(), code: numericCodeField() }).strict(),
  output: okOutput,
});
