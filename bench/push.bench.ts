/**
 * Push stream benchmark (not a test; ADR 037). The server runs in a process of its own (forked from
 * this file) so that its memory is its own; this process holds the streams and commits the money.
 *
 * - 1,000 (`--streams`) signed-in players each hold `GET /api/stream` for `--seconds` (default 60):
 *   the server's RSS before the streams open and after the hold.
 * - Per-player fan-out: rounds of one deposit per player committed through the ledger (the wallet's
 *   deposit transfer, 20 at a time), each pushed to its player's stream: messages per second and
 *   delivery latency from the COMMIT (the ledger call returning) to the event read by the client.
 * - Broadcast: `--broadcasts` public events, each to every stream: deliveries per second and latency.
 *
 * Usage: node bench/push.bench.ts [--seconds 60] [--streams 1000] [--broadcasts 20] [--redis redis://…]
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDbClient } from '@croupier/db/client';
import { freePort, startEmbeddedPostgres } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { createLedger } from '@croupier/ledger/ledger';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/session.service.ts';
import { openSse, type SseClient } from '../apps/server/src/modules/push/push-test-client.ts';
import { depositCreditRequest } from '../apps/server/src/modules/wallet/wallet.service.ts';
import { runSeeds } from '../apps/server/src/seed.ts';

type ToServer =
  | { type: 'players'; count: number }
  | { type: 'stats' }
  | { type: 'broadcast'; n: number }
  | { type: 'stop' };
type FromServer =
  | { type: 'ready' }
  | { type: 'players'; players: { id: string; cookie: string }[] }
  | { type: 'stats'; rssBytes: number; heapUsedBytes: number; streams: number }
  | { type: 'broadcast'; committedAt: number };

if (process.env.BENCH_ROLE === 'server') {
  const config = loadConfig(JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Record<string, string>);
  const database = createDbClient(process.env.BENCH_DATABASE_URL ?? '', { max: 20 });
  const app = await buildApp({ config, database, web: 'none', logger: false });
  await runSeeds(database.db, app.services, { demo: true });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  const reply = (message: FromServer) => process.send?.(message);
  process.on('message', async (message: ToServer) => {
    if (message.type === 'players') {
      const inserted = await database.db.execute<{ id: string }>(sql`
        INSERT INTO players (login, currency)
        SELECT 'push-bench-' || g || '@example.test', 'EUR' FROM generate_series(1, ${message.count}) AS g
        RETURNING id`);
      const players = [];
      for (const row of inserted.rows) {
        const token = await app.services.sessions.create(BigInt(row.id), {
          ip: '127.0.0.1',
          userAgent: 'bench',
        });
        players.push({ id: String(row.id), cookie: `${SESSION_COOKIE}=${token}` });
      }
      reply({ type: 'players', players });
    } else if (message.type === 'stats') {
      const memory = process.memoryUsage();
      reply({
        type: 'stats',
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        streams: app.services.push.stats().streams,
      });
    } else if (message.type === 'broadcast') {
      await app.services.push.publishPublic('big_win', { n: message.n });
      reply({ type: 'broadcast', committedAt: performance.timeOrigin + performance.now() });
    } else {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  reply({ type: 'ready' });
  await new Promise(() => {});
}

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    streams: { type: 'string', default: '1000' },
    broadcasts: { type: 'string', default: '20' },
    redis: { type: 'string' },
  },
});
const holdSeconds = Number(values.seconds);
const streamCount = Number(values.streams);
const broadcasts = Number(values.broadcasts);
const COMMIT_CONCURRENCY = 20;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
function summary(name: string, latencies: number[], messages: number, seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `${name}: ${messages} messages in ${seconds.toFixed(2)} s = ${(messages / seconds).toFixed(0)} msg/s; ` +
      `latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
      `max ${percentile(sorted, 100).toFixed(1)} ms`,
  );
}

// Not mkdtemp: its 0700 mode would shut out the postgres OS user the embedded server runs as under root.
const dataDir = path.join(
  os.tmpdir(),
  `croupier-push-bench-${process.pid}-${randomBytes(4).toString('hex')}`,
);
const pgServer = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
const client = createDbClient(pgServer.url, { max: COMMIT_CONCURRENCY + 2 });
await applyMigrations(client.db);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  NODE_ENV: 'production',
  PORT: String(port),
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  ...(values.redis ? { REDIS_URL: values.redis } : {}),
};
const server = fork(fileURLToPath(import.meta.url), [], {
  env: {
    ...process.env,
    BENCH_ROLE: 'server',
    BENCH_CONFIG: JSON.stringify(env),
    BENCH_DATABASE_URL: pgServer.url,
  },
});
const inbox: FromServer[] = [];
const waiting: ((message: FromServer) => void)[] = [];
server.on('message', (message: FromServer) => {
  const next = waiting.shift();
  if (next) next(message);
  else inbox.push(message);
});
const receive = () =>
  new Promise<FromServer>((resolve) => {
    const queued = inbox.shift();
    if (queued) resolve(queued);
    else waiting.push(resolve);
  });
async function ask<T extends FromServer['type']>(
  message: ToServer,
  type: T,
): Promise<Extract<FromServer, { type: T }>> {
  server.send(message);
  const answer = await receive();
  if (answer.type !== type) throw new Error(`expected ${type}, got ${answer.type}`);
  return answer as Extract<FromServer, { type: T }>;
}

const ready = await receive();
if (ready.type !== 'ready') throw new Error('server did not start');
console.log(
  `push bench: ${streamCount} streams held ${holdSeconds} s, bus ${values.redis ? 'redis' : 'postgres'}`,
);
const { players } = await ask({ type: 'players', count: streamCount }, 'players');
const idle = await ask({ type: 'stats' }, 'stats');

// Open every stream and wait for its first balance (the stream is live from then on).
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const streams: SseClient[] = [];
const byPlayer = new Map<string, SseClient>();
const openStarted = performance.now();
for (let start = 0; start < players.length; start += 100) {
  const batch = await Promise.all(
    players.slice(start, start + 100).map(async (player) => {
      const stream = await openSse(
        `${base}/api/stream`,
        { cookie: player.cookie, 'sec-fetch-site': 'same-origin' },
        agent,
      );
      if (stream.status !== 200) throw new Error(`stream refused: ${stream.status} ${stream.body}`);
      await stream.next('balance', 30_000);
      byPlayer.set(player.id, stream);
      return stream;
    }),
  );
  streams.push(...batch);
}
console.log(`opened ${streams.length} streams in ${((performance.now() - openStarted) / 1000).toFixed(1)} s`);
const opened = await ask({ type: 'stats' }, 'stats');

// Per-player fan-out: rounds of one deposit per player, while the hold lasts (at least one round).
const latencies: number[] = [];
let delivered = 0;
const pendingCommit = new Map<string, number>();
const received = new Map<string, number>();
const broadcastReceipts: { n: number; at: number }[] = [];
for (const [playerId, stream] of byPlayer) {
  stream.onEvent = (event) => {
    if (event.event === 'balance') {
      const at = performance.timeOrigin + event.at;
      const committedAt = pendingCommit.get(playerId);
      if (committedAt === undefined) received.set(playerId, at);
      else {
        pendingCommit.delete(playerId);
        latencies.push(Math.max(0, at - committedAt));
        delivered += 1;
      }
    } else if (event.event === 'big_win') {
      broadcastReceipts.push({ n: (event.data as { n: number }).n, at: performance.timeOrigin + event.at });
    }
  };
}
const ledger = createLedger(client.db);
const currency = 'EUR';
const holdEnds = performance.now() + holdSeconds * 1000;
const fanOutStarted = performance.now();
let round = 0;
let committed = 0;
do {
  round += 1;
  const queue = [...players];
  await Promise.all(
    Array.from({ length: COMMIT_CONCURRENCY }, async () => {
      for (let player = queue.shift(); player; player = queue.shift()) {
        const request = depositCreditRequest({
          playerId: BigInt(player.id),
          currency,
          amountMinor: 100n,
          paymentId: `bench-${round}-${player.id}`,
        });
        await ledger.transfer(request);
        const at = now();
        committed += 1;
        // The event may already be here (NOTIFY is delivered at commit, before the call returns).
        const early = received.get(player.id);
        if (early !== undefined) {
          received.delete(player.id);
          latencies.push(Math.max(0, early - at));
          delivered += 1;
        } else pendingCommit.set(player.id, at);
      }
    }),
  );
  // Let the round's last deliveries land before the next one.
  const settleBy = performance.now() + 5_000;
  while (pendingCommit.size > 0 && performance.now() < settleBy) await new Promise((r) => setTimeout(r, 10));
} while (performance.now() < holdEnds);
const fanOutSeconds = (performance.now() - fanOutStarted) / 1000;
const lost = committed - delivered;

// Broadcast: each public event to every stream.
const broadcastStarted = performance.now();
const commits: number[] = [];
for (let n = 0; n < broadcasts; n += 1) {
  const { committedAt } = await ask({ type: 'broadcast', n }, 'broadcast');
  commits[n] = committedAt;
}
const expected = broadcasts * streams.length;
const settleBroadcast = performance.now() + 10_000;
while (broadcastReceipts.length < expected && performance.now() < settleBroadcast) {
  await new Promise((r) => setTimeout(r, 10));
}
const broadcastSeconds =
  (Math.max(...broadcastReceipts.map((r) => r.at)) - (performance.timeOrigin + broadcastStarted)) / 1000;
const held = await ask({ type: 'stats' }, 'stats');

console.log(
  `server memory: RSS ${mb(idle.rssBytes)} before the streams, ${mb(opened.rssBytes)} with ${opened.streams} open, ` +
    `${mb(held.rssBytes)} after ${round} round(s) and the broadcasts (heap ${mb(held.heapUsedBytes)}); ` +
    `${((opened.rssBytes - idle.rssBytes) / Math.max(1, opened.streams) / 1024).toFixed(1)} KB RSS per open stream`,
);
console.log(`streams still open on the server at the end: ${held.streams} of ${streamCount}`);
summary(`per-player fan-out (${round} rounds, commit → client)`, latencies, delivered, fanOutSeconds);
if (lost > 0) console.log(`  ${lost} of ${committed} balance events not received within 5 s`);
summary(
  'broadcast (publish → every client)',
  broadcastReceipts.map((r) => Math.max(0, r.at - commits[r.n]!)),
  broadcastReceipts.length,
  broadcastSeconds,
);
if (broadcastReceipts.length < expected)
  console.log(`  ${expected - broadcastReceipts.length} deliveries missing`);

for (const stream of streams) stream.close();
agent.destroy();
const exited = new Promise((resolve) => server.once('exit', resolve));
server.send({ type: 'stop' } satisfies ToServer);
await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
server.kill();
await client.close();
await pgServer.stop();
process.exit(held.streams === streamCount && lost === 0 ? 0 : 1);
