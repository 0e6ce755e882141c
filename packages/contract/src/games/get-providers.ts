import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { listParam } from '../params.ts';
import { GAME_TYPES } from './common.ts';

export const PROVIDER_FIELDS = ['sysname', 'name', 'logo_url', 'games_count', 'game_params'] as const;

export const gameProvider = z.object({
  sysname: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  /** Active games (of the asked types, when `types` is given). */
  games_count: z.number().int().min(0),
  /** Spec §3 Provider.game_params: only when `fields` includes it. */
  game_params: z.record(z.string(), z.unknown()).optional(),
});
export type GameProvider = z.infer<typeof gameProvider>;

/**
 * Studios with active games (of `types` when given), in display order. Without `fields` every key
 * but game_params is answered; `fields` may add `game_params` (sysname, name, logo_url and
 * games_count are always answered).
 */
export const gamesGetProviders = defineMethod({
  name: 'games.getProviders',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      fields: listParam(z.enum(PROVIDER_FIELDS), PROVIDER_FIELDS.length).optional(),
      types: listParam(z.enum(GAME_TYPES), GAME_TYPES.length).optional(),
    })
    .strict(),
  output: z.object({ items: z.array(gameProvider) }),
});
