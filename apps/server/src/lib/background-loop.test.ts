import { afterEach, describe, expect, test, vi } from 'vitest';
import { createBackgroundLoop } from './background-loop.ts';

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
    await vi.advanceTimersByTimeAsync(25);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'flaky pass failed',
    );
    await loop.stop();
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
