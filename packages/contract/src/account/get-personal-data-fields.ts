import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { listOutput } from '../params.ts';
import { PROFILE_FIELD_TYPES } from '../validation/rules.ts';

/** One field of the personal-data form: its key in saveProfileInfo and the spec §5 check it runs. */
export const personalDataField = z.object({
  name: z.enum([
    'first_name',
    'last_name',
    'sex',
    'birth_date',
    'cpf',
    'country',
    'country_code',
    'region',
    'home_town',
    'address',
    'postcode',
  ]),
  /** The spec §5 profile check type, or `text` for fields with only a length rule. */
  check: z.enum([...PROFILE_FIELD_TYPES, 'text', 'country_code']),
  /** Whether the cashier or verification needs it filled. */
  required: z.boolean(),
  /** False once verification has locked it. */
  editable: z.boolean(),
  /** Whether the player has filled it. */
  filled: z.boolean(),
  /** `birth_date` only: the age the player must have reached (their country's minimum age). */
  minimum_age: z.number().int().min(0).max(150).optional(),
});
export type PersonalDataField = z.infer<typeof personalDataField>;

export const accountGetPersonalDataFields = defineMethod({
  name: 'account.getPersonalDataFields',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: listOutput(personalDataField),
});
