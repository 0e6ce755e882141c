import { ApiError } from '@croupier/contract/errors';
import { describe, expect, test } from 'vitest';
import { favouritesReducer, initialFavourites, isLiked, isPending, toggleFavourite } from './favourites.ts';

/** A fake API holding a server-side list, recording the calls in order. */
function fakeApi(initial: string[], options: { failOn?: string } = {}) {
  let liked = [...initial];
  const calls: string[] = [];
  const api = {
    async call(name: string, input?: { sysname?: string }) {
      calls.push(input?.sysname ? `${name}:${input.sysname}` : name);
      if (name === options.failOn) {
        throw new ApiError(
          { type: 'InvalidParameterException', code: 'invalid', message: 'Unknown game' },
          422,
        );
      }
      if (name === 'games.addLike' && input?.sysname && !liked.includes(input.sysname)) {
        liked = [input.sysname, ...liked];
      }
      if (name === 'games.removeLike') liked = liked.filter((sysname) => sysname !== input?.sysname);
      if (name === 'games.getLikes') return { sysnames: [...liked] };
      return 1;
    },
  };
  return { api: api as never, calls };
}

describe('toggleFavourite (spec §4: adds or removes the like, then reloads the list)', () => {
  test('a like then the reload, whose answer is returned', async () => {
    const { api, calls } = fakeApi(['dice-duel']);
    expect(await toggleFavourite(api, 'neon-reels', true)).toEqual(['neon-reels', 'dice-duel']);
    expect(calls).toEqual(['games.addLike:neon-reels', 'games.getLikes']);
  });

  test('an unlike then the reload', async () => {
    const { api, calls } = fakeApi(['neon-reels', 'dice-duel']);
    expect(await toggleFavourite(api, 'neon-reels', false)).toEqual(['dice-duel']);
    expect(calls).toEqual(['games.removeLike:neon-reels', 'games.getLikes']);
  });

  test('a refused call is not followed by a reload and surfaces', async () => {
    const { api, calls } = fakeApi([], { failOn: 'games.addLike' });
    await expect(toggleFavourite(api, 'nope', true)).rejects.toThrow('Unknown game');
    expect(calls).toEqual(['games.addLike:nope']);
  });
});

describe('favouritesReducer', () => {
  test('the heart shows the asked-for state while the call runs, then the reloaded list', () => {
    let state = initialFavourites(['dice-duel']);
    expect(isLiked(state, 'neon-reels')).toBe(false);
    state = favouritesReducer(state, { type: 'start', sysname: 'neon-reels', like: true });
    expect(isLiked(state, 'neon-reels')).toBe(true);
    expect(isPending(state, 'neon-reels')).toBe(true);
    state = favouritesReducer(state, {
      type: 'done',
      sysname: 'neon-reels',
      liked: ['neon-reels', 'dice-duel'],
    });
    expect(isLiked(state, 'neon-reels')).toBe(true);
    expect(isPending(state, 'neon-reels')).toBe(false);
  });

  test('the server list is the truth after the reload, even if it differs from the request', () => {
    let state = favouritesReducer(initialFavourites([]), { type: 'start', sysname: 'a', like: true });
    state = favouritesReducer(state, { type: 'done', sysname: 'a', liked: [] });
    expect(isLiked(state, 'a')).toBe(false);
  });

  test('a failure puts the heart back', () => {
    let state = initialFavourites(['a']);
    state = favouritesReducer(state, { type: 'start', sysname: 'a', like: false });
    expect(isLiked(state, 'a')).toBe(false);
    state = favouritesReducer(state, { type: 'failed', sysname: 'a' });
    expect(isLiked(state, 'a')).toBe(true);
    expect(isPending(state, 'a')).toBe(false);
  });

  test('a revalidated list replaces the held one and keeps toggles under way', () => {
    let state = favouritesReducer(initialFavourites(['a']), { type: 'start', sysname: 'b', like: true });
    state = favouritesReducer(state, { type: 'reset', liked: ['c'] });
    expect(isLiked(state, 'a')).toBe(false);
    expect(isLiked(state, 'c')).toBe(true);
    expect(isLiked(state, 'b')).toBe(true);
  });
});
