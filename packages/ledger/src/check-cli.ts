/**
 * `npm run ledger:check`: verifies every ledger invariant on a live database (DATABASE_URL, or the
 * embedded PostgreSQL under DATA_DIR — the running one, or started for the check) and exits non-zero
 * on a violation.
 */
import path from 'node:path';
import { createDbClient } from '@croupier/db/client';
import { type DatabaseHandle, runningEmbeddedUrl, startEmbeddedPostgres } from '@croupier/db/database';
import { sql } from 'drizzle-orm';
import { checkInvariants } from './invariants.ts';

const DATABASE = 'croupier';

async function open(): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const dataDir = path.resolve(process.env.DATA_DIR ?? './.data');
  const running = await runningEmbeddedUrl(dataDir, DATABASE);
  if (running) return { url: running, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres({ dataDir, port: 0, database: DATABASE });
}

const handle = await open();
const client = createDbClient(handle.url, { max: 1, applicationName: 'croupier-ledger-check' });
let exitCode = 0;
try {
  const started = Date.now();
  const counts = await client.db.execute<{ accounts: number; transactions: number; postings: number }>(
    sql`SELECT
      (SELECT count(*)::int FROM ledger_accounts) AS accounts,
      (SELECT count(*)::int FROM ledger_transactions) AS transactions,
      (SELECT count(*)::int FROM ledger_postings) AS postings`,
  );
  const violations = await checkInvariants(client.db);
  const { accounts, transactions, postings } = counts.rows[0]!;
  console.log(
    `ledger:check ${accounts} accounts, ${transactions} transactions, ${postings} postings in ${Date.now() - started} ms`,
  );
  if (violations.length === 0) {
    console.log('ledger:check OK: every invariant holds');
  } else {
    exitCode = 1;
    for (const violation of violations)
      console.error(`VIOLATION [${violation.invariant}] ${violation.detail}`);
  }
} catch (error) {
  exitCode = 2;
  console.error('ledger:check could not run:', error instanceof Error ? error.message : error);
} finally {
  await client.close();
  await handle.stop();
}
process.exit(exitCode);
