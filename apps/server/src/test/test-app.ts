/**
 * Integration-test harness: a fresh migrated database for the calling test file and the real app
 * built on it (API and content service; pass `web: 'production'` for the built site).
 */
import { createDbClient, type DbClient } from '@croupier/db/client';
import { createTestDatabase } from '@croupier/db/test-database';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limit.ts';
import { SESSION_COOKIE } from '../modules/auth/session.service.ts';
import { runSeeds } from '../seed.ts';
import type { WebMode } from '../web/web-plugin.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DbClient;
  config: Config;
  /** The test database's URL: another node (`createTestNode`) can run on it. */
  databaseUrl: string;
  /** The app's clock (the `now` option, or the real one). */
  now(): Date;
  close(): Promise<void>;
  /** Creates a player and a live session; returns the cookie header to act as them. */
  /**
   * A signed-in player with an adult birth date (real money needs one); `birthDate: null` for a
   * player who has not given it, or an ISO date.
   */
  createPlayer(
    login?: string,
    options?: { birthDate?: string | null },
  ): Promise<{ id: bigint; cookie: string; token: string }>;
}

let counter = 0;

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    web?: WebMode;
    seed?: boolean;
    now?: () => Date;
    rateLimiter?: RateLimiter;
    /** Connections in the app's pool (5: enough for one test's requests and background passes). */
    poolMax?: number;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(inject('pgAdminUrl'));
  const database = createDbClient(testDb.url, { max: options.poolMax ?? 5 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret!',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    web: options.web ?? 'none',
    logger: config.LOG_LEVEL !== 'silent',
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter(),
    ...(options.now ? { now: options.now } : {}),
  });
  if (options.seed !== false) await runSeeds(database.db, app.services, { demo: true });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: testDb.url,
    now: options.now ?? (() => new Date()),
    async close() {
      await app.close();
      await database.close();
      await testDb.drop();
    },
    async createPlayer(login, playerOptions = {}) {
      counter += 1;
      const name = login ?? `player${counter}-${Date.now()}@example.test`;
      const inserted = await database.db.execute<{ id: string }>(
        sql`INSERT INTO players (login) VALUES (${name}) RETURNING id`,
      );
      const id = BigInt(inserted.rows[0]!.id);
      const birthDate = playerOptions.birthDate === undefined ? '1990-01-01' : playerOptions.birthDate;
      if (birthDate !== null) {
        await database.db.execute(
          sql`INSERT INTO player_profiles (player_id, birth_date) VALUES (${id}, ${birthDate})`,
        );
      }
      const token = await app.services.sessions.create(id, { ip: '127.0.0.1', userAgent: 'vitest' });
      return { id, token, cookie: `${SESSION_COOKIE}=${token}` };
    },
  };
}

/**
 * Another app node on the same database as `of` (same config, no seeding): what a second server
 * behind the load balancer is. Closing it leaves the database to `of`.
 */
export async function createTestNode(
  of: TestApp,
  options: { web?: WebMode } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = createDbClient(of.databaseUrl, { max: 5 });
  const app = await buildApp({
    config: of.config,
    database,
    web: options.web ?? 'none',
    logger: of.config.LOG_LEVEL !== 'silent',
    rateLimiter: createMemoryRateLimiter(),
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
