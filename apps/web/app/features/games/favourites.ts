/**
 * Favourites (spec §3 favoriteList, §4 "favourite toggle adds or removes the like then reloads the
 * list", §6 players only). The list is the player's liked sysnames; a toggle shows the new state
 * at once (pending), calls `games.addLike` / `games.removeLike`, then reloads the list with
 * `games.getLikes`, which becomes the truth. A failed call puts the heart back.
 */
import type { ApiClient } from '@croupier/contract/client';

export interface FavouritesState {
  /** The list as the server last answered it. */
  liked: readonly string[];
  /** Toggles under way: sysname → the state the player asked for. */
  pending: Readonly<Record<string, boolean>>;
}

export type FavouritesAction =
  | { type: 'reset'; liked: readonly string[] }
  | { type: 'start'; sysname: string; like: boolean }
  | { type: 'done'; sysname: string; liked: readonly string[] }
  | { type: 'failed'; sysname: string };

export function initialFavourites(liked: readonly string[]): FavouritesState {
  return { liked, pending: {} };
}

function withoutPending(pending: FavouritesState['pending'], sysname: string): FavouritesState['pending'] {
  const { [sysname]: _dropped, ...rest } = pending;
  return rest;
}

export function favouritesReducer(state: FavouritesState, action: FavouritesAction): FavouritesState {
  switch (action.type) {
    case 'reset':
      return { liked: action.liked, pending: state.pending };
    case 'start':
      return { ...state, pending: { ...state.pending, [action.sysname]: action.like } };
    case 'done':
      return { liked: action.liked, pending: withoutPending(state.pending, action.sysname) };
    case 'failed':
      return { ...state, pending: withoutPending(state.pending, action.sysname) };
  }
}

/** Whether the heart shows filled: the asked-for state while a toggle runs, else the list. */
export function isLiked(state: FavouritesState, sysname: string): boolean {
  const pending = state.pending[sysname];
  return pending ?? state.liked.includes(sysname);
}

export function isPending(state: FavouritesState, sysname: string): boolean {
  return sysname in state.pending;
}

/** Adds or removes the like, then reloads the list (spec §4); returns the reloaded list. */
export async function toggleFavourite(
  api: Pick<ApiClient, 'call'>,
  sysname: string,
  like: boolean,
): Promise<string[]> {
  if (like) await api.call('games.addLike', { sysname });
  else await api.call('games.removeLike', { sysname });
  const { sysnames } = await api.call('games.getLikes');
  return sysnames;
}
