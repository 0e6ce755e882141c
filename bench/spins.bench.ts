/**
 * Real-money spins end to end (not a test; prints figures). One PostgreSQL (embedded with fsync on,
 * or DATABASE_URL / TEST_DATABASE_URL's server), one run:
 *
 *   16 concurrent players, each launched into a real-money slot session (a platform launch token →
 *   `GET /rgs/launch` → RGS session), each doing `POST /rgs/api/rounds` back to back for N seconds.
 *   Every spin is the whole path: client API → RGS (nonce, outcome, round row, outbox) → signed
 *   `bet` over HTTP → wallet API → ledger → signed `win` over HTTP → wallet API → ledger → RGS
 *   settles the round. A spin lost as it is dealt sends its bet with `round_closed` and no win
 *   (ADR 066); the bench prints the calls per spin and the ratio at that many calls too.
 *
 * The server (the RGS and the wallet API it calls, one process as deployed) runs in a forked process;
 * the load generator runs here. Afterwards: the ledger invariants, and every player's main balance
 * against start − Σ stakes + Σ payouts from rgs_rounds.
 *
 * The reference: the wallet API alone (signed bet + win pairs straight to /gw/v1), and pgbench's
 * plain double-entry transaction on the same server (bench/pgbench-double-entry.ts) when pgbench is
 * installed. Each wallet call is one ledger transaction, so wallet calls per second over pgbench's
 * transactions per second is the wallet-vs-pgbench ratio of the bet + win pair; with the WAL each
 * writes per transaction (`pg_stat_wal`, ADR 042), and the statements the server sent per spin and
 * per wallet call (every `query` of its PostgreSQL clients, BEGIN and COMMIT included, and its
 * background loops' too: the push relay polls faster while money moves, ADR 044), and the server
 * process's CPU time per spin and per wallet call (on a machine whose cores are all busy, the
 * steadier figure of what a change saved).
 *
 * `--compare` (or BENCH_COMPARE=1, ADR 044) measures the spins and the wallet API reference twice in
 * the run, once with the balance signal as it was before ADR 044 (`pg_notify` in each money
 * transaction) and once as it is (a `push_outbox` row relayed after the commit), alternated over
 * `--rounds`, and prints both ratios against the same pgbench; the main table shows the last
 * "after" phases.
 *
 * `--statements` also prints each statement text of the spins phase with how many times a spin sent
 * it (background loops included), to see which statements a change removed.
 *
 * `--writes` prints the rows each wallet call of the reference phase inserted, updated (HOT or not)
 * and deleted, table by table (`pg_stat_user_tables`), to see where its WAL comes from.
 *
 * `--statement-times` starts the embedded PostgreSQL with `pg_stat_statements` and prints the
 * statements its backends spent the most time on per wallet call of the reference phase (wall time:
 * a wait for a row lock counts; ADR 063).
 *
 * Usage: npm run bench:spins [-- --seconds 10] [-- --compare [--rounds 2]] [-- --statements] [-- --writes]
 *        [-- --statement-times]
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '@croupier/db/client';
import { type DatabaseHandle, freePort, startEmbeddedPostgres } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createWalletClient } from '../apps/server/src/modules/rgs/wallet-client.ts';
import { rgsCredentials } from '../apps/server/src/provider-credentials.ts';
import { runSeeds } from '../apps/server/src/seed.ts';
import {
  pgbenchDoubleEntry,
  STATEMENT_TIMES_SETTINGS,
  statementTimesPer,
  type TableWrites,
  tableWritesPer,
  tableWritesSoFar,
  type WalPerTransaction,
  walPer,
  walSoFar,
} from './pgbench-double-entry.ts';
import { cpuTable, embeddedPostmaster, postgresCpuMs } from './process-cpu.ts';
import { PUSH_SIGNAL_LABEL, type PushSignal, signalOrder, usePushSignal } from './push-signal.ts';

if (process.env.BENCH_ROLE === 'server') {
  const childConfig = loadConfig(JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Record<string, string>);
  const childClient = createDbClient(process.env.BENCH_DATABASE_URL ?? '', { max: 20 });
  // Every statement this process sends, counted where all its clients send them.
  let statements = 0;
  // With --statements: each statement's text (whitespace folded) and how often it was sent.
  const texts = process.env.BENCH_STATEMENT_TEXTS === '1' ? new Map<string, number>() : null;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    if (texts) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim();
      texts.set(text, (texts.get(text) ?? 0) + 1);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const server = await buildApp({ config: childConfig, database: childClient, web: 'none', logger: false });
  await server.listen({ port: childConfig.PORT, host: '127.0.0.1' });
  process.send?.('ready');
  process.on('message', async (message) => {
    if (message === 'statements') {
      const cpu = process.cpuUsage();
      process.send?.({ statements, cpuMicros: cpu.user + cpu.system, texts: texts ? [...texts] : [] });
      texts?.clear();
      return;
    }
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
    statements: { type: 'boolean', default: false },
    writes: { type: 'boolean', default: false },
    'statement-times': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
// The balance signal of each measured phase (ADR 044): both, alternated, with --compare.
const variants: PushSignal[] = values.compare
  ? signalOrder(Math.max(1, Math.min(5, Number(values.rounds))))
  : ['relay'];
/** Each measured phase with the signal it ran with, for the comparison. */
const compared: { path: 'spins' | 'wallet'; signal: PushSignal; spinsPerSecond: number }[] = [];
const PLAYERS = 16;
const WARMUP_SECONDS = 2;
const GAME = 'neon-reels';
const STAKE_MINOR = 100n; // 1.00 EUR, a multiple of the slot's line count
const START_MINOR = 1_000_000_00n;

// Not mkdtemp: its 0700 mode would shut out the postgres user the embedded server runs as under root.
const dataDir = path.join(
  os.tmpdir(),
  `croupier-spins-bench-${process.pid}-${randomBytes(4).toString('hex')}`,
);
let database: DatabaseHandle;
let databaseUrl: string;
const external = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (external) {
  // A fresh database on that server, dropped afterwards.
  const name = `croupier_spins_bench_${randomBytes(4).toString('hex')}`;
  const admin = createDbClient(external, { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  await admin.close();
  const url = new URL(external);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  database = {
    url: databaseUrl,
    embedded: false,
    stop: async () => {
      const cleanup = createDbClient(external, { max: 1 });
      await cleanup.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await cleanup.close();
    },
  };
} else {
  database = await startEmbeddedPostgres({
    dataDir,
    port: 0,
    database: 'croupier',
    // --statement-times: PostgreSQL's own time per statement, nested ones (in functions) included.
    ...(values['statement-times'] ? { settings: STATEMENT_TIMES_SETTINGS } : {}),
  });
  databaseUrl = database.url;
}
/** The embedded server's postmaster, whose processes' CPU the figures count (none on an external server). */
const postmaster = external ? undefined : await embeddedPostmaster(dataDir);
const client = createDbClient(databaseUrl, { max: 5 });
await applyMigrations(client.db);
if (values['statement-times']) {
  // On an external server the library must already be in its shared_preload_libraries.
  await client.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  NODE_ENV: 'production',
  SANDBOX: '0',
  PORT: String(port),
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  CMS_JWT_SECRET: 'bench-cms-secret-bench-cms-secret-bench',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  // The demo sports feed is another workload (off in bench:wallet and the HTTP bench too).
  SPORTSBOOK_FEED: 'off',
};
const config = loadConfig(env);
// This process's app seeds the catalogue and mints launch tokens (what the platform's launcher does);
// it is never listening. The forked one serves HTTP.
const setup = await buildApp({ config, database: client, web: 'none', logger: false });
await runSeeds(client.db, setup.services, { demo: false });

const serverProcess = fork(import.meta.filename, [], {
  execArgv: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [],
  env: {
    ...process.env,
    BENCH_ROLE: 'server',
    BENCH_CONFIG: JSON.stringify(env),
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_STATEMENT_TEXTS: values.statements ? '1' : '0',
  },
});
await new Promise<void>((resolve, reject) => {
  serverProcess.once('message', () => resolve());
  serverProcess.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

/** Each statement text the server sent since the last `serverCounters()` and how often (--statements). */
let lastTexts: [string, number][] = [];

/** How many statements the server process has sent so far, and the CPU time it has used (µs). */
interface Counters {
  statements: number;
  /** The server process's CPU so far (µs). */
  cpuMicros: number;
  /** The embedded PostgreSQL's CPU so far (ms; 0 on an external server). */
  postgresMs: number;
  /** This process's CPU so far (ms): the load generator. */
  clientMs: number;
}
function serverCounters(): Promise<Counters> {
  return new Promise((resolve) => {
    const answer = (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'statements' in message) {
        serverProcess.off('message', answer);
        const counted = message as { statements: number; cpuMicros: number; texts: [string, number][] };
        lastTexts = counted.texts;
        const own = process.cpuUsage();
        resolve({
          statements: counted.statements,
          cpuMicros: counted.cpuMicros,
          postgresMs: postmaster === undefined ? 0 : postgresCpuMs(postmaster),
          clientMs: (own.user + own.system) / 1000,
        });
      }
    };
    serverProcess.on('message', answer);
    serverProcess.send('statements');
  });
}

const gameRow = await client.db.execute<{ id: bigint }>(sql`SELECT id FROM games WHERE sysname = ${GAME}`);
const gameId = BigInt(gameRow.rows[0]?.id ?? 0);
if (!gameId) throw new Error(`the catalogue has no ${GAME}`);

interface Player {
  id: bigint;
  token: string;
  session: string;
}

const players: Player[] = [];
for (let i = 0; i < PLAYERS; i += 1) {
  const row = await client.db.execute<{ id: bigint }>(
    sql`INSERT INTO players (login, currency) VALUES (${`spins${i}@example.test`}, 'EUR') RETURNING id`,
  );
  const id = BigInt(row.rows[0]!.id);
  await setup.services.wallet.creditDeposit({
    playerId: id,
    currency: 'EUR',
    amountMinor: START_MINOR,
    paymentId: `bench_spins_${i}`,
  });
  const { token } = await setup.services.gameWallet.openSession({
    playerId: id,
    gameId,
    provider: 'croupier-rgs',
    mode: 'real',
    currency: 'EUR',
  });
  const launched = await fetch(
    `${base}/rgs/launch?${new URLSearchParams({ token, game: GAME, mode: 'real', lang: 'en', currency: 'EUR' })}`,
    { redirect: 'manual' },
  );
  await launched.text();
  const location = launched.headers.get('location') ?? '';
  const session = new URL(location, base).searchParams.get('session');
  if (!session) throw new Error(`launch went to ${location}`);
  players.push({ id, token, session });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Figure {
  spins: number;
  spinsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: Map<string, number>;
}

const body = JSON.stringify({ bet: { stake: STAKE_MINOR.toString() } });

async function run(durationSeconds: number): Promise<Figure> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const deadline = performance.now() + durationSeconds * 1000;
  await Promise.all(
    players.map(async (player) => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          const response = await fetch(`${base}/rgs/api/rounds`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-rgs-session': player.session },
            body,
          });
          const answer = (await response.json()) as { status?: string; error?: { code: string } };
          if (response.status === 200 && answer.status === 'settled') {
            latencies.push(performance.now() - started);
          } else {
            const key = answer.error?.code ?? `${response.status} ${answer.status ?? ''}`;
            errors.set(key, (errors.get(key) ?? 0) + 1);
            // A rate-limited player waits for the next window instead of spinning on 429s.
            if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 50));
          }
        } catch (error) {
          const key = error instanceof Error ? error.message : String(error);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    spins: latencies.length,
    spinsPerSecond: latencies.length / durationSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    errors,
  };
}

/** The wallet API's calls so far (bets, wins, rollbacks): one row each. */
async function walletCallCount(): Promise<number> {
  const rows = await client.db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM game_wallet_transactions`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

await run(WARMUP_SECONDS);
let lastSpins: Figure | undefined;
let statementsPerSpin = 0;
/** Wallet calls per spin of that phase: a bet, and a win unless the bet closed the round (ADR 066). */
let walletCallsPerSpin = 2;
/** The server process's CPU time (user + system, ms) per spin of that phase. */
let cpuPerSpin = 0;
/** PostgreSQL's and the load generator's CPU time (ms) per spin of that phase. */
let postgresPerSpin = 0;
let clientPerSpin = 0;
/** --statements: each statement text of the last measured spins phase, sent per spin. */
let spinTexts: [string, number][] = [];
for (const signal of variants) {
  await usePushSignal(client.db, signal);
  await run(1);
  const before = await serverCounters();
  const callsBefore = await walletCallCount();
  const measured = await run(seconds);
  compared.push({ path: 'spins', signal, spinsPerSecond: measured.spinsPerSecond });
  if (signal === 'relay') {
    lastSpins = measured;
    const after = await serverCounters();
    // Spins still in flight at the deadline add a call or two: noise over thousands of spins.
    walletCallsPerSpin = ((await walletCallCount()) - callsBefore) / Math.max(measured.spins, 1);
    statementsPerSpin = (after.statements - before.statements) / Math.max(measured.spins, 1);
    cpuPerSpin = (after.cpuMicros - before.cpuMicros) / 1000 / Math.max(measured.spins, 1);
    postgresPerSpin = (after.postgresMs - before.postgresMs) / Math.max(measured.spins, 1);
    clientPerSpin = (after.clientMs - before.clientMs) / Math.max(measured.spins, 1);
    spinTexts = lastTexts.map(([text, count]) => [text, count / Math.max(measured.spins, 1)]);
  }
}
await usePushSignal(client.db, 'relay');
// Every order of variants ends with a relay phase measured.
const figure = lastSpins!;
// Let the server's outbox finish anything in flight before the books are read.
await new Promise((resolve) => setTimeout(resolve, 500));

// --- checks ---------------------------------------------------------------------------------------
const violations = await checkInvariants(client.db);
const unsettled = await client.db.execute<{ n: number }>(
  sql`SELECT count(*)::int AS n FROM rgs_rounds WHERE status IN ('open', 'settling')`,
);
let balanceMismatches = 0;
for (const player of players) {
  const sums = await client.db.execute<{ staked: string; paid: string }>(sql`
    SELECT coalesce(sum(r.stake_minor), 0)::text AS staked, coalesce(sum(r.payout_minor), 0)::text AS paid
    FROM rgs_rounds r JOIN rgs_sessions s ON s.id = r.session_id
    WHERE s.token_hash = sha256(convert_to(${player.session}, 'UTF8')) AND r.status = 'settled'`);
  const { staked, paid } = sums.rows[0]!;
  const balance = await setup.services.wallet.balanceMinor(player.id, 'EUR', 'main');
  if (balance !== START_MINOR - BigInt(staked) + BigInt(paid)) balanceMismatches += 1;
}

// --- reference: the wallet API alone, same server, same players -----------------------------------
// Signed bet + win pairs sent straight to /gw/v1 as the RGS sends them, without the RGS's own work
// (session, nonce, engine, round rows, outbox): what the RGS costs on top of the wallet.
const credentials = rgsCredentials(config);
const walletClient = createWalletClient({
  walletUrl: credentials.walletUrl,
  providerId: credentials.providerId,
  secret: credentials.secret,
});

async function walletOnly(durationSeconds: number, tag: string): Promise<Figure> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const deadline = performance.now() + durationSeconds * 1000;
  await Promise.all(
    players.map(async (player, worker) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const roundId = `ref-${tag}-${worker}-${n}`;
        const common = { token: player.token, roundId, game: GAME, currency: 'EUR' };
        const started = performance.now();
        const bet = await walletClient.bet({ ...common, transactionId: `${roundId}-bet`, amount: '1.00' });
        const win =
          bet.kind === 'ok'
            ? await walletClient.win({ ...common, transactionId: `${roundId}-win`, amount: '0.50' })
            : bet;
        if (win.kind === 'ok') latencies.push(performance.now() - started);
        else {
          const key = win.kind === 'refused' ? win.code : win.reason;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    spins: latencies.length,
    spinsPerSecond: latencies.length / durationSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    errors,
  };
}

/** --writes: the table counters once the server's backends have published theirs (≤ 1 s after idling). */
async function settledTableWrites(): Promise<TableWrites> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return tableWritesSoFar(client.db);
}
let referenceWrites: string[] | null = null;
let referenceTimes: string[] | null = null;

await walletOnly(WARMUP_SECONDS, 'warm');
let lastReference:
  | {
      figure: Figure;
      wal: WalPerTransaction;
      statements: number;
      cpuPerCall: number;
      postgresPerCall: number;
      clientPerCall: number;
    }
  | undefined;
for (const [index, signal] of variants.entries()) {
  await usePushSignal(client.db, signal);
  await walletOnly(1, `warm${index}`);
  if (values['statement-times']) await client.db.execute(sql`SELECT pg_stat_statements_reset()`);
  const walBeforeReference = await walSoFar(client.db);
  const writesBefore = values.writes ? await settledTableWrites() : null;
  const before = await serverCounters();
  const measured = await walletOnly(seconds, `run${index}`);
  compared.push({ path: 'wallet', signal, spinsPerSecond: measured.spinsPerSecond });
  if (signal === 'relay') {
    // Per wallet call (a bet or a win: one ledger transaction each).
    const after = await serverCounters();
    const calls = Math.max(measured.spins * 2, 1);
    const statements = (after.statements - before.statements) / calls;
    const cpuPerCall = (after.cpuMicros - before.cpuMicros) / 1000 / calls;
    const wal = walPer(walBeforeReference, await walSoFar(client.db), measured.spins * 2);
    lastReference = {
      figure: measured,
      wal,
      statements,
      cpuPerCall,
      postgresPerCall: (after.postgresMs - before.postgresMs) / calls,
      clientPerCall: (after.clientMs - before.clientMs) / calls,
    };
    if (values['statement-times']) referenceTimes = await statementTimesPer(client.db, calls, 'wallet call');
    if (writesBefore) referenceWrites = tableWritesPer(writesBefore, await settledTableWrites(), calls);
  }
}
await usePushSignal(client.db, 'relay');
const reference = lastReference!.figure;
const referenceWal = lastReference!.wal;
const violationsAfter = await checkInvariants(client.db);

const serverExited = new Promise((resolve) => serverProcess.once('exit', resolve));
serverProcess.send('stop');
await serverExited;

// pgbench on the same server once ours is stopped, same number of clients.
const pgbench = await pgbenchDoubleEntry({
  serverUrl: databaseUrl,
  admin: client.db,
  workDir: path.join(dataDir, 'pgbench'),
  clients: PLAYERS,
  seconds,
  warmupSeconds: WARMUP_SECONDS,
  ...(postmaster === undefined ? {} : { postmaster }),
});

console.log(
  `\nCroupier spins benchmark: ${PLAYERS} concurrent players, real-money ${GAME} at ${STAKE_MINOR} minor units, ` +
    `${seconds} s (after ${WARMUP_SECONDS} s warm-up), ${os.cpus().length} cores, Node ${process.version}, ` +
    `${external ? 'external' : 'embedded'} PostgreSQL; server (RGS + wallet API) in its own process`,
);
console.log('| path | spins/s | wallet calls/s | p50 ms | p99 ms | max ms | spins | errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const errorCount = [...figure.errors.values()].reduce((a, b) => a + b, 0);
console.log(
  `| client API → RGS → wallet API (bet, win unless the bet closed the round) → ledger | ${figure.spinsPerSecond.toFixed(1)} | ` +
    `${(figure.spinsPerSecond * walletCallsPerSpin).toFixed(1)} | ${figure.p50Ms.toFixed(2)} | ${figure.p99Ms.toFixed(2)} | ` +
    `${figure.maxMs.toFixed(2)} | ${figure.spins} | ${errorCount} |`,
);
const referenceErrors = [...reference.errors.values()].reduce((a, b) => a + b, 0);
console.log(
  `| reference: wallet API alone (signed bet + win to /gw/v1) → ledger | ${reference.spinsPerSecond.toFixed(1)} | ` +
    `${(reference.spinsPerSecond * 2).toFixed(1)} | ${reference.p50Ms.toFixed(2)} | ${reference.p99Ms.toFixed(2)} | ` +
    `${reference.maxMs.toFixed(2)} | ${reference.spins} | ${referenceErrors} |`,
);
if (pgbench) {
  console.log(
    `| pgbench: plain double-entry (2 UPDATE + 2 INSERT), ${PLAYERS} clients | ${(pgbench.transactionsPerSecond / 2).toFixed(1)} (pairs) | ` +
      `${pgbench.transactionsPerSecond.toFixed(1)} (tx) | ${pgbench.p50Ms.toFixed(2)} (tx) | ${pgbench.p99Ms.toFixed(2)} (tx) | | ` +
      `${pgbench.processed} (tx) | ${pgbench.failed} |`,
  );
}
if (errorCount > 0) console.log(`errors: ${JSON.stringify(Object.fromEntries(figure.errors))}`);
if (referenceErrors > 0)
  console.log(`reference errors: ${JSON.stringify(Object.fromEntries(reference.errors))}`);
console.log(
  `spins/s vs the wallet API alone: ${(figure.spinsPerSecond / Math.max(reference.spinsPerSecond, 1e-9)).toFixed(2)} ` +
    `(load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')})`,
);
// Each player sends its next spin when the last one answered (a closed loop), so the mean latency
// is players ÷ throughput (Little's law) whatever the code does per spin: the p99 target reads
// against that bound (ADR 067).
console.log(
  `closed loop of ${PLAYERS} players: mean latency = ${PLAYERS} ÷ ${figure.spinsPerSecond.toFixed(1)} spins/s = ` +
    `${((PLAYERS * 1000) / Math.max(figure.spinsPerSecond, 1e-9)).toFixed(0)} ms (Little's law); a mean under 100 ms ` +
    `needs more than ${PLAYERS * 10} spins/s, a p99 under 100 ms more still`,
);
// A lost spin's bet closes its round (ADR 066), so a spin makes fewer calls than the reference's
// bet + win pair: against the spins the wallet API alone could carry at the spin's own calls.
const walletBoundSpins = (reference.spinsPerSecond * 2) / Math.max(walletCallsPerSpin, 1e-9);
console.log(
  `wallet calls per spin: ${walletCallsPerSpin.toFixed(2)}; spins/s vs the wallet API alone at that many calls ` +
    `(${(reference.spinsPerSecond * 2).toFixed(1)} calls/s ÷ ${walletCallsPerSpin.toFixed(2)} = ${walletBoundSpins.toFixed(1)} spins/s): ` +
    `${(figure.spinsPerSecond / Math.max(walletBoundSpins, 1e-9)).toFixed(2)}`,
);
if (pgbench) {
  console.log(
    `wallet API bet + win vs pgbench: ${(reference.spinsPerSecond * 2).toFixed(1)} wallet calls/s ÷ ` +
      `${pgbench.transactionsPerSecond.toFixed(1)} double-entry tx/s = ` +
      `${((reference.spinsPerSecond * 2) / Math.max(pgbench.transactionsPerSecond, 1e-9)).toFixed(3)}×`,
  );
  console.log(
    `WAL per transaction (pg_stat_wal): wallet API call (bet or win) ${referenceWal.records.toFixed(1)} records, ` +
      `${referenceWal.bytes.toFixed(0)} bytes; pgbench ${pgbench.wal.records.toFixed(1)} records, ${pgbench.wal.bytes.toFixed(0)} bytes`,
  );
} else {
  console.log('pgbench not found: install postgresql-client to get the wallet-vs-pgbench ratio.');
}
if (values.compare) {
  // Means over the rounds; wallet calls (2 per pair) over pgbench's transactions per second.
  const mean = (path: 'spins' | 'wallet', signal: PushSignal) => {
    const matching = compared.filter((c) => c.path === path && c.signal === signal);
    return matching.reduce((sum, c) => sum + c.spinsPerSecond, 0) / Math.max(matching.length, 1);
  };
  for (const signal of ['notify', 'relay'] as const) {
    const pairs = mean('wallet', signal);
    const ratio = pgbench ? ((pairs * 2) / Math.max(pgbench.transactionsPerSecond, 1e-9)).toFixed(3) : 'n/a';
    console.log(
      `${PUSH_SIGNAL_LABEL[signal]}: spins ${mean('spins', signal).toFixed(1)}/s, wallet API pairs ${pairs.toFixed(1)}/s, ` +
        `wallet API bet + win vs pgbench ${ratio}×`,
    );
  }
}
console.log(
  `statements the server sent (BEGIN and COMMIT included, its background loops too): ${statementsPerSpin.toFixed(1)} per spin, ` +
    `${lastReference!.statements.toFixed(1)} per wallet call alone (bet or win)`,
);
console.log(
  `the server process's CPU time (user + system): ${cpuPerSpin.toFixed(2)} ms per spin, ` +
    `${lastReference!.cpuPerCall.toFixed(2)} ms per wallet call alone`,
);
if (postmaster !== undefined) {
  // Where each one's CPU goes, by process (ADR 067).
  const rows = [
    { name: 'a spin', cpu: { postgresMs: postgresPerSpin, serverMs: cpuPerSpin, clientMs: clientPerSpin } },
    {
      name: 'a wallet call alone (bet or win)',
      cpu: {
        postgresMs: lastReference!.postgresPerCall,
        serverMs: lastReference!.cpuPerCall,
        clientMs: lastReference!.clientPerCall,
      },
    },
    ...(pgbench?.cpu ? [{ name: 'a pgbench transaction', cpu: pgbench.cpu }] : []),
  ];
  console.log(cpuTable(rows, 'server (RGS + wallet API)').join('\n'));
}
if (referenceTimes) {
  console.log(
    'where PostgreSQL spent its time per wallet call alone (pg_stat_statements, wall time in the backend):',
  );
  for (const line of referenceTimes) console.log(line);
}
if (referenceWrites) {
  console.log('rows written per wallet call alone (bet or win), by table (pg_stat_user_tables):');
  for (const line of referenceWrites) console.log(line);
}
if (values.statements) {
  console.log('the statements of a spin, per spin (the most frequent first; text cut at 110 characters):');
  for (const [text, perSpin] of spinTexts.sort((a, b) => b[1] - a[1]).slice(0, 24)) {
    console.log(`  ${perSpin.toFixed(2).padStart(6)}  ${text.slice(0, 110)}`);
  }
}
console.log(`rounds left open or settling: ${unsettled.rows[0]?.n ?? 0}`);
console.log(
  `balances equal to start − Σ stakes + Σ payouts: ${PLAYERS - balanceMismatches}/${PLAYERS} players`,
);
console.log(
  `ledger invariants: after the spins ${violations.length === 0 ? 'all hold' : JSON.stringify(violations.slice(0, 5))}; ` +
    `after the reference ${violationsAfter.length === 0 ? 'all hold' : JSON.stringify(violationsAfter.slice(0, 5))}`,
);

await setup.close();
await client.close();
await database.stop();
await rm(dataDir, { recursive: true, force: true });
