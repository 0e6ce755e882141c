/**
 * Wallet benchmark (not a test; prints figures). One embedded PostgreSQL (fsync on), one run:
 *
 * 1. service layer: 16 concurrent players, each crediting deposits through `wallet.creditDeposit`
 *    (one ledger transaction of 2 postings, idempotency key, balance check) back to back;
 * 2. HTTP, end to end: 16 concurrent connections delivering the provider's signed
 *    `payment.succeeded` webhooks to `POST /webhooks/psp` for deposits made beforehand (signature
 *    check over the raw body, event stored once, deposit row locked, ledger posting and status
 *    change in one transaction) — the path real money takes into a player's balance;
 * 3. pgbench on the same server, same run: a plain double-entry transaction (2 UPDATE + 2 INSERT)
 *    at 16 clients, when pgbench is installed;
 * then the ratios (and the server's ceiling: `GET /healthz`, no database, same connections), the WAL
 * each path writes per transaction (`pg_stat_wal` deltas around the measured
 * HTTP and pgbench phases, ADR 042), the CPU each path's transaction cost PostgreSQL, the HTTP
 * server and the load generator (`/proc`, ADR 067), the ledger invariants and `npm run ledger:check`
 * on the database.
 * The sportsbook's odds simulator is off: its writes are not the money path's, and would count.
 *
 * The HTTP server runs in a forked process of its own; the load generators (the service-layer
 * workers, autocannon, pgbench) run outside it. BENCH_PROFILE=1 writes a CPU profile of that
 * server to /tmp/prof; BENCH_WAITS=1 prints what PostgreSQL sessions waited on during the HTTP phase
 * (mostly `Client:ClientRead`: the database waits for the Node process, not the other way round).
 *
 * `--compare` (or BENCH_COMPARE=1) measures the service-layer and HTTP phases twice in the run, once
 * with the balance signal as it was before ADR 044 (the ledger trigger calling `pg_notify` inside the
 * money transaction, migration 0031) and once as it is (a `push_outbox` row sent by the relay), the
 * order alternated over `--rounds` (default 1), then pgbench once: both ratios against the same
 * reference, on the same server and machine load.
 *
 * `--group-commit` adds an experiment (ADR 044), not a shipped path: the same deposit credit as one
 * `ledger_transfer` statement per credit (its own commit), against a batcher that sends whatever
 * credits are queued while earlier batches are in flight as one statement (a bench-only function:
 * each credit in its own subtransaction, so one failure undoes only itself; each keeps its
 * idempotency key), with at most 2 or 4 batches in flight.
 *
 * `--statement-times` starts the embedded PostgreSQL with `pg_stat_statements` and prints the
 * statements its backends spent the most time on per credit of the HTTP phase (wall time).
 *
 * Usage: npm run bench:wallet [-- --seconds 10] [-- --compare [--rounds 2]] [-- --group-commit]
 *        [-- --statement-times]
 */
import { execFile, fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createDbClient } from '@croupier/db/client';
import { freePort, startEmbeddedPostgres } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { checkInvariants } from '@croupier/ledger/invariants';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { resolvePspSettings } from '../apps/server/src/modules/cashier/cashier.service.ts';
import { depositLedgerArguments } from '../apps/server/src/modules/wallet/wallet.service.ts';
import { runSeeds } from '../apps/server/src/seed.ts';
import {
  pgbenchDoubleEntry,
  STATEMENT_TIMES_SETTINGS,
  statementTimesPer,
  type WalPerTransaction,
  walPer,
  walSoFar,
} from './pgbench-double-entry.ts';
import {
  type CpuPerTransaction,
  cpuTable,
  embeddedPostmaster,
  postgresCpuMs,
  processCpuMs,
} from './process-cpu.ts';
import { PUSH_SIGNAL_LABEL, type PushSignal, signalOrder, usePushSignal } from './push-signal.ts';

const run = promisify(execFile);

/**
 * The HTTP figure is taken against the server in a process of its own (forked from this file),
 * so the load generator does not share the server's event loop.
 */
if (process.env.BENCH_ROLE === 'server') {
  const childConfig = loadConfig(JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Record<string, string>);
  const childClient = createDbClient(process.env.BENCH_DATABASE_URL ?? '', { max: 20 });
  const server = await buildApp({ config: childConfig, database: childClient, web: 'none', logger: false });
  await server.listen({ port: childConfig.PORT, host: '127.0.0.1' });
  process.send?.('ready');
  process.on('message', async () => {
    await server.close();
    await childClient.close();
    process.exit(0);
  });
  await new Promise(() => {});
}
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    compare: { type: 'boolean', default: process.env.BENCH_COMPARE === '1' },
    rounds: { type: 'string', default: '1' },
    'group-commit': { type: 'boolean', default: false },
    'statement-times': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = values.compare ? Math.max(1, Math.min(5, Number(values.rounds))) : 1;
const PLAYERS = 16;
const WARMUP_SECONDS = 2;
const AMOUNT_MINOR = 1000n;

// Not mkdtemp: its 0700 mode would shut out the postgres user the embedded server runs as under root.
const dataDir = path.join(
  os.tmpdir(),
  `croupier-wallet-bench-${process.pid}-${randomBytes(4).toString('hex')}`,
);
const database = await startEmbeddedPostgres({
  dataDir,
  port: 0,
  database: 'croupier',
  ...(values['statement-times'] ? { settings: STATEMENT_TIMES_SETTINGS } : {}),
});
const client = createDbClient(database.url, { max: 20 });
await applyMigrations(client.db);
if (values['statement-times'])
  await client.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  NODE_ENV: 'production',
  SANDBOX: '1',
  PORT: String(port),
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  SPORTSBOOK_FEED: 'off',
};
const config = loadConfig(env);
// This process's app serves the service-layer figure; the forked one serves HTTP.
const app = await buildApp({ config, database: client, web: 'none', logger: false });
await runSeeds(client.db, app.services, { demo: false });
await app.ready();
const pspSettings = resolvePspSettings(config);
if (!pspSettings) throw new Error('no payment provider settings');
const webhookSecret = pspSettings.webhookSecret;

const players: bigint[] = [];
for (let i = 0; i < PLAYERS; i += 1) {
  const row = await client.db.execute<{ id: bigint }>(
    sql`INSERT INTO players (login, currency) VALUES (${`bench${i}@example.test`}, 'EUR') RETURNING id`,
  );
  players.push(BigInt(row.rows[0]!.id));
}

// The balance signal of each measured phase (ADR 044): both, alternated, with --compare.
const variants: PushSignal[] = values.compare ? signalOrder(rounds) : ['relay'];

interface Figure {
  name: string;
  transactionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Where the phase's CPU went, per transaction. */
  cpu?: CpuPerTransaction;
}

// CPU per transaction, by process (ADR 067): PostgreSQL's, the HTTP server's and this process's
// (the service layer's workers, or autocannon). On a machine whose cores are all busy, a path's
// throughput is about cores ÷ its CPU per transaction, so these say what a ratio is made of.
const postmaster = await embeddedPostmaster(dataDir);
/** CPU used so far (ms): the same shape as a figure per transaction, before the division. */
function readCpu(server?: number): CpuPerTransaction {
  const own = process.cpuUsage();
  return {
    postgresMs: postgresCpuMs(postmaster),
    ...(server === undefined ? {} : { serverMs: processCpuMs(server) }),
    clientMs: (own.user + own.system) / 1000,
  };
}
function cpuPer(
  before: CpuPerTransaction,
  after: CpuPerTransaction,
  transactions: number,
): CpuPerTransaction {
  const n = Math.max(transactions, 1);
  return {
    postgresMs: (after.postgresMs - before.postgresMs) / n,
    ...(after.serverMs === undefined ? {} : { serverMs: (after.serverMs - (before.serverMs ?? 0)) / n }),
    clientMs: (after.clientMs - before.clientMs) / n,
  };
}

interface WalFigure extends WalPerTransaction {
  name: string;
}
const walFigures: WalFigure[] = [];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// --- 1. service layer -----------------------------------------------------------------------------
async function serviceLayer(durationSeconds: number, tag: string): Promise<Figure> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + durationSeconds * 1000;
  await Promise.all(
    players.map(async (playerId, worker) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const started = performance.now();
        try {
          await app.services.wallet.creditDeposit({
            playerId,
            currency: 'EUR',
            amountMinor: AMOUNT_MINOR,
            paymentId: `bench_${tag}_${worker}_${n}`,
          });
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name: 'service layer: wallet.creditDeposit',
    transactionsPerSecond: latencies.length / durationSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

await serviceLayer(WARMUP_SECONDS, 'warm');
const figures: Figure[] = [];
for (const [index, signal] of variants.entries()) {
  await usePushSignal(client.db, signal);
  await serviceLayer(1, `warm${index}`);
  const cpuBefore = readCpu();
  const figure = await serviceLayer(seconds, `svc${index}`);
  figure.cpu = cpuPer(cpuBefore, readCpu(), figure.transactionsPerSecond * seconds);
  if (values.compare) figure.name += `, ${PUSH_SIGNAL_LABEL[signal]}`;
  figures.push(figure);
}
await usePushSignal(client.db, 'relay');

// --- 1b. group commit, the experiment ---------------------------------------------------------------
if (values['group-commit']) {
  await client.db.execute(sql`
    CREATE OR REPLACE FUNCTION bench_ledger_transfer_batch(p_items jsonb) RETURNS jsonb
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_item jsonb;
      v_answers jsonb := '[]'::jsonb;
    BEGIN
      FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
        BEGIN
          v_answers := v_answers || jsonb_build_array(jsonb_build_object('ok', ledger_transfer(
            v_item ->> 'key', v_item ->> 'hash', v_item ->> 'kind', v_item -> 'metadata', v_item -> 'accounts')));
        EXCEPTION WHEN OTHERS THEN
          v_answers := v_answers || jsonb_build_array(jsonb_build_object('error', SQLSTATE));
        END;
      END LOOP;
      RETURN v_answers;
    END;
    $fn$`);
  type Args = NonNullable<ReturnType<typeof depositLedgerArguments>>;
  const argsFor = (playerId: bigint, paymentId: string): Args => {
    const args = depositLedgerArguments({ playerId, currency: 'EUR', amountMinor: AMOUNT_MINOR, paymentId });
    if (!args) throw new Error('deposit refused');
    return args;
  };
  const single = async (args: Args) => {
    await client.db.execute(sql`SELECT ledger_transfer(${args.key}, ${args.hash}, ${args.kind},
      ${args.metadata}::jsonb, ${args.accounts}::jsonb)`);
  };
  /** Natural batching: what queued while `inFlight` batches were out goes as the next one. */
  const batcher = (inFlight: number, maxBatch: number) => {
    const queue: { args: Args; done: (error?: Error) => void }[] = [];
    let out = 0;
    const sizes: number[] = [];
    const flush = () => {
      while (out < inFlight && queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        sizes.push(batch.length);
        out += 1;
        const items = batch.map(({ args }) => ({
          key: args.key,
          hash: args.hash,
          kind: args.kind,
          metadata: JSON.parse(args.metadata) as unknown,
          accounts: JSON.parse(args.accounts) as unknown,
        }));
        client.db
          .execute<{ answers: { ok?: unknown; error?: string }[] }>(
            sql`SELECT bench_ledger_transfer_batch(${JSON.stringify(items)}::jsonb) AS answers`,
          )
          .then((result) => {
            const answers = result.rows[0]?.answers ?? [];
            batch.forEach((entry, i) => {
              const error = answers[i]?.error;
              entry.done(error ? new Error(`credit failed: ${error}`) : undefined);
            });
          })
          .catch((error: unknown) => {
            for (const entry of batch) entry.done(error instanceof Error ? error : new Error(String(error)));
          })
          .finally(() => {
            out -= 1;
            flush();
          });
      }
    };
    return {
      sizes,
      submit: (args: Args) =>
        new Promise<void>((resolve, reject) => {
          queue.push({ args, done: (error) => (error ? reject(error) : resolve()) });
          flush();
        }),
    };
  };
  const measure = async (name: string, tag: string, credit: (args: Args) => Promise<void>) => {
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      players.map(async (playerId, worker) => {
        for (let n = 0; performance.now() < deadline; n += 1) {
          const started = performance.now();
          try {
            await credit(argsFor(playerId, `gc_${tag}_${worker}_${n}`));
            latencies.push(performance.now() - started);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    figures.push({
      name,
      transactionsPerSecond: latencies.length / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      errors,
    });
  };
  // One per commit, then batched, then one per commit again: drift in the machine's load shows.
  for (const [index, inFlight] of [0, 2, 4, 0].entries()) {
    if (inFlight === 0) {
      await measure('group commit experiment: one ledger_transfer per commit', `one${index}`, single);
    } else {
      const batches = batcher(inFlight, 64);
      await measure(
        `group commit experiment: batched, ≤ ${inFlight} batches in flight`,
        `batch${index}`,
        batches.submit,
      );
      const mean = batches.sizes.reduce((sum, n) => sum + n, 0) / Math.max(batches.sizes.length, 1);
      console.log(
        `group commit, ≤ ${inFlight} in flight: ${batches.sizes.length} batches, ${mean.toFixed(1)} credits each`,
      );
    }
  }
}

// --- 2. HTTP: signed webhooks crediting deposits --------------------------------------------------
// Deposits as makedeposit leaves them (pending, with the provider's payment id), made in bulk so
// the measured phase is only the webhook path.
const depositCount = (seconds + WARMUP_SECONDS) * 6000 * (values.compare ? 2 * rounds : 1);
await client.db.execute(sql`
  INSERT INTO cashier_transactions
    (player_id, type, method, provider_method, currency, amount_minor, status, domain, provider_payment_id)
  SELECT (ARRAY[${sql.join(
    players.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[])[1 + (n % ${PLAYERS})], 'deposit', 'card', 'card', 'EUR', ${AMOUNT_MINOR}, 'pending',
         '127.0.0.1', 'pay_bench_' || n
  FROM generate_series(1, ${depositCount}) AS n`);
const ids = await client.db.execute<{ id: bigint; payment: string; player_id: bigint }>(
  sql`SELECT id, provider_payment_id AS payment, player_id FROM cashier_transactions WHERE provider_payment_id LIKE 'pay_bench_%' ORDER BY id`,
);
interface BenchDeposit {
  id: string;
  payment: string;
  player: string;
}
// One queue of deposits per player: like the service-layer workers, each connection is one player,
// so the figure is not about two requests of one player queueing on that player's balance row.
const queues = new Map<bigint, BenchDeposit[]>();
for (const row of ids.rows) {
  const playerId = BigInt(row.player_id);
  const queue = queues.get(playerId) ?? [];
  queue.push({ id: String(row.id), payment: row.payment, player: String(playerId) });
  queues.set(playerId, queue);
}
const playerQueues = [...queues.values()];
let eventCounter = 0;
let nextConnection = 0;

function signedEvent(queue: BenchDeposit[]): { body: string; signature: string } {
  const deposit = queue.shift();
  eventCounter += 1;
  const body = JSON.stringify({
    id: `evt_bench_${eventCounter}`,
    type: 'payment.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: 'payment',
      id: deposit?.payment ?? 'pay_none',
      merchant_reference: `dep_${deposit?.id ?? 0}`,
      amount: '10.00',
      currency: 'EUR',
      // As the provider echoes it: the customer id the deposit was created with.
      customer: { id: deposit?.player ?? '0' },
      status: 'succeeded',
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', webhookSecret).update(`${t}.${body}`).digest('hex');
  return { body, signature: `t=${t},v1=${v1}` };
}

function webhookRequest(queue: BenchDeposit[]) {
  return {
    method: 'POST' as const,
    setupRequest: (request: autocannon.Request) => {
      const event = signedEvent(queue);
      return {
        ...request,
        body: event.body,
        headers: { 'content-type': 'application/json', 'croupier-signature': event.signature },
      };
    },
  };
}

async function http(durationSeconds: number): Promise<Figure> {
  const result = await autocannon({
    url: `${base}/webhooks/psp`,
    connections: PLAYERS,
    duration: durationSeconds,
    requests: [webhookRequest(playerQueues[0] ?? [])],
    setupClient: (client) => {
      const queue = playerQueues[nextConnection % playerQueues.length] ?? [];
      nextConnection += 1;
      client.setRequests([webhookRequest(queue)]);
    },
  });
  return {
    name: 'HTTP: POST /webhooks/psp (signed payment.succeeded → deposit credited)',
    transactionsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const serverProcess = fork(import.meta.filename, [], {
  execArgv: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
  env: {
    ...process.env,
    BENCH_ROLE: 'server',
    BENCH_CONFIG: JSON.stringify(env),
    BENCH_DATABASE_URL: database.url,
  },
});
await new Promise<void>((resolve, reject) => {
  serverProcess.once('message', () => resolve());
  serverProcess.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
await http(WARMUP_SECONDS);
for (const signal of variants) {
  await usePushSignal(client.db, signal);
  await http(1);
  // BENCH_WAITS=1: what the server's sessions wait on during the HTTP phase (pg_stat_activity).
  const waits = new Map<string, number>();
  let sampling = process.env.BENCH_WAITS === '1';
  const sampler = (async () => {
    while (sampling) {
      const rows = await client.db.execute<{ w: string }>(sql`
        SELECT coalesce(wait_event_type || ':' || wait_event, state) AS w FROM pg_stat_activity
        WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'`);
      for (const row of rows.rows) waits.set(row.w, (waits.get(row.w) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const creditedSoFar = async () =>
    (
      await client.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM cashier_transactions WHERE provider_payment_id LIKE 'pay_bench_%' AND status = 'succeeded'`,
      )
    ).rows[0]?.n ?? 0;
  const creditedBefore = await creditedSoFar();
  if (values['statement-times']) await client.db.execute(sql`SELECT pg_stat_statements_reset()`);
  const walBefore = await walSoFar(client.db);
  const cpuBefore = readCpu(serverProcess.pid);
  const figure = await http(seconds);
  const cpuAfter = readCpu(serverProcess.pid);
  if (values.compare) figure.name += `, ${PUSH_SIGNAL_LABEL[signal]}`;
  figures.push(figure);
  const walAfter = await walSoFar(client.db);
  const credits = (await creditedSoFar()) - creditedBefore;
  figure.cpu = cpuPer(cpuBefore, cpuAfter, credits);
  walFigures.push({
    name: values.compare ? `HTTP webhook credit, ${PUSH_SIGNAL_LABEL[signal]}` : 'HTTP webhook credit',
    ...walPer(walBefore, walAfter, credits),
  });
  sampling = false;
  await sampler;
  if (values['statement-times']) {
    console.log(
      `where PostgreSQL spent its time per HTTP credit (${signal}; pg_stat_statements, wall time):`,
    );
    const credits = (await creditedSoFar()) - creditedBefore;
    for (const line of await statementTimesPer(client.db, credits, 'credit')) console.log(line);
  }
  if (waits.size > 0)
    console.log(`server sessions during HTTP phase (${signal}):`, Object.fromEntries(waits));
}
await usePushSignal(client.db, 'relay');
// The ceiling: the same server, connections and machine answering `GET /healthz` (no body to
// check, no database): what any HTTP path can reach here, to read the webhook's figure against.
{
  const result = await autocannon({ url: `${base}/healthz`, connections: PLAYERS, duration: seconds });
  figures.push({
    name: 'HTTP ceiling: GET /healthz (no database), same server and connections',
    transactionsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}
const serverExited = new Promise((resolve) => serverProcess.once('exit', resolve));
serverProcess.send('stop');
await serverExited;

// --- 3. pgbench: plain double-entry on the same server ---------------------------------------------
const pgbench = await pgbenchDoubleEntry({
  serverUrl: database.url,
  admin: client.db,
  workDir: path.join(dataDir, 'pgbench'),
  clients: PLAYERS,
  seconds,
  warmupSeconds: WARMUP_SECONDS,
  postmaster,
});
let pgbenchFigure: Figure | null = null;
if (pgbench) {
  pgbenchFigure = {
    name: 'pgbench: plain double-entry (2 UPDATE + 2 INSERT)',
    transactionsPerSecond: pgbench.transactionsPerSecond,
    p50Ms: pgbench.p50Ms,
    p99Ms: pgbench.p99Ms,
    errors: pgbench.failed,
    ...(pgbench.cpu ? { cpu: pgbench.cpu } : {}),
  };
  figures.push(pgbenchFigure);
  walFigures.push({ name: 'pgbench double-entry', ...pgbench.wal });
}

// --- report ---------------------------------------------------------------------------------------
const violations = await checkInvariants(client.db);
const credited = await client.db.execute<{ n: number }>(
  sql`SELECT count(*)::int AS n FROM cashier_transactions WHERE provider_payment_id LIKE 'pay_bench_%' AND status = 'succeeded'`,
);

console.log(
  `\nCroupier wallet benchmark: ${PLAYERS} concurrent players, ${seconds} s each (after ${WARMUP_SECONDS} s warm-up), ` +
    `${os.cpus().length} cores, Node ${process.version}, embedded PostgreSQL with fsync on; HTTP server in its own process`,
);
console.log('| path | wallet tx/s | postings/s | p50 ms | p99 ms | errors | vs pgbench |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const f of figures) {
  const ratio = pgbenchFigure
    ? (f.transactionsPerSecond / pgbenchFigure.transactionsPerSecond).toFixed(3)
    : 'n/a';
  console.log(
    `| ${f.name} | ${f.transactionsPerSecond.toFixed(0)} | ${(f.transactionsPerSecond * 2).toFixed(0)} | ` +
      `${f.p50Ms.toFixed(2)} | ${f.p99Ms.toFixed(2)} | ${f.errors} | ${ratio} |`,
  );
}
if (!pgbenchFigure) console.log('pgbench not found: install postgresql-client to get the reference figure.');
// Server-wide deltas over each measured phase, divided by its transactions: anything else the server
// wrote meanwhile (the app's scheduled jobs, autovacuum) counts too.
console.log('\n| WAL per transaction (pg_stat_wal) | records | bytes | full-page images |');
console.log('|---|---:|---:|---:|');
for (const w of walFigures) {
  console.log(`| ${w.name} | ${w.records.toFixed(1)} | ${w.bytes.toFixed(0)} | ${w.fpi.toFixed(2)} |`);
}
console.log(
  `\n${cpuTable(
    figures.flatMap((f) => (f.cpu ? [{ name: f.name, cpu: f.cpu }] : [])),
    'HTTP server',
  ).join('\n')}`,
);
console.log(
  'load generator: this process for the service layer (its 16 workers run the service itself) and for HTTP (autocannon); pgbench for pgbench',
);
console.log(`deposits credited through webhooks: ${credited.rows[0]?.n ?? 0}`);
if (values.compare && pgbenchFigure) {
  // Mean ratio of each path and signal over the rounds, the figures ADR 044 quotes.
  const reference = pgbenchFigure.transactionsPerSecond;
  for (const path of ['service layer', 'HTTP']) {
    const mean = (signal: PushSignal) => {
      const matching = figures.filter(
        (f) => f.name.startsWith(path) && f.name.endsWith(PUSH_SIGNAL_LABEL[signal]),
      );
      return matching.reduce((sum, f) => sum + f.transactionsPerSecond, 0) / Math.max(matching.length, 1);
    };
    const before = mean('notify');
    const after = mean('relay');
    console.log(
      `${path}: before ${(before / reference).toFixed(3)}× pgbench (${before.toFixed(0)} tx/s), ` +
        `after ${(after / reference).toFixed(3)}× (${after.toFixed(0)} tx/s), after/before ${(after / before).toFixed(2)}`,
    );
  }
}
// The relay keeps up: what it has not sent yet, a moment after the last credit.
await new Promise((resolve) => setTimeout(resolve, 500));
const outboxLeft = await client.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM push_outbox`);
console.log(`push_outbox rows not yet relayed: ${outboxLeft.rows[0]?.n ?? 0}`);
console.log(
  `ledger invariants: ${violations.length === 0 ? 'all hold' : JSON.stringify(violations.slice(0, 5))}`,
);

await app.close();
try {
  const { stdout } = await run(process.execPath, ['packages/ledger/src/check-cli.ts'], {
    env: { ...process.env, DATABASE_URL: database.url },
  });
  console.log(stdout.trim());
} catch (error) {
  console.log(`ledger:check failed: ${error instanceof Error ? error.message : String(error)}`);
}
await client.close();
await database.stop();
await rm(dataDir, { recursive: true, force: true });
