/**
 * What the hall's pages need of a `games.get` item (spec §3 Game). `games.get` answers partial
 * items when asked for `fields`; these shapes are complete, with safe defaults, so components
 * never guess.
 */
import type { Game } from '@croupier/contract/games/common';

export interface HallGame {
  sysname: string;
  name: string;
  provider: { sysname: string; name: string };
  /** The 288×192 tile art (`description.img_288_192`, else `image_url`); '' when there is none. */
  image: string;
  type: string;
  hasDemo: boolean;
  /** `canVisibleFavoriteIcon`: the heart may show (for players). */
  canFavourite: boolean;
  rtp: string | null;
  tags: string[];
}

/** The game page also needs how to launch and frame it. */
export interface PlayableGame extends HallGame {
  customCode: string | null;
  description: string;
  canAccessSlotWithZeroBalance: boolean;
  visibleFullScreen: boolean;
  contentViewType: string;
}

export function toHallGame(game: Game): HallGame {
  return {
    sysname: game.sysname,
    name: game.name ?? game.sysname,
    provider: game.provider ?? { sysname: '', name: '' },
    image: game.description?.img_288_192 || game.image_url || '',
    type: game.type ?? 'slot',
    hasDemo: game.has_demo ?? true,
    canFavourite: game.canVisibleFavoriteIcon ?? false,
    rtp: game.rtp ?? null,
    tags: game.tags ?? [],
  };
}

export function toPlayableGame(game: Game): PlayableGame {
  return {
    ...toHallGame(game),
    customCode: game.custom_code ?? null,
    description: game.description?.name ?? '',
    canAccessSlotWithZeroBalance: game.canAccessSlotWithZeroBalance ?? false,
    visibleFullScreen: game.visibleFullScreen ?? true,
    contentViewType: game.contentViewType ?? 'iframe',
  };
}
