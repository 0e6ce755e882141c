import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRef } from './accounts.ts';
import { checkInvariants } from './invariants.ts';
import { type Ledger, LedgerError } from './ledger.ts';
import { createTestLedger } from './test-ledger.ts';

let t: Awaited<ReturnType<typeof createTestLedger>>;
let ledger: Ledger;
beforeAll(async () => {
  t = await createTestLedger();
  ledger = t.ledger;
});
afterAll(async () => {
  await t?.close();
});

const main = (playerId: bigint, currency = 'EUR'): AccountRef => ({
  type: 'player',
  playerId,
  currency,
  kind: 'main',
});
const psp = (currency = 'EUR'): AccountRef => ({ type: 'world', name: 'psp', currency });
const casino = (currency = 'EUR'): AccountRef => ({ type: 'house', name: 'casino', currency });

function deposit(key: string, playerId: bigint, amountMinor: bigint, currency = 'EUR') {
  return ledger.transfer({
    idempotencyKey: key,
    kind: 'deposit',
    postings: [
      { account: psp(currency), amountMinor: -amountMinor },
      { account: main(playerId, currency), amountMinor },
    ],
  });
}

async function rejection(promise: Promise<unknown>): Promise<LedgerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError');
}

describe('ledger', () => {
  it('moves money in balanced postings and reports balances', async () => {
    const result = await deposit('dep-1', 1n, 12_550n);
    expect(result.replayed).toBe(false);
    expect(result.balances['player:1:EUR:main']).toBe(12_550n);
    expect(result.balances['world:psp:EUR']).toBe(-12_550n);
    expect(await ledger.balance(main(1n))).toBe(12_550n);
    expect(await ledger.playerBalances(1n)).toEqual([
      { currency: 'EUR', kind: 'main', balanceMinor: 12_550n },
    ]);
  });

  it('returns the first answer for a replayed key and applies it once', async () => {
    const first = await deposit('dep-2', 2n, 1_000n);
    await deposit('dep-other', 2n, 5n);
    const replay = await deposit('dep-2', 2n, 1_000n);
    expect(replay).toEqual({ ...first, replayed: true });
    expect(await ledger.balance(main(2n))).toBe(1_005n);
  });

  it('refuses the same key with other parameters', async () => {
    await deposit('dep-3', 3n, 100n);
    const error = await rejection(deposit('dep-3', 3n, 200n));
    expect(error.code).toBe('idempotency_conflict');
    expect(await ledger.balance(main(3n))).toBe(100n);
  });

  it('refuses to take a player below zero and writes nothing', async () => {
    await deposit('dep-4', 4n, 500n);
    const before = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`);
    const error = await rejection(
      ledger.transfer({
        idempotencyKey: 'bet-4',
        kind: 'bet',
        postings: [
          { account: main(4n), amountMinor: -501n },
          { account: casino(), amountMinor: 501n },
        ],
      }),
    );
    expect(error.code).toBe('insufficient_funds');
    expect(error.accountKey).toBe('player:4:EUR:main');
    const after = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`);
    expect(after.rows).toEqual(before.rows);
    expect(await ledger.balance(main(4n))).toBe(500n);
    // The key was not used up by the refusal: a smaller bet under it goes through.
    const bet = await ledger.transfer({
      idempotencyKey: 'bet-4',
      kind: 'bet',
      postings: [
        { account: main(4n), amountMinor: -500n },
        { account: casino(), amountMinor: 500n },
      ],
    });
    expect(bet.balances['player:4:EUR:main']).toBe(0n);
  });

  it('refuses malformed requests', async () => {
    const cases: Parameters<Ledger['transfer']>[0][] = [
      { idempotencyKey: '', kind: 'deposit', postings: [] },
      { idempotencyKey: 'k', kind: 'deposit', postings: [{ account: main(5n), amountMinor: 1n }] },
      {
        idempotencyKey: 'k',
        kind: 'deposit',
        postings: [
          { account: main(5n), amountMinor: 1n },
          { account: psp(), amountMinor: -2n },
        ],
      },
      {
        idempotencyKey: 'k',
        kind: 'deposit',
        postings: [
          { account: main(5n), amountMinor: 0n },
          { account: psp(), amountMinor: 0n },
        ],
      },
      {
        idempotencyKey: 'k',
        kind: 'deposit',
        postings: [
          { account: main(5n, 'eur'), amountMinor: 1n },
          { account: psp(), amountMinor: -1n },
        ],
      },
      {
        idempotencyKey: 'k',
        kind: 'Deposit!',
        postings: [
          { account: main(5n), amountMinor: 1n },
          { account: psp(), amountMinor: -1n },
        ],
      },
      {
        idempotencyKey: 'k',
        kind: 'fx',
        postings: [
          { account: main(5n), amountMinor: 1n },
          { account: psp('USD'), amountMinor: -1n },
        ],
      },
      {
        idempotencyKey: 'k',
        kind: 'deposit',
        postings: [
          { account: main(5n), amountMinor: 10n ** 16n },
          { account: psp(), amountMinor: -(10n ** 16n) },
        ],
      },
    ];
    for (const request of cases)
      expect((await rejection(ledger.transfer(request))).code).toBe('invalid_request');
    expect(await ledger.balance(main(5n))).toBe(0n);
  });

  it('spreads house postings over shards and adds them up', async () => {
    await deposit('dep-6', 6n, 10_000n);
    for (let i = 0; i < 20; i += 1) {
      await ledger.transfer({
        idempotencyKey: `bet-6-${i}`,
        kind: 'bet',
        postings: [
          { account: main(6n), amountMinor: -100n },
          { account: casino(), amountMinor: 100n },
        ],
      });
    }
    const shards = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE type = 'house' AND name = 'casino'`,
    );
    expect(shards.rows[0]!.n).toBeGreaterThan(1);
    expect(await ledger.balance(casino())).toBeGreaterThanOrEqual(2_000n);
  });

  it('keeps postings immutable, and accounts and transactions undeletable', async () => {
    await deposit('dep-7', 7n, 10n);
    await expect(t.database.db.execute(sql`UPDATE ledger_postings SET amount_minor = 11`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM ledger_postings`)).rejects.toThrow();
    // Postings have no foreign keys (ADR 042): the rows they name can never go away.
    for (const table of ['ledger_accounts', 'ledger_transactions']) {
      const refused = { cause: { message: expect.stringMatching(/never removed/) } };
      await expect(t.database.db.execute(sql.raw(`DELETE FROM ${table}`))).rejects.toMatchObject(refused);
      await expect(t.database.db.execute(sql.raw(`TRUNCATE ${table} CASCADE`))).rejects.toMatchObject(
        refused,
      );
    }
  });

  it('answers two concurrent calls with one key once: the later one is the replay, even when the funds cover one', async () => {
    await deposit('dep-8', 8n, 100n);
    const withdraw = () =>
      ledger.transfer({
        idempotencyKey: 'wd-8',
        kind: 'withdrawal',
        postings: [
          { account: main(8n), amountMinor: -80n },
          { account: psp(), amountMinor: 80n },
        ],
      });
    const answers = await Promise.all([withdraw(), withdraw(), withdraw()]);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
    expect(answers.map((answer) => answer.balances['player:8:EUR:main'])).toEqual([20n, 20n, 20n]);
    expect(await ledger.balance(main(8n))).toBe(20n);
  });

  it('finds no violation on a healthy ledger, and finds a tampered balance', async () => {
    expect(await checkInvariants(t.database.db)).toEqual([]);
    await t.database.db.execute(
      sql`UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE account_key = 'player:1:EUR:main'`,
    );
    const violations = await checkInvariants(t.database.db);
    expect(violations).toEqual([
      {
        invariant: 'balance equals the sum of postings',
        detail: 'player:1:EUR:main balance 12551 <> postings 12550',
      },
    ]);
    await t.database.db.execute(
      sql`UPDATE ledger_accounts SET balance_minor = balance_minor - 1 WHERE account_key = 'player:1:EUR:main'`,
    );
  });

  // Last: the postings it writes stay.
  it('finds a posting whose account or transaction does not exist', async () => {
    await t.database.db.execute(sql`
      INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
      VALUES (-1, -2, 'EUR', 5), (-1, -2, 'EUR', -5)`);
    const violations = await checkInvariants(t.database.db);
    expect(violations.map((violation) => violation.invariant)).toEqual([
      'every posting has its account and transaction',
      'every posting has its account and transaction',
    ]);
    expect(violations[0]?.detail).toMatch(/has no account -2$/);
  });
});
