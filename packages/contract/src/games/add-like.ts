import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { gameSysname } from './common.ts';

/** Adds a favourite; idempotent. An unknown or inactive game: InvalidParameterException (sysname). */
export const gamesAddLike = defineMethod({
  name: 'games.addLike',
  http: 'POST',
  access: 'player',
  input: z.object({ sysname: gameSysname }).strict(),
  output: okOutput,
});
