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
  /**
   * Where connection errors are reported (the app passes its logger at build time). Until then they
   * go to stderr, one line each.
   */
  setErrorLogger(logger: DbErrorLogger): void;
}

/** The part of a pino logger the pool reports to. */
export interface DbErrorLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

const stderrLogger: DbErrorLogger = {
  warn: (fields, message) => {
    const err = fields.err as { code?: unknown; message?: unknown } | undefined;
    console.error(`${message}: ${String(err?.code ?? '')} ${String(err?.message ?? '')}`.trim());
  },
};

/**
 * PostgreSQL SQLSTATEs meaning "this connection is gone or cannot be had", not "this statement is
 * wrong": admin shutdown, crash shutdown, cannot connect now (57P01–57P03), too many connections
 * (53300); the whole class 08 (connection exception) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection to the database (refused, reset, broken pipe, unreachable…). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and pg-pool errors that carry no code, by their message. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pool: connectionTimeoutMillis passed
  /is not queryable$/, // a client whose connection failed or ended, used again
  /^Client network socket disconnected/,
];

/**
 * Whether `error` (or any error in its `cause` chain, or an AggregateError's members) is a failure
 * of the connection to PostgreSQL rather than of the statement: the database restarted, a backend
 * was terminated, the server cannot be reached, the pool could not hand out a connection in time.
 * Such a request may be retried once the database is back; the edges answer them with a 503.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

export function createDbClient(
  url: string,
  options: {
    max?: number;
    applicationName?: string;
    logger?: DbErrorLogger;
    /** How long a request waits for a pool connection before failing (default 10 s). */
    connectionTimeoutMillis?: number;
  } = {},
): DbClient {
  let logger = options.logger ?? stderrLogger;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'croupier',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
  });
  // A connection can fail at any time (server restart, failover, pg_terminate_backend). An idle
  // client's failure reaches the pool's 'error' (the pool then drops it); a checked-out client's
  // reaches only the client, and an 'error' event without a listener would kill the process. Every
  // client gets a listener for its whole life, which reports the failure once.
  //
  // A checked-out client whose connection failed is given back to the pool at once (which drops
  // it, not queryable) and its holder's later release() does nothing: drizzle's transaction() sends
  // BEGIN before its try/finally, so a connection lost at BEGIN would otherwise never be released
  // and the pool would run dry one lost connection at a time. Its holder's queries fail anyway.
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error: Error) => {
      logger.warn({ err: error, idle: pool.idleCount, total: pool.totalCount }, 'database connection lost');
      if (checkedOut.has(client as pg.PoolClient)) {
        const held = client as pg.PoolClient;
        const release = held.release;
        held.release = () => {};
        release.call(held, error);
      }
    });
  });
  const db = drizzle(pool) as Db;
  return {
    db,
    pool,
    close: () => pool.end(),
    setErrorLogger(next) {
      logger = next;
    },
  };
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
