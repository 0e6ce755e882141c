import { ApiError } from '@croupier/contract/errors';
import { describe, expect, test } from 'vitest';
import { applyServerFieldErrors, serverFieldMessage } from './form-validation.ts';
import { registrationSchema } from './registration-form.tsx';
import { restoreCompleteSchema } from './restore-forms.tsx';

const registration = {
  confirmEmailPopup: true,
  showCharacterSelect: false,
  showPromocode: true,
  showPromoFieldByDefault: false,
  terms: { isActive: true, defaultValue: false },
  notify: { isActive: true, defaultValue: false },
  markBetting: { isActive: false, defaultValue: false },
  loginType: 'email' as const,
  validationStrategy: 'eager' as const,
};

const empty = {
  login: '',
  password: '',
  currency: 'EUR',
  terms: false,
  notify: false,
  markBetting: false,
  promo_code: '',
  birth_date: '',
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('registration schema (shared spec §5 rules, player-facing texts)', () => {
  test('empty form: required fields and the required terms box', () => {
    const schema = registrationSchema(registration, { locale: 'en', overrides: {} });
    expect(messages(schema.safeParse(empty))).toEqual({
      login: 'Field is required',
      password: 'Field is required',
      terms: 'Please tick this box to continue',
    });
  });

  test('placeholders are filled and French is French', () => {
    const schema = registrationSchema(registration, { locale: 'fr', overrides: {} });
    const result = schema.safeParse({ ...empty, login: 'a@b', password: 'ab cé', terms: true });
    expect(messages(result)).toEqual({
      login: 'Adresse e-mail incorrecte',
      password: 'Caractères non autorisés\u00a0: espace, é',
    });
  });

  test("a birth date is optional, but one under 18 is refused in the rule's words", () => {
    const en = registrationSchema(registration, { locale: 'en', overrides: {} });
    const fr = registrationSchema(registration, { locale: 'fr', overrides: {} });
    const filled = { ...empty, login: 'a@b.com', password: 'Secret-1', terms: true };
    expect(messages(en.safeParse({ ...filled, birth_date: '01.01.2015' }))).toEqual({
      birth_date: 'You must be at least 18 years old to play',
    });
    expect(messages(fr.safeParse({ ...filled, birth_date: '01.01.2015' }))).toEqual({
      birth_date: 'Vous devez avoir au moins 18 ans pour jouer',
    });
    const adult = en.safeParse({ ...filled, birth_date: '07.03.1990' });
    expect(adult.success && adult.data.birth_date).toBe('1990-03-07');
    const none = en.safeParse(filled);
    expect(none.success && none.data.birth_date).toBeUndefined();
  });

  test("the operator's overrides win", () => {
    const schema = registrationSchema(registration, {
      locale: 'en',
      overrides: { required: 'Please fill this in' },
    });
    expect(messages(schema.safeParse(empty)).login).toBe('Please fill this in');
  });

  test('a phone login follows the phone rule; inactive terms are optional', () => {
    const schema = registrationSchema(
      { ...registration, loginType: 'phone', terms: { isActive: false, defaultValue: false } },
      { locale: 'en', overrides: {} },
    );
    expect(messages(schema.safeParse({ ...empty, login: '12', password: 'Secret-1' }))).toEqual({
      login: 'Wrong phone number format',
    });
    const valid = schema.safeParse({ ...empty, login: '+33 6 12 34 56 78', password: 'Secret-1' });
    expect(valid.success && valid.data.login).toBe('+33612345678');
  });
});

describe('restore completion schema', () => {
  test('a mismatch shows on the repeat field even while the password itself is wrong', () => {
    const schema = restoreCompleteSchema({ locale: 'en', overrides: {} });
    expect(messages(schema.safeParse({ password: 'abc', repeatPassword: 'abd' }))).toEqual({
      password: 'Min length is 6',
      repeatPassword: 'Passwords are not equal',
    });
    expect(schema.safeParse({ password: 'Secret-1', repeatPassword: 'Secret-1' }).success).toBe(true);
  });
});

describe('server field errors', () => {
  const context = { locale: 'en' as const, overrides: { codeInvalid: 'The code is invalid' } };

  test('a rule code gets the shared message (with overrides); any other code the server text', () => {
    expect(serverFieldMessage('codeInvalid', 'Code is invalid.', context)).toBe('The code is invalid');
    expect(serverFieldMessage('loginTaken', 'An account with this login already exists.', context)).toBe(
      'An account with this login already exists.',
    );
  });

  test('errors land on the form fields they name, the first focused', () => {
    const calls: [string, string, boolean][] = [];
    const error = new ApiError({
      type: 'InvalidParameterException',
      code: 'invalid_parameter',
      message: 'Passwords are not equal',
      fields: { repeat_password: 'passwordsNotEqual', other: 'required' },
    });
    const applied = applyServerFieldErrors(
      error,
      ['password', 'repeatPassword'],
      (name, value, options) => calls.push([name, value.message ?? '', options?.shouldFocus ?? false]),
      context,
      { repeat_password: 'repeatPassword' },
    );
    expect(applied).toBe(true);
    expect(calls).toEqual([['repeatPassword', 'Passwords are not equal', true]]);
  });

  test('an error without form fields is left to the caller', () => {
    const error = new ApiError({
      type: 'AuthorizationException',
      code: 'invalid_credentials',
      message: 'Wrong',
    });
    expect(applyServerFieldErrors(error, ['login'], () => undefined, context)).toBe(false);
    expect(applyServerFieldErrors(new Error('offline'), ['login'], () => undefined, context)).toBe(false);
  });
});
