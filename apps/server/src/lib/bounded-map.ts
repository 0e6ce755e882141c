/**
 * A Map that keeps at most `max` entries: setting a key makes it the newest, and past the bound the
 * oldest set key goes. For per-process caches whose every entry can be read again from the
 * database (a forgotten entry costs a read, never a wrong answer).
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #max: number;

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new Error(`a bounded map needs a bound of at least 1, not ${max}`);
    this.#max = max;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    // Deleted first, so the key moves to the end of the Map's (insertion) order.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }
}
