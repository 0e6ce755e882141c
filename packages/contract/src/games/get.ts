import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, intParam, jsonTextParam, listOutput, listParam, offsetParam } from '../params.ts';
import {
  GAME_FIELDS,
  GAME_TYPES,
  GAMES_MAX_PAGE_SIZE,
  GAMES_PAGE_SIZE,
  game,
  gameSysname,
  gameTag,
} from './common.ts';
import { GAME_QUERY_MAX_CHARS } from './search.ts';

export const GAME_SORTS = ['priority', 'name', 'new'] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/**
 * `options` as JSON text: `{"id": 3, "type": "tournament"}` selects a tournament's games (none
 * exist yet: an empty list). Other keys are refused.
 */
export const gameListOptions = z
  .object({
    id: z.number().int().min(1).optional(),
    type: z.enum(['tournament']).optional(),
  })
  .strict();
export type GameListOptions = z.infer<typeof gameListOptions>;

/**
 * The hall's game list. Sort `priority` puts the highest priority first with order `asc` (spec
 * "sort priority, order asc"), `desc` reverses; `name` is A→Z with `asc`; `new` is newest first
 * with `asc`. `query` is accent- and case-insensitive over name, provider, tags and the en/fr
 * descriptions; every word must match (a word matches as a prefix).
 */
export const gamesGet = defineMethod({
  name: 'games.get',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(GAMES_PAGE_SIZE, GAMES_MAX_PAGE_SIZE),
      sort: z.enum(GAME_SORTS).default('priority'),
      order: z.enum(['asc', 'desc']).default('asc'),
      query: z.string().max(GAME_QUERY_MAX_CHARS).optional(),
      fields: listParam(z.enum(GAME_FIELDS), GAME_FIELDS.length).optional(),
      types: listParam(z.enum(GAME_TYPES), GAME_TYPES.length).optional(),
      tags: listParam(gameTag).optional(),
      providers: listParam(gameSysname).optional(),
      /** A category id (games.getCategories). */
      category: intParam().pipe(z.number().int().min(1).max(2_147_483_647)).optional(),
      sysnames: listParam(gameSysname, GAMES_MAX_PAGE_SIZE).optional(),
      options: jsonTextParam(gameListOptions, 1024).optional(),
    })
    .strict(),
  output: listOutput(game),
});
