/**
 * Boot: config → database (embedded or DATABASE_URL) → migrations → seeds → listen. SIGINT/SIGTERM
 * drain requests, close the pool and stop the embedded PostgreSQL cleanly.
 */
import path from 'node:path';
import { createDbClient } from '@croupier/db/client';
import { openDatabase } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, withLocalSecrets } from './config.ts';
import { provisionDemoAdmin } from './modules/backoffice/backoffice.staff.ts';
import { runSeeds } from './seed.ts';

async function main(): Promise<void> {
  const devFlag = process.argv.includes('--dev');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(devFlag ? { NODE_ENV: 'development', ...process.env } : process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  config = await withLocalSecrets(config);
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    embedded: { dataDir, port: config.EMBEDDED_PG_PORT, database: 'croupier' },
  });
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
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
