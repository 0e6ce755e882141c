import { GAME_NAMES } from '@croupier/games/engine';
import { describe, expect, it } from 'vitest';
import { GAME_CODES } from '../rgs/game-codes.ts';
import { ART_HEIGHT, ART_WIDTH, gameArtSvg, gameArtUrl } from './games.art.ts';
import { CATALOGUE_CATEGORIES, CATALOGUE_GAMES, CATALOGUE_PROVIDERS } from './games.catalogue.ts';
import { isRelativePath, slotErrorPath } from './games.launch.ts';
import { declaredRtp, declaredVariant, rtpPercent } from './games.rtp.ts';
import { formatMultiplier, maskName } from './games.service.ts';

describe('seeded catalogue', () => {
  it('matches the game server codes: engine, theme, name, studio and hall type', () => {
    expect(CATALOGUE_GAMES.map((g) => g.sysname).sort()).toEqual(GAME_CODES.map((c) => c.code).sort());
    for (const code of GAME_CODES) {
      const game = CATALOGUE_GAMES.find((g) => g.sysname === code.code);
      expect(game).toMatchObject({
        engine: code.engine,
        theme: code.theme,
        name: code.name,
        provider: code.studio.sysname,
        type: code.hallType,
      });
      expect(CATALOGUE_PROVIDERS.find((p) => p.sysname === code.studio.sysname)?.name).toBe(code.studio.name);
    }
  });

  it('refers only to known categories and has every text in English and French', () => {
    const slugs = new Set(CATALOGUE_CATEGORIES.map((c) => c.slug));
    for (const game of CATALOGUE_GAMES) {
      for (const slug of game.categories) expect(slugs.has(slug)).toBe(true);
      expect(game.description.en.length).toBeGreaterThan(20);
      expect(game.description.fr.length).toBeGreaterThan(20);
      for (const tag of game.tags) expect(tag).toMatch(/^[a-z0-9][a-z0-9_-]{0,31}$/);
    }
    for (const category of CATALOGUE_CATEGORIES) {
      expect(category.name.en).not.toBe('');
      expect(category.name.fr).not.toBe('');
    }
  });
});

describe('declared RTP', () => {
  it('formats an exact ratio as a percent with two decimals', () => {
    expect(rtpPercent({ num: 9612n, den: 10_000n })).toBe('96.12');
    expect(rtpPercent({ num: 36n, den: 37n })).toBe('97.30');
  });

  it('prefers the default variant, then optimal, then the first', () => {
    const r = { num: 1n, den: 1n };
    expect(
      declaredVariant([
        { variant: 'x', rtp: r },
        { variant: 'default', rtp: r },
      ])?.variant,
    ).toBe('default');
    expect(
      declaredVariant([
        { variant: 'insurance', rtp: r },
        { variant: 'optimal', rtp: r },
      ])?.variant,
    ).toBe('optimal');
    expect(declaredVariant([{ variant: 'a', rtp: r }])?.variant).toBe('a');
    expect(declaredVariant([])).toBeUndefined();
  });

  it('comes from every engine and lies between 90 and 100 percent', () => {
    expect(declaredRtp('roulette')).toBe('97.30');
    for (const name of GAME_NAMES) {
      const rtp = Number(declaredRtp(name));
      expect(rtp).toBeGreaterThan(90);
      expect(rtp).toBeLessThan(100);
    }
  });
});

describe('game art', () => {
  it('draws a deterministic themed SVG per game', () => {
    for (const game of CATALOGUE_GAMES) {
      const svg = gameArtSvg(game);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain(`viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}"`);
      expect(svg).toContain(game.name);
      expect(svg).not.toMatch(/<script|on\w+=/i);
      expect(gameArtSvg(game)).toBe(svg);
    }
    expect(gameArtSvg(CATALOGUE_GAMES[0]!)).not.toBe(gameArtSvg(CATALOGUE_GAMES[5]!));
    expect(gameArtUrl('neon-reels')).toBe('/media/games/neon-reels.svg');
  });

  it('escapes the name', () => {
    expect(gameArtSvg({ sysname: 'x', name: '<b>&"', engine: 'dice', theme: 'gems' })).not.toContain('<b>');
  });
});

describe('winners and launcher helpers', () => {
  it('masks names', () => {
    expect(maskName('marian')).toBe('ma***n');
    expect(maskName('bob')).toBe('b***');
    expect(maskName('  ')).toBe('***');
    expect(maskName('Zoë Élise')).toBe('Zo***e');
  });

  it('writes multipliers with at most two decimals', () => {
    expect(formatMultiplier(1250n, 100n)).toBe('x12.5');
    expect(formatMultiplier(1000n, 100n)).toBe('x10');
    expect(formatMultiplier(1n, 3n)).toBe('x0.33');
    expect(formatMultiplier(5n, 0n)).toBe('x0');
  });

  it('accepts only relative launch paths and localises the slot error page', () => {
    expect(isRelativePath('/rgs/launch')).toBe(true);
    expect(isRelativePath('/rgs/launch?x=1')).toBe(true);
    for (const bad of ['//evil.test/x', 'https://evil.test', '/\\evil.test', 'rgs/launch', '/a b', '/a\nb']) {
      expect(isRelativePath(bad)).toBe(false);
    }
    expect(slotErrorPath('en')).toBe('/slot-error?embedded=1');
    expect(slotErrorPath('fr')).toBe('/fr/slot-error?embedded=1');
  });
});
