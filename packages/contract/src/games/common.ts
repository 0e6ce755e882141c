/**
 * Schemas shared by the games.* contracts: the Game of spec §3 as games.get answers it, the hall's
 * game types and the list constants of spec §9.
 */
import { z } from 'zod';

export { GAMES_MAX_PAGE_SIZE, GAMES_PAGE_SIZE, TOURNAMENT_GAMES_PAGE_SIZE } from './page-sizes.ts';

export const GAME_TYPES = ['slot', 'live', 'casino', 'fast'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const gameType = z.enum(GAME_TYPES);

/** A game's or provider's system name (`neon-reels`, `croupier-originals`). */
export const gameSysname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'invalid_format');

/** A tag (`popular`, `fruit`). */
export const gameTag = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'invalid_format');

/** Spec §3 Game, every field. */
export const gameFull = z.object({
  id: z.number().int(),
  sysname: z.string(),
  name: z.string(),
  type: gameType,
  provider: z.object({ sysname: z.string(), name: z.string() }),
  image_url: z.string(),
  description: z.object({
    /** The localized description text. */
    name: z.string(),
    /** Image url (288×192 art). */
    img_288_192: z.string(),
  }),
  tags: z.array(z.string()),
  /** Ids of the categories (games.getCategories) the game is in. */
  categories: z.array(z.number().int()),
  /** Declared RTP in percent, 2 decimals ("96.12"), from the game's exact maths. */
  rtp: z.string().nullable(),
  has_demo: z.boolean(),
  /** Set for a custom game: launched at /platform/game/custom/{code}/play. */
  custom_code: z.string().nullable(),
  canAccessSlotWithZeroBalance: z.boolean(),
  canVisibleFavoriteIcon: z.boolean(),
  visibleFullScreen: z.boolean(),
  /** How the game page embeds the game (`iframe`). */
  contentViewType: z.string(),
});
export type GameFull = z.infer<typeof gameFull>;

export const GAME_FIELDS = [
  'id',
  'sysname',
  'name',
  'type',
  'provider',
  'image_url',
  'description',
  'tags',
  'categories',
  'rtp',
  'has_demo',
  'custom_code',
  'canAccessSlotWithZeroBalance',
  'canVisibleFavoriteIcon',
  'visibleFullScreen',
  'contentViewType',
] as const satisfies readonly (keyof GameFull)[];
export type GameField = (typeof GAME_FIELDS)[number];

/**
 * One item of games.get: without `fields` every key is present; with `fields` only those (and
 * `sysname`, always). Hence every key but sysname is optional in the type.
 */
export const game = gameFull.partial().required({ sysname: true });
export type Game = z.infer<typeof game>;

/** A short game reference (history, winners, freespins). */
export const gameRef = z.object({ sysname: z.string(), name: z.string() });
export type GameRef = z.infer<typeof gameRef>;
