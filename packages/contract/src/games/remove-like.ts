import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { gameSysname } from './common.ts';

/** Removes a favourite; idempotent. An unknown game: InvalidParameterException (sysname). */
export const gamesRemoveLike = defineMethod({
  name: 'games.removeLike',
  http: 'POST',
  access: 'player',
  input: z.object({ sysname: gameSysname }).strict(),
  output: okOutput,
});
