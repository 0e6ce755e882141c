/**
 * Connection failures against real PostgreSQL: a backend terminated under a checked-out client
 * (idle or mid-query) is reported to the logger instead of killing the process with an unhandled
 * 'error' event, the pool replaces the connection, and each failure class is recognised by
 * `isDatabaseUnavailableError` while statement errors are not.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDbClient, type DbClient, isDatabaseUnavailableError } from './client.ts';
import { freePort } from './database.ts';
import { createTestDatabase } from './test-database.ts';

let url: string;
let drop: () => Promise<void>;
let admin: pg.Client;

beforeAll(async () => {
  const created = await createTestDatabase(inject('pgAdminUrl'));
  url = created.url;
  drop = created.drop;
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await drop?.();
});

function recordingLogger() {
  const lines: { err: unknown; message: string }[] = [];
  return {
    lines,
    warn: (fields: Record<string, unknown>, message: string) => lines.push({ err: fields.err, message }),
  };
}

async function terminate(pid: number): Promise<void> {
  const result = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [pid]);
  expect(result.rows[0]?.ok).toBe(true);
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('a pool client whose backend is terminated', () => {
  let client: DbClient;
  let log: ReturnType<typeof recordingLogger>;
  beforeAll(() => {
    log = recordingLogger();
    client = createDbClient(url, { max: 2, logger: log });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('while checked out and idle: logged, not an unhandled error; its next query fails as unavailable; the pool recovers', async () => {
    const held = await client.pool.connect();
    const pid = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await terminate(pid);
    // Without a listener on the client, this 'error' event would have killed the process.
    await until(() => log.lines.length > 0);
    expect(log.lines[0]?.message).toBe('database connection lost');
    expect(isDatabaseUnavailableError(log.lines[0]?.err)).toBe(true);
    const error = await caught(() => held.query('SELECT 1'));
    expect(isDatabaseUnavailableError(error), String(error)).toBe(true);
    held.release();
    // The dead connection left the pool; the next query gets a fresh one.
    const again = await client.db.execute<{ n: number }>(sql`SELECT 1 AS n`);
    expect(again.rows[0]?.n).toBe(1);
  });

  it('in the middle of a query (a transaction): the query fails as unavailable (57P01), the process lives', async () => {
    log.lines.length = 0;
    const running = caught(() =>
      client.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_sleep(20)`);
      }),
    );
    let pid: number | undefined;
    for (let i = 0; i < 100 && pid === undefined; i += 1) {
      const rows = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(20)%' AND state = 'active'",
      );
      pid = rows.rows[0]?.pid;
      if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pid).toBeDefined();
    await terminate(pid!);
    const error = await running;
    expect(isDatabaseUnavailableError(error), String(error)).toBe(true);
    await until(() => log.lines.length > 0);
    const again = await client.db.execute<{ n: number }>(sql`SELECT 2 AS n`);
    expect(again.rows[0]?.n).toBe(2);
  });
});

describe('a transaction whose connection dies at BEGIN', () => {
  it('gives the connection back to the pool (drizzle would keep it forever), so the pool does not run dry', async () => {
    const log = recordingLogger();
    const lone = createDbClient(url, { max: 1, connectionTimeoutMillis: 3000, logger: log });
    try {
      await lone.db.execute(sql`SELECT 1`); // one idle connection in the pool
      // The socket dies as the transaction takes the connection, before BEGIN is answered.
      lone.pool.once('acquire', (client) => {
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
      const error = await caught(() =>
        lone.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
        }),
      );
      expect(isDatabaseUnavailableError(error), String(error)).toBe(true);
      await until(() => lone.pool.totalCount === lone.pool.idleCount);
      // The only slot is free again: the next query gets a new connection.
      const again = await lone.db.execute<{ n: number }>(sql`SELECT 3 AS n`);
      expect(again.rows[0]?.n).toBe(3);
    } finally {
      await lone.close();
    }
  });
});

describe('isDatabaseUnavailableError', () => {
  it('connection refused (no server on the port)', async () => {
    const port = await freePort();
    const dead = createDbClient(`postgres://nobody@127.0.0.1:${port}/none`, {
      max: 1,
      logger: recordingLogger(),
    });
    try {
      const error = await caught(() => dead.db.execute(sql`SELECT 1`));
      expect(isDatabaseUnavailableError(error), String(error)).toBe(true);
    } finally {
      await dead.close();
    }
  });

  it('pool timeout (every connection busy past connectionTimeoutMillis)', async () => {
    const small = createDbClient(url, { max: 1, connectionTimeoutMillis: 2000, logger: recordingLogger() });
    const held = await small.pool.connect();
    try {
      const error = await caught(() => small.db.execute(sql`SELECT 1`));
      expect(String((error as Error).cause)).toMatch(/timeout exceeded when trying to connect/);
      expect(isDatabaseUnavailableError(error), String(error)).toBe(true);
    } finally {
      held.release();
      await small.close();
    }
  });

  it('a query on a client that was closed', async () => {
    const lone = new pg.Client({ connectionString: url });
    await lone.connect();
    await lone.end();
    const error = await caught(() => lone.query('SELECT 1'));
    expect(isDatabaseUnavailableError(error), String(error)).toBe(true);
  });

  it.each([
    [
      '57P01 admin shutdown',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    [
      '57P02 crash shutdown',
      { code: '57P02', message: 'terminating connection because of crash of another server process' },
    ],
    ['57P03 cannot connect now', { code: '57P03', message: 'the database system is starting up' }],
    ['08006 connection failure', { code: '08006', message: 'connection failure' }],
    ['08P01 protocol violation', { code: '08P01', message: 'protocol violation' }],
    ['53300 too many connections', { code: '53300', message: 'sorry, too many clients already' }],
    ['ECONNRESET', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['EPIPE', { code: 'EPIPE', message: 'write EPIPE' }],
    ['Connection terminated unexpectedly', { message: 'Connection terminated unexpectedly' }],
    ['wrapped in a cause (drizzle)', { message: 'Failed query: select 1', cause: { code: '57P01' } }],
    [
      'inside an AggregateError',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    ],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it('statement errors are not', async () => {
    const client = createDbClient(url, { max: 1 });
    try {
      const syntax = await caught(() => client.db.execute(sql.raw('SELEC 1')));
      expect(isDatabaseUnavailableError(syntax)).toBe(false);
      const division = await caught(() => client.db.execute(sql`SELECT 1 / 0`));
      expect(isDatabaseUnavailableError(division)).toBe(false);
      const cancelled = await caught(() =>
        client.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL statement_timeout = 10`);
          await tx.execute(sql`SELECT pg_sleep(1)`);
        }),
      );
      expect(isDatabaseUnavailableError(cancelled)).toBe(false);
    } finally {
      await client.close();
    }
    expect(isDatabaseUnavailableError(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailableError({ code: '23505' })).toBe(false);
    expect(isDatabaseUnavailableError(undefined)).toBe(false);
  });
});
