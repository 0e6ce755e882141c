/**
 * Model-based property test on real PostgreSQL: random sequences of deposits, holds, releases,
 * payouts, transfers and replays, applied to the ledger and to a plain in-memory model. After every
 * sequence the balances agree with the model and every invariant holds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRef } from './accounts.ts';
import { checkInvariants } from './invariants.ts';
import { LedgerError, type TransferRequest } from './ledger.ts';
import { createTestLedger } from './test-ledger.ts';

let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(async () => {
  await t?.close();
});

type Op =
  | { type: 'deposit'; player: number; amount: bigint }
  | { type: 'hold'; player: number; amount: bigint }
  | { type: 'release'; player: number; amount: bigint }
  | { type: 'payout'; player: number; amount: bigint }
  | { type: 'transfer'; from: number; to: number; amount: bigint }
  | { type: 'replay'; index: number };

const amount = fc.bigInt({ min: 1n, max: 50_000n });
const player = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), player, amount }),
  fc.record({ type: fc.constant('hold' as const), player, amount }),
  fc.record({ type: fc.constant('release' as const), player, amount }),
  fc.record({ type: fc.constant('payout' as const), player, amount }),
  fc.record({ type: fc.constant('transfer' as const), from: player, to: player, amount }),
  fc.record({ type: fc.constant('replay' as const), index: fc.nat(40) }),
);

let run = 0;

describe('ledger under random operation sequences', () => {
  it('agrees with the model and keeps every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        // Fresh players per sequence; the database (and its invariants) is shared by all runs.
        const ids = [0, 1, 2].map((i) => BigInt(run * 10 + i + 1));
        const main = (i: number): AccountRef => ({
          type: 'player',
          playerId: ids[i]!,
          currency: 'EUR',
          kind: 'main',
        });
        const pending: AccountRef = { type: 'house', name: 'pending_withdrawals', currency: 'EUR' };
        const psp: AccountRef = { type: 'world', name: 'psp', currency: 'EUR' };
        const model = { main: [0n, 0n, 0n], pending: [0n, 0n, 0n] };
        const applied: { request: TransferRequest; balances: Record<string, bigint> }[] = [];

        for (const [index, current] of ops.entries()) {
          const key = `prop-${run}-${index}`;
          let request: TransferRequest;
          let apply: () => boolean;
          switch (current.type) {
            case 'deposit':
              request = {
                idempotencyKey: key,
                kind: 'deposit',
                postings: [
                  { account: psp, amountMinor: -current.amount },
                  { account: main(current.player), amountMinor: current.amount },
                ],
              };
              apply = () => {
                model.main[current.player]! += current.amount;
                return true;
              };
              break;
            case 'hold':
              request = {
                idempotencyKey: key,
                kind: 'withdrawal_hold',
                postings: [
                  { account: main(current.player), amountMinor: -current.amount },
                  { account: pending, amountMinor: current.amount },
                ],
              };
              apply = () => {
                if (model.main[current.player]! < current.amount) return false;
                model.main[current.player]! -= current.amount;
                model.pending[current.player]! += current.amount;
                return true;
              };
              break;
            case 'release': {
              // A release returns at most what the model says is held for that player.
              const held = model.pending[current.player]!;
              if (held === 0n) continue;
              const value = current.amount > held ? held : current.amount;
              request = {
                idempotencyKey: key,
                kind: 'withdrawal_release',
                postings: [
                  { account: pending, amountMinor: -value },
                  { account: main(current.player), amountMinor: value },
                ],
              };
              apply = () => {
                model.pending[current.player]! -= value;
                model.main[current.player]! += value;
                return true;
              };
              break;
            }
            case 'payout': {
              const held = model.pending[current.player]!;
              if (held === 0n) continue;
              const value = current.amount > held ? held : current.amount;
              request = {
                idempotencyKey: key,
                kind: 'withdrawal_payout',
                postings: [
                  { account: pending, amountMinor: -value },
                  { account: psp, amountMinor: value },
                ],
              };
              apply = () => {
                model.pending[current.player]! -= value;
                return true;
              };
              break;
            }
            case 'transfer':
              if (current.from === current.to) continue;
              request = {
                idempotencyKey: key,
                kind: 'transfer',
                postings: [
                  { account: main(current.from), amountMinor: -current.amount },
                  { account: main(current.to), amountMinor: current.amount },
                ],
              };
              apply = () => {
                if (model.main[current.from]! < current.amount) return false;
                model.main[current.from]! -= current.amount;
                model.main[current.to]! += current.amount;
                return true;
              };
              break;
            case 'replay': {
              const earlier = applied[current.index % Math.max(1, applied.length)];
              if (!earlier) continue;
              const replay = await t.ledger.transfer(earlier.request);
              expect(replay.replayed).toBe(true);
              expect(replay.balances).toEqual(earlier.balances);
              continue;
            }
          }
          const expectedOk = apply();
          try {
            const result = await t.ledger.transfer(request);
            expect(expectedOk).toBe(true);
            applied.push({ request, balances: result.balances });
          } catch (error) {
            expect(error).toBeInstanceOf(LedgerError);
            expect((error as LedgerError).code).toBe('insufficient_funds');
            expect(expectedOk).toBe(false);
          }
        }
        for (let i = 0; i < 3; i += 1) expect(await t.ledger.balance(main(i))).toBe(model.main[i]);
        expect(await checkInvariants(t.database.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
