import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  documentLocale,
  GAME_ONLY_NAMESPACES,
  gameLangOf,
  isRgsPagePath,
  RGS_PAGE_NAMESPACES,
} from './rgs-paths.ts';

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

  it("gives a game page's document the game's language, a site page's its path's", () => {
    expect(documentLocale('/rgs/play/neon-reels', '?session=s&lang=fr')).toBe('fr');
    expect(documentLocale('/rgs/play/neon-reels', '?session=s')).toBe('en');
    expect(documentLocale('/fr/gamehall', '?lang=en')).toBe('fr');
    expect(documentLocale('/gamehall', '?lang=fr')).toBe('en');
  });
});

const here = dirname(fileURLToPath(import.meta.url));

/** Every app module `start` reaches through relative imports, static or dynamic (itself included). */
function modulesReachedFrom(start: string): Map<string, string> {
  const found = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (found.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    found.set(file, text);
    for (const match of text.matchAll(/(?:from\s+|import\(\s*)'(\.[^']+\.tsx?)'/g)) {
      const target = resolve(dirname(file), match[1] ?? '');
      if (existsSync(target) && !target.endsWith('.test.ts') && !target.endsWith('.test.tsx'))
        queue.push(target);
    }
  }
  return found;
}

/** Every app module the game page's root reaches. */
const gamePageModules = () => modulesReachedFrom(join(here, 'game-frame.tsx'));

/** The namespaces a module's code names (useTranslation's, and `t('ns:key')`'s). */
function namespacesUsedBy(text: string): string[] {
  // Code only: a doc comment's example (`t('auth:email')`) names no namespace the file uses.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [
    ...[...code.matchAll(/useTranslation\(\s*'([a-z-]+)'/g)].map((match) => match[1] ?? ''),
    ...[...code.matchAll(/\bt\(\s*[`']([a-z-]+):/g)].map((match) => match[1] ?? ''),
  ].filter(Boolean);
}

describe("the game page's translation namespaces", () => {
  it('cover every namespace its modules use (a missing one would show raw keys in the frame)', () => {
    const modules = gamePageModules();
    // Sanity: the walk sees the shell, the engines and the shared ui parts.
    expect(modules.size).toBeGreaterThan(40);
    const used = new Map<string, string>();
    for (const [file, text] of modules) {
      for (const namespace of namespacesUsedBy(text)) used.set(namespace, file);
    }
    expect(used.size).toBeGreaterThan(2);
    const missing = [...used].filter(([namespace]) => !RGS_PAGE_NAMESPACES.includes(namespace));
    expect(missing.map(([namespace, file]) => `${namespace} (${file})`)).toEqual([]);
  });
});

describe("the site's translation namespaces", () => {
  it("leave out the game page's own: no site module uses them (a site page does not load them)", () => {
    // Everything the browser entry and the routes reach, the game page's root aside.
    const app = resolve(here, '../..');
    const routeModules = [
      ...readFileSync(join(app, 'routes.ts'), 'utf8').matchAll(/'((?:routes|layouts)\/[^']+\.tsx)'/g),
    ].map((match) => join(app, match[1] ?? ''));
    const site = new Map<string, string>();
    for (const start of [join(app, 'entry.client.tsx'), join(app, 'root.tsx'), ...routeModules]) {
      for (const [file, text] of modulesReachedFrom(start)) site.set(file, text);
    }
    const gamePage = gamePageModules();
    // Sanity: the walk sees the routes' pages and the shared parts.
    expect(site.size).toBeGreaterThan(300);
    const offending = [...site]
      .filter(([file]) => !gamePage.has(file) && !file.endsWith('rgs-play.tsx'))
      .flatMap(([file, text]) =>
        namespacesUsedBy(text)
          .filter((namespace) => GAME_ONLY_NAMESPACES.includes(namespace))
          .map((namespace) => `${namespace} (${file})`),
      );
    expect(offending).toEqual([]);
    expect(GAME_ONLY_NAMESPACES.every((namespace) => RGS_PAGE_NAMESPACES.includes(namespace))).toBe(true);
  });
});
