/** The game stage's element id and its frame, for the game page and for what talks to the frame. */

/** The element that goes fullscreen (the frame and its loading cover). */
export const GAME_STAGE_ID = 'game-stage';

/** The window inside the game stage's frame, or null when there is none. */
export function gameFrameWindow(): Window | null {
  return document.getElementById(GAME_STAGE_ID)?.querySelector('iframe')?.contentWindow ?? null;
}
