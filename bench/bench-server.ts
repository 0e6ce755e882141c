/**
 * The real server for the benchmarks that measure it over HTTP (`http.bench.ts`,
 * `lighthouse.bench.ts`): `node apps/server/src/server.ts` in processes of its own, production build,
 * demo seed, on a PostgreSQL the benchmark started; `workers` is its WEB_CONCURRENCY (ADR 043).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '@croupier/db/database';

const SERVER_ENTRY = new URL('../apps/server/src/server.ts', import.meta.url).pathname;

/** Polls `url` until it answers 2xx; fails when `child` exits first or after 120 s. */
export async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} during start`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM (the server drains) and the exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startBenchServer(options: {
  databaseUrl: string;
  workers: number;
  /** Node flags for the server's processes (a CPU profile…). */
  execArgv?: string[];
  /** Another checkout's server (bench/reference-build.ts); default this one's. */
  entry?: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.execArgv ?? []), options.entry ?? SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: base,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(options.workers),
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret',
      CMS_JWT_SECRET: 'bench-cms-secret-bench-cms-secret-bench',
      SEED_DEMO: '1',
      SPORTSBOOK_FEED: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`${base}/healthz`, child, 'the server');
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { base, child, stop: () => stopChild(child) };
}
