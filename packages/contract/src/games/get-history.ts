import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, listOutput, moneyOutput, offsetParam } from '../params.ts';
import { gameRef, gameSysname } from './common.ts';

export const GAME_HISTORY_PAGE_SIZE = 20;
export const GAME_HISTORY_MAX_PAGE_SIZE = 100;

export const GAME_ROUND_STATUSES = ['open', 'closed', 'rolled_back'] as const;
export type GameRoundStatus = (typeof GAME_ROUND_STATUSES)[number];

/** One of the player's game rounds. */
export const gameRound = z.object({
  /** The provider's round id. */
  id: z.string(),
  game: gameRef,
  mode: z.enum(['real', 'demo']),
  bet: moneyOutput,
  win: moneyOutput,
  status: z.enum(GAME_ROUND_STATUSES),
  /** ISO 8601. */
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type GameRound = z.infer<typeof gameRound>;

/** The player's own rounds (real and demo), newest first; `sysname` narrows to one game. */
export const gamesGetHistory = defineMethod({
  name: 'games.getHistory',
  http: 'GET',
  access: 'player',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(GAME_HISTORY_PAGE_SIZE, GAME_HISTORY_MAX_PAGE_SIZE),
      sysname: gameSysname.optional(),
    })
    .strict(),
  output: listOutput(gameRound),
});
