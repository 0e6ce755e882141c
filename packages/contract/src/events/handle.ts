import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { jsonTextParam, okOutput } from '../params.ts';

/** A client analytics event; recorded append-only, never read back by the player. */
export const eventsHandle = defineMethod({
  name: 'events.handle',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      event_name: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'invalid_event_name'),
      event_params: jsonTextParam(
        z.record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean(), z.null()])),
        2048,
      ).optional(),
    })
    .strict(),
  output: okOutput,
});
