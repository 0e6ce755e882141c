/**
 * No data fetching in `useEffect` (STYLE.md; issue #11): page data comes from loaders, and what the
 * player starts (opening a popup, typing a search) is asked for in that event's handler through the
 * browser API client (`lib/browser-api.ts`). This reads every effect's body in apps/web/app and
 * fails, naming the file and line, when one calls the API or `fetch`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const APP = dirname(fileURLToPath(import.meta.url));

/**
 * Calls that ask the server for something: `fetch`, the typed client, the game server's client, a
 * push stream.
 */
const FETCHING =
  /\bfetch\(|\.call\(\s*['"]|createBrowserApi\(|\bclient\.\w+\(|new EventSource\(|\bopenStream\(/;

/**
 * Effects allowed to call the API, each with its reason. The Telegram launch signs the player in
 * with the `initData` that Telegram's script hands the page in the browser: a write that the
 * external Telegram WebApp starts when the page opens inside it, not a read of page data.
 *
 * The live chat (issue #15, ADR 027) is a browser-only third-party widget that SSR never renders:
 * its settings are asked for when the widget is set up (live-chat.tsx:23), and the FreshChat
 * messages it reports are stored from the widget's own event callbacks (live-chat.tsx:38). The
 * notices (spec §4) must load after the first interaction and again on every route path change,
 * which an effect on the path is (notices-menu.tsx:78).
 *
 * The loyalty notices (spec §4, §9; ADR 033) are toasts fetched the same way: after the first
 * interaction, on every route path change and right after a loyalty action (loyalty-notices.tsx:91).
 */
/*
 * The push streams (ADR 037) are subscriptions, not reads of page data: the player's opens once per
 * signed-in page in the browser (push-provider.tsx:108) and a guest's public stream while a jackpot
 * ticker is shown (push-provider.tsx:149); both push changes to what the loaders brought.
 */
const ALLOWED = new Set([
  'features/push/push-provider.tsx:108',
  'features/push/push-provider.tsx:149',
  'features/auth/auth-runtime.tsx:106',
  'features/support/live-chat.tsx:23',
  'features/support/live-chat.tsx:38',
  'features/support/notices-menu.tsx:78',
  'features/loyalty/loyalty-notices.tsx:91',
]);

/** The text of the call's parentheses opened at `open`, skipping strings and comments. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    const char = text[at];
    if (char === '/' && text[at + 1] === '/') {
      at = text.indexOf('\n', at);
      if (at === -1) break;
    } else if (char === '/' && text[at + 1] === '*') {
      at = text.indexOf('*/', at) + 1;
    } else if (char === "'" || char === '"' || char === '`') {
      for (at += 1; at < text.length && text[at] !== char; at += 1) if (text[at] === '\\') at += 1;
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(open, at + 1);
    }
  }
  return text.slice(open);
}

/** `file:line` of every `useEffect` whose body calls something in `FETCHING`. */
function fetchingEffects(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\buseEffect\(/g)) {
    const body = balanced(text, match.index + 'useEffect'.length);
    if (!FETCHING.test(body)) continue;
    found.push(`${file}:${text.slice(0, match.index).split('\n').length}`);
  }
  return found;
}

function appFiles(): [string, string][] {
  const files: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push([relative(APP, path).split(sep).join('/'), readFileSync(path, 'utf8')]);
      }
    }
  };
  walk(APP);
  return files;
}

describe('data fetching in effects', () => {
  test('the scan finds an effect that fetches, and passes timers and listeners', () => {
    const text = [
      'function A() {',
      '  useEffect(() => {',
      "    const note = 'a ) in a string';",
      "    api.call('games.get', { count: 6 }).then(setGames);",
      '  }, [api]);',
      '  useEffect(() => {',
      '    const timer = setTimeout(() => setOpen(true), 300);',
      '    return () => clearTimeout(timer);',
      '  }, []);',
      "  useEffect(() => void fetch('/api/x'), []);",
      '}',
    ].join('\n');
    expect(fetchingEffects('a.tsx', text)).toEqual(['a.tsx:2', 'a.tsx:10']);
  });

  test('no effect in apps/web/app fetches (loaders and event handlers do)', () => {
    const files = appFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(([file, text]) => fetchingEffects(file, text));
    expect(found.filter((place) => !ALLOWED.has(place))).toEqual([]);
    // An allowance that no longer matches anything is stale: remove it.
    expect([...ALLOWED].filter((place) => !found.includes(place))).toEqual([]);
  });
});
