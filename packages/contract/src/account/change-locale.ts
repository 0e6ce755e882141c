import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';

/**
 * The account locale (spec §2 locale order: URL, cookie, then account). Sent in the body: the
 * `locale` query parameter stays the language of the answer.
 */
export const accountChangeLocale = defineMethod({
  name: 'account.changelocale',
  http: 'POST',
  access: 'player',
  input: z.object({ locale: z.enum(LOCALES) }).strict(),
  output: okOutput,
});
