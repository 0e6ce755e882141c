import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { contactOutput } from './common.ts';

/** Profile data of spec §3; `cpf` is the document number of the player's cpf document. */
export const profileFields = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** 0 not chosen, 1, 2. */
  sex: z.number().int().min(0).max(2),
  /** ISO `yyyy-mm-dd`. */
  birth_date: z.string().nullable(),
  cpf: z.string().nullable(),
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  region: z.string().nullable(),
  home_town: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
});
export type ProfileFields = z.infer<typeof profileFields>;

export const profileInfo = z.object({
  fields: profileFields,
  contacts: z.array(contactOutput),
  /** Only a document of type cpf is read (spec §3). */
  document: z.object({ type: z.literal('cpf'), number: z.string() }).nullable(),
});
export type ProfileInfo = z.infer<typeof profileInfo>;

export const accountGetProfileInfo = defineMethod({
  name: 'account.getprofileinfo',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: profileInfo,
});
