/**
 * Request bodies of the back-office auth backend. Strict: unknown keys are refused, so a client
 * that sends `role` or `confirmed` to registration learns it was not taken.
 */
import { z } from 'zod';
import { ROW_ID } from '../../lib/row-id.ts';
import { BACKOFFICE_ROLES } from './backoffice.roles.ts';

/** Back-office passwords guard the site's content and the cashier's approvals: longer than players'. */
export const BACKOFFICE_PASSWORD_MIN_CHARS = 8;
export const BACKOFFICE_PASSWORD_MAX_CHARS = 128;

const email = z.string().trim().toLowerCase().max(254, 'too_long').pipe(z.email('invalid_format'));
const newPassword = z
  .string()
  .min(BACKOFFICE_PASSWORD_MIN_CHARS, 'too_short')
  .max(BACKOFFICE_PASSWORD_MAX_CHARS, 'too_long');
// Any stored password is at most this long, so a longer one cannot match and is not worth hashing.
const anyPassword = z.string().min(1, 'required').max(BACKOFFICE_PASSWORD_MAX_CHARS, 'too_long');
/** Codes are 32 random bytes in base64url (43 characters). */
export const oneTimeCode = z
  .string()
  .min(20, 'invalid_format')
  .max(128, 'invalid_format')
  .regex(/^[A-Za-z0-9_-]+$/, 'invalid_format');

function confirmed<T extends { password: string; passwordConfirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.passwordConfirmation) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'mismatch' });
  }
}

/** A 6-digit authenticator code. */
export const mfaCode = z.string().regex(/^[0-9]{6}$/, 'invalid_format');

export const loginBody = z.strictObject({
  identifier: z.string().trim().min(1, 'required').max(254, 'too_long'),
  password: anyPassword,
  /** Required once the staff member has two-factor on. */
  code: mfaCode.optional(),
});

export const registerBody = z.strictObject({
  // No `@`, so an identifier is never both someone's username and someone else's email.
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,32}$/, 'invalid_format'),
  email,
  password: newPassword,
});

/** An admin adds a staff member with a role: no password (they choose it at the setup link). */
export const inviteBody = z.strictObject({
  email,
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,32}$/, 'invalid_format')
    .optional(),
  role: z.enum(BACKOFFICE_ROLES),
});

export const forgotPasswordBody = z.strictObject({ email });

export const resetPasswordBody = z
  .strictObject({ code: oneTimeCode, password: newPassword, passwordConfirmation: z.string().max(256) })
  .superRefine(confirmed);

export const listUsersQuery = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const auditLogQuery = z.object({
  staff_id: z.string().regex(ROW_ID, 'invalid_format').optional(),
  action: z
    .string()
    .regex(/^[a-z_]{1,32}\.[a-z_]{1,48}$/, 'invalid_format')
    .optional(),
  target_type: z
    .string()
    .regex(/^[a-z_]{1,32}$/, 'invalid_format')
    .optional(),
  target_id: z.string().min(1).max(64).optional(),
  outcome: z.enum(['done', 'refused', 'failed']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const roleBody = z.strictObject({ role: z.enum(BACKOFFICE_ROLES).nullable() });
export const mfaEnableBody = z.strictObject({ code: mfaCode });
export const userIdParams = z.object({ id: z.string().regex(ROW_ID, 'invalid_format') });

export const changePasswordBody = z
  .strictObject({
    currentPassword: anyPassword,
    password: newPassword,
    passwordConfirmation: z.string().max(256),
  })
  .superRefine(confirmed);

export const sendEmailConfirmationBody = z.strictObject({ email });

export const confirmationQuery = z.object({ confirmation: oneTimeCode });
export const accessTokenQuery = z.object({ access_token: oneTimeCode });
