import { describe, expect, it } from 'vitest';
import { idParams, rowIdOf } from './row-id.ts';

describe('row ids', () => {
  it('takes a positive integer of up to 18 digits, which always fits a PostgreSQL bigint', () => {
    expect(rowIdOf('1')).toBe(1n);
    expect(rowIdOf('999999999999999999')).toBe(999_999_999_999_999_999n);
    expect(rowIdOf('999999999999999999')! < 2n ** 63n).toBe(true);
  });

  it('refuses zero, leading zeros, 19 digits, signs, decimals, spaces and nothing', () => {
    for (const text of [
      '0',
      '01',
      '1000000000000000000',
      '-1',
      '+1',
      '1.0',
      '1e3',
      ' 1',
      '1 ',
      '',
      undefined,
      null,
    ]) {
      expect(rowIdOf(text)).toBeNull();
    }
    expect(idParams.safeParse({ id: '42' }).success).toBe(true);
    expect(idParams.safeParse({ id: '042' }).success).toBe(false);
    expect(idParams.safeParse({ id: '42', other: '1' }).success).toBe(false);
  });
});
