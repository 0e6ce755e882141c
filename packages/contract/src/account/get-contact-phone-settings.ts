import { z } from 'zod';
import { defineMethod } from '../method.ts';

/** What the phone field needs: the countries offered with their dial codes, and the code rules. */
export const phoneSettings = z.object({
  default_country_code: z.string(),
  countries: z.array(
    z.object({
      /** ISO 3166-1 alpha-2, sent back as `phone_country_code`. */
      country_code: z.string(),
      /** Digits without `+` (`33`). */
      dial_code: z.string(),
      name: z.string(),
    }),
  ),
  code_length: z.number().int(),
  /** Seconds before another code may be sent to the same contact. */
  resend_seconds: z.number().int(),
});
export type PhoneSettings = z.infer<typeof phoneSettings>;

export const accountGetContactPhoneSettings = defineMethod({
  name: 'account.getContactPhoneSettings',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: phoneSettings,
});
