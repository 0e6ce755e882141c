import { z } from 'zod';
import { defineMethod } from '../method.ts';

export const gameCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** Localized to the request's language. */
  name: z.string(),
  icon: z.string().nullable(),
  /** Active games in the category. */
  games_count: z.number().int().min(0),
});
export type GameCategory = z.infer<typeof gameCategory>;

/** The hall's categories in display order (only those holding active games). */
export const gamesGetCategories = defineMethod({
  name: 'games.getCategories',
  http: 'GET',
  access: 'guest',
  input: z.object({}).strict(),
  output: z.object({ items: z.array(gameCategory) }),
});
