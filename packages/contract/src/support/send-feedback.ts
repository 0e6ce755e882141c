import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';

export const FEEDBACK_CATEGORIES = ['account', 'payments', 'games', 'bonuses', 'technical', 'other'] as const;
export const FEEDBACK_SUBJECT_MAX_CHARS = 200;
export const FEEDBACK_MESSAGE_MIN_CHARS = 10;
export const FEEDBACK_MESSAGE_MAX_CHARS = 5000;

/**
 * A message to support (spec §7 Support.sendFeedback), from a guest or a player. A guest gives the
 * email to answer; a player is answered at the account's email, so an email given by a player is
 * kept only as a contact hint.
 */
export const supportSendFeedback = defineMethod({
  name: 'Support.sendFeedback',
  http: 'POST',
  access: 'guest',
  input: z
    .object({
      category: z.enum(FEEDBACK_CATEGORIES),
      subject: z.string().trim().min(1).max(FEEDBACK_SUBJECT_MAX_CHARS),
      message: z.string().trim().min(FEEDBACK_MESSAGE_MIN_CHARS).max(FEEDBACK_MESSAGE_MAX_CHARS),
      email: z.email().max(320).optional(),
    })
    .strict(),
  output: okOutput,
});
