import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { emailField, phoneField } from '../validation/fields.ts';
import { countryCode } from './common.ts';

/**
 * Adds an email, or with `phone_country_code` a phone (spec §7). The phone is typed in
 * international form (`+33 6 12 34 56 78`) or nationally (`06 12 34 56 78`: the country's dial code
 * is put in front of it, its trunk `0` dropped). The new contact is unconfirmed and unsubscribed.
 */
export const accountAddContact = defineMethod({
  name: 'account.addcontact',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      contact: z.string().nullish(),
      phone_country_code: countryCode.optional(),
    })
    .strict()
    .transform((data, ctx) => {
      const parsed = (data.phone_country_code ? phoneField() : emailField()).safeParse(data.contact);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['contact'] });
        }
        return z.NEVER;
      }
      return data.phone_country_code
        ? { type: 'phone' as const, contact: parsed.data, phoneCountryCode: data.phone_country_code }
        : { type: 'email' as const, contact: parsed.data, phoneCountryCode: null };
    }),
  output: okOutput,
});
