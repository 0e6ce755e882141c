import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listParam, moneyOutput } from '../params.ts';

/** Spec §9: freespins are fetched 99 at a time. */
export const FREESPINS_PAGE_SIZE = 99;

export const FREESPIN_STATUSES = ['active', 'used', 'expired', 'canceled'] as const;
export type FreespinStatus = (typeof FREESPIN_STATUSES)[number];

export const FREESPIN_FIELDS = [
  'id',
  'game',
  'remaining_count',
  'total_count',
  'bet',
  'status',
  'description',
  'expires_at',
] as const;

/** Spec §3 Freespin pack. `fields` is accepted (spec: `fields description`); every key is answered. */
export const freespinPack = z.object({
  id: z.number().int(),
  game: z.object({ sysname: z.string(), name: z.string() }),
  remaining_count: z.number().int().min(0),
  total_count: z.number().int().min(0),
  /** The stake of one free spin. */
  bet: moneyOutput,
  status: z.enum(FREESPIN_STATUSES),
  /** Localized. */
  description: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type FreespinPack = z.infer<typeof freespinPack>;

/** The player's freespin packs, newest first: `active` (default, not expired, spins left) or `all`. */
export const freespinsGet = defineMethod({
  name: 'freespins.get',
  http: 'GET',
  access: 'player',
  input: z
    .object({
      fields: listParam(z.enum(FREESPIN_FIELDS), FREESPIN_FIELDS.length).optional(),
      status: z.enum(['active', 'all']).default('active'),
      count: countParam(FREESPINS_PAGE_SIZE, FREESPINS_PAGE_SIZE),
    })
    .strict(),
  output: z.object({ items: z.array(freespinPack) }),
});
