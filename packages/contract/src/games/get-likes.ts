import { z } from 'zod';
import { defineMethod } from '../method.ts';

/** The player's favourites (spec §3 favoriteList): game sysnames, most recently liked first. */
export const gamesGetLikes = defineMethod({
  name: 'games.getLikes',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: z.object({ sysnames: z.array(z.string()) }),
});
