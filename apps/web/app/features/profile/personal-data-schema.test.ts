import type { PersonalDataField } from '@croupier/contract/account/get-personal-data-fields';
import { issueToMessage } from '@croupier/contract/validation/fields';
import { describe, expect, test } from 'vitest';
import { localizeIssues } from './localized-schema.ts';
import {
  missingRequiredCount,
  type PersonalDataValues,
  personalDataDefaults,
  personalDataSchema,
} from './personal-data-schema.ts';

function field(
  name: PersonalDataField['name'],
  options: Partial<Omit<PersonalDataField, 'name'>> = {},
): PersonalDataField {
  return { name, check: 'text', required: false, editable: true, filled: false, ...options };
}

const EMPTY: PersonalDataValues = {
  first_name: '',
  last_name: '',
  sex: '0',
  birth_date: '',
  cpf: '',
  country_code: '',
  region: '',
  home_town: '',
  address: '',
  postcode: '',
};

function messages(
  fields: PersonalDataField[],
  values: Partial<PersonalDataValues>,
  locale: 'en' | 'fr' = 'en',
) {
  const schema = localizeIssues(personalDataSchema(fields), (issue) => issueToMessage(issue, locale));
  const parsed = schema.safeParse({ ...EMPTY, ...values });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('personalDataSchema', () => {
  test('required fields must be filled; sex must be chosen', () => {
    const fields = [field('first_name', { required: true }), field('sex', { required: true })];
    expect(messages(fields, {})).toEqual({ first_name: 'Field is required', sex: 'Field is required' });
    expect(messages(fields, {}, 'fr')).toEqual({
      first_name: 'Ce champ est obligatoire',
      sex: 'Ce champ est obligatoire',
    });
  });

  test('optional fields may stay blank, but what is typed must follow its rule', () => {
    expect(messages([], {})).toEqual({});
    expect(messages([], { first_name: 'Jean3', postcode: '75A02', birth_date: '31.02.1990' })).toEqual({
      first_name: 'Wrong symbols in name',
      postcode: 'Wrong postcode',
      birth_date: 'Wrong date',
    });
  });

  test('the output is what the server takes: ISO birth date, sex as a number, blanks left out', () => {
    const parsed = personalDataSchema([field('sex', { required: true })]).parse({
      ...EMPTY,
      first_name: '  Jānis ',
      sex: '2',
      birth_date: '24.05.1990',
      address: "12/3, rue de l'Église",
    });
    expect(parsed).toEqual({
      first_name: 'Jānis',
      sex: 2,
      birth_date: '1990-05-24',
      address: "12/3, rue de l'Église",
    });
  });

  test('a field locked by verification is never sent nor judged', () => {
    const fields = [field('first_name', { required: true, editable: false })];
    expect(personalDataSchema(fields).parse({ ...EMPTY, first_name: 'Jean3' })).toEqual({});
  });

  test("a birth date under the player's minimum age is refused with the age, in English and French", () => {
    const fields = [field('birth_date', { check: 'birth_date', required: true, minimum_age: 18 })];
    expect(messages(fields, { birth_date: '01.01.2015' }).birth_date).toBe(
      'You must be at least 18 years old to play',
    );
    expect(messages(fields, { birth_date: '01.01.2015' }, 'fr').birth_date).toBe(
      'Vous devez avoir au moins 18 ans pour jouer',
    );
    const estonia = [field('birth_date', { check: 'birth_date', minimum_age: 21 })];
    const nineteen = `01.01.${new Date().getFullYear() - 19}`;
    expect(messages(estonia, { birth_date: nineteen }, 'fr').birth_date).toBe(
      'Vous devez avoir au moins 21 ans pour jouer',
    );
    expect(messages(fields, { birth_date: nineteen })).toEqual({});
  });

  test('a birth date in the future is refused with its bound', () => {
    expect(messages([], { birth_date: '01.01.2999' }).birth_date).toMatch(
      /^The date must not be later than /,
    );
  });
});

describe('personalDataDefaults', () => {
  test('stored values as form text', () => {
    expect(
      personalDataDefaults({
        first_name: 'Anna',
        last_name: null,
        sex: 0,
        birth_date: '1990-05-24',
        cpf: null,
        country: 'France',
        country_code: 'FR',
        region: null,
        home_town: null,
        address: null,
        postcode: '75002',
      }),
    ).toEqual({
      ...EMPTY,
      first_name: 'Anna',
      birth_date: '24.05.1990',
      country_code: 'FR',
      postcode: '75002',
    });
  });

  test('missing required fields are counted', () => {
    expect(
      missingRequiredCount([
        field('first_name', { required: true, filled: true }),
        field('last_name', { required: true }),
        field('region'),
      ]),
    ).toBe(1);
  });
});
