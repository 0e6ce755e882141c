import { describe, expect, test } from 'vitest';
import { isStaleChunkError } from './stale-chunk.ts';
import { isNeverHandled, offlineLocale } from './sw/sw-routes.ts';

describe('stale chunk errors (spec §8)', () => {
  test('the browsers’ dynamic-import failures are recognised', () => {
    expect(
      isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x-1.js')),
    ).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError({ message: 'Unable to preload CSS for /assets/a.css' })).toBe(true);
  });

  test('other errors are not', () => {
    expect(isStaleChunkError(new Error('Something went wrong!'))).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
    expect(isStaleChunkError(42)).toBe(false);
  });
});

describe('what the service worker answers', () => {
  test('API, gateway, game-server and provider paths are never handled', () => {
    for (const path of [
      '/api',
      '/api/call',
      '/gw/x',
      '/rgs/play/dice',
      '/nfx/feed',
      '/sandbox/psp/pay/1',
      '/hit',
    ]) {
      expect(isNeverHandled(path), path).toBe(true);
    }
    for (const path of ['/', '/fr', '/games', '/apix', '/fr/api-docs', '/promotions']) {
      expect(isNeverHandled(path), path).toBe(false);
    }
  });

  test('the offline page speaks French under /fr only', () => {
    expect(offlineLocale('/fr')).toBe('fr');
    expect(offlineLocale('/fr/games')).toBe('fr');
    expect(offlineLocale('/')).toBe('en');
    expect(offlineLocale('/friends')).toBe('en');
  });
});
