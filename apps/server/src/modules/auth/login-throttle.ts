/**
 * Password sign-in throttling (docs/decisions/009-login-throttling.md): limits guessing without
 * letting a stranger lock a player out.
 *
 * - Per IP across accounts (`loginPerIp`), for everyone.
 * - A known device — a browser that signed in to this account before, holding a signed
 *   `known_device` cookie — has its own budget per account and device (`loginPerDevice`) and is
 *   not touched by failures from elsewhere: the owner signs in with the right password.
 * - Any other device: a budget per account and IP (`loginPerAccountIp`; IPv6 counted per /64), so
 *   one address hammering an account only locks itself out; and the per-account count across
 *   addresses (`loginPerAccount`). Past that count the account is under attack: instead of a hard
 *   lock, each address gets one attempt per delay, and the delay grows with the attack (1, 5, then
 *   15 minutes). A fresh address — the owner on their phone — gets its attempt at once.
 *
 * Failures and successes are both attempts (only success is known for sure, after the password);
 * a success resets the device's or the address's own count, never the account-wide one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { appSecret } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { LIMITS, type Limit } from './auth-limits.ts';

export const KNOWN_DEVICE_COOKIE = 'known_device';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Accounts one browser remembers (a shared family computer); the oldest is dropped past it. */
const MAX_DEVICE_ENTRIES = 5;
/** The account-wide counter is read through its remaining budget, so it counts up to this. */
const ACCOUNT_COUNT_CAP = 100_000;

/** Seconds between attempts per address once an account is past `loginPerAccount` (by its count). */
export function progressiveDelaySeconds(accountAttempts: number): number {
  const over = accountAttempts - LIMITS.loginPerAccount.limit;
  if (over <= 0) return 0;
  if (over <= 20) return 60;
  if (over <= 90) return 300;
  return 900;
}

/**
 * The address an attacker cannot cheaply multiply: IPv4 as is, IPv6 by its /64 (one customer's
 * allocation holds 2^64 addresses). IPv4-mapped IPv6 is IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

export interface LoginAdmission {
  account: string;
  /** The known device's id, or null for an unknown device. */
  device: string | null;
  /** Counters a success clears. */
  resetKeys: string[];
  cookie: string | undefined;
}

export function createLoginThrottle(deps: Pick<Deps, 'config' | 'rateLimiter'>) {
  const secret = appSecret(deps.config);

  function mac(account: string, id: string): string {
    return createHmac('sha256', secret)
      .update(`known-device\0${account}\0${id}`)
      .digest('base64url')
      .slice(0, 22);
  }

  function entries(cookie: string | undefined): { id: string; tag: string }[] {
    if (!cookie || cookie.length > 512) return [];
    return cookie
      .split('~')
      .slice(0, MAX_DEVICE_ENTRIES)
      .map((entry) => entry.split('.'))
      .filter(
        (parts): parts is [string, string] => parts.length === 2 && /^[A-Za-z0-9_-]{22}$/.test(parts[0]!),
      )
      .map(([id, tag]) => ({ id, tag }));
  }

  /** The device id this cookie proves for this account, or null. */
  function knownDevice(cookie: string | undefined, account: string): string | null {
    for (const { id, tag } of entries(cookie)) {
      const expected = Buffer.from(mac(account, id));
      const given = Buffer.from(tag);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
    }
    return null;
  }

  async function consume(key: string, { limit, windowSeconds }: Limit): Promise<void> {
    const result = await deps.rateLimiter.consume(key, limit, windowSeconds);
    if (!result.allowed) throw tooMany(result.retryAfterSeconds);
  }

  return {
    /**
     * Before the password is checked: counts this attempt, or TooManyRequestsException (with
     * Retry-After). `account` is the hashed login (auth-limits `accountKey`).
     */
    async admit(input: { account: string; ip: string; cookie: string | undefined }): Promise<LoginAdmission> {
      const address = addressKey(input.ip);
      await consume(`auth:login:ip:${address}`, LIMITS.loginPerIp);
      const device = knownDevice(input.cookie, input.account);
      if (device) {
        const key = `auth:login:device:${input.account}:${device}`;
        await consume(key, LIMITS.loginPerDevice);
        return { account: input.account, device, resetKeys: [key], cookie: input.cookie };
      }
      const accountIpKey = `auth:login:account-ip:${input.account}:${address}`;
      await consume(accountIpKey, LIMITS.loginPerAccountIp);
      const wide = await deps.rateLimiter.consume(
        `auth:login:account:${input.account}`,
        ACCOUNT_COUNT_CAP,
        LIMITS.loginPerAccount.windowSeconds,
      );
      const attempts = wide.allowed ? ACCOUNT_COUNT_CAP - wide.remaining : ACCOUNT_COUNT_CAP + 1;
      const delay = progressiveDelaySeconds(attempts);
      // Under attack: no hard lock, one attempt per address per delay.
      if (delay > 0) {
        await consume(`auth:login:slow:${delay}:${input.account}:${address}`, {
          limit: 1,
          windowSeconds: delay,
        });
      }
      return { account: input.account, device: null, resetKeys: [accountIpKey], cookie: input.cookie };
    },

    /**
     * After a successful sign-in: clears this device's or address's count and answers the
     * `known_device` cookie value that marks this browser as known for the account.
     */
    async succeeded(admission: LoginAdmission): Promise<string> {
      for (const key of admission.resetKeys) await deps.rateLimiter.reset(key);
      if (admission.device) return admission.cookie ?? '';
      const id = randomBytes(16).toString('base64url');
      const kept = entries(admission.cookie)
        .map(({ id: keptId, tag }) => `${keptId}.${tag}`)
        .slice(-(MAX_DEVICE_ENTRIES - 1));
      return [...kept, `${id}.${mac(admission.account, id)}`].join('~');
    },
  };
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError('TooManyRequestsException', {
    code: 'rate_limited',
    retryAfterSeconds,
    values: { seconds: retryAfterSeconds },
  });
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
