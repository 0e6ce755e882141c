/**
 * The reference the money benchmarks compare with (bench:wallet, bench:spins, bench:ledger): pgbench
 * running a plain double-entry transaction (2 UPDATE + 2 INSERT, no secondary index, no foreign key)
 * on the same PostgreSQL server, in a database of its own; the server's WAL counters (`pg_stat_wal`),
 * to say what one transaction of each kind writes (ADR 042); and what its statements cost
 * (`pg_stat_statements`, `--statement-times`).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDbClient, type Db } from '@croupier/db/client';
import { sql } from 'drizzle-orm';
import { type CpuPerTransaction, finishedChildrenCpuMs, postgresCpuMs } from './process-cpu.ts';

const run = promisify(execFile);

export interface PgbenchFigure {
  transactionsPerSecond: number;
  /** Transactions of the measured run. */
  processed: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** WAL the server wrote per transaction during the measured run. */
  wal: WalPerTransaction;
  /** CPU per transaction of the measured run, when the caller named the postmaster. */
  cpu?: CpuPerTransaction;
}

export interface WalCounters {
  records: number;
  fpi: number;
  bytes: number;
}

export type WalPerTransaction = WalCounters;

/** The whole server's WAL counters so far (anything else it writes meanwhile counts too). */
export async function walSoFar(db: Db): Promise<WalCounters> {
  const rows = await db.execute<{ records: string; fpi: string; bytes: string }>(
    sql`SELECT wal_records::text AS records, wal_fpi::text AS fpi, wal_bytes::text AS bytes FROM pg_stat_wal`,
  );
  const row = rows.rows[0];
  return { records: Number(row?.records ?? 0), fpi: Number(row?.fpi ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export function walPer(before: WalCounters, after: WalCounters, transactions: number): WalPerTransaction {
  const n = Math.max(transactions, 1);
  return {
    records: (after.records - before.records) / n,
    fpi: (after.fpi - before.fpi) / n,
    bytes: (after.bytes - before.bytes) / n,
  };
}

/** Rows written so far per table (`pg_stat_user_tables`: inserted, updated, of which HOT, deleted). */
export type TableWrites = Map<string, { ins: number; upd: number; hot: number; del: number }>;

/**
 * Every user table's write counters so far. Backends publish their counts when they go idle, at most
 * once a second: wait a little after a phase before reading the counters that close it.
 */
export async function tableWritesSoFar(db: Db): Promise<TableWrites> {
  const rows = await db.execute<{ name: string; ins: string; upd: string; hot: string; del: string }>(
    sql`SELECT schemaname || '.' || relname AS name, n_tup_ins::text AS ins, n_tup_upd::text AS upd,
               n_tup_hot_upd::text AS hot, n_tup_del::text AS del
          FROM pg_stat_user_tables`,
  );
  return new Map(
    rows.rows.map((row) => [
      row.name,
      { ins: Number(row.ins), upd: Number(row.upd), hot: Number(row.hot), del: Number(row.del) },
    ]),
  );
}

/** The tables written between two readings, rows per transaction, most written first. */
export function tableWritesPer(before: TableWrites, after: TableWrites, transactions: number): string[] {
  const n = Math.max(transactions, 1);
  const lines: Array<[number, string]> = [];
  for (const [name, end] of after) {
    const start = before.get(name) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const ins = (end.ins - start.ins) / n;
    const upd = (end.upd - start.upd) / n;
    const hot = (end.hot - start.hot) / n;
    const del = (end.del - start.del) / n;
    if (ins + upd + del < 0.01) continue;
    lines.push([
      ins + upd + del,
      `| ${name} | ${ins.toFixed(2)} | ${upd.toFixed(2)} | ${hot.toFixed(2)} | ${del.toFixed(2)} |`,
    ]);
  }
  return [
    '| table | inserted | updated | of which HOT | deleted |',
    '|---|---:|---:|---:|---:|',
    ...lines.sort((a, b) => b[0] - a[0]).map(([, line]) => line),
  ];
}

/**
 * `--statement-times` (bench:spins, bench:wallet): the settings that start the embedded PostgreSQL
 * with `pg_stat_statements`, statements inside functions and triggers included.
 */
export const STATEMENT_TIMES_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
};

/**
 * The statements PostgreSQL spent the most time on since the last `pg_stat_statements_reset()`, per
 * operation (`what`: "wallet call", "credit"); a function's time also appears split over its
 * statements. Execution time is wall time in the backend: waiting for a row lock or for a core counts.
 */
export async function statementTimesPer(db: Db, operations: number, what: string): Promise<string[]> {
  const rows = await db.execute<{ calls: string; ms: string; toplevel: boolean; query: string }>(sql`
    SELECT calls::text, total_exec_time::text AS ms, toplevel,
           left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
    FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15`);
  const n = Math.max(operations, 1);
  return [
    `| statement (cut at 100 characters) | nested | per ${what} | ms each | ms per ${what} |`,
    '|---|---|---:|---:|---:|',
    ...rows.rows.map((row) => {
      const count = Number(row.calls);
      const ms = Number(row.ms);
      const text = row.query.replaceAll('|', '\\|');
      return `| ${text} | ${row.toplevel ? '' : 'yes'} | ${(count / n).toFixed(2)} | ${(ms / Math.max(count, 1)).toFixed(3)} | ${(ms / n).toFixed(3)} |`;
    }),
  ];
}

/** The reference's two tables: 100,000 accounts, postings without index. */
const DOUBLE_ENTRY_SCHEMA = `
  CREATE TABLE accounts (id bigint PRIMARY KEY, balance bigint NOT NULL DEFAULT 0);
  CREATE TABLE postings (id bigserial PRIMARY KEY, account_id bigint NOT NULL, amount bigint NOT NULL,
                         created_at timestamptz NOT NULL DEFAULT now());
  INSERT INTO accounts (id) SELECT generate_series(1, 100000);`;

/**
 * A fresh database `pgbench_double_entry` with the reference's tables on the server of `serverUrl`
 * (`admin` connects to another database of it): its address, and `drop` to remove it.
 */
export async function createDoubleEntryDatabase(
  serverUrl: string,
  admin: Db,
): Promise<{ url: string; drop(): Promise<void> }> {
  const target = new URL(serverUrl);
  target.pathname = '/pgbench_double_entry';
  const drop = async () => {
    await admin.execute(sql.raw('DROP DATABASE IF EXISTS pgbench_double_entry WITH (FORCE)'));
  };
  await drop();
  await admin.execute(sql.raw('CREATE DATABASE pgbench_double_entry'));
  const created = createDbClient(target.toString(), { max: 1 });
  try {
    await created.db.execute(sql.raw(DOUBLE_ENTRY_SCHEMA));
  } finally {
    await created.close();
  }
  return { url: target.toString(), drop };
}

/** The reference transaction: money from one random account to another, two postings. */
export const DOUBLE_ENTRY_SCRIPT = [
  '\\set a random(1, 100000)',
  '\\set b random(1, 100000)',
  'BEGIN;',
  'UPDATE accounts SET balance = balance - 1000 WHERE id = :a;',
  'UPDATE accounts SET balance = balance + 1000 WHERE id = :b;',
  'INSERT INTO postings (account_id, amount) VALUES (:a, -1000);',
  'INSERT INTO postings (account_id, amount) VALUES (:b, 1000);',
  'END;',
  '',
].join('\n');

/**
 * One pgbench run of `script` against the database of `url` (`-n`: no vacuum of pgbench's own
 * tables), its throughput and counts; `pgOptions` are the sessions' settings (PGOPTIONS),
 * `logPrefix` asks for the per-transaction log.
 */
export async function runPgbench(
  pgbench: string,
  url: string,
  script: string,
  options: { clients: number; seconds: number; pgOptions?: string; logPrefix?: string },
): Promise<{ transactionsPerSecond: number; processed: number; failed: number }> {
  const target = new URL(url);
  const env = {
    ...process.env,
    PGPASSWORD: decodeURIComponent(target.password),
    ...(options.pgOptions ? { PGOPTIONS: options.pgOptions } : {}),
  };
  const { stdout } = await run(
    pgbench,
    [
      '-n',
      '-c',
      String(options.clients),
      '-j',
      String(Math.min(options.clients, 2)),
      '-T',
      String(options.seconds),
      '-f',
      script,
      ...(options.logPrefix ? ['-l', `--log-prefix=${options.logPrefix}`] : []),
      '-h',
      target.hostname,
      '-p',
      target.port || '5432',
      '-U',
      decodeURIComponent(target.username),
      target.pathname.slice(1),
    ],
    { env, maxBuffer: 10 * 1024 * 1024 },
  );
  return {
    transactionsPerSecond: Number(/tps = ([0-9.]+)/.exec(stdout)?.[1] ?? '0'),
    processed: Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? '0'),
    failed: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? '0'),
  };
}

export async function findPgbench(): Promise<string | null> {
  const candidates = ['/usr/lib/postgresql/18/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench'];
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  try {
    const { stdout } = await run('sh', ['-c', 'command -v pgbench']);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Runs the double-entry script at `clients` connections for a warm-up, then `seconds`, in a fresh
 * database `pgbench_double_entry` on the server of `serverUrl` (dropped afterwards). Null without
 * pgbench. `workDir` holds the script and the per-transaction log.
 */
export async function pgbenchDoubleEntry(options: {
  serverUrl: string;
  admin: Db;
  workDir: string;
  clients: number;
  seconds: number;
  warmupSeconds: number;
  /** The server's postmaster: the figure then has the CPU each transaction cost PostgreSQL and pgbench. */
  postmaster?: number;
}): Promise<PgbenchFigure | null> {
  const pgbench = await findPgbench();
  if (!pgbench) return null;
  const { admin, workDir, clients, seconds, warmupSeconds } = options;
  const reference = await createDoubleEntryDatabase(options.serverUrl, admin);
  try {
    await mkdir(workDir, { recursive: true });
    const script = path.join(workDir, 'double-entry.sql');
    await writeFile(script, DOUBLE_ENTRY_SCRIPT);
    const logDir = path.join(workDir, 'pgbench-log');
    await mkdir(logDir, { recursive: true });
    await runPgbench(pgbench, reference.url, script, { clients, seconds: warmupSeconds });
    const walBefore = await walSoFar(admin);
    const postgresBefore = options.postmaster ? postgresCpuMs(options.postmaster) : 0;
    const pgbenchBefore = finishedChildrenCpuMs();
    const outcome = await runPgbench(pgbench, reference.url, script, {
      clients,
      seconds,
      logPrefix: path.join(logDir, 'tx'),
    });
    const pgbenchAfter = finishedChildrenCpuMs();
    const postgresAfter = options.postmaster ? postgresCpuMs(options.postmaster) : 0;
    const walAfter = await walSoFar(admin);
    const { processed } = outcome;
    const latencies: number[] = [];
    for (const file of await readdir(logDir)) {
      for (const line of (await readFile(path.join(logDir, file), 'utf8')).split('\n')) {
        const micros = line.split(' ')[2];
        if (micros) latencies.push(Number(micros) / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      transactionsPerSecond: outcome.transactionsPerSecond,
      processed,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      failed: outcome.failed,
      wal: walPer(walBefore, walAfter, processed),
      ...(options.postmaster
        ? {
            cpu: {
              postgresMs: (postgresAfter - postgresBefore) / Math.max(processed, 1),
              clientMs: (pgbenchAfter - pgbenchBefore) / Math.max(processed, 1),
            },
          }
        : {}),
    };
  } finally {
    await reference.drop();
  }
}
