/**
 * A bank test in the spirit of Jepsen's: many concurrent transfers between a few players, each sent
 * one to three times at once under the same key, plus deposits and withdrawals. Afterwards the money
 * is conserved, nothing is negative, every key was applied at most once and every duplicate got the
 * first answer.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRef } from './accounts.ts';
import { checkInvariants } from './invariants.ts';
import { LedgerError, type TransferRequest, type TransferResult } from './ledger.ts';
import { createTestLedger } from './test-ledger.ts';

let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger(16);
});
afterAll(async () => {
  await t?.close();
});

const PLAYERS = 8;
const INITIAL = 10_000n;
const OPERATIONS = 400;

const main = (i: number): AccountRef => ({
  type: 'player',
  playerId: BigInt(1000 + i),
  currency: 'EUR',
  kind: 'main',
});
const psp: AccountRef = { type: 'world', name: 'psp', currency: 'EUR' };
const pending: AccountRef = { type: 'house', name: 'pending_withdrawals', currency: 'EUR' };

describe('concurrent transfers with duplicates', () => {
  it('conserves money, never goes negative and applies each key once', async () => {
    for (let i = 0; i < PLAYERS; i += 1) {
      await t.ledger.transfer({
        idempotencyKey: `seed-${i}`,
        kind: 'deposit',
        postings: [
          { account: psp, amountMinor: -INITIAL },
          { account: main(i), amountMinor: INITIAL },
        ],
      });
    }
    const requests: TransferRequest[] = [];
    for (let n = 0; n < OPERATIONS; n += 1) {
      const from = randomInt(PLAYERS);
      const to = (from + 1 + randomInt(PLAYERS - 1)) % PLAYERS;
      const value = BigInt(randomInt(1, 4_000));
      const roll = randomInt(10);
      if (roll < 7) {
        requests.push({
          idempotencyKey: `op-${n}`,
          kind: 'transfer',
          postings: [
            { account: main(from), amountMinor: -value },
            { account: main(to), amountMinor: value },
          ],
        });
      } else if (roll < 9) {
        requests.push({
          idempotencyKey: `op-${n}`,
          kind: 'deposit',
          postings: [
            { account: psp, amountMinor: -value },
            { account: main(to), amountMinor: value },
          ],
        });
      } else {
        requests.push({
          idempotencyKey: `op-${n}`,
          kind: 'withdrawal_hold',
          postings: [
            { account: main(from), amountMinor: -value },
            { account: pending, amountMinor: value },
          ],
        });
      }
    }
    // Every request goes out one to three times, all at once, in shuffled order.
    const sends = requests.flatMap((request) => Array.from({ length: 1 + randomInt(3) }, () => request));
    for (let i = sends.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [sends[i], sends[j]] = [sends[j]!, sends[i]!];
    }
    const outcomes = await Promise.all(
      sends.map(async (request) => {
        try {
          return {
            request,
            result: (await t.ledger.transfer(request)) as TransferResult | undefined,
            error: undefined,
          };
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error;
          return { request, result: undefined, error };
        }
      }),
    );

    const byKey = new Map<string, typeof outcomes>();
    for (const outcome of outcomes)
      byKey.set(outcome.request.idempotencyKey, [
        ...(byKey.get(outcome.request.idempotencyKey) ?? []),
        outcome,
      ]);
    let appliedKeys = 0;
    for (const [, group] of byKey) {
      const successes = group.filter((o) => o.result);
      const fresh = successes.filter((o) => !o.result!.replayed);
      expect(fresh.length).toBeLessThanOrEqual(1);
      if (fresh.length === 1) {
        appliedKeys += 1;
        for (const replay of successes)
          expect(replay.result!.transactionId).toBe(fresh[0]!.result!.transactionId);
        for (const replay of successes) expect(replay.result!.balances).toEqual(fresh[0]!.result!.balances);
      } else {
        // Never applied: every attempt was refused for funds (a refused key may be retried later).
        for (const attempt of group) expect(attempt.error?.code).toBe('insufficient_funds');
      }
    }
    const stored = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'op-%'`,
    );
    expect(stored.rows[0]!.n).toBe(appliedKeys);

    // Conservation: what the players and the pending account hold is what entered from the PSP.
    let players = 0n;
    for (let i = 0; i < PLAYERS; i += 1) {
      const balance = await t.ledger.balance(main(i));
      expect(balance).toBeGreaterThanOrEqual(0n);
      players += balance;
    }
    const held = await t.ledger.balance(pending);
    const entered = -(await t.ledger.balance(psp));
    expect(players + held).toBe(entered);
    expect(await checkInvariants(t.database.db)).toEqual([]);
    console.log(
      `bank test: ${sends.length} sends, ${requests.length} keys, ${appliedKeys} applied, ${requests.length - appliedKeys} refused for funds`,
    );
  });
});
