import { describe, expect, it } from 'vitest';
import { gameLangOf, isRgsPagePath } from './rgs-paths.ts';

describe('game page paths', () => {
  it('recognises the game server pages (and their data requests), nothing else', () => {
    expect(isRgsPagePath('/rgs/play/neon-reels')).toBe(true);
    expect(isRgsPagePath('/rgs/play/neon-reels.data')).toBe(true);
    expect(isRgsPagePath('/rgs/playground')).toBe(false);
    expect(isRgsPagePath('/fr/rgs/play/neon-reels')).toBe(false);
    expect(isRgsPagePath('/game/neon-reels')).toBe(false);
    expect(isRgsPagePath('/')).toBe(false);
  });

  it('takes the language from ?lang=, English otherwise', () => {
    expect(gameLangOf(new URLSearchParams('lang=fr'))).toBe('fr');
    expect(gameLangOf(new URLSearchParams('lang=FR'))).toBe('fr');
    expect(gameLangOf(new URLSearchParams('lang=de'))).toBe('en');
    expect(gameLangOf(new URLSearchParams(''))).toBe('en');
  });
});
