/**
 * The rate-limit facility: fixed windows counted in memory, or in Redis when REDIS_URL is set so that
 * every node shares one count. Methods call `consume` (or `ctx.rateLimit`) with their own key and limit.
 */
import { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forget a key (e.g. after a successful login, the failure count starts again). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Bound on remembered keys: past it, expired windows are swept, then the oldest dropped. */
const MEMORY_MAX_KEYS = 100_000;

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async consume(key, limit, windowSeconds) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= at) {
        if (windows.size >= MEMORY_MAX_KEYS) sweep(windows, at);
        entry = { count: 0, resetAt: at + windowSeconds * 1000 };
        windows.set(key, entry);
      }
      entry.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((entry.resetAt - at) / 1000));
      return {
        allowed: entry.count <= limit,
        remaining: Math.max(0, limit - entry.count),
        retryAfterSeconds,
      };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

function sweep(windows: Map<string, { count: number; resetAt: number }>, at: number): void {
  for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
  // Still full: drop the oldest insertions (Map keeps insertion order).
  for (const key of windows.keys()) {
    if (windows.size < MEMORY_MAX_KEYS) break;
    windows.delete(key);
  }
}

// INCR and set the expiry on first hit, atomically; returns the count and the remaining TTL in ms.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

export function createRedisRateLimiter(url: string, prefix = 'croupier:rl:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  return {
    async consume(key, limit, windowSeconds) {
      const [count, ttlMs] = (await redis.eval(
        CONSUME_SCRIPT,
        1,
        prefix + key,
        String(windowSeconds * 1000),
      )) as [number, number];
      const retryAfterSeconds = Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : windowSeconds * 1000) / 1000));
      return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? createRedisRateLimiter(redisUrl) : createMemoryRateLimiter();
}
