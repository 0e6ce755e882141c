/**
 * The events that count as the player's first interaction with a page (the notices and the
 * loyalty notices wait for one before they sound). Its own module so the loyalty notices, on every
 * page, do not bring the notices menu with them (issue #17).
 */
export const FIRST_INTERACTION_EVENTS = ['click', 'dblclick', 'touchstart', 'touchmove', 'touchend'] as const;
