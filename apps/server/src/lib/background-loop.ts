/**
 * A pass that runs again and again in the background on every node (outbox senders, workers,
 * retries): the next pass starts `pollMs` after the previous one ended, never two at once; a failed
 * pass is logged and the loop goes on; `stop()` waits for a pass in flight, so the pool can close
 * after it. Work is shared between nodes by the passes themselves (rows claimed with SKIP LOCKED).
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
    inFlight = options
      .pass()
      .then(() => undefined)
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} pass failed`))
      .finally(() => {
        inFlight = undefined;
        const soon = again;
        again = false;
        schedule(soon ? 0 : options.pollMs);
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
