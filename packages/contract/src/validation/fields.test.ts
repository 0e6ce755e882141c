import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  addressField,
  birthDateField,
  cardHolderField,
  customField,
  dateField,
  emailField,
  fakeNameField,
  ibanField,
  issueToMessage,
  loginField,
  nameField,
  newPasswordField,
  numericCodeField,
  optional,
  passwordField,
  phoneField,
  postcodeField,
  promocodeField,
  repeatPasswordField,
  requiredCheckboxField,
  sexField,
  sumField,
  textField,
  twoFactorCodeField,
  withRepeatPassword,
} from './fields.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import {
  validateAddress,
  validateEmail,
  validateFakeName,
  validateName,
  validateNumericCode,
  validatePassword,
  validatePhone,
  validatePostcode,
} from './rules.ts';

/** The single issue of a failed parse, as the dispatcher reads it. */
function issueOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to fail`);
  expect(result.error.issues).toHaveLength(1);
  const [issue] = result.error.issues;
  if (!issue) throw new Error('no issue');
  return issue;
}

describe('fields', () => {
  it('report a failing rule as a custom issue whose message is the code, with params', () => {
    expect(issueOf(emailField(), 'a@b')).toMatchObject({ code: 'custom', message: 'email', path: [] });
    expect(issueOf(newPasswordField(), 'my pass')).toMatchObject({
      code: 'custom',
      message: 'passwordChars',
      params: { chars: ' ' },
    });
    expect(issueOf(newPasswordField(), 'abc')).toMatchObject({ message: 'minLength', params: { min: '6' } });
    expect(issueOf(newPasswordField(), 'a'.repeat(21))).toMatchObject({
      message: 'maxLength',
      params: { max: '20' },
    });
    expect(issueOf(phoneField(), '')).toMatchObject({ message: 'insertPhone' });
    expect(issueOf(phoneField(), '12')).toMatchObject({ message: 'phoneFormat' });
    expect(issueOf(nameField(), 'R2D2')).toMatchObject({ message: 'name' });
    expect(issueOf(addressField(), 'a#1')).toMatchObject({ message: 'address' });
    expect(issueOf(numericCodeField(), '12345')).toMatchObject({ message: 'numericCode' });
    expect(issueOf(twoFactorCodeField(), '1234567')).toMatchObject({ message: 'numericCode' });
    expect(issueOf(fakeNameField(), 'ab')).toMatchObject({ message: 'minLength', params: { min: '4' } });
    expect(issueOf(cardHolderField(), 'J0hn')).toMatchObject({ message: 'cardHolder' });
    expect(issueOf(postcodeField(), '123456789')).toMatchObject({ message: 'postcode' });
    expect(issueOf(sexField(), '0')).toMatchObject({ message: 'required' });
    expect(issueOf(sexField(), '5')).toMatchObject({ message: 'sex' });
    expect(issueOf(requiredCheckboxField(), 'off')).toMatchObject({ message: 'requiredCheckbox' });
    expect(issueOf(ibanField(), 'GB83WEST12345698765432')).toMatchObject({ message: 'iban' });
    expect(issueOf(customField({ pattern: /^\d+$/ }), 'x')).toMatchObject({ message: 'custom' });
    expect(issueOf(dateField(), '31.02.2024')).toMatchObject({ message: 'date' });
    expect(issueOf(sumField({ min: '10', max: '100' }), '5')).toMatchObject({
      message: 'sumRange',
      params: { min: '$10.00', max: '$100.00' },
    });
  });

  it('treat a missing key, null and blanks as required', () => {
    const schema = z.object({ email: emailField(), name: nameField(), password: passwordField() }).strict();
    const result = schema.safeParse({ name: '  ', password: null });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(fields).toEqual({ email: 'required', name: 'required', password: 'required' });
  });

  it('output trimmed, normalized values', () => {
    expect(emailField().parse('  John.Doe@Example.COM ')).toBe('John.Doe@Example.COM');
    // A password is never trimmed: a stray space is an error the player must see.
    expect(passwordField().parse('secret1')).toBe('secret1');
    expect(issueOf(passwordField(), ' secret1')).toMatchObject({
      message: 'passwordChars',
      params: { chars: ' ' },
    });
    expect(passwordField().parse('a'.repeat(30))).toBe('a'.repeat(30));
    expect(phoneField().parse('+33 (6) 12-34-56-78')).toBe('+33612345678');
    expect(loginField('email').parse(' a@b.com ')).toBe('a@b.com');
    expect(loginField('phone').parse('06 12 34 56 78')).toBe('0612345678');
    expect(loginField().parse('+1 555 123 4567')).toBe('+15551234567');
    expect(loginField().parse('a@b.com')).toBe('a@b.com');
    expect(loginField('text').parse(' player1 ')).toBe('player1');
    expect(nameField().parse('  Jānis ')).toBe('Jānis');
    expect(birthDateField().parse('07.03.1990')).toBe('1990-03-07');
    expect(dateField({ min: '01.01.2020' }).parse('2021-05-01')).toBe('2021-05-01');
    expect(sexField().parse('2')).toBe(2);
    expect(sexField().parse(1)).toBe(1);
    expect(ibanField().parse('gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(sumField({ min: '1', max: '1000000' }).parse('12,500')).toBe('12500');
    expect(promocodeField().parse(undefined)).toBe('');
    expect(promocodeField().parse(' WELCOME ')).toBe('WELCOME');
    expect(textField().parse(' AB 123 ')).toBe('AB 123');
    for (const ticked of [true, 'true', '1', 'on']) expect(requiredCheckboxField().parse(ticked)).toBe(true);
  });

  it('refuse a birth date in the future', () => {
    const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const text = `${String(tomorrow.getDate()).padStart(2, '0')}.${String(tomorrow.getMonth() + 1).padStart(2, '0')}.${tomorrow.getFullYear()}`;
    expect(issueOf(birthDateField(), text)).toMatchObject({ message: 'maxDate' });
    expect(issueOf(birthDateField(), '31.12.1899')).toMatchObject({
      message: 'minDate',
      params: { min: '01.01.1900' },
    });
  });

  it('refuse a birth date under the minimum age when one is given', () => {
    expect(issueOf(birthDateField({ minimumAge: 18 }), '01.01.2015')).toMatchObject({
      message: 'minimumAge',
      params: { age: '18' },
    });
    expect(birthDateField({ minimumAge: 18 }).parse('01.01.1990')).toBe('1990-01-01');
    expect(birthDateField().parse('01.01.2015')).toBe('2015-01-01');
  });

  it('refuse non-text input with a typed issue, not a throw', () => {
    expect(issueOf(emailField(), 42).code).toBe('invalid_type');
    expect(issueOf(requiredCheckboxField(), 1).code).toBe('invalid_union');
  });

  it('make a field optional: blank is undefined, anything else must pass', () => {
    const schema = z.object({ phone: optional(phoneField()), sex: optional(sexField()) }).strict();
    expect(schema.parse({})).toEqual({ phone: undefined, sex: undefined });
    expect(schema.parse({ phone: '  ', sex: '' })).toEqual({ phone: undefined, sex: undefined });
    expect(schema.parse({ phone: '+33 612345678', sex: 2 })).toEqual({ phone: '+33612345678', sex: 2 });
    const result = schema.safeParse({ phone: '12', sex: '9' });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['phone'], 'phoneFormat'],
      [['sex'], 'sex'],
    ]);
    expect(issueOf(optional(newPasswordField()), 'é23456')).toMatchObject({
      message: 'passwordChars',
      params: { chars: 'é' },
    });
  });

  it('check the repeated password across fields', () => {
    const schema = withRepeatPassword(
      z.object({ password: newPasswordField(), password_repeat: repeatPasswordField() }).strict(),
      'password',
      'password_repeat',
    );
    expect(schema.parse({ password: 'secret1', password_repeat: 'secret1' })).toEqual({
      password: 'secret1',
      password_repeat: 'secret1',
    });
    expect(schema.safeParse({ password: 'secret1', password_repeat: 'secret2' }).error?.issues).toMatchObject(
      [{ code: 'custom', message: 'passwordsNotEqual', path: ['password_repeat'] }],
    );
    expect(schema.safeParse({ password: 'secret1' }).error?.issues).toMatchObject([
      { message: 'required', path: ['password_repeat'] },
    ]);
  });

  it('have the output types forms and handlers expect', () => {
    expectTypeOf<z.output<ReturnType<typeof emailField>>>().toEqualTypeOf<string>();
    expectTypeOf<z.output<ReturnType<typeof sexField>>>().toEqualTypeOf<1 | 2>();
    expectTypeOf<z.output<ReturnType<typeof requiredCheckboxField>>>().toEqualTypeOf<true>();
    const optionalPhone = optional(phoneField());
    expectTypeOf<z.output<typeof optionalPhone>>().toEqualTypeOf<string | undefined>();
    expectTypeOf<z.input<ReturnType<typeof emailField>>>().toEqualTypeOf<string | null | undefined>();
  });

  it('agree with the rules they wrap', () => {
    const pairs: [z.ZodType, (text: string) => unknown][] = [
      [emailField(), validateEmail],
      [newPasswordField(), (text) => validatePassword(text, { max: 20 })],
      [phoneField(), validatePhone],
      [nameField(), validateName],
      [addressField(), validateAddress],
      [postcodeField(), validatePostcode],
      [numericCodeField(), validateNumericCode],
      [fakeNameField(), validateFakeName],
    ];
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        for (const [field, rule] of pairs) {
          const issue = rule(text) as { code: string } | null;
          const result = field.safeParse(text);
          expect(result.success).toBe(issue === null);
          if (!result.success) expect(result.error.issues[0]?.message).toBe(issue?.code);
        }
      }),
    );
  });

  it('never throw, whatever arrives', () => {
    const fields: z.ZodType[] = [
      emailField(),
      passwordField(),
      newPasswordField(),
      phoneField(),
      loginField(),
      nameField(),
      addressField(),
      birthDateField(),
      sexField(),
      postcodeField(),
      numericCodeField(),
      twoFactorCodeField(),
      fakeNameField(),
      cardHolderField(),
      requiredCheckboxField(),
      ibanField(),
      sumField({ min: '1', max: '10' }),
      optional(emailField()),
      optional(sexField()),
    ];
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const field of fields) {
          const result = field.safeParse(value);
          if (!result.success) for (const issue of result.error.issues) expect(issue.message).toMatch(/\S/);
        }
      }),
    );
  });
});

describe('issueToMessage', () => {
  it('renders field issues in the locale, with params', () => {
    expect(issueToMessage(issueOf(newPasswordField(), 'my pass'), 'en')).toBe(
      'Characters not allowed: space',
    );
    expect(issueToMessage(issueOf(newPasswordField(), 'my pass'), 'fr')).toBe(
      'Caractères non autorisés\u00a0: espace',
    );
    expect(issueToMessage(issueOf(emailField(), ''), 'en')).toBe('Field is required');
    expect(issueToMessage(issueOf(twoFactorCodeField(), '1'), 'en')).toBe('The code must contain 6 digits');
    expect(issueToMessage(issueOf(sumField({ min: '10', max: '5000' }), '1'), 'en')).toBe(
      'Enter an amount from $10.00 to $5,000.00',
    );
  });

  it('renders rule issues and the codes the server sends in fields', () => {
    expect(issueToMessage({ code: 'minLength', params: { min: '4' } }, 'fr')).toBe(
      'Longueur minimale\u00a0: 4 caractères',
    );
    expect(issueToMessage('wrongEmailAddress', 'en')).toBe('Wrong email address');
    expect(issueToMessage('wrongPhoneFormat', 'fr')).toBe(VALIDATION_MESSAGES.fr.wrongPhoneFormat);
    expect(issueToMessage('smsCode', 'en')).toBe('Wrong confirmation code');
    expect(issueToMessage('unknown_field', 'en')).toBe('Wrong value');
  });

  it('maps plain zod issues to the nearest rule message', () => {
    const schema = z.object({ a: z.string().min(3).max(5), b: z.number().min(2), c: z.string() });
    const issues = schema.safeParse({ a: 'x', b: 1 }).error?.issues ?? [];
    expect(issues.map((issue) => issueToMessage(issue, 'en'))).toEqual([
      'Min length is 3',
      'Min value is 2',
      'Field is required',
    ]);
    const tooLong = z.string().max(5).safeParse('xxxxxxx').error?.issues[0];
    if (tooLong) expect(issueToMessage(tooLong, 'en')).toBe('Max length is 5');
  });

  it('lets operator overrides win', () => {
    expect(issueToMessage(issueOf(emailField(), 'x'), 'en', { email: 'Check your email' })).toBe(
      'Check your email',
    );
  });
});
