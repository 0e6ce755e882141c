import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { LIMITS } from './auth-limits.ts';
import { addressKey, createLoginThrottle, progressiveDelaySeconds } from './login-throttle.ts';

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and counts IPv6 per /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('progressiveDelaySeconds', () => {
  it('is zero up to the account limit, then grows with the attack', () => {
    expect(progressiveDelaySeconds(LIMITS.loginPerAccount.limit)).toBe(0);
    expect(progressiveDelaySeconds(LIMITS.loginPerAccount.limit + 1)).toBe(60);
    expect(progressiveDelaySeconds(LIMITS.loginPerAccount.limit + 50)).toBe(300);
    expect(progressiveDelaySeconds(LIMITS.loginPerAccount.limit + 500)).toBe(900);
  });
});

describe('known-device cookie', () => {
  const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret!' });

  it('is bound to its account and kept for a few accounts per browser', async () => {
    const throttle = createLoginThrottle({ config, rateLimiter: createMemoryRateLimiter() });
    let cookie: string | undefined;
    for (const account of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const admission = await throttle.admit({ account, ip: '198.51.100.1', cookie });
      expect(admission.device).toBeNull();
      cookie = await throttle.succeeded(admission);
    }
    expect(cookie!.split('~')).toHaveLength(5);
    expect((await throttle.admit({ account: 'f', ip: '198.51.100.2', cookie })).device).not.toBeNull();
    expect((await throttle.admit({ account: 'b', ip: '198.51.100.2', cookie })).device).not.toBeNull();
    // The oldest was dropped; an account never seen here is unknown.
    expect((await throttle.admit({ account: 'a', ip: '198.51.100.2', cookie })).device).toBeNull();
    expect((await throttle.admit({ account: 'z', ip: '198.51.100.2', cookie })).device).toBeNull();
    // Another server secret does not recognise it.
    const other = createLoginThrottle({
      config: { ...config, APP_SECRET: 'another-secret-another-secret-another!' },
      rateLimiter: createMemoryRateLimiter(),
    });
    expect((await other.admit({ account: 'f', ip: '198.51.100.2', cookie })).device).toBeNull();
  });
});
