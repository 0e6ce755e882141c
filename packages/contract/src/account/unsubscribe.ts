import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';

/** The signed token of a one-click unsubscribe link (`/unsubscribe?token=…` in a mail footer). */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,600}\.[A-Za-z0-9_-]{43}$/;

/**
 * One-click unsubscribe from a mail footer: no session needed, the token is the proof. Allowed for
 * blocked players too: leaving a mailing list must always work.
 */
export const accountUnsubscribe = defineMethod({
  name: 'account.unsubscribe',
  http: 'POST',
  access: 'guest',
  allowBlocked: true,
  input: z.object({ token: z.string().regex(UNSUBSCRIBE_TOKEN_PATTERN, 'invalid_format') }).strict(),
  output: okOutput,
});
