/**
 * The personal data form (spec §3 Profile data, §5 rules): which rule each field runs, which
 * fields the player must fill (`account.getPersonalDataFields`: required), and which are locked
 * (not editable after verification: shown, never sent). The rules are the shared ones the server's
 * `account.saveProfileInfo` applies, so the form and the server agree on every value.
 */
import type { PersonalDataField } from '@croupier/contract/account/get-personal-data-fields';
import type { ProfileFields } from '@croupier/contract/account/get-profile-info';
import {
  addressField,
  birthDateField,
  nameField,
  optional,
  postcodeField,
  sexField,
  textField,
} from '@croupier/contract/validation/fields';
import { formatIsoDate } from '@croupier/contract/validation/rules';
import { z } from 'zod';

/** The inputs of the form, in screen order. `country` is set from the chosen `country_code`. */
export const PERSONAL_FORM_FIELDS = [
  'first_name',
  'last_name',
  'sex',
  'birth_date',
  'cpf',
  'country_code',
  'region',
  'home_town',
  'address',
  'postcode',
] as const;
export type PersonalFormField = (typeof PERSONAL_FORM_FIELDS)[number];

/** What the inputs hold: text as typed (`sex` '0' | '1' | '2', `birth_date` dd.mm.yyyy). */
export type PersonalDataValues = Record<PersonalFormField, string>;

/** What is sent: valid values only, blanks of optional fields left out (the server keeps them). */
export type PersonalDataOutput = Partial<Record<Exclude<PersonalFormField, 'sex'>, string> & { sex: number }>;

type FieldRule = z.ZodType<string | number | undefined, string | number | null | undefined>;

/** Spec §5 profile check types per field; the lengths are the server's. */
const RULES: Record<PersonalFormField, (field: PersonalDataField | undefined) => FieldRule> = {
  first_name: () => nameField(),
  last_name: () => nameField(),
  sex: () => sexField(),
  // The player's minimum age, as the server judges it (their country's, else the site's).
  birth_date: (field) =>
    birthDateField(field?.minimum_age !== undefined ? { minimumAge: field.minimum_age } : {}),
  cpf: () => textField({ max: 32 }),
  country_code: () => textField({ max: 2 }),
  region: () => textField({ max: 100 }),
  home_town: () => textField({ max: 100 }),
  address: () => addressField(),
  postcode: () => postcodeField(),
};

/** The unchosen sex option reads as blank, so an optional sex may stay unchosen. */
function inputOf(name: PersonalFormField, values: PersonalDataValues): string {
  const value = values[name] ?? '';
  return name === 'sex' && value === '0' ? '' : value;
}

export function personalDataSchema(
  fields: readonly PersonalDataField[],
): z.ZodType<PersonalDataOutput, PersonalDataValues> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const rules = PERSONAL_FORM_FIELDS.flatMap((name) => {
    const field = byName.get(name);
    if (field && !field.editable) return [];
    const rule = RULES[name](field);
    return [{ name, rule: field?.required ? rule : optional(rule) }];
  });
  return z
    .custom<PersonalDataValues>((value) => typeof value === 'object' && value !== null)
    .transform((values, ctx): PersonalDataOutput => {
      const output: PersonalDataOutput = {};
      for (const { name, rule } of rules) {
        const parsed = rule.safeParse(inputOf(name, values));
        if (parsed.success) {
          const data = parsed.data;
          if (name === 'sex') {
            if (typeof data === 'number') output.sex = data;
          } else if (typeof data === 'string') {
            output[name] = data;
          }
          continue;
        }
        for (const issue of parsed.error.issues) {
          ctx.addIssue({
            code: 'custom',
            message: issue.message,
            ...(issue.code === 'custom' && issue.params ? { params: issue.params } : {}),
            path: [name],
          });
        }
      }
      return output;
    });
}

/** The stored profile as form text: ISO birth date shown dd.mm.yyyy (spec §9), sex as '0'–'2'. */
export function personalDataDefaults(profile: ProfileFields): PersonalDataValues {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    sex: String(profile.sex),
    birth_date: profile.birth_date ? formatIsoDate(profile.birth_date) : '',
    cpf: profile.cpf ?? '',
    country_code: profile.country_code ?? '',
    region: profile.region ?? '',
    home_town: profile.home_town ?? '',
    address: profile.address ?? '',
    postcode: profile.postcode ?? '',
  };
}

/** Whether the field must be filled and whether the player may change it. */
export function fieldRules(
  fields: readonly PersonalDataField[],
  name: PersonalFormField,
): { required: boolean; editable: boolean } {
  const field = fields.find((entry) => entry.name === name);
  return { required: field?.required ?? false, editable: field?.editable ?? true };
}

/** Required fields still empty (spec: the cashier or verification needs them). */
export function missingRequiredCount(fields: readonly PersonalDataField[]): number {
  return fields.filter((field) => field.required && !field.filled).length;
}
