import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const box = createSecretBox('a'.repeat(32), 'totp');
    const plain = Buffer.from('top secret seed');
    const a = box.seal(plain);
    const b = box.seal(plain);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(plain)).toBe(false);
    expect(box.open(a).toString()).toBe('top secret seed');
  });

  it('refuses tampered values, other keys and other purposes', () => {
    const box = createSecretBox('a'.repeat(32), 'totp');
    const sealed = box.seal(Buffer.from('seed'));
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox('b'.repeat(32), 'totp').open(sealed)).toThrow();
    expect(() => createSecretBox('a'.repeat(32), 'other').open(sealed)).toThrow();
    expect(() => box.open(Buffer.from([9, 9]))).toThrow();
  });
});
