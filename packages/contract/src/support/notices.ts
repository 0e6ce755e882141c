import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { intParam, okOutput } from '../params.ts';

/** Kinds of notice; the web words each one (support namespace, `notices.kinds.<kind>`). */
export const NOTICE_KINDS = [
  'feedback_received',
  // Identity verification (ADR 026): how a review ended.
  'kyc_verified',
  'kyc_retry',
  'kyc_rejected',
  // Responsible gaming (ADR 029): a waiting limit increase or removal took effect; exclusions.
  'limit_change_applied',
  'timeout_started',
  'self_exclusion_started',
  'exclusion_ended',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICES_PAGE = 20;

export const notice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notice = z.infer<typeof notice>;

/** The player's latest notices and how many are unread (the header's notifications menu). */
export const noticesGet = defineMethod({
  name: 'notices.get',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: z.object({ items: z.array(notice), unread: z.number().int().min(0) }),
});

/** Marks the player's own notices read (ids of other players' notices change nothing). */
export const noticesMarkRead = defineMethod({
  name: 'notices.markRead',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      // `1,2` as text or a JSON array of numbers.
      ids: z.preprocess(
        (value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value),
        z
          .array(intParam().pipe(z.number().int().min(1)))
          .min(1)
          .max(NOTICES_PAGE),
      ),
    })
    .strict(),
  output: okOutput,
});
