import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limit.ts';

describe('memory rate limiter', () => {
  it('allows up to the limit per window, then tells how long to wait', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume('k', 3, 60)).allowed).toBe(true);
    const refused = await limiter.consume('k', 3, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60);
    now += 30_000;
    expect((await limiter.consume('k', 3, 60)).retryAfterSeconds).toBe(30);
    now += 30_001;
    expect((await limiter.consume('k', 3, 60)).allowed).toBe(true);
  });

  it('keeps keys apart and forgets a reset key', async () => {
    const limiter = createMemoryRateLimiter();
    await limiter.consume('a', 1, 60);
    expect((await limiter.consume('a', 1, 60)).allowed).toBe(false);
    expect((await limiter.consume('b', 1, 60)).allowed).toBe(true);
    await limiter.reset('a');
    expect((await limiter.consume('a', 1, 60)).allowed).toBe(true);
  });
});
