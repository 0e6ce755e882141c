/**
 * The webhook's SQL fast path (`cashier_credit_deposit`) is held to the ledger's sum-to-zero rule
 * by `ledger_transfer` itself (migration 0013), like the TypeScript path: arguments that would
 * credit the player more than they take from the provider's account are refused, the whole
 * statement is undone (no event stored, the deposit still pending, no posting).
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../accounts/account-test-client.ts';
import { depositLedgerArguments } from '../wallet/wallet.service.ts';
import { type CashierHarness, createCashierHarness } from './cashier-test-client.ts';

let h: CashierHarness;

beforeAll(async () => {
  h = await createCashierHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the webhook credit road and the ledger rule', () => {
  it('refuses an unbalanced credit inside cashier_credit_deposit and writes nothing', async () => {
    const { browser, uid } = await signUp(h.app);
    const made = await browser.call('cashier.makedeposit', { method: 'card', amount: '25' });
    const id = BigInt((made.body.data as { transaction_id: number }).transaction_id);
    const row = await h.database.db.execute<{ p: string }>(
      sql`SELECT provider_payment_id AS p FROM cashier_transactions WHERE id = ${id}`,
    );
    const paymentId = row.rows[0]!.p;
    const args = depositLedgerArguments({
      playerId: BigInt(uid),
      currency: 'EUR',
      amountMinor: 2500n,
      paymentId,
    });
    if (args === null) throw new Error('a 25.00 deposit is a valid ledger request');
    // The player's row credited 100× what the provider's account gives up.
    const accounts = (JSON.parse(args.accounts) as { delta: string }[]).map((account) =>
      account.delta === '2500' ? { ...account, delta: '250000' } : account,
    );
    const counts = async () =>
      (
        await h.database.db.execute<{ tx: number; events: number; status: string }>(sql`
          SELECT (SELECT count(*)::int FROM ledger_transactions) AS tx,
                 (SELECT count(*)::int FROM cashier_webhook_events) AS events,
                 (SELECT status FROM cashier_transactions WHERE id = ${id}) AS status`)
      ).rows[0];
    const before = await counts();
    const refused = await h.database.db
      .execute(sql`
        SELECT cashier_credit_deposit(${paymentId}, ${BigInt(uid)}, 'EUR', 2500,
          'evt_unbalanced', 'payment.succeeded', 1, '{}'::jsonb, now(), ${args.key}, ${args.hash}, ${args.kind},
          ${args.metadata}::jsonb, ${JSON.stringify(accounts)}::jsonb) AS a`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    let cause: unknown = refused;
    while (cause instanceof Error && !('constraint' in cause) && cause.cause) cause = cause.cause;
    expect(cause).toMatchObject({ code: '23514', constraint: 'ledger_transfer_balanced' });
    expect(await counts()).toEqual(before);
    expect(before?.status).not.toBe('succeeded');

    // The honest arguments still credit through the same function.
    const credited = await h.database.db.execute<{ a: { result: string } }>(sql`
      SELECT cashier_credit_deposit(${paymentId}, ${BigInt(uid)}, 'EUR', 2500,
        'evt_balanced', 'payment.succeeded', 1, '{}'::jsonb, now(), ${args.key}, ${args.hash}, ${args.kind},
        ${args.metadata}::jsonb, ${args.accounts}::jsonb) AS a`);
    expect(credited.rows[0]?.a).toMatchObject({ result: 'applied' });
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});
