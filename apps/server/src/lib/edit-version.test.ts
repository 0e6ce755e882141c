/** The version digest of the operator desks (ADR 049): canonical, short, and sensitive to every field. */
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { assertVersion, editVersion } from './edit-version.ts';

describe('editVersion', () => {
  it('is 24 hex digits that ignore key order and read bigints and dates as text', () => {
    const a = editVersion({ b: 1n, a: { y: [1, 2], x: new Date('2026-06-01T00:00:00Z') } });
    const b = editVersion({ a: { x: new Date('2026-06-01T00:00:00Z'), y: [1, 2] }, b: 1n });
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(a).toBe(b);
  });

  it('changes with any field, an array order or a null', () => {
    const base = { name: { en: 'Cup', fr: 'Coupe' }, games: [1n, 2n], buyIn: null };
    const digest = editVersion(base);
    expect(editVersion({ ...base, name: { en: 'Cup!', fr: 'Coupe' } })).not.toBe(digest);
    expect(editVersion({ ...base, games: [2n, 1n] })).not.toBe(digest);
    expect(editVersion({ ...base, buyIn: 0n })).not.toBe(digest);
  });

  it('refuses another version with the typed stale_version error', () => {
    const fields = { threshold: 500 };
    expect(() => assertVersion(fields, editVersion(fields))).not.toThrow();
    try {
      assertVersion(fields, '000000000000000000000000');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('stale_version');
    }
  });
});
