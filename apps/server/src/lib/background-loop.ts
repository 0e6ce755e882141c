/**
 * A pass that runs again and again in the background on every node (outbox senders, workers,
 * retries): the next pass starts `pollMs` after the previous one ended, never two at once; a failed
 * pass (a thrown error or a rejected promise: the database restarting, a terminated connection…) is
 * logged and the loop goes on, backing off while passes keep failing (`failureDelayMs`) so that an
 * outage is not hammered nor the log flooded; `stop()` waits for a pass in flight, so the pool can
 * close after it. Work is shared between nodes by the passes themselves (rows claimed with SKIP LOCKED).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundLoopOptions {
  /** Named in the log line of a failed pass. */
  name: string;
  pollMs: number;
  /** Delay before the first pass after `start()` (default 0). */
  firstDelayMs?: number;
  pass: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Longest pause after failed passes (default 30 s, or `pollMs` if longer). */
  maxBackoffMs?: number;
}

/** Shortest pause after a failed pass, whatever `pollMs` (a loop polling every 0 ms must not spin on an outage). */
export const MIN_FAILURE_DELAY_MS = 250;
export const DEFAULT_MAX_BACKOFF_MS = 30_000;

/**
 * The pause after the `failures`-th failed pass in a row: `max(pollMs, 250 ms)` doubled each time,
 * at most `maxBackoffMs` (or `pollMs` when that is longer).
 */
export function failureDelayMs(
  pollMs: number,
  failures: number,
  maxBackoffMs = DEFAULT_MAX_BACKOFF_MS,
): number {
  const base = Math.max(pollMs, MIN_FAILURE_DELAY_MS);
  const doubled = base * 2 ** Math.min(Math.max(failures - 1, 0), 20);
  return Math.min(doubled, Math.max(maxBackoffMs, pollMs));
}

export interface BackgroundLoop {
  start(): void;
  /** Stops the loop and waits for a pass in flight. */
  stop(): Promise<void>;
  /**
   * Runs a pass now, or right after the one in flight (which may have started before the caller's
   * writes were committed), and waits for it at most `maxWaitMs`.
   */
  runNow(maxWaitMs: number): Promise<void>;
  /** Between start() and stop(). */
  readonly started: boolean;
  /** A pass is in flight. */
  readonly running: boolean;
}

export function createBackgroundLoop(options: BackgroundLoopOptions): BackgroundLoop {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let again = false;
  /** Failed passes in a row. */
  let failures = 0;

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick(): void {
    timer = undefined;
    if (inFlight) {
      again = true;
      return;
    }
    // Through a promise, so that a pass throwing before its first await is caught like a rejection.
    inFlight = Promise.resolve()
      .then(() => options.pass())
      .then(
        () => {
          failures = 0;
          return options.pollMs;
        },
        (error: unknown) => {
          failures += 1;
          const retryInMs = failureDelayMs(options.pollMs, failures, options.maxBackoffMs);
          try {
            options.log.error({ err: error, failures, retryInMs }, `${options.name} pass failed`);
          } catch {
            // A logger that fails must not stop the loop.
          }
          return retryInMs;
        },
      )
      .then((delayMs) => {
        inFlight = undefined;
        const soon = again;
        again = false;
        // runNow() during a failing pass still runs now; otherwise the back-off holds.
        schedule(soon ? 0 : delayMs);
      });
  }

  function bounded(work: Promise<void>, deadline: number): Promise<void> {
    let wait: NodeJS.Timeout | undefined;
    return Promise.race([
      work,
      new Promise<void>((resolve) => {
        wait = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        wait.unref();
      }),
    ]).finally(() => clearTimeout(wait));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(options.firstDelayMs ?? 0);
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },

    async runNow(maxWaitMs) {
      if (stopped) return;
      const deadline = Date.now() + maxWaitMs;
      if (inFlight) await bounded(inFlight, deadline);
      if (stopped || inFlight || Date.now() >= deadline) return;
      if (timer) clearTimeout(timer);
      tick();
      if (inFlight) await bounded(inFlight, deadline);
    },

    get started() {
      return !stopped;
    },

    get running() {
      return inFlight !== undefined;
    },
  };
}
