import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  ENTRY_ORIGINS,
  entryToastKeys,
  hasEntryParams,
  readEntryToast,
  stripEntryParams,
} from './entry-toast.ts';

const params = (search: string) => new URLSearchParams(search);

describe('readEntryToast', () => {
  test('toastType picks the kind, from picks the wording', () => {
    expect(readEntryToast(params('?from=confirmation&toastType=success'))).toEqual({
      kind: 'success',
      origin: 'confirmation',
    });
    expect(readEntryToast(params('?toastType=error&from=verification'))).toEqual({
      kind: 'error',
      origin: 'verification',
    });
  });

  test('an unknown or missing origin gets the generic wording', () => {
    expect(readEntryToast(params('?toastType=info&from=somewhere'))).toEqual({
      kind: 'info',
      origin: 'generic',
    });
    expect(readEntryToast(params('?toastType=success'))).toEqual({ kind: 'success', origin: 'generic' });
  });

  test('no toast without a known toastType', () => {
    expect(readEntryToast(params('?from=confirmation'))).toBeNull();
    expect(readEntryToast(params('?from=confirmation&toastType=<script>'))).toBeNull();
    expect(readEntryToast(params(''))).toBeNull();
  });
});

describe('cleaning the address', () => {
  test('either parameter means the address is cleaned', () => {
    expect(hasEntryParams(params('?from=x'))).toBe(true);
    expect(hasEntryParams(params('?toastType=success'))).toBe(true);
    expect(hasEntryParams(params('?tab=1'))).toBe(false);
  });

  test('only from and toastType go; the rest keeps its order', () => {
    expect(stripEntryParams('?a=1&from=confirmation&b=2&toastType=success')).toBe('?a=1&b=2');
    expect(stripEntryParams('?from=confirmation&toastType=success')).toBe('');
    expect(stripEntryParams('')).toBe('');
  });
});

describe('wording', () => {
  const bundle = (locale: string): unknown =>
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, `../../i18n/locales/${locale}/profile.json`), 'utf8'),
    );

  function lookup(tree: unknown, key: string): unknown {
    return key.split('.').reduce<unknown>((node, part) => {
      return typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    }, tree);
  }

  test('every origin and kind has a title and a text in English and French', () => {
    for (const locale of ['en', 'fr']) {
      const tree = bundle(locale);
      for (const origin of [...ENTRY_ORIGINS, 'generic'] as const) {
        for (const kind of ['success', 'error', 'info'] as const) {
          const keys = entryToastKeys({ kind, origin });
          expect(typeof lookup(tree, keys.title), `${locale} ${keys.title}`).toBe('string');
          expect(typeof lookup(tree, keys.text), `${locale} ${keys.text}`).toBe('string');
        }
      }
    }
  });
});
