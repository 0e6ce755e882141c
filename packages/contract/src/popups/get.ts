import { z } from 'zod';
import { defineMethod } from '../method.ts';

/** A campaign popup, localized. */
export const popupOutput = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  content: z.string(),
  /** The offer it promotes, if any. */
  offer_id: z.number().int().nullable(),
  /** ISO time; null: no end. */
  ends_at: z.string().nullable(),
});
export type PopupOutput = z.infer<typeof popupOutput>;

/**
 * The campaign popups the player should see now, in queue order (after the unseen-cashback popup).
 * `popup` names one (the `popup` query, `#popup-preview`): that one only, if it is live.
 */
export const popupsGet = defineMethod({
  name: 'popups.get',
  http: 'GET',
  access: 'player',
  input: z
    .object({
      popup: z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/)
        .optional(),
    })
    .strict(),
  output: z.object({ items: z.array(popupOutput) }),
});
