import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  createBackgroundLoop,
  DEFAULT_MAX_BACKOFF_MS,
  failureDelayMs,
  MIN_FAILURE_DELAY_MS,
} from './background-loop.ts';

const log = { error: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  log.error.mockReset();
});

describe('createBackgroundLoop', () => {
  test('runs passes one after another, pollMs apart, and stops', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const loop = createBackgroundLoop({ name: 'test', pollMs: 1000, pass: async () => passes++, log });
    loop.start();
    loop.start(); // a second start is a no-op
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(2);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(2);
  });

  test('a failing pass is logged and the loop goes on', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const loop = createBackgroundLoop({
      name: 'flaky',
      pollMs: 10,
      pass: async () => {
        passes += 1;
        if (passes === 1) throw new Error('boom');
      },
      log,
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error), failures: 1, retryInMs: MIN_FAILURE_DELAY_MS }),
      'flaky pass failed',
    );
    // After a failure the next pass waits at least MIN_FAILURE_DELAY_MS, then pollMs again.
    await vi.advanceTimersByTimeAsync(MIN_FAILURE_DELAY_MS);
    expect(passes).toBe(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(passes).toBe(3);
    await loop.stop();
  });

  test('backs off while passes keep failing (doubling up to the cap), and resets after a success', async () => {
    vi.useFakeTimers();
    const starts: number[] = [];
    let failing = true;
    const loop = createBackgroundLoop({
      name: 'outage',
      pollMs: 1000,
      maxBackoffMs: 8000,
      pass: async () => {
        starts.push(Date.now());
        if (failing)
          throw Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          });
      },
      log,
    });
    const t0 = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 8000);
    expect(starts.map((at) => at - t0)).toEqual([0, 1000, 3000, 7000, 15000, 23000]);
    failing = false;
    await vi.advanceTimersByTimeAsync(8000); // the pass at 31 s succeeds
    await vi.advanceTimersByTimeAsync(1000); // and the next comes pollMs later
    expect(starts.map((at) => at - t0).slice(6)).toEqual([31000, 32000]);
    await loop.stop();
  });

  test('a pass that throws before returning a promise is logged like a rejection, not thrown', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const loop = createBackgroundLoop({
      name: 'sync',
      pollMs: 10,
      pass: () => {
        passes += 1;
        throw new Error('Client has encountered a connection error and is not queryable');
      },
      log,
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(MIN_FAILURE_DELAY_MS);
    expect(passes).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(loop.running).toBe(false);
    await loop.stop();
  });

  test('failureDelayMs: at least 250 ms, doubling, capped (or pollMs when that is longer)', () => {
    expect(failureDelayMs(0, 1)).toBe(250);
    expect(failureDelayMs(0, 3)).toBe(1000);
    expect(failureDelayMs(1000, 1)).toBe(1000);
    expect(failureDelayMs(1000, 100)).toBe(DEFAULT_MAX_BACKOFF_MS);
    expect(failureDelayMs(120_000, 5)).toBe(120_000);
  });

  test('stop waits for the pass in flight; never two passes at once', async () => {
    let release: () => void = () => {};
    let concurrent = 0;
    let most = 0;
    const loop = createBackgroundLoop({
      name: 'slow',
      pollMs: 0,
      pass: async () => {
        concurrent += 1;
        most = Math.max(most, concurrent);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        concurrent -= 1;
      },
      log,
    });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(loop.running).toBe(true);
    const nowRun = loop.runNow(20); // queued behind the pass in flight, gives up after 20 ms
    let stoppedAt = 0;
    const stopping = loop.stop().then(() => {
      stoppedAt = Date.now();
    });
    await nowRun;
    expect(stoppedAt).toBe(0);
    release();
    await stopping;
    expect(stoppedAt).toBeGreaterThan(0);
    expect(most).toBe(1);
  });

  test('runNow runs a pass at once and waits for it', async () => {
    let passes = 0;
    const loop = createBackgroundLoop({
      name: 'now',
      pollMs: 60_000,
      firstDelayMs: 60_000,
      pass: async () => passes++,
      log,
    });
    await loop.runNow(1000);
    expect(passes).toBe(0); // not started: nothing runs
    loop.start();
    await loop.runNow(1000);
    expect(passes).toBe(1);
    await loop.stop();
  });
});
