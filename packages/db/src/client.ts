/** The one way to get a Drizzle client: a pg pool over a connection string. */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/** A database or a transaction of one (anything with a drizzle session). */
export interface PreparedExecutor {
  readonly _: { readonly session: Db['_']['session'] };
}

const dialect = new PgDialect();
/** Statement text → its name; bounded (every connection keeps each name it has prepared). */
const preparedNames = new Map<string, string>();
const MAX_PREPARED_NAMES = 500;

/**
 * `executor.execute(query)` as a NAMED prepared statement: node-postgres parses it once per pool
 * connection, and PostgreSQL may then reuse a cached generic plan instead of planning every call
 * (drizzle's `execute` sends unnamed statements, planned each time). Same rows as `execute`
 * (timestamps as text, int8 as bigint). For hot statements of a FIXED shape: the name comes from
 * the text, so a statement whose text varies with its values would fill the cache (past a bound,
 * such statements run unnamed).
 */
export async function executePrepared<T extends Record<string, unknown>>(
  executor: PreparedExecutor,
  query: SQL,
): Promise<pg.QueryResult<T>> {
  const compiled = dialect.sqlToQuery(query);
  let name = preparedNames.get(compiled.sql);
  if (name === undefined && preparedNames.size < MAX_PREPARED_NAMES) {
    name = `croupier_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
    preparedNames.set(compiled.sql, name);
  }
  return executor._.session
    .prepareQuery<{ execute: pg.QueryResult<T>; all: never; values: never }>(compiled, undefined, name, false)
    .execute() as Promise<pg.QueryResult<T>>;
}
