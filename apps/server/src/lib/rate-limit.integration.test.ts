import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './rate-limit.ts';

// Runs where a Redis server is given (CI sets TEST_REDIS_URL when 127.0.0.1:6379 answers).
describe.runIf(process.env.TEST_REDIS_URL)('redis rate limiter', () => {
  it('shares one count between limiter instances (nodes)', async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const key = `shared-${randomUUID()}`;
    const a = createRedisRateLimiter(url, 'croupier:test:');
    const b = createRedisRateLimiter(url, 'croupier:test:');
    try {
      expect((await a.consume(key, 2, 30)).allowed).toBe(true);
      expect((await b.consume(key, 2, 30)).allowed).toBe(true);
      const third = await a.consume(key, 2, 30);
      expect(third.allowed).toBe(false);
      expect(third.retryAfterSeconds).toBeGreaterThan(0);
      expect(third.retryAfterSeconds).toBeLessThanOrEqual(30);
      await b.reset(key);
      expect((await a.consume(key, 2, 30)).allowed).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
