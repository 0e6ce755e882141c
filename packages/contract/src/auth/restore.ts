import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { emailField, newPasswordField, optional, repeatPasswordField } from '../validation/fields.ts';
import { validateRepeatPassword } from '../validation/rules.ts';

/** The token of a reset link: 256 random bits, base64url. */
export const RESTORE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Password recovery in two calls. With `email`: sends a reset link there if an account has it (the
 * answer is 1 either way, so nobody learns whether an account exists). With `token` (from the link),
 * `password` and `repeat_password`: sets the new password and ends every session of the account.
 */
export const authRestore = defineMethod({
  name: 'auth.restore',
  http: 'POST',
  access: 'guest',
  input: z
    .object({
      email: optional(emailField()),
      token: z.string().regex(RESTORE_TOKEN_PATTERN, 'invalid_format').optional(),
      password: optional(newPasswordField()),
      repeat_password: optional(repeatPasswordField()),
    })
    .strict()
    .transform((data, ctx) => {
      if (data.token !== undefined) {
        if (data.password === undefined) {
          ctx.addIssue({ code: 'custom', message: 'required', path: ['password'] });
          return z.NEVER;
        }
        const repeat = validateRepeatPassword(data.repeat_password, data.password);
        if (repeat) {
          ctx.addIssue({ code: 'custom', message: repeat.code, path: ['repeat_password'] });
          return z.NEVER;
        }
        return { kind: 'complete' as const, token: data.token, password: data.password };
      }
      if (data.email === undefined) {
        ctx.addIssue({ code: 'custom', message: 'required', path: ['email'] });
        return z.NEVER;
      }
      return { kind: 'request' as const, email: data.email };
    }),
  output: okOutput,
});
