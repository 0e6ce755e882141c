/**
 * The sum-to-zero rule inside the SQL function `ledger_transfer` (migration 0013), called directly
 * as the cashier's one-statement webhook credit calls it: with arguments built outside
 * packages/ledger's TypeScript checks. An unbalanced transfer is refused and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants.ts';
import { encodeTransfer, type LedgerTransferArguments, type TransferRequest } from './ledger.ts';
import { createTestLedger } from './test-ledger.ts';

let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger(2);
});
afterAll(async () => {
  await t?.close();
});

const deposit = (key: string, amountMinor: bigint, currency = 'EUR'): TransferRequest => ({
  idempotencyKey: key,
  kind: 'deposit',
  postings: [
    { account: { type: 'world', name: 'psp', currency }, amountMinor: -amountMinor },
    { account: { type: 'player', playerId: 7n, currency, kind: 'main' }, amountMinor },
  ],
});

/** The accounts argument with each row's delta (and currency) rewritten. */
function tampered(
  args: LedgerTransferArguments,
  rewrite: (row: { delta: string; currency: string }, index: number) => void,
): LedgerTransferArguments {
  const rows = JSON.parse(args.accounts) as { delta: string; currency: string }[];
  rows.forEach(rewrite);
  return { ...args, accounts: JSON.stringify(rows) };
}

function call(args: LedgerTransferArguments) {
  return t.database.db.execute<{ outcome: { replayed: boolean } }>(sql`
    SELECT ledger_transfer(${args.key}, ${args.hash}, ${args.kind}, ${args.metadata}::jsonb,
      ${args.accounts}::jsonb) AS outcome`);
}

async function refusal(
  promise: Promise<unknown>,
): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error && !('code' in current) && current.cause) current = current.cause;
    return current as { code?: string; constraint?: string; message: string };
  }
  throw new Error('expected ledger_transfer to refuse');
}

async function counts() {
  const rows = await t.database.db.execute<{ tx: number; accounts: number; postings: number }>(sql`
    SELECT (SELECT count(*)::int FROM ledger_transactions) AS tx,
           (SELECT count(*)::int FROM ledger_accounts) AS accounts,
           (SELECT count(*)::int FROM ledger_postings) AS postings`);
  return rows.rows[0];
}

describe('ledger_transfer refuses an unbalanced transfer by itself', () => {
  it('posts a balanced transfer called directly', async () => {
    const result = await call(encodeTransfer(deposit('sql-rule-ok', 500n)));
    expect(result.rows[0]?.outcome.replayed).toBe(false);
  });

  it('refuses deltas that do not sum to zero, and writes nothing', async () => {
    const before = await counts();
    const args = tampered(encodeTransfer(deposit('sql-rule-unbalanced', 500n)), (row) => {
      if (row.delta === '500') row.delta = '50000';
    });
    const error = await refusal(call(args));
    expect(error).toMatchObject({ code: '23514', constraint: 'ledger_transfer_balanced' });
    expect(error.message).toMatch(/postings in EUR sum to 49500, not zero/);
    expect(await counts()).toEqual(before);
    // The key was not claimed: the balanced request under it still posts.
    const retried = await call(encodeTransfer(deposit('sql-rule-unbalanced', 500n)));
    expect(retried.rows[0]?.outcome.replayed).toBe(false);
  });

  it('checks each currency on its own (EUR +5 and USD −5 is not balanced)', async () => {
    const before = await counts();
    const args = tampered(encodeTransfer(deposit('sql-rule-currencies', 5n)), (row, index) => {
      row.delta = '5';
      row.currency = index === 0 ? 'USD' : 'EUR';
    });
    const mixed = tampered(args, (row) => {
      if (row.currency === 'USD') row.delta = '-5';
    });
    expect(await refusal(call(mixed))).toMatchObject({ constraint: 'ledger_transfer_balanced' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a row without a delta', async () => {
    const args = tampered(encodeTransfer(deposit('sql-rule-null', 5n)), (row, index) => {
      if (index === 0) (row as { delta?: string }).delta = undefined;
    });
    expect(await refusal(call(args))).toMatchObject({ constraint: 'ledger_transfer_balanced' });
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });
});
