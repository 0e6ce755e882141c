import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('BoundedMap', () => {
  it('keeps at most its bound, forgetting the key set longest ago', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3); // a is now the newest
    map.set('c', 4);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(3);
    expect(map.get('c')).toBe(4);
  });

  it('forgets a deleted key and refuses a bound below 1', () => {
    const map = new BoundedMap<string, number>(1);
    map.set('a', 1);
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
    expect(() => new BoundedMap(0)).toThrow(/at least 1/);
    expect(() => new BoundedMap(1.5)).toThrow(/at least 1/);
  });
});
