import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listOutput, listParam, offsetParam } from '../params.ts';

export const BANNER_FIELDS = ['id', 'finished_at', 'description'] as const;

export const bannerPosition = z.enum(['home_hero', 'home_strip', 'auth', 'menu', 'cashier']);

/** Banner of spec §3: id, finished_at, description with position (localised to the request). */
export const banner = z.object({
  id: z.number().int().optional(),
  finished_at: z.string().nullable().optional(),
  description: z
    .object({
      position: bannerPosition,
      title: z.string(),
      text: z.string(),
      image: z.string(),
      image_mobile: z.string().nullable(),
      button_text: z.string().nullable(),
      link: z.string().nullable(),
      priority: z.number().int(),
    })
    .optional(),
});
export type Banner = z.infer<typeof banner>;

export const bannersGet = defineMethod({
  name: 'banners.get',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(10),
      fields: listParam(z.enum(BANNER_FIELDS)).optional(),
      position: bannerPosition.optional(),
    })
    .strict(),
  output: listOutput(banner),
});
