/**
 * The game page's fullscreen button (spec §3 Game.visibleFullScreen, §4 "fullscreen visibility:
 * all, telegram, product, none"): the site setting says where the button may appear — everywhere,
 * only inside the messenger mini-app, only in the regular product (outside the mini-app), or
 * nowhere — and each game may hide it. A browser without the Fullscreen API never shows it.
 */
import type { SiteConfig } from '@croupier/contract/content/cms-config';

export type FullscreenVisibility = SiteConfig['fullscreenVisibility'];

export const DEFAULT_FULLSCREEN_VISIBILITY: FullscreenVisibility = 'all';

export interface FullscreenContext {
  setting: FullscreenVisibility;
  /** The game's `visibleFullScreen`. */
  gameAllows: boolean;
  /** The page runs inside the messenger mini-app. */
  inTelegram: boolean;
  /** `document.fullscreenEnabled` (false on the server and on browsers without the API). */
  supported: boolean;
}

export function isFullscreenButtonVisible(context: FullscreenContext): boolean {
  if (!context.gameAllows || !context.supported) return false;
  switch (context.setting) {
    case 'all':
      return true;
    case 'telegram':
      return context.inTelegram;
    case 'product':
      return !context.inTelegram;
    case 'none':
      return false;
  }
}
