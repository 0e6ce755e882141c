/**
 * Tells the session runtime (session-runtime.tsx, on every page) that the settings card
 * (rg-session-settings.tsx, on the responsible-gaming page) saved a change. Its own module so the
 * runtime does not bring the card, and the card's schemas, to every page.
 */
export const RG_SESSION_CHANGED_EVENT = 'croupier:rg-session-changed';
