/**
 * HTTP benchmark (not a test; prints figures): the server-rendered home page (en and fr),
 * `metadata.getgeneralinfo` and, as the reference of the same run, a static asset served by the
 * same server, at 50 concurrent connections each.
 *
 * The server is the real one, `node apps/server/src/server.ts` in processes of its own (the load
 * generator never shares its event loop), on an embedded PostgreSQL this script starts once. It is
 * measured once per `--workers` value: 1 is a single process, more is the cluster mode `npm start`
 * uses by default (WEB_CONCURRENCY, ADR 043). BENCH_PROFILE=1 writes CPU profiles of the server's
 * processes to /tmp/prof.
 *
 * Usage: npm run build && npm run bench [-- --seconds 10 --connections 50 --workers 1,2]
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '@croupier/db/database';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    workers: { type: 'string', default: `1,${os.availableParallelism()}` },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const workerCounts = [...new Set(values.workers.split(',').map((value) => Number(value.trim())))];
if (workerCounts.some((count) => !Number.isInteger(count) || count < 1)) {
  throw new Error('--workers: a comma-separated list of process counts, each at least 1');
}

const assetsDir = new URL('../apps/web/build/client/assets', import.meta.url);
if (!existsSync(assetsDir)) throw new Error(`${assetsDir.pathname} not found: run \`npm run build\` first`);

// Not mkdtemp: its 0700 mode would shut out the postgres OS user the embedded server runs as under root.
const dataDir = path.join(os.tmpdir(), `croupier-bench-${process.pid}-${randomBytes(4).toString('hex')}`);
const database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });

const assets = await readdir(assetsDir);
const staticAsset = `/assets/${assets.find((name) => name.endsWith('.css')) ?? assets[0]}`;

interface Figure {
  workers: number;
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

async function measure(
  workers: number,
  base: string,
  name: string,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<Figure> {
  // A short warm-up so JIT and caches are in the steady state the figure describes.
  await autocannon({ url: base + urlPath, connections, duration: 2, headers });
  const result = await autocannon({ url: base + urlPath, connections, duration: seconds, headers });
  return {
    workers,
    name,
    path: urlPath,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

const figures: Figure[] = [];
const gzip = { 'accept-encoding': 'gzip, deflate, br' };
try {
  for (const workers of workerCounts) {
    const server = await startBenchServer({
      databaseUrl: database.url,
      workers,
      execArgv: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
      env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    try {
      const run = (name: string, urlPath: string, headers: Record<string, string> = {}) =>
        measure(workers, server.base, name, urlPath, { ...gzip, ...headers });
      figures.push(await run('static asset (reference)', staticAsset));
      figures.push(await run('SSR home page, en', '/', { 'accept-language': 'en' }));
      figures.push(await run('SSR home page, fr', '/fr'));
      figures.push(await run('metadata.getgeneralinfo', '/api/metadata.getgeneralinfo?v=2.34&locale=en'));
    } finally {
      await server.stop();
    }
  }
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}

console.log(
  `\nCroupier HTTP benchmark: ${connections} connections, ${seconds} s each, ${os.availableParallelism()} cores, Node ${process.version}; the server in its own processes, compressed responses`,
);
console.log(
  '| processes | endpoint | req/s | p50 ms | p99 ms | bytes/reply | errors | vs static, same processes |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
for (const f of figures) {
  const reference = figures.find((r) => r.workers === f.workers)?.rps ?? f.rps;
  console.log(
    `| ${f.workers} | ${f.name} (${f.path}) | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.bytes.toFixed(0)} | ${f.errors} | ${(f.rps / reference).toFixed(3)} |`,
  );
}
const single = figures.find((f) => f.workers === workerCounts[0] && f.path === '/');
for (const f of figures.filter((g) => g.path === '/' && g !== single)) {
  if (single)
    console.log(`SSR home, ${f.workers} processes vs ${single.workers}: ${(f.rps / single.rps).toFixed(2)}×`);
}
