import { z } from 'zod';
import { accountInfo } from '../account/common.ts';
import { defineMethod } from '../method.ts';
import { loginField, optional, passwordField, twoFactorCodeField } from '../validation/fields.ts';

/**
 * Signs in with login (email or phone; a leading `+` is dropped) and password. With two-factor on,
 * the first call answers AuthorizationException `two_factor_required` with `data.resend_time`, and
 * the same call repeated with `code` completes the sign-in.
 */
export const authLogin = defineMethod({
  name: 'auth.login',
  http: 'POST',
  access: 'guest',
  input: z
    .object({
      login: loginField('emailOrPhone'),
      password: passwordField(),
      code: optional(twoFactorCodeField()),
    })
    .strict(),
  output: accountInfo,
});
