import { ApiError } from '@croupier/contract/errors';
import { issueToMessage } from '@croupier/contract/validation/fields';
import { describe, expect, test } from 'vitest';
import { toApiFailure } from './api-failure.ts';
import type { MessageOf } from './form-settings.tsx';
import { mapServerFieldErrors } from './server-field-errors.ts';

const english: MessageOf = (issue) => issueToMessage(issue, 'en');
const withOverride: MessageOf = (issue) => issueToMessage(issue, 'en', { name: 'Letters only, please' });

function invalid(fields: Record<string, string>, message = 'Some parameters are invalid.') {
  return new ApiError({ type: 'InvalidParameterException', code: 'invalid_parameter', message, fields }, 400);
}

const FIELDS = ['first_name', 'postcode', 'country_code'] as const;

describe('mapServerFieldErrors', () => {
  test('a rule code becomes the rule text, in the operator wording when configured', () => {
    const error = invalid({ first_name: 'name', postcode: 'postcode' });
    expect(mapServerFieldErrors(error, FIELDS, english).fields).toEqual({
      first_name: 'Wrong symbols in name',
      postcode: 'Wrong postcode',
    });
    expect(mapServerFieldErrors(error, FIELDS, withOverride).fields.first_name).toBe('Letters only, please');
  });

  test('the first field the server named is the one to focus', () => {
    const mapped = mapServerFieldErrors(
      invalid({ postcode: 'postcode', first_name: 'name' }),
      FIELDS,
      english,
    );
    expect(mapped.firstField).toBe('postcode');
  });

  test('a code of the server (not a rule) keeps the server message, already localized', () => {
    const error = invalid({ currency: 'currencyLocked' }, 'La devise ne peut plus être changée.');
    const mapped = mapServerFieldErrors(error, ['currency'], english);
    expect(mapped.fields).toEqual({ currency: 'La devise ne peut plus être changée.' });
  });

  test('a rule whose message needs values (the minimum age) keeps the server message, never $$age$$', () => {
    const error = invalid({ birth_date: 'minimumAge' }, 'Vous devez avoir au moins 21 ans pour jouer');
    const mapped = mapServerFieldErrors(error, ['birth_date'], english);
    expect(mapped.fields).toEqual({ birth_date: 'Vous devez avoir au moins 21 ans pour jouer' });
  });

  test('server names are mapped onto the form through aliases', () => {
    const mapped = mapServerFieldErrors(invalid({ country: 'required' }), FIELDS, english, {
      aliases: { country: 'country_code' },
    });
    expect(mapped.fields).toEqual({ country_code: 'Field is required' });
  });

  test('fields this form does not have, and failures without fields, are left to the caller', () => {
    const unknownField = mapServerFieldErrors(invalid({ token: 'codeInvalid' }), FIELDS, english);
    expect(unknownField.fields).toEqual({});
    expect(unknownField.firstField).toBeUndefined();
    expect(unknownField.failure?.type).toBe('InvalidParameterException');

    const limited = new ApiError(
      {
        type: 'TooManyRequestsException',
        code: 'rate_limited',
        message: 'Too many requests. Try again in 30 s.',
      },
      429,
    );
    const mapped = mapServerFieldErrors(limited, FIELDS, english);
    expect(mapped.firstField).toBeUndefined();
    expect(mapped.failure?.message).toBe('Too many requests. Try again in 30 s.');
  });

  test('a network failure or a bug is not an API failure', () => {
    const mapped = mapServerFieldErrors(new TypeError('Failed to fetch'), FIELDS, english);
    expect(mapped).toEqual({ fields: {}, firstField: undefined, failure: undefined });
  });
});

describe('toApiFailure', () => {
  test('recognizes an API error by its shape (the server build has its own class)', () => {
    const foreign = Object.assign(new Error('Nope'), {
      name: 'ApiError',
      type: 'AccessDeniedException',
      code: 'denied',
      fields: { contact: 'contactTaken', bad: 3 },
    });
    expect(toApiFailure(foreign)).toEqual({
      type: 'AccessDeniedException',
      message: 'Nope',
      code: 'denied',
      fields: { contact: 'contactTaken' },
    });
    expect(toApiFailure(Object.assign(new Error('x'), { name: 'ApiError', type: 'Bogus' }))).toBeUndefined();
    expect(toApiFailure('ApiError')).toBeUndefined();
  });
});
