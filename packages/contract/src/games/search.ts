/**
 * The game search's limits, apart from the `games.get` schema so the header's search field, on
 * every page, does not load zod (issue #17).
 */
export const GAME_QUERY_MAX_CHARS = 100;
