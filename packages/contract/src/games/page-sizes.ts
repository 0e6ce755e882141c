/**
 * The list constants of spec §9, apart from the schemas in common.ts so that a page needing only a
 * number (the hall's "show more") does not ship the schema library with it.
 */

/** Spec §9: the hall shows 18 games a page; no page is larger than 300. */
export const GAMES_PAGE_SIZE = 18;
export const GAMES_MAX_PAGE_SIZE = 300;
/** Spec §9: a tournament's games page holds 12. */
export const TOURNAMENT_GAMES_PAGE_SIZE = 12;
