/**
 * The ledger's invariants, checked on a live database: Σ postings = 0 per currency and per
 * transaction; every account's cached balance equals the sum of its postings; no player balance is
 * negative; every transaction has at least two postings; every posting has its account and
 * transaction; a posting's currency is its account's.
 */
import type { Db } from '@croupier/db/client';
import { sql } from 'drizzle-orm';

export interface Violation {
  invariant: string;
  detail: string;
}

export async function checkInvariants(db: Db): Promise<Violation[]> {
  const violations: Violation[] = [];
  const collect = async (invariant: string, query: ReturnType<typeof sql>) => {
    const rows = await db.execute<{ detail: string }>(query);
    for (const row of rows.rows.slice(0, 50)) violations.push({ invariant, detail: row.detail });
  };
  await collect(
    'postings sum to zero per currency',
    sql`SELECT currency || ' sums to ' || sum(amount_minor)::text AS detail
        FROM ledger_postings GROUP BY currency HAVING sum(amount_minor) <> 0`,
  );
  await collect(
    'postings sum to zero per transaction',
    sql`SELECT 'transaction ' || transaction_id || ' ' || currency || ' sums to ' || sum(amount_minor)::text AS detail
        FROM ledger_postings GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0`,
  );
  await collect(
    'balance equals the sum of postings',
    sql`SELECT a.account_key || ' balance ' || a.balance_minor || ' <> postings ' || coalesce(p.total, 0)::text AS detail
        FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_postings GROUP BY account_id) p
          ON p.account_id = a.id
        WHERE a.balance_minor <> coalesce(p.total, 0)`,
  );
  await collect(
    'no negative player balance',
    sql`SELECT account_key || ' is ' || balance_minor AS detail
        FROM ledger_accounts WHERE type = 'player' AND balance_minor < 0`,
  );
  await collect(
    'every transaction has two postings or more',
    sql`SELECT 'transaction ' || t.id || ' (' || t.idempotency_key || ') has ' || count(p.id) || ' postings' AS detail
        FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
        GROUP BY t.id HAVING count(p.id) = 1`,
  );
  // No foreign keys on postings (ADR 042): their rows are checked here.
  await collect(
    'every posting has its account and transaction',
    sql`SELECT 'posting ' || p.id || ' has no ' || CASE WHEN a.id IS NULL THEN 'account ' || p.account_id
                                                          ELSE 'transaction ' || p.transaction_id END AS detail
        FROM ledger_postings p
        LEFT JOIN ledger_accounts a ON a.id = p.account_id
        LEFT JOIN ledger_transactions t ON t.id = p.transaction_id
        WHERE a.id IS NULL OR t.id IS NULL`,
  );
  await collect(
    "a posting's currency is its account's",
    sql`SELECT 'posting ' || p.id || ' in ' || p.currency || ' on ' || a.account_key AS detail
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.currency <> a.currency`,
  );
  return violations;
}
