import { describe, expect, test } from 'vitest';
import { guardedReload, RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from './reload-guard.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('reload guard (spec §9: 10000 ms)', () => {
  test('the first reload happens and is remembered', () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(guardedReload({ storage, now: () => 50_000, reload: () => reloads++ })).toBe(true);
    expect(reloads).toBe(1);
    expect(storage.values.get(RELOAD_GUARD_KEY)).toBe('50000');
  });

  test('a second reload within 10 s is refused, one at 10 s passes', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    const storage = memoryStorage({ [RELOAD_GUARD_KEY]: '50000' });
    let reloads = 0;
    const reload = () => reloads++;
    expect(guardedReload({ storage, now: () => 50_001, reload })).toBe(false);
    expect(guardedReload({ storage, now: () => 59_999, reload })).toBe(false);
    expect(reloads).toBe(0);
    expect(guardedReload({ storage, now: () => 60_000, reload })).toBe(true);
    expect(reloads).toBe(1);
  });

  test('garbage or a time in the future does not block for ever', () => {
    let reloads = 0;
    const reload = () => reloads++;
    expect(guardedReload({ storage: memoryStorage({ [RELOAD_GUARD_KEY]: 'x' }), now: () => 1, reload })).toBe(
      true,
    );
    expect(
      guardedReload({ storage: memoryStorage({ [RELOAD_GUARD_KEY]: '99999999' }), now: () => 1_000, reload }),
    ).toBe(true);
    expect(reloads).toBe(2);
  });

  test('without sessionStorage, or when it refuses to write, it never reloads (no loop guard)', () => {
    let reloads = 0;
    const reload = () => reloads++;
    expect(guardedReload({ storage: null, now: () => 1, reload })).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(guardedReload({ storage: full, now: () => 1, reload })).toBe(false);
    expect(reloads).toBe(0);
  });
});
