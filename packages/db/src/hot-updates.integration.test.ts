/**
 * The money path's in-place updates stay HOT (ADR 042, ADR 062): PostgreSQL writes an UPDATE as a
 * heap-only tuple, with no new index entries, only while no indexed column changes. These tables'
 * rows are updated in the transaction that wrote them, on every deposit credit or game wallet call;
 * an index (or an index predicate or expression) naming one of the updated columns would silently
 * put those entries back into every call's WAL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDbClient, type DbClient } from './client.ts';
import { applyMigrations } from './migrate.ts';
import { createTestDatabase } from './test-database.ts';

let client: DbClient;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase(inject('pgAdminUrl'));
  drop = created.drop;
  client = createDbClient(created.url, { max: 2 });
  await applyMigrations(client.db);
}, 120_000);
afterAll(async () => {
  await client?.close();
  await drop?.();
});

/** The columns each table's hot path updates in place. */
const UPDATED_IN_PLACE: Record<string, string[]> = {
  // Deposits: status, failure code and timestamps (withdrawal_status stays NULL for a deposit).
  cashier_transactions: ['status', 'failure_code', 'updated_at'],
  // Game wallet calls: completeTransaction after the claim.
  game_wallet_transactions: ['round_id', 'response', 'ledger_transaction_id', 'bonus_minor'],
  // Balances: ledger_transfer.
  ledger_accounts: ['balance_minor'],
};

const tables = sql.join(
  Object.keys(UPDATED_IN_PLACE).map((name) => sql`${name}`),
  sql`, `,
);

describe('HOT updates on the money path', () => {
  it('no index of these tables names a column their hot path updates in place', async () => {
    const rows = await client.db.execute<{ table: string; definition: string }>(sql`
      SELECT t.relname AS table, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname IN (${tables})`);
    expect(new Set(rows.rows.map((row) => row.table))).toEqual(new Set(Object.keys(UPDATED_IN_PLACE)));
    const offending = rows.rows.flatMap((row) =>
      (UPDATED_IN_PLACE[row.table] ?? [])
        .filter((column) => new RegExp(`\\b${column}\\b`).test(row.definition.replace(/^.*? USING /, '')))
        .map((column) => `${row.table}.${column}: ${row.definition}`),
    );
    expect(offending).toEqual([]);
  });

  it('leaves room on the page for the new versions', async () => {
    const rows = await client.db.execute<{ table: string; options: string[] | null }>(sql`
      SELECT relname AS table, reloptions AS options FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relname IN (${tables})`);
    for (const row of rows.rows) {
      const fillfactor = Number(
        (row.options ?? []).find((o) => o.startsWith('fillfactor='))?.slice(11) ?? 100,
      );
      expect(fillfactor, row.table).toBeLessThanOrEqual(85);
    }
  });
});
