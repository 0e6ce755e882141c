/**
 * Every visible string exists in both languages: the French bundles have exactly the keys of the
 * English ones, namespace by namespace (including the design system's `ui`), and no empty texts
 * where English has one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const LOCALES_DIR = path.join(import.meta.dirname, 'locales');

function namespaces(locale: string): string[] {
  return readdirSync(path.join(LOCALES_DIR, locale))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function load(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8'));
}

/** `{ a: { b: 'x' } }` → { 'a.b': 'x' } */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  if (typeof value === 'string') {
    result.set(prefix, value);
    return result;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${prefix || '(root)'}: bundle values must be strings or objects`);
  }
  for (const [key, child] of Object.entries(value)) {
    for (const [childKey, text] of flatten(child, prefix ? `${prefix}.${key}` : key))
      result.set(childKey, text);
  }
  return result;
}

describe('translation bundles', () => {
  test('en and fr have the same namespaces, including ui', () => {
    expect(namespaces('fr')).toEqual(namespaces('en'));
    expect(namespaces('en')).toEqual(expect.arrayContaining(['common', 'pages', 'ui']));
  });

  for (const namespace of namespaces('en')) {
    test(`${namespace}: fr has every key of en and no other`, () => {
      const en = flatten(load('en', namespace));
      const fr = flatten(load('fr', namespace));
      const missing = [...en.keys()].filter((key) => !fr.has(key));
      const extra = [...fr.keys()].filter((key) => !en.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    test(`${namespace}: no French text is empty where the English one is not`, () => {
      const en = flatten(load('en', namespace));
      const fr = flatten(load('fr', namespace));
      const empty = [...en]
        .filter(([key, text]) => text.trim() !== '' && fr.get(key)?.trim() === '')
        .map(([key]) => key);
      expect(empty).toEqual([]);
    });
  }

  test('the check itself notices a missing key', () => {
    const en = flatten({ a: { b: 'x', c: 'y' } });
    const fr = flatten({ a: { b: 'x' } });
    expect([...en.keys()].filter((key) => !fr.has(key))).toEqual(['a.c']);
  });
});
