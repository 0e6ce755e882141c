/** The one way to get a Drizzle client: a pg pool over a connection string. */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

// BIGINT (int8) comes back as bigint so money never passes through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));
// NUMERIC stays text; callers parse it exactly.

export type Db = NodePgDatabase<Record<string, never>>;

export interface DbClient {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDbClient(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): DbClient {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'croupier',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool) as Db;
  return { db, pool, close: () => pool.end() };
}
