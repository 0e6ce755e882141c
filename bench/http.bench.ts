/**
 * HTTP benchmark (not a test): SSR of the home page, `metadata.getgeneralinfo` and, as the reference
 * of the same run, a static asset served by the same server. 50 concurrent connections each.
 * Usage: npm run build && npm run bench [-- --seconds 10 --connections 50]
 */
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '@croupier/db/client';
import { startEmbeddedPostgres } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { runSeeds } from '../apps/server/src/seed.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

// Not mkdtemp: its 0700 mode would shut out the postgres OS user the embedded server runs as under root.
const dataDir = path.join(os.tmpdir(), `croupier-bench-${process.pid}-${Date.now()}`);
const database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
const client = createDbClient(database.url, { max: 20 });
await applyMigrations(client.db);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
});
const app = await buildApp({ config, database: client, web: 'production', logger: false });
await runSeeds(client.db, app.services, { demo: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const assets = await readdir(new URL('../apps/web/build/client/assets', import.meta.url));
const staticAsset = `/assets/${assets.find((name) => name.endsWith('.css')) ?? assets[0]}`;

interface Figure {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, urlPath: string, headers: Record<string, string> = {}): Promise<Figure> {
  // A short warm-up so JIT and caches are in the steady state the figure describes.
  await autocannon({ url: base + urlPath, connections, duration: 2, headers });
  const result = await autocannon({ url: base + urlPath, connections, duration: seconds, headers });
  return {
    name,
    path: urlPath,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const figures: Figure[] = [];
figures.push(await measure('static asset (reference)', staticAsset));
figures.push(await measure('SSR home page', '/', { 'accept-language': 'en' }));
figures.push(await measure('metadata.getgeneralinfo', '/api/metadata.getgeneralinfo?v=2.34&locale=en'));

const reference = figures[0]!.rps;
console.log(
  `\nCroupier HTTP benchmark: ${connections} connections, ${seconds} s each, ${os.cpus().length} cores, Node ${process.version}`,
);
console.log('| endpoint | req/s | p50 ms | p99 ms | errors | vs static |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const f of figures) {
  console.log(
    `| ${f.name} (${f.path}) | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / reference).toFixed(3)} |`,
  );
}

await app.close();
await client.close();
await database.stop();
await rm(dataDir, { recursive: true, force: true });
