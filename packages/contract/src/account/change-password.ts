import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import {
  newPasswordField,
  optional,
  passwordField,
  repeatPasswordField,
  withRepeatPassword,
} from '../validation/fields.ts';

/**
 * Changes the password: every other session ends and this one gets a fresh id. `old_password` is
 * required when the player has a password (a social or messenger player may not have one yet).
 */
export const accountChangePassword = defineMethod({
  name: 'account.changepassword',
  http: 'POST',
  access: 'player',
  input: withRepeatPassword(
    z
      .object({
        old_password: optional(passwordField()),
        new_password: newPasswordField(),
        repeat_password: repeatPasswordField(),
      })
      .strict(),
    'new_password',
    'repeat_password',
  ),
  output: okOutput,
});
