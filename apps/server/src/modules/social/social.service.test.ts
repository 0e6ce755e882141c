import { describe, expect, it } from 'vitest';
import { parseTypeAuth, providerKey } from './social.service.ts';

describe('providerKey', () => {
  it('names an identity provider by its issuer, readably', () => {
    expect(providerKey('https://accounts.google.com')).toBe('accounts.google.com');
    expect(providerKey('https://kc.example/realms/casino/')).toBe('kc.example/realms/casino');
    expect(providerKey('http://127.0.0.1:5000')).toBe('127.0.0.1:5000');
  });

  it('shortens long issuers without letting two of them collide', () => {
    const a = providerKey('https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0');
    const b = providerKey('https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dae/v2.0');
    expect(a.length).toBeLessThanOrEqual(64);
    expect(b.length).toBeLessThanOrEqual(64);
    expect(a).not.toBe(b);
    expect(a.startsWith('login.microsoftonline.com/')).toBe(true);
  });
});

describe('parseTypeAuth', () => {
  it('defaults to login and refuses anything else', () => {
    expect(parseTypeAuth(undefined)).toBe('login');
    expect(parseTypeAuth('')).toBe('login');
    expect(parseTypeAuth('register')).toBe('register');
    expect(parseTypeAuth('admin')).toBeNull();
    expect(parseTypeAuth(['login'])).toBeNull();
  });
});
