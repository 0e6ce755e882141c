import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  createIpcRateLimiter,
  createMemoryRateLimiter,
  type IpcChannel,
  serveRateLimits,
} from './rate-limit.ts';

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

/** Two ends of an IPC channel, delivering asynchronously like the cluster's. */
function channelPair(): [IpcChannel, IpcChannel, { open: boolean }] {
  const left = new EventEmitter();
  const right = new EventEmitter();
  const state = { open: true };
  const end = (self: EventEmitter, other: EventEmitter): IpcChannel => ({
    send: (message) => {
      if (!state.open) return false;
      setImmediate(() => other.emit('message', structuredClone(message)));
      return true;
    },
    on: (event, listener) => self.on(event, listener),
    off: (event, listener) => self.off(event, listener),
  });
  return [end(left, right), end(right, left), state];
}

describe('rate limits shared over IPC (cluster mode without Redis)', () => {
  it('counts every process of the machine against one limit', async () => {
    const shared = createMemoryRateLimiter();
    const [workerA, primaryA] = channelPair();
    const [workerB, primaryB] = channelPair();
    serveRateLimits(primaryA, shared);
    serveRateLimits(primaryB, shared);
    const a = createIpcRateLimiter(workerA);
    const b = createIpcRateLimiter(workerB);
    // Alternating like round-robin: each process alone would allow 2 of 4.
    const answers = [
      await a.consume('login:ip', 3, 60),
      await b.consume('login:ip', 3, 60),
      await a.consume('login:ip', 3, 60),
      await b.consume('login:ip', 3, 60),
    ];
    expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, false]);
    expect(answers[3]!.retryAfterSeconds).toBe(60);
    await b.reset('login:ip');
    expect((await a.consume('login:ip', 3, 60)).allowed).toBe(true);
    await a.close();
    await b.close();
  });

  it('fails the call rather than allowing it when the primary is gone or silent', async () => {
    const [worker, , state] = channelPair();
    // Nobody serves this channel: the call times out.
    const silent = createIpcRateLimiter(worker, 50);
    await expect(silent.consume('k', 1, 60)).rejects.toThrow(/did not answer/);
    state.open = false;
    await expect(silent.consume('k', 1, 60)).rejects.toThrow(/no channel/);
    await silent.close();
  });

  it('ignores messages that are not its answers', async () => {
    const [worker, primary] = channelPair();
    serveRateLimits(primary, createMemoryRateLimiter());
    const limiter = createIpcRateLimiter(worker);
    primary.send?.({
      croupier: 'rate-limit',
      id: 999,
      result: { allowed: true, remaining: 9, retryAfterSeconds: 1 },
    });
    expect((await limiter.consume('k', 1, 60)).remaining).toBe(0);
    await limiter.close();
  });
});
