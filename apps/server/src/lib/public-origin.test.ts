import { describe, expect, it } from 'vitest';
import {
  linkOrigin,
  mailLinkOrigin,
  publicOrigin,
  requestOrigin,
  withRequestOrigin,
} from './public-origin.ts';

const dev = { NODE_ENV: 'development', PORT: 3000, PUBLIC_URL: undefined };
const prod = { NODE_ENV: 'production', PORT: 3000, PUBLIC_URL: undefined };

describe('public origin', () => {
  it('PUBLIC_URL wins over any Host header', () => {
    expect(
      publicOrigin({ PUBLIC_URL: 'https://casino.example/' }, { protocol: 'http', host: 'evil.example' }),
    ).toBe('https://casino.example');
    expect(publicOrigin({ PUBLIC_URL: undefined }, { protocol: 'https', host: 'Casino.Example:8443' })).toBe(
      'https://casino.example:8443',
    );
  });

  it('a Host header that is not a plausible host gives no origin', () => {
    for (const host of ['', 'a b', '<x>', 'evil.com/x', 'évil.com', 'x:99999', undefined]) {
      expect(requestOrigin('http', host), String(host)).toBeUndefined();
    }
  });

  it('links built inside a call use the host the player used; mailed links not in production', () => {
    expect(linkOrigin(dev)).toBe('http://localhost:3000');
    withRequestOrigin('http://192.168.1.5:3000', () => {
      expect(linkOrigin(dev)).toBe('http://192.168.1.5:3000');
      expect(mailLinkOrigin(dev)).toBe('http://192.168.1.5:3000');
      expect(mailLinkOrigin(prod)).toBe('http://localhost:3000');
      expect(mailLinkOrigin({ ...prod, PUBLIC_URL: 'https://casino.example' })).toBe(
        'https://casino.example',
      );
    });
  });
});
