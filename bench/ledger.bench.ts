/**
 * The ledger's SQL function alone (not a test; prints figures): what one `ledger_transfer` costs
 * PostgreSQL, beside pgbench's plain double-entry transaction (2 UPDATE + 2 INSERT) on the same
 * server in the same run. Both are driven by pgbench (a C client, so the load generator costs
 * next to nothing), one connection at a time, `synchronous_commit = off` so no commit waits for
 * the disk: what is left is PostgreSQL's own work per transaction, read as the CPU time of its
 * server's processes (`/proc`, user + system) over each phase, beside the throughput.
 *
 * The transfer is a deposit credit exactly as the webhook posts it (`depositLedgerArguments`: the
 * player's main account and the provider's world account, the ledger's own encoding), for 16
 * players in turn, each under a new idempotency key. The HTTP benchmarks (bench:wallet,
 * bench:spins) move with everything a two-core machine runs beside them; this one isolates the
 * function, to tell whether a change to it pays (ADR 065: two that did not).
 *
 * Usage: npm run bench:ledger [-- --seconds 8] [-- --rounds 3] [-- --clients 1]
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '@croupier/db/client';
import { startEmbeddedPostgres } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { depositLedgerArguments } from '../apps/server/src/modules/wallet/wallet.service.ts';
import {
  createDoubleEntryDatabase,
  DOUBLE_ENTRY_SCRIPT,
  findPgbench,
  runPgbench,
} from './pgbench-double-entry.ts';
import { embeddedPostmaster, postgresCpuMs } from './process-cpu.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    clients: { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const clients = Number(values.clients);
const PLAYERS = 16;
const PLACEHOLDER = 987654321n;

const pgbench = await findPgbench();
if (!pgbench) {
  console.log('pgbench not found: install postgresql-client to run this benchmark.');
  process.exit(0);
}

// Not mkdtemp: its 0700 mode would shut out the postgres OS user the embedded server runs as under root.
const dataDir = path.join(
  os.tmpdir(),
  `croupier-ledger-bench-${process.pid}-${randomBytes(4).toString('hex')}`,
);
const database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
const client = createDbClient(database.url, { max: 2 });
let reference: Awaited<ReturnType<typeof createDoubleEntryDatabase>> | undefined;
try {
  await applyMigrations(client.db);
  await client.db.execute(sql.raw('CREATE SEQUENCE ledger_bench_keys'));
  reference = await createDoubleEntryDatabase(database.url, client.db);

  const postmaster = await embeddedPostmaster(dataDir);
  // The webhook's own arguments for a placeholder player, whose id the script swaps for one of 16.
  const template = depositLedgerArguments({
    playerId: PLACEHOLDER,
    currency: 'EUR',
    amountMinor: 2_500n,
    paymentId: 'pay_ledger_bench',
  });
  if (!template) throw new Error('the ledger refused the bench deposit');
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const workDir = path.join(dataDir, 'scripts');
  await mkdir(workDir, { recursive: true });
  const transferScript = path.join(workDir, 'transfer.sql');
  await writeFile(
    transferScript,
    [
      `\\set p random(1, ${PLAYERS})`,
      `SELECT ledger_transfer('ledger-bench:' || nextval('ledger_bench_keys'), ${literal(template.hash)}, ` +
        `${literal(template.kind)}, ${literal(template.metadata)}::jsonb, ` +
        `replace(${literal(template.accounts)}, '${PLACEHOLDER}', :p::text)::jsonb);`,
      '',
    ].join('\n'),
  );
  const referenceScript = path.join(workDir, 'double-entry.sql');
  await writeFile(referenceScript, DOUBLE_ENTRY_SCRIPT);

  const phases = [
    { name: 'ledger_transfer (a deposit credit, 2 accounts)', url: database.url, script: transferScript },
    {
      name: 'pgbench: plain double-entry (2 UPDATE + 2 INSERT)',
      url: reference.url,
      script: referenceScript,
    },
  ];
  const options = { clients, pgOptions: '-c synchronous_commit=off' };
  for (const phase of phases) await runPgbench(pgbench, phase.url, phase.script, { ...options, seconds: 2 });
  const results = new Map<string, { tps: number[]; cpuMicros: number[] }>(
    phases.map((phase) => [phase.name, { tps: [], cpuMicros: [] }]),
  );
  // The phases take turns, so a slow moment of the machine does not land on one of them only.
  for (let round = 0; round < rounds; round++) {
    for (const phase of phases) {
      const cpuBefore = postgresCpuMs(postmaster);
      const outcome = await runPgbench(pgbench, phase.url, phase.script, { ...options, seconds });
      const cpuMs = postgresCpuMs(postmaster) - cpuBefore;
      if (outcome.failed > 0) throw new Error(`${phase.name}: ${outcome.failed} transactions failed`);
      const figures = results.get(phase.name);
      figures?.tps.push(outcome.transactionsPerSecond);
      figures?.cpuMicros.push((cpuMs * 1000) / Math.max(outcome.processed, 1));
    }
  }

  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const referenceCpu = median(results.get(phases[1]?.name ?? '')?.cpuMicros ?? []);
  console.log(
    `\nCroupier ledger benchmark: ${clients} connection${clients === 1 ? '' : 's'}, ${rounds} rounds of ${seconds} s per phase ` +
      `(phases alternated), synchronous_commit off, ${os.cpus().length} cores, embedded PostgreSQL; median, range in brackets`,
  );
  console.log('| transaction | tx/s | PostgreSQL CPU µs per tx | vs pgbench (CPU per tx) |');
  console.log('|---|---:|---:|---:|');
  for (const phase of phases) {
    const figures = results.get(phase.name);
    if (!figures) continue;
    const range = (list: number[]) =>
      `${median(list).toFixed(0)} (${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)})`;
    console.log(
      `| ${phase.name} | ${range(figures.tps)} | ${range(figures.cpuMicros)} | ` +
        `${(median(figures.cpuMicros) / referenceCpu).toFixed(2)}× |`,
    );
  }
  const violations = await checkInvariants(client.db);
  console.log(`ledger invariants: ${violations.length === 0 ? 'all hold' : JSON.stringify(violations)}`);
  if (violations.length > 0) process.exitCode = 1;
} finally {
  await reference?.drop();
  await client.close();
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
