import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, moneyOutput } from '../params.ts';

export const WINNERS_PAGE_SIZE = 20;
export const WINNERS_MAX_PAGE_SIZE = 50;

export const gameWinner = z.object({
  game: z.object({ sysname: z.string(), name: z.string(), image_url: z.string() }),
  /** The winner's display name masked (`ma***n`); never an id, e-mail or full name. */
  player: z.string(),
  amount: moneyOutput,
  /** Win over bet (`x12.5`). */
  multiplier: z.string(),
  /** ISO 8601: when the round closed. */
  at: z.string(),
});
export type GameWinner = z.infer<typeof gameWinner>;

/** Latest big wins of real-money rounds (win ≥ 10× bet, else the largest recent wins). */
export const gamesGetWinners = defineMethod({
  name: 'games.getWinners',
  http: 'GET',
  access: 'guest',
  input: z.object({ count: countParam(WINNERS_PAGE_SIZE, WINNERS_MAX_PAGE_SIZE) }).strict(),
  output: z.object({ items: z.array(gameWinner) }),
});
