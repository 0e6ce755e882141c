import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('Secret-123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Secret-123')).toBe(true);
    expect(await verifyPassword(hash, 'secret-123')).toBe(false);
    expect(await verifyPassword('not a hash', 'Secret-123')).toBe(false);
    expect(await verifyAgainstDummy('Secret-123')).toBe(false);
  });
});
