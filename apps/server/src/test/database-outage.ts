/**
 * A database outage for integration tests: while `during` runs, every connection the app's pool
 * asks for goes to a port where nothing listens (refused), as in a PostgreSQL restart or failover.
 */
import { freePort } from '@croupier/db/database';
import type { Pool } from 'pg';
import pg from 'pg';

export interface DatabaseOutage {
  during<T>(work: () => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

export async function databaseOutage(pool: Pool): Promise<DatabaseOutage> {
  const deadPool = new pg.Pool({
    connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/none`,
    connectionTimeoutMillis: 2000,
  });
  deadPool.on('error', () => {});
  return {
    async during(work) {
      const connect = pool.connect;
      pool.connect = deadPool.connect.bind(deadPool) as typeof pool.connect;
      try {
        return await work();
      } finally {
        pool.connect = connect;
      }
    },
    end: () => deadPool.end(),
  };
}
