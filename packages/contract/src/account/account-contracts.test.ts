import { describe, expect, it } from 'vitest';
import { accountAddContact } from './add-contact.ts';
import { accountChangePassword } from './change-password.ts';
import { accountChangeSubscription } from './change-subscription.ts';
import { accountSaveProfileInfo } from './save-profile-info.ts';

function fields(result: { error?: { issues: { path: PropertyKey[]; message: string; code: string }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [
      String(issue.path[0] ?? '_'),
      issue.code === 'custom' ? issue.message : issue.code,
    ]),
  );
}

describe('account contracts', () => {
  it('adds an email, or a phone when a country is given', () => {
    expect(accountAddContact.input.parse({ contact: 'A@B.com' })).toEqual({
      type: 'email',
      contact: 'A@B.com',
      phoneCountryCode: null,
    });
    expect(accountAddContact.input.parse({ contact: '06 12 34 56 78', phone_country_code: 'fr' })).toEqual({
      type: 'phone',
      contact: '0612345678',
      phoneCountryCode: 'FR',
    });
    expect(fields(accountAddContact.input.safeParse({ contact: '0612', phone_country_code: 'FR' }))).toEqual({
      contact: 'phoneFormat',
    });
    expect(fields(accountAddContact.input.safeParse({}))).toEqual({ contact: 'required' });
  });

  it('reads subscription as 1 or 0', () => {
    expect(accountChangeSubscription.input.parse({ contact: 'a@b.com', subscription: '1' })).toEqual({
      contact: 'a@b.com',
      subscribed: true,
    });
    expect(accountChangeSubscription.input.parse({ contact: 'a@b.com', subscription: '0' }).subscribed).toBe(
      false,
    );
    expect(
      accountChangeSubscription.input.safeParse({ contact: 'a@b.com', subscription: 'yes' }).success,
    ).toBe(false);
  });

  it('checks the new password and its repeat', () => {
    expect(
      fields(
        accountChangePassword.input.safeParse({ new_password: 'Secret-1', repeat_password: 'Secret-2' }),
      ),
    ).toEqual({ repeat_password: 'passwordsNotEqual' });
    expect(
      fields(
        accountChangePassword.input.safeParse({
          new_password: 'x'.repeat(21),
          repeat_password: 'x'.repeat(21),
        }),
      ),
    ).toMatchObject({ new_password: 'maxLength' });
  });

  it('keeps blank profile fields out of the save', () => {
    expect(accountSaveProfileInfo.input.parse({ first_name: '', birth_date: '01.02.1990', sex: 2 })).toEqual({
      first_name: undefined,
      birth_date: '1990-02-01',
      sex: 2,
    });
  });
});
