import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS, type BuildInfo, parseBuildInfo, startBuildPolling } from './build-poll.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('latest-build polling (spec §7)', () => {
  test('polls every interval and reports a new build once, then stops', async () => {
    const answers: (BuildInfo | null)[] = [{ id: 'a' }, null, { id: 'b' }, { id: 'c' }];
    const fetchBuild = vi.fn(async () => answers.shift() ?? null);
    const onNewBuild = vi.fn();
    startBuildPolling({ currentId: 'a', fetchBuild, onNewBuild, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuild).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchBuild).toHaveBeenCalledTimes(3);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith({ id: 'b' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchBuild).toHaveBeenCalledTimes(3);
  });

  test('a failed poll is ignored and the next one still runs', async () => {
    let calls = 0;
    const fetchBuild = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return { id: 'new' };
    });
    const onNewBuild = vi.fn();
    startBuildPolling({ currentId: 'old', fetchBuild, onNewBuild, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith({ id: 'new' });
  });

  test('a hidden page does not poll; becoming visible after a long absence checks at once', async () => {
    let visible = false;
    let wake: () => void = () => {};
    const fetchBuild = vi.fn(async () => ({ id: 'same' }));
    startBuildPolling({
      currentId: 'same',
      fetchBuild,
      onNewBuild: () => {},
      intervalMs: 1000,
      isVisible: () => visible,
      onVisible: (listener) => {
        wake = listener;
        return () => {};
      },
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchBuild).not.toHaveBeenCalled();
    visible = true;
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuild).toHaveBeenCalledTimes(1);
    // Just checked: waking again right away does not poll twice.
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBuild).toHaveBeenCalledTimes(1);
  });

  test('stop ends polling', async () => {
    const fetchBuild = vi.fn(async () => ({ id: 'x' }));
    const stop = startBuildPolling({ currentId: 'x', fetchBuild, onNewBuild: () => {}, intervalMs: 1000 });
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchBuild).not.toHaveBeenCalled();
  });

  test('the default interval is five minutes; the build file is checked for shape', () => {
    expect(BUILD_POLL_INTERVAL_MS).toBe(300_000);
    expect(parseBuildInfo({ id: 'lx2-abc' })).toEqual({ id: 'lx2-abc' });
    expect(parseBuildInfo({ id: '' })).toBeNull();
    expect(parseBuildInfo({ id: 3 })).toBeNull();
    expect(parseBuildInfo('x')).toBeNull();
    expect(parseBuildInfo({ id: 'x'.repeat(101) })).toBeNull();
  });
});
