/**
 * The one way to run background work (ADR 015): a PostgreSQL job queue (graphile-worker) on the
 * app's pool. A job runs once across any number of nodes (rows locked by the library), waits for
 * its transaction (enqueue inside the caller's transaction: the job exists iff the work committed),
 * starts within milliseconds of its commit (LISTEN/NOTIFY, polling only for delayed jobs) and is
 * retried with the library's exponential back-off. Recurring passes (outbox senders, export worker,
 * payout retries) are one job chain per task: the pass re-enqueues itself `everyMs` later, so each
 * period runs once whichever node picks it up.
 */
import { EventEmitter } from 'node:events';
import { type SQL, sql } from 'drizzle-orm';
import {
  type JobHelpers,
  type LogFunctionFactory,
  Logger,
  type ParsedCronItem,
  parseCronItems,
  type Runner,
  run,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import { failureDelayMs } from './background-loop.ts';

export interface JobLog {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Anything that runs a drizzle SQL statement: the app's db or a transaction (`tx`). */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

export interface TaskDefinition<P> {
  /** Unique; also the name in the log lines and the queue-depth counts. */
  name: string;
  handler: (payload: P, job: { id: string; attempt: number; maxAttempts: number }) => Promise<unknown>;
  /**
   * Attempts before the job is given up (default 10). Between attempts the library waits
   * exp(attempt) seconds: 2.7 s, 7.4 s, 20 s, 55 s, 2.5 min … 6 h from the 10th on.
   */
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: SqlExecutor;
  runAt?: Date;
  /** At most one pending job per key (a later enqueue replaces the payload and run time). */
  jobKey?: string;
  maxAttempts?: number;
}

export interface RecurringOptions {
  name: string;
  /** Pause between the end of a pass and the next one. */
  everyMs: number;
  /** Delay before the first pass after `start()` (default 0). */
  firstDelayMs?: number;
  pass: () => Promise<unknown>;
}

/** A recurring pass: the same surface the hand-written loops had (start, stop, runNow). */
export interface RecurringTask {
  /** This node takes part (app ready); the chain's job is created if none is pending. */
  start(): void;
  /** This node stops taking part and waits for its pass in flight. */
  stop(): Promise<void>;
  /** Makes the pass due now (on whichever node) and waits for it at most `maxWaitMs`. */
  runNow(maxWaitMs: number): Promise<void>;
  readonly started: boolean;
  readonly running: boolean;
}

export interface QueueDepth {
  task: string;
  /** Waiting to run (due or later), including retries. */
  queued: number;
  /** Taken by a runner now (graphile-worker counts the attempt when it takes the job). */
  running: number;
  /** Failed at least once and waiting to be tried again. */
  retrying: number;
  /** Out of attempts and not running: kept for inspection. */
  failed: number;
}

export interface JobQueue {
  define<P>(task: TaskDefinition<P>): void;
  recurring(options: RecurringOptions): RecurringTask;
  enqueue(name: string, payload?: unknown, options?: EnqueueOptions): Promise<void>;
  /** Starts this node's runner (installs or upgrades the library's schema first). Never throws. */
  start(): void;
  /** Stops taking jobs and waits for the running ones (before the pool closes). */
  stop(): Promise<void>;
  depth(): Promise<QueueDepth[]>;
  /** Resolves once this node's runner is up (the library's schema installed). */
  ready(): Promise<void>;
  readonly started: boolean;
}

export interface JobQueueOptions {
  pool: pg.Pool;
  log: JobLog;
  /** Jobs run at once on this node (default 4: the recurring passes never wait on one another). */
  concurrency?: number;
  /** How often delayed jobs (retries, the next recurring pass) are looked for (default 250 ms). */
  pollIntervalMs?: number;
  /** Period of the queue-depth log line (default 60 s; 0: never). */
  depthLogMs?: number;
  /**
   * false: this process adds jobs (and asks for recurring passes) but never runs any — the other
   * processes of a cluster-mode machine, whose one background process runs them (ADR 043). It
   * waits for the library's schema, which a running node installs. Default true.
   */
  runner?: boolean;
}

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_CONCURRENCY = 4;
const RECURRING_KEY_PREFIX = 'every:';
/**
 * How long a runner whose pool has shut down may take to finish before it is given up (a few ms
 * normally). The library's batched completions can keep it from ever finishing: a batch that fails
 * leaves its back-pressure set, later batches each release it again, the count of pending batches
 * goes below zero and the release that the pool's end waits for never comes (graphile/worker#636).
 */
const RUNNER_END_GRACE_MS = 5_000;
/** A single identical error line at most this often (an outage is logged, not flooded). */
const LOG_THROTTLE_MS = 30_000;

interface RecurringPayload {
  failures?: number;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { pool, log } = options;
  const taskList: TaskList = {};
  const cronItems: Parameters<typeof parseCronItems>[0] = [];
  const recurringTasks: RecurringTask[] = [];
  /** Per recurring task this node takes part in: creates its chain's job if none is pending. */
  const ensureChains: Array<() => Promise<unknown>> = [];
  const defaultAttempts = new Map<string, number>();
  let runner: Runner | undefined;
  /** Settles when the current runner has ended, or stalled after its pool shut down (see `supervise`). */
  let runnerEnded: Promise<void> | undefined;
  let stopped = true;
  /** The supervisor: (re)starts the runner, backing off while it cannot. */
  let supervising: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  /** A runner being stopped to be renewed (see `supervise`); `stop` waits for it instead. */
  let renewal: Promise<void> | undefined;
  let wakeSupervisor: (() => void) | undefined;
  let depthTimer: NodeJS.Timeout | undefined;
  const lastLogged = new Map<string, { at: number; suppressed: number }>();
  /** Resolves once a runner is up, i.e. the library's schema is installed (add_job exists). */
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  /** Logs an error line unless the same one was logged in the last 30 s (then counts it). */
  function throttled(level: 'warn' | 'error', key: string, fields: Record<string, unknown>, message: string) {
    const now = Date.now();
    const last = lastLogged.get(key);
    if (last && now - last.at < LOG_THROTTLE_MS) {
      last.suppressed += 1;
      return;
    }
    lastLogged.set(key, { at: now, suppressed: 0 });
    log[level]({ ...fields, ...(last?.suppressed ? { suppressed: last.suppressed } : {}) }, message);
  }

  const logFactory: LogFunctionFactory = (scope) => (level, message, meta) => {
    // A job's failure is logged by the task wrapper (with the error and its attempt); the library's
    // own errors (lost LISTEN connection, failed polls) are throttled.
    if (meta && 'failure' in meta) return;
    const fields = { task: scope.taskIdentifier, jobId: scope.jobId, queue: 'graphile-worker' };
    if (level === 'error') throttled('warn', `gw:${message.slice(0, 60)}`, fields, `job queue: ${message}`);
    else if (level === 'warning') log.warn(fields, `job queue: ${message}`);
    else log.debug(fields, `job queue: ${message}`);
  };

  function assertDefinable(name: string): void {
    if (runner || supervising) throw new Error(`job task ${name} defined after the queue started`);
    if (taskList[name]) throw new Error(`job task ${name} defined twice`);
  }

  function addJobSql(name: string, payload: unknown, opts: EnqueueOptions & { mode?: string }): SQL {
    return sql`SELECT (graphile_worker.add_job(
      ${name}::text,
      payload => ${JSON.stringify(payload ?? {})}::json,
      run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${opts.maxAttempts ?? null}::int,
      job_key => ${opts.jobKey ?? null}::text,
      job_key_mode => ${opts.mode ?? 'replace'}::text
    )).id::text AS id`;
  }

  async function addJob(
    name: string,
    payload: unknown,
    opts: EnqueueOptions & { mode?: 'replace' | 'preserve_run_at' },
  ): Promise<string> {
    const result = await pool.query<{ id: string }>(
      `SELECT (graphile_worker.add_job($1::text, payload => $2::json, run_at => $3::timestamptz,
         max_attempts => $4::int, job_key => $5::text, job_key_mode => $6::text)).id::text AS id`,
      [
        name,
        JSON.stringify(payload ?? {}),
        opts.runAt?.toISOString() ?? null,
        opts.maxAttempts ?? null,
        opts.jobKey ?? null,
        opts.mode ?? 'replace',
      ],
    );
    return result.rows[0]?.id ?? '';
  }

  /** Waits until job `id` is done (completed, or failed once) on any node, at most until `deadline`. */
  async function waitForJob(id: string, deadline: number): Promise<void> {
    if (!/^[0-9]+$/.test(id)) throw new Error(`job id expected, got ${JSON.stringify(id)}`);
    while (Date.now() < deadline && !stopped) {
      const { rows } = await pool.query<{ done: boolean }>(
        `SELECT NOT EXISTS (SELECT 1 FROM graphile_worker._private_jobs
           WHERE id = $1::bigint AND (attempts = 0 OR locked_at IS NOT NULL)) AS done`,
        [id],
      );
      if (rows[0]?.done) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function depth(): Promise<QueueDepth[]> {
    const { rows } = await pool.query<QueueDepth>(
      `SELECT t.identifier AS task,
              count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts)::int AS queued,
              count(*) FILTER (WHERE j.locked_at IS NOT NULL)::int AS running,
              count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts > 0
                                 AND j.attempts < j.max_attempts)::int AS retrying,
              count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts)::int AS failed
         FROM graphile_worker._private_jobs j
         JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        GROUP BY t.identifier ORDER BY t.identifier`,
    );
    return rows;
  }

  function scheduleDepthLog(): void {
    const every = options.depthLogMs ?? 60_000;
    if (every <= 0 || stopped) return;
    depthTimer = setTimeout(() => {
      depth().then(
        (tasks) => {
          const byTask = Object.fromEntries(tasks.map(({ task, ...counts }) => [task, counts]));
          const failed = tasks.reduce((sum, task) => sum + task.failed, 0);
          (failed > 0 ? log.warn : log.info).call(log, { tasks: byTask, failed }, 'job queue depth');
        },
        (error: unknown) => throttled('warn', 'depth', { err: error }, 'job queue depth unavailable'),
      );
      scheduleDepthLog();
    }, every);
    depthTimer.unref();
  }

  /** A process without a runner is ready once a running one has installed the library's schema. */
  async function awaitSchema(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      try {
        const result = await pool.query<{ ready: boolean }>(
          `SELECT to_regproc('graphile_worker.add_job') IS NOT NULL AS ready`,
        );
        if (result.rows[0]?.ready) {
          markReady();
          return;
        }
      } catch (error) {
        failures += 1;
        throttled('warn', 'await-schema', { err: error, failures }, 'job queue: schema check failed');
      }
      await sleep(200);
    }
  }

  /**
   * Keeps a runner going while started: the first start installs the schema (a few ms when it is
   * current); a runner that ends by itself (the library stops its pool after a worker's fatal error,
   * e.g. the database gone while a job was being released) is started again after a growing pause.
   */
  async function supervise(): Promise<void> {
    let failures = 0;
    const parsedCronItems: ParsedCronItem[] = parseCronItems(cronItems);
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    // The runner's connections: one LISTEN and one per concurrent job for its fetch and completion
    // (fewer made the library warn at every start that jobs may queue for a connection).
    const runnerPool = createRunnerPool(pool, concurrency + 1, throttled);
    // The library's pool id is the `locked_by` of the jobs it holds.
    const events = new EventEmitter() as WorkerEvents;
    let poolId: string | undefined;
    events.on('pool:create', ({ workerPool }) => {
      poolId = workerPool.id;
    });
    /** Called when the current pool has shut down (every worker released); only its end is left. */
    let poolShutDown: (() => void) | undefined;
    const onShutDown = ({ workerPool }: { workerPool: { id: string } }) => {
      if (workerPool.id === poolId) poolShutDown?.();
    };
    events.on('pool:gracefulShutdown:complete', onShutDown);
    events.on('pool:forcefulShutdown:complete', onShutDown);
    events.on('pool:forcefulShutdown:error', onShutDown);
    /** Pools of this node that ended by themselves: their locks are released at the next start. */
    const deadPools: string[] = [];
    /**
     * A job fetch that failed on a lost connection may have locked jobs the pool never received
     * (the fetch committed, its answer was lost): nobody would run them for the library's 4-hour
     * stale-lock window. The pool is renewed instead: it finishes the jobs it runs, ends, and the
     * next start releases every lock it still holds (`recover`), those phantom ones included.
     */
    let renewReason: string | undefined;
    events.on('worker:getJob:error', ({ error }) => {
      if (renewal || stopped || !runner) return;
      renewReason = `a job fetch failed (${String(error).slice(0, 120)})`;
      renewal = runner.stop().catch(() => {});
    });
    /** The recovery in progress (see `recover`); at most one at a time. */
    let recovery: Promise<void> | undefined;
    try {
      while (!stopped) await runOnce();
    } finally {
      await recovery;
      await runnerPool.end();
    }

    async function runOnce(): Promise<void> {
      let upSince: number | undefined;
      let stalled = false;
      const shutDown = new Promise<void>((resolve) => {
        poolShutDown = resolve;
      });
      try {
        const current = await run({
          pgPool: runnerPool,
          events,
          taskList,
          parsedCronItems,
          concurrency,
          pollInterval: options.pollIntervalMs ?? 250,
          noHandleSignals: true,
          logger: new Logger(logFactory),
          // Completions and failures written in batches: the library then retries a write that met a
          // lost connection and, if it still fails, shuts the pool down (restarted below) instead of
          // leaving an unhandled rejection (which would end the process).
          preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
        });
        runner = current;
        // Its end, or its pool shut down and the rest never finishing (RUNNER_END_GRACE_MS): then
        // it is given up (its cron released) and replaced like a runner that ended.
        runnerEnded = Promise.race([
          current.promise,
          shutDown
            .then(() => sleep(RUNNER_END_GRACE_MS, { unref: true }))
            .then(() => {
              stalled = true;
            }),
        ]);
        upSince = Date.now();
        markReady();
        if (deadPools.length > 0 && !recovery) {
          recovery = recover().finally(() => {
            recovery = undefined;
          });
        }
        await runnerEnded;
        if (stalled) current.stop().catch(() => {});
        if (stopped) return;
        if (poolId) deadPools.push(poolId);
        const how = stalled
          ? `its pool shut down but it did not end in ${RUNNER_END_GRACE_MS} ms`
          : 'ended by itself';
        throw new Error(renewReason ? `runner renewed: ${renewReason}; ${how}` : `runner ${how}`);
      } catch (error) {
        runner = undefined;
        runnerEnded = undefined;
        renewal = undefined;
        renewReason = undefined;
        if (stopped) return;
        // A runner that had been up for a minute starts the back-off over.
        if (upSince !== undefined && Date.now() - upSince > 60_000) failures = 0;
        failures += 1;
        const retryInMs = failureDelayMs(0, failures);
        throttled('error', 'runner', { err: error, failures, retryInMs }, 'job queue runner failed');
        await new Promise<void>((resolve) => {
          wakeSupervisor = resolve;
          restartTimer = setTimeout(resolve, retryInMs);
          restartTimer.unref();
        });
      }
    }

    /**
     * After a restart: the jobs the dead pool held (locked for 4 hours otherwise, a recurring
     * chain's among them) are released to run again, and every recurring chain this node takes part
     * in is made sure of, so a pass comes within its period rather than at the minute's safety net.
     * The database may fail again meanwhile (the restart often follows an outage that is not over):
     * it is tried again with back-off until it is done or the queue stops, beside the new runner.
     */
    async function recover(): Promise<void> {
      let failures = 0;
      let chainsEnsured = false;
      while (!stopped && (deadPools.length > 0 || !chainsEnsured)) {
        try {
          if (deadPools.length > 0) {
            const released = [...deadPools];
            await pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [released]);
            deadPools.splice(0, released.length);
          }
          await Promise.all(ensureChains.map((ensure) => ensure()));
          chainsEnsured = true;
        } catch (error) {
          failures += 1;
          const retryInMs = failureDelayMs(0, failures);
          throttled(
            'warn',
            'recover',
            { err: error, failures, retryInMs },
            'job queue: recovery after a restart failed',
          );
          const until = Date.now() + retryInMs;
          while (!stopped && Date.now() < until) await sleep(Math.min(100, until - Date.now()));
        }
      }
    }
  }

  const queue: JobQueue = {
    define<P>(task: TaskDefinition<P>): void {
      assertDefinable(task.name);
      const maxAttemptsDefault = task.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      taskList[task.name] = async (payload: unknown, helpers: JobHelpers) => {
        const { job } = helpers;
        try {
          await task.handler(payload as P, {
            id: job.id,
            attempt: job.attempts,
            maxAttempts: job.max_attempts ?? maxAttemptsDefault,
          });
        } catch (error) {
          const final = job.attempts >= job.max_attempts;
          const fields = {
            err: error,
            task: task.name,
            jobId: job.id,
            attempt: job.attempts,
            maxAttempts: job.max_attempts,
          };
          if (final) log.error(fields, 'job given up');
          else log.warn(fields, 'job attempt failed');
          throw error;
        }
      };
      // The task's default attempts apply to jobs enqueued without their own.
      defaultAttempts.set(task.name, maxAttemptsDefault);
    },

    recurring(recurringOptions: RecurringOptions): RecurringTask {
      const { name, everyMs } = recurringOptions;
      const jobKey = `${RECURRING_KEY_PREFIX}${name}`;
      let enabled = false;
      let inFlight: Promise<unknown> | undefined;

      assertDefinable(name);
      // The pass never fails as a job: a failed pass is logged and the chain goes on after a
      // growing pause (ADR 011), so an outage cannot end it nor spend its attempts.
      taskList[name] = async (payload: unknown) => {
        const failures = Number((payload as RecurringPayload | null)?.failures ?? 0);
        let nextFailures = 0;
        if (enabled) {
          const pass = Promise.resolve().then(() => recurringOptions.pass());
          inFlight = pass;
          try {
            await pass;
          } catch (error) {
            nextFailures = failures + 1;
            const retryInMs = failureDelayMs(everyMs, nextFailures);
            log.error({ err: error, failures: nextFailures, retryInMs }, `${name} pass failed`);
          } finally {
            inFlight = undefined;
          }
        }
        const delay = nextFailures > 0 ? failureDelayMs(everyMs, nextFailures) : everyMs;
        // preserve_run_at: a runNow() made during this pass keeps its "now".
        await addJob(
          name,
          { failures: nextFailures },
          { jobKey, runAt: new Date(Date.now() + delay), mode: 'preserve_run_at' },
        );
      };
      // The safety net: once a minute (once across the nodes) the chain is recreated if a crash
      // (a node killed in a pass, the database lost while re-enqueueing) broke it.
      cronItems.push({
        task: name,
        match: '* * * * *',
        identifier: `${name}:chain`,
        options: { jobKey, jobKeyMode: 'preserve_run_at', backfillPeriod: 0 },
      });

      ensureChains.push(async () => {
        if (enabled) await addJob(name, {}, { jobKey, mode: 'preserve_run_at' });
      });

      const handle: RecurringTask = {
        start() {
          if (enabled) return;
          enabled = true;
          const runAt = new Date(Date.now() + (recurringOptions.firstDelayMs ?? 0));
          ready
            .then(() => addJob(name, {}, { jobKey, runAt, mode: 'preserve_run_at' }))
            .catch((error: unknown) =>
              throttled(
                'warn',
                `start:${name}`,
                { err: error },
                `${name}: first pass not scheduled (the minute's safety net will)`,
              ),
            );
        },
        async stop() {
          enabled = false;
          await inFlight?.catch(() => {});
        },
        async runNow(maxWaitMs) {
          if (!enabled || stopped) return;
          const deadline = Date.now() + maxWaitMs;
          if (!(await Promise.race([ready.then(() => true), sleep(maxWaitMs).then(() => false)]))) return;
          // replace: due now even when the pending one was later; a pass in flight holds its own job,
          // so this is a new one right after (as the old loop's "again"). add_job answers no id when
          // the keyed job it meets is locked meanwhile (a pass just taken, on any node): ask again.
          for (;;) {
            const id = await addJob(name, {}, { jobKey, mode: 'replace' });
            if (id !== '') {
              await waitForJob(id, deadline);
              return;
            }
            if (Date.now() >= deadline || stopped) return;
            await sleep(20);
          }
        },
        get started() {
          return enabled;
        },
        get running() {
          return inFlight !== undefined;
        },
      };
      recurringTasks.push(handle);
      return handle;
    },

    async enqueue(name, payload = {}, enqueueOptions = {}) {
      // A job no node can run would wait forever: a misspelt name fails at the caller.
      if (!taskList[name]) throw new Error(`job task ${name} is not defined`);
      const withDefaults = {
        ...enqueueOptions,
        maxAttempts: enqueueOptions.maxAttempts ?? defaultAttempts.get(name) ?? DEFAULT_MAX_ATTEMPTS,
      };
      if (enqueueOptions.tx) await enqueueOptions.tx.execute(addJobSql(name, payload, withDefaults));
      else await addJob(name, payload, withDefaults);
    },

    start() {
      if (!stopped) return;
      stopped = false;
      renewal = undefined;
      if (options.runner === false) {
        supervising = awaitSchema();
        return;
      }
      supervising = supervise();
      scheduleDepthLog();
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(depthTimer);
      clearTimeout(restartTimer);
      wakeSupervisor?.();
      await Promise.all(recurringTasks.map((task) => task.stop()));
      // run() may still be installing the schema: wait for it, then stop what it started.
      while (supervising && !runner) {
        const settled = await Promise.race([supervising.then(() => true), sleep(10).then(() => false)]);
        if (settled) break;
      }
      // A runner already stopping to be renewed cannot be stopped twice: wait for that stop, or for
      // the runner's end (a stop whose pool shut down but never finished: RUNNER_END_GRACE_MS).
      const stopping = renewal ?? runner?.stop().catch(() => {});
      if (stopping) await (runnerEnded ? Promise.race([stopping, runnerEnded.catch(() => {})]) : stopping);
      await supervising;
      runner = undefined;
      supervising = undefined;
    },

    depth,

    ready: () => ready,

    get started() {
      return !stopped;
    },
  };
  return queue;
}

/**
 * The runner's own small pool (its LISTEN connection and its job fetches and completions), on the
 * app's connection settings. Not the app's pool: that one hands a failed checked-out client back at
 * once (ADR 011), and the library would then release its LISTEN client a second time, which throws.
 * Every client still gets an 'error' listener, so a dropped connection is logged, never fatal.
 *
 * A client handed out through a callback (the library's LISTEN connection) can still be released
 * twice by the library itself: when its pool shuts down while its LISTEN statement is in flight
 * and the connection then fails, both the shutdown and the statement's error handler release it.
 * pg-pool throws on the second release, from inside a promise nobody awaits: an unhandled
 * rejection, which ends a Node process. Here the second release does nothing (seen once in 26 runs
 * of the job queue's test file under load).
 */
type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: (releaseError?: Error | boolean) => void,
) => void;

function createRunnerPool(
  appPool: pg.Pool,
  max: number,
  throttled: (level: 'warn', key: string, fields: Record<string, unknown>, message: string) => void,
): pg.Pool {
  const runnerPool = new pg.Pool({
    ...appPool.options,
    max,
    application_name: `${appPool.options.application_name ?? 'croupier'}-jobs`,
    // The library reads bigint ids as strings (and serialises them to JSON); the app's global
    // parser turns int8 into BigInt, which JSON.stringify refuses.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  runnerPool.on('error', () => {});
  const connect = runnerPool.connect.bind(runnerPool);
  runnerPool.connect = ((callback?: ConnectCallback) => {
    if (!callback) return connect();
    connect((error, client, release) => {
      let released = false;
      callback(error, client, (releaseError?: Error | boolean) => {
        if (released) return;
        released = true;
        release(releaseError);
      });
    });
  }) as typeof runnerPool.connect;
  runnerPool.on('connect', (client) => {
    client.on('error', (error: Error) =>
      throttled('warn', 'runner-connection', { err: error }, 'job queue: database connection lost'),
    );
  });
  return runnerPool;
}

function sleep(ms: number, options: { unref?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (options.unref) timer.unref();
  });
}
