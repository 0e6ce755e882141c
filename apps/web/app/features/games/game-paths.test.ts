import { describe, expect, test } from 'vitest';
import {
  gameCanonicalPath,
  gameLaunchPath,
  gamePagePath,
  isGamePagePath,
  planGameLaunch,
  requestedGameMode,
} from './game-paths.ts';

describe('gameLaunchPath (the game path helper, spec §2)', () => {
  test('a catalogue game goes through /platform/game/{sysname}/play with mode and language', () => {
    expect(gameLaunchPath({ sysname: 'neon-reels' }, { mode: 'demo', locale: 'en' })).toBe(
      '/platform/game/neon-reels/play?mode=demo&lang=en',
    );
    expect(gameLaunchPath({ sysname: 'neon-reels', custom_code: null }, { mode: 'real', locale: 'fr' })).toBe(
      '/platform/game/neon-reels/play?mode=real&lang=fr',
    );
  });

  test('a custom game goes through /platform/game/custom/{code}/play', () => {
    expect(
      gameLaunchPath({ sysname: 'whatever', custom_code: 'summer-wheel' }, { mode: 'real', locale: 'en' }),
    ).toBe('/platform/game/custom/summer-wheel/play?mode=real&lang=en');
    // A blank code is no custom code.
    expect(gameLaunchPath({ sysname: 'x', custom_code: '  ' }, { mode: 'demo', locale: 'en' })).toBe(
      '/platform/game/x/play?mode=demo&lang=en',
    );
  });

  test('path segments are encoded', () => {
    expect(gameLaunchPath({ sysname: 'a/b?c' }, { mode: 'demo', locale: 'en' })).toBe(
      '/platform/game/a%2Fb%3Fc/play?mode=demo&lang=en',
    );
  });
});

describe('game page paths', () => {
  test('locale prefix, mode and hash', () => {
    expect(gamePagePath('neon-reels', 'en')).toBe('/game/neon-reels');
    expect(gamePagePath('neon-reels', 'fr', { mode: 'demo' })).toBe('/fr/game/neon-reels?mode=demo');
    expect(gamePagePath('neon-reels', 'en', { hash: 'real' })).toBe('/game/neon-reels#real');
  });

  test('isGamePagePath knows game pages in both languages only', () => {
    expect(isGamePagePath('/game/neon-reels')).toBe(true);
    expect(isGamePagePath('/fr/game/neon-reels')).toBe(true);
    expect(isGamePagePath('/fr/game/neon-reels.data')).toBe(true);
    expect(isGamePagePath('/gamehall')).toBe(false);
    expect(isGamePagePath('/game')).toBe(false);
    expect(isGamePagePath('/profile/game/x')).toBe(false);
  });

  test('the canonical path inserts a platform segment after the locale (spec §2)', () => {
    expect(gameCanonicalPath('/game/neon-reels')).toBe('/platform/game/neon-reels');
    expect(gameCanonicalPath('/fr/game/neon-reels')).toBe('/fr/platform/game/neon-reels');
    expect(gameCanonicalPath('/gamehall')).toBe('/gamehall');
    expect(gameCanonicalPath('/fr/providers')).toBe('/fr/providers');
  });
});

describe('requestedGameMode', () => {
  test('the query wins, then the hash', () => {
    expect(requestedGameMode({ search: '?mode=demo', hash: '#real' })).toBe('demo');
    expect(requestedGameMode({ search: '', hash: '#real' })).toBe('real');
    expect(requestedGameMode({ search: '', hash: '#REAL' })).toBe('real');
    expect(requestedGameMode({ search: '?mode=cheat', hash: '#x' })).toBeUndefined();
    expect(requestedGameMode({ search: '', hash: '' })).toBeUndefined();
  });
});

describe('planGameLaunch', () => {
  const base = {
    requested: undefined,
    isAuthenticated: false,
    hasDemo: true,
    canAccessSlotWithZeroBalance: false,
    hasFunds: false,
  };

  test('guests play demo; asking for real needs the registration popup (spec §2, §6)', () => {
    expect(planGameLaunch(base)).toEqual({ mode: 'demo', block: null });
    expect(planGameLaunch({ ...base, requested: 'demo' })).toEqual({ mode: 'demo', block: null });
    expect(planGameLaunch({ ...base, requested: 'real' })).toEqual({ mode: 'real', block: 'sign-up' });
    expect(planGameLaunch({ ...base, hasDemo: false })).toEqual({ mode: 'demo', block: 'no-demo' });
  });

  test('players play real by default and demo on request', () => {
    const player = { ...base, isAuthenticated: true, hasFunds: true };
    expect(planGameLaunch(player)).toEqual({ mode: 'real', block: null });
    expect(planGameLaunch({ ...player, requested: 'demo' })).toEqual({ mode: 'demo', block: null });
    // No demo: real it is.
    expect(planGameLaunch({ ...player, requested: 'demo', hasDemo: false })).toEqual({
      mode: 'real',
      block: null,
    });
  });

  test('the age gate comes before money: a birth date first, under age plays demo', () => {
    const player = { ...base, isAuthenticated: true, hasFunds: true };
    const unknown = { ...player, realMoneyBlock: 'birth_date_required' as const };
    expect(planGameLaunch(unknown)).toEqual({ mode: 'real', block: 'birth-date' });
    expect(planGameLaunch({ ...unknown, hasFunds: false })).toEqual({ mode: 'real', block: 'birth-date' });
    expect(planGameLaunch({ ...unknown, requested: 'demo' })).toEqual({ mode: 'demo', block: null });
    const minor = { ...player, realMoneyBlock: 'under_age' as const };
    expect(planGameLaunch(minor)).toEqual({ mode: 'demo', block: null });
    expect(planGameLaunch({ ...minor, requested: 'real' })).toEqual({ mode: 'real', block: 'under-age' });
    expect(planGameLaunch({ ...minor, hasDemo: false })).toEqual({ mode: 'real', block: 'under-age' });
    expect(planGameLaunch({ ...player, realMoneyBlock: null })).toEqual({ mode: 'real', block: null });
  });

  test('real play with an empty balance is refused unless the game allows it', () => {
    const broke = { ...base, isAuthenticated: true, hasFunds: false };
    expect(planGameLaunch(broke)).toEqual({ mode: 'real', block: 'deposit' });
    expect(planGameLaunch({ ...broke, requested: 'demo' })).toEqual({ mode: 'demo', block: null });
    expect(planGameLaunch({ ...broke, canAccessSlotWithZeroBalance: true })).toEqual({
      mode: 'real',
      block: null,
    });
  });
});
