import { issueToMessage } from '@croupier/contract/validation/fields';
import { describe, expect, test } from 'vitest';
import { validatorOverrides } from './form-settings.tsx';
import { localizeIssues } from './localized-schema.ts';
import { passwordSchema } from './password-form.tsx';

describe('validatorOverrides', () => {
  test('keeps the operator messages of known rule codes only, and no blank ones', () => {
    expect(
      validatorOverrides({ required: 'Please fill this in', fakename: 'old key', sex: '  ', bogus: 'x' }),
    ).toEqual({ required: 'Please fill this in' });
  });
});

describe('localizeIssues with the shared password rules', () => {
  const messagesOf = (values: Record<string, string>, locale: 'en' | 'fr' = 'en') => {
    const schema = localizeIssues(passwordSchema(true), (issue) => issueToMessage(issue, locale));
    const parsed = schema.safeParse(values);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  test('offending characters are listed, a space by name, in the page language', () => {
    const values = { old_password: 'Secret-1', new_password: 'new pass é1', repeat_password: 'x' };
    expect(messagesOf(values).new_password).toBe('Characters not allowed: space, é');
    expect(messagesOf(values, 'fr').new_password).toBe('Caractères non autorisés\u00a0: espace, é');
  });

  test('the repeat must match; the current password is required when the player has one', () => {
    expect(messagesOf({ old_password: '', new_password: 'Secret-2', repeat_password: 'Secret-3' })).toEqual({
      old_password: 'Field is required',
    });
    expect(
      messagesOf({ old_password: 'Secret-1', new_password: 'Secret-2', repeat_password: 'Secret-3' }),
    ).toEqual({ repeat_password: 'Passwords are not equal' });
    const optionalCurrent = passwordSchema(false).safeParse({
      old_password: '',
      new_password: 'Secret-2',
      repeat_password: 'Secret-2',
    });
    expect(optionalCurrent.success).toBe(true);
  });
});
