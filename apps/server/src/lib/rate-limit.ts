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

/**
 * Cluster mode without Redis (ADR 043): the processes of one machine share the primary's in-memory
 * counts over the cluster's IPC channel, so a limit holds per machine, not per process.
 */
export interface RateLimitRequest {
  croupier: 'rate-limit';
  id: number;
  op: 'consume' | 'reset';
  key: string;
  limit?: number;
  windowSeconds?: number;
}

export interface RateLimitAnswer {
  croupier: 'rate-limit';
  id: number;
  result?: RateLimitResult;
  error?: string;
}

/** The channel to the primary process; `process` in a cluster worker. */
export interface IpcChannel {
  send?: (message: RateLimitRequest | RateLimitAnswer) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

function isAnswer(message: unknown): message is RateLimitAnswer {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as RateLimitAnswer).croupier === 'rate-limit' &&
    typeof (message as RateLimitAnswer).id === 'number'
  );
}

function isRequest(message: unknown): message is RateLimitRequest {
  const request = message as RateLimitRequest;
  return (
    typeof message === 'object' &&
    message !== null &&
    request.croupier === 'rate-limit' &&
    typeof request.id === 'number' &&
    (request.op === 'consume' || request.op === 'reset') &&
    typeof request.key === 'string'
  );
}

/** A worker's limiter: every count is the primary's (`serveRateLimits`). */
export function createIpcRateLimiter(channel: IpcChannel, timeoutMs = 5_000): RateLimiter {
  let next = 0;
  const waiting = new Map<number, { resolve: (answer: RateLimitAnswer) => void; timer: NodeJS.Timeout }>();
  const listener = (message: unknown) => {
    if (!isAnswer(message)) return;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    clearTimeout(entry.timer);
    entry.resolve(message);
  };
  channel.on('message', listener);

  function ask(request: Omit<RateLimitRequest, 'croupier' | 'id'>): Promise<RateLimitAnswer> {
    next = (next + 1) % Number.MAX_SAFE_INTEGER;
    const id = next;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('rate limit: the primary process did not answer'));
      }, timeoutMs);
      waiting.set(id, { resolve, timer });
      const sent = channel.send?.({ croupier: 'rate-limit', id, ...request });
      if (!sent) {
        waiting.delete(id);
        clearTimeout(timer);
        reject(new Error('rate limit: no channel to the primary process'));
      }
    });
  }

  return {
    async consume(key, limit, windowSeconds) {
      const answer = await ask({ op: 'consume', key, limit, windowSeconds });
      if (!answer.result) throw new Error(`rate limit: ${answer.error ?? 'no answer'}`);
      return answer.result;
    },
    async reset(key) {
      const answer = await ask({ op: 'reset', key });
      if (answer.error) throw new Error(`rate limit: ${answer.error}`);
    },
    async close() {
      channel.off('message', listener);
      for (const entry of waiting.values()) clearTimeout(entry.timer);
      waiting.clear();
    },
  };
}

/** The primary's side: answers one worker's requests from `limiter` (shared by all workers). */
export function serveRateLimits(worker: IpcChannel, limiter: RateLimiter): void {
  worker.on('message', (message) => {
    if (!isRequest(message)) return;
    const answer = (result: Omit<RateLimitAnswer, 'croupier' | 'id'>) =>
      worker.send?.({ croupier: 'rate-limit', id: message.id, ...result });
    const pending =
      message.op === 'consume'
        ? limiter.consume(message.key, Number(message.limit), Number(message.windowSeconds))
        : limiter.reset(message.key).then(() => undefined);
    pending.then(
      (result) => answer(result ? { result } : {}),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
