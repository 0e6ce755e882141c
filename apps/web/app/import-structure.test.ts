/**
 * The web app's floors, checked by reading the import lines (issue #11): routes and layouts use
 * features, features use `ui/` and `lib/`, never the reverse, and no file reaches itself again
 * through its imports. A circle or an arrow that runs back up fails here with the files named, so
 * a change that breaks the floors is caught before review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { cycles } from '../../../scripts/import-graph.ts';

const APP = dirname(fileURLToPath(import.meta.url));

/** App-relative path → file text. */
type SourceFiles = ReadonlyMap<string, string>;

const IMPORT_PATTERN =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

interface ImportLink {
  target: string;
  typeOnly: boolean;
}

/**
 * The app-relative files a file imports, type-only imports included (a circle of types is still a
 * circle a reader has to untangle). Packages and React Router's generated `+types` are left out.
 */
function importLinks(file: string, text: string): ImportLink[] {
  const links: ImportLink[] = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[2] ?? match[3] ?? '';
    if (!specifier.startsWith('.') || specifier.includes('/+types/')) continue;
    links.push({
      target: posix.normalize(posix.join(posix.dirname(file), specifier)),
      typeOnly: match[1] !== undefined,
    });
  }
  return links;
}

function importsOf(file: string, text: string): string[] {
  return importLinks(file, text).map((link) => link.target);
}

/** Every import from a file matching `from` to a file matching `to`, as `a → b`. */
function importArrows(files: SourceFiles, from: RegExp, to: RegExp): string[] {
  return [...files]
    .filter(([file]) => from.test(file))
    .flatMap(([file, text]) =>
      importsOf(file, text)
        .filter((target) => to.test(target))
        .map((target) => `${file} → ${target}`),
    );
}

/** The import circles (one per strongly connected component), printed `a → b → … → a`. */
function findCycles(files: SourceFiles): string[] {
  const edges = [...files].flatMap(([file, text]) =>
    importLinks(file, text)
      .filter((link) => files.has(link.target))
      .map((link) => ({ from: file, to: link.target, typeOnly: link.typeOnly })),
  );
  return cycles(edges).map((cycle) => cycle.join(' → '));
}

function sourceFiles(root: string): SourceFiles {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        files.set(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(root);
  return files;
}

const app = sourceFiles(APP);

describe('the import scan itself', () => {
  test('reads static, type-only, re-export and dynamic imports, relative ones only', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b/b.tsx';",
      "import {\n  c,\n  d,\n} from './c.ts';",
      "export { e } from './e.ts';",
      "const f = await import('./f.ts');",
      "import { useState } from 'react';",
      "import type { Route } from './+types/page';",
    ].join('\n');
    expect(importsOf('x/page.tsx', text)).toEqual(['x/a.ts', 'b/b.tsx', 'x/c.ts', 'x/e.ts', 'x/f.ts']);
  });

  test('finds a circle and an arrow from features into routes', () => {
    const files: SourceFiles = new Map([
      ['routes/page.tsx', "import { Panel } from '../features/x/panel.tsx';"],
      ['features/x/panel.tsx', "import { useShell } from './shell.tsx';"],
      [
        'features/x/shell.tsx',
        "import { Panel } from './panel.tsx';\nimport { K } from '../../routes/other.tsx';",
      ],
      ['routes/other.tsx', 'export const K = 1;'],
    ]);
    expect(findCycles(files)).toEqual(['features/x/panel.tsx → features/x/shell.tsx → features/x/panel.tsx']);
    expect(importArrows(files, /^(features|ui|lib)\//, /^routes\//)).toEqual([
      'features/x/shell.tsx → routes/other.tsx',
    ]);
  });
});

describe('the web app', () => {
  test('the scan sees the app (sanity: it is not reading an empty tree)', () => {
    expect(app.size).toBeGreaterThan(100);
    expect(
      importsOf('features/rgs/game-frame.tsx', app.get('features/rgs/game-frame.tsx') ?? '').length,
    ).toBeGreaterThan(3);
  });

  test('no import circle anywhere in apps/web/app', () => {
    expect(findCycles(app)).toEqual([]);
  });

  test('features, ui and lib never import routes or layouts', () => {
    expect(importArrows(app, /^(features|ui|lib|i18n)\//, /^(routes|layouts)\//)).toEqual([]);
  });

  test('ui and lib never import features', () => {
    expect(importArrows(app, /^(ui|lib)\//, /^features\//)).toEqual([]);
  });

  test('the web app never imports server code', () => {
    const server = resolve(APP, '../../server');
    const reaching = [...app].flatMap(([file, text]) => [
      ...importsOf(file, text)
        .filter((target) => resolve(APP, target).startsWith(server))
        .map((target) => `${file} → ${target}`),
      ...(/from\s+['"]@croupier\/server/.test(text) ? [`${file} → @croupier/server`] : []),
    ]);
    expect(reaching).toEqual([]);
  });
});
