import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed-cookie.ts';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const now = new Date('2030-01-01T00:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('sealed cookie', () => {
  it('round-trips a payload within its lifetime', () => {
    const sealed = seal(SECRET, 'oauth', { state: 'abc', redirectUrl: '/x' }, { now, ttlSeconds: 600 });
    expect(unseal(SECRET, 'oauth', sealed, later(599))).toEqual({ state: 'abc', redirectUrl: '/x' });
  });

  it('hides the payload from the browser', () => {
    const sealed = seal(SECRET, 'oauth', { verifier: 'very-secret-verifier' }, { now, ttlSeconds: 600 });
    expect(sealed).not.toContain('very-secret-verifier');
    expect(Buffer.from(sealed.split('.')[2] ?? '', 'base64url').toString('latin1')).not.toContain('verifier');
  });

  it('refuses an expired value', () => {
    const sealed = seal(SECRET, 'oauth', { state: 'abc' }, { now, ttlSeconds: 600 });
    expect(unseal(SECRET, 'oauth', sealed, later(600))).toBeNull();
  });

  it('refuses another secret or another purpose', () => {
    const sealed = seal(SECRET, 'oauth', { state: 'abc' }, { now, ttlSeconds: 600 });
    expect(unseal(`${SECRET}x`, 'oauth', sealed, now)).toBeNull();
    expect(unseal(SECRET, 'backoffice-sso', sealed, now)).toBeNull();
  });

  it('refuses any tampering', () => {
    const sealed = seal(SECRET, 'oauth', { redirectUrl: '/safe' }, { now, ttlSeconds: 600 });
    const [version, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    expect(unseal(SECRET, 'oauth', [version, flip(iv), body, tag].join('.'), now)).toBeNull();
    expect(unseal(SECRET, 'oauth', [version, iv, flip(body), tag].join('.'), now)).toBeNull();
    expect(unseal(SECRET, 'oauth', [version, iv, body, flip(tag)].join('.'), now)).toBeNull();
    expect(unseal(SECRET, 'oauth', ['v0', iv, body, tag].join('.'), now)).toBeNull();
  });

  it('refuses garbage', () => {
    for (const value of [undefined, '', 'x', 'v1.a.b', 'v1.a.b.c.d', 'v1...', 'x'.repeat(5000)]) {
      expect(unseal(SECRET, 'oauth', value, now)).toBeNull();
    }
  });
});
