import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import {
  addressField,
  birthDateField,
  nameField,
  optional,
  postcodeField,
  sexField,
  textField,
} from '../validation/fields.ts';
import { countryCode } from './common.ts';

/**
 * Profile data (spec §3), each field checked with its spec §5 rule. A field left out (or blank)
 * keeps its stored value; a field sent must be valid.
 */
export const accountSaveProfileInfo = defineMethod({
  name: 'account.saveProfileInfo',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      first_name: optional(nameField()),
      last_name: optional(nameField()),
      sex: optional(sexField()),
      birth_date: optional(birthDateField()),
      cpf: optional(textField({ max: 32 })),
      country: optional(textField({ max: 64 })),
      country_code: optional(countryCode),
      region: optional(textField({ max: 100 })),
      home_town: optional(textField({ max: 100 })),
      address: optional(addressField()),
      postcode: optional(postcodeField()),
    })
    .strict(),
  output: okOutput,
});
