/**
 * The one-statement credit of a `payment.succeeded` webhook for a known deposit
 * (`cashier_credit_deposit`, one round trip) against real PostgreSQL: which statements a delivery
 * sends, that a replay moves nothing, that a success after a failure mark credits once, that
 * concurrent duplicates and other events for the same payment converge to one posting, that it
 * posts exactly what `wallet.creditDeposit` posts (same key, hash and accounts), and that what it
 * does not handle falls back to the general path with today's answers.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../test/statements-of.ts';
import { signUp } from '../accounts/account-test-client.ts';
import { depositLedgerArguments } from '../wallet/wallet.service.ts';
import {
  type CashierHarness,
  createCashierHarness,
  makeDeposit,
  paymentEvent,
  signedWebhook,
} from './cashier-test-client.ts';

let h: CashierHarness;

beforeAll(async () => {
  h = await createCashierHarness();
});
afterAll(async () => {
  await h?.close();
});

interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

/** A logger that keeps what it is told (the webhook's log lines are part of its behaviour). */
function recordingLogger(lines: LogLine[], bound: Record<string, unknown> = {}): FastifyBaseLogger {
  const at =
    (level: string) =>
    (first: unknown, second?: unknown): void => {
      const fields = typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
      const message = typeof first === 'string' ? first : String(second ?? '');
      lines.push({ level, fields: { ...bound, ...fields }, message });
    };
  const logger = {
    level: 'info',
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    silent: () => {},
    child: (fields: Record<string, unknown>) => recordingLogger(lines, { ...bound, ...fields }),
  };
  return logger as unknown as FastifyBaseLogger;
}

/** Delivers through the service with a recording logger (HTTP answers the same body and status). */
async function deliver(event: Record<string, unknown>, lines: LogLine[] = []) {
  const signed = signedWebhook(h.webhookSecret, event, Math.floor(Date.now() / 1000));
  return h.app.services.cashier.receiveWebhook(
    Buffer.from(signed.payload),
    signed.headers['croupier-signature'],
    recordingLogger(lines),
  );
}

async function pendingDeposit(amount: string) {
  const { browser, uid } = await signUp(h.app);
  return { ...(await makeDeposit(h, browser, { amount })), browser, uid };
}

/** `cashier_credit_deposit` called as the webhook would, for the deposit's player and `amountMinor` in EUR. */
async function creditDirectly(
  deposit: { uid: number; paymentId: string },
  amountMinor: bigint,
  eventId: string,
) {
  const args = depositLedgerArguments({
    playerId: BigInt(deposit.uid),
    currency: 'EUR',
    amountMinor,
    paymentId: deposit.paymentId,
  });
  const answer = await h.database.db.execute<{ a: { result: string } }>(sql`
    SELECT cashier_credit_deposit(${deposit.paymentId}, ${BigInt(deposit.uid)}, 'EUR', ${amountMinor},
      ${eventId}, 'payment.succeeded', 1, '{}'::jsonb, now(), ${args?.key}, ${args?.hash}, ${args?.kind},
      ${args?.metadata}::jsonb, ${args?.accounts}::jsonb) AS a`);
  return answer.rows[0]?.a;
}

async function state(id: number, paymentId: string) {
  const tx = await h.database.db.execute<{ status: string; failure_code: string | null }>(
    sql`SELECT status, failure_code FROM cashier_transactions WHERE id = ${id}`,
  );
  const credits = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`psp:payment:${paymentId}`}`,
  );
  const events = await h.database.db.execute<{ outcome: string; note: string | null; type: string }>(
    sql`SELECT outcome, note, type FROM cashier_webhook_events WHERE transaction_id = ${id} ORDER BY received_at, event_id`,
  );
  return {
    status: tx.rows[0]?.status,
    failureCode: tx.rows[0]?.failure_code ?? null,
    credits: credits.rows[0]?.n ?? 0,
    events: events.rows,
  };
}

async function mainBalance(uid: number): Promise<bigint> {
  return h.app.services.wallet.balanceMinor(BigInt(uid), 'EUR');
}

/** Everything money-related, to prove that a delivery moved nothing. */
async function moneyDigest(): Promise<string> {
  const rows = await h.database.db.execute<{ d: string }>(sql`
    SELECT md5(
      (SELECT coalesce(string_agg(t::text, ',' ORDER BY t.id), '') FROM cashier_transactions t) ||
      (SELECT coalesce(string_agg(l::text, ',' ORDER BY l.id), '') FROM ledger_transactions l) ||
      (SELECT coalesce(string_agg(a.account_key || a.balance_minor, ',' ORDER BY a.id), '') FROM ledger_accounts a) ||
      (SELECT coalesce(string_agg(e::text, ',' ORDER BY e.event_id), '') FROM cashier_webhook_events e)
    ) AS d`);
  return rows.rows[0]?.d ?? '';
}

const usesFastPath = (statements: string[]) =>
  statements.some((s) => s.includes('cashier_credit_deposit(')) &&
  !statements.some((s) => /^\s*begin\b/i.test(s));

describe('payment.succeeded for a known deposit in one statement', () => {
  it('credits in one round trip, and a replayed event moves nothing', async () => {
    const made = await pendingDeposit('42.50');
    const { uid, id, paymentId } = made;
    const event = paymentEvent('payment.succeeded', made, '42.50');
    const lines: LogLine[] = [];
    const first = await statementsOf(() => deliver(event, lines));
    expect(first.result).toEqual({ status: 200, body: { received: true } });
    expect(first.statements).toHaveLength(1);
    expect(usesFastPath(first.statements)).toBe(true);
    expect(await mainBalance(uid)).toBe(4250n);
    expect(await state(id, paymentId)).toMatchObject({
      status: 'succeeded',
      failureCode: null,
      credits: 1,
      events: [{ outcome: 'applied', note: null, type: 'payment.succeeded' }],
    });
    expect(lines).toContainEqual({
      level: 'info',
      message: 'webhook recorded',
      fields: expect.objectContaining({
        eventId: event.id,
        transactionId: String(id),
        outcome: 'applied',
        note: null,
        change: { status: 'succeeded', failureCode: null },
      }),
    });

    const before = await moneyDigest();
    const replayLines: LogLine[] = [];
    const replay = await statementsOf(() => deliver(event, replayLines));
    expect(replay.result).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(usesFastPath(replay.statements)).toBe(true);
    expect(await moneyDigest()).toBe(before);
    expect(replayLines.map((line) => line.message)).toEqual(['webhook replay: already recorded']);

    // Another event id about the same payment: stored as ignored, nothing credited again.
    const again = await statementsOf(() => deliver(paymentEvent('payment.succeeded', made, '42.50')));
    expect(again.result).toEqual({ status: 200, body: { received: true } });
    expect(usesFastPath(again.statements)).toBe(true);
    expect(await mainBalance(uid)).toBe(4250n);
    expect((await state(id, paymentId)).events).toEqual([
      { outcome: 'applied', note: null, type: 'payment.succeeded' },
      { outcome: 'ignored', note: 'already_succeeded', type: 'payment.succeeded' },
    ]);
  });

  it('posts exactly what wallet.creditDeposit posts: a later creditDeposit is a replay, not a conflict', async () => {
    const made = await pendingDeposit('13.37');
    const { uid, paymentId } = made;
    await deliver(paymentEvent('payment.succeeded', made, '13.37'));
    const credit = { playerId: BigInt(uid), currency: 'EUR', amountMinor: 1337n, paymentId };
    const replayed = await h.app.services.wallet.creditDeposit(credit);
    expect(replayed.replayed).toBe(true);
    expect(replayed.balances[`player:${uid}:EUR:main`]).toBe(1337n);
    const stored = await h.database.db.execute<{ request_hash: string; kind: string; metadata: unknown }>(
      sql`SELECT request_hash, kind, metadata FROM ledger_transactions WHERE idempotency_key = ${`psp:payment:${paymentId}`}`,
    );
    expect(stored.rows[0]).toEqual({
      request_hash: depositLedgerArguments(credit)?.hash,
      kind: 'deposit',
      metadata: { payment_id: paymentId },
    });
    expect(await mainBalance(uid)).toBe(1337n);
  });

  it('credits a success after a failure mark once, with the log line of the general path', async () => {
    const made = await pendingDeposit('30');
    const { uid, id, paymentId } = made;
    expect(
      (await deliver(paymentEvent('payment.failed', made, '30.00', { failure_code: 'card_declined' })))
        .status,
    ).toBe(200);
    expect(await state(id, paymentId)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });

    const lines: LogLine[] = [];
    const succeeded = paymentEvent('payment.succeeded', made, '30.00');
    const run = await statementsOf(() => deliver(succeeded, lines));
    expect(run.result.status).toBe(200);
    expect(usesFastPath(run.statements)).toBe(true);
    expect(lines).toContainEqual({
      level: 'warn',
      message: 'payment succeeded after a failure: crediting',
      fields: expect.objectContaining({ transactionId: String(id), previous: 'failed' }),
    });
    await deliver(succeeded);
    await deliver(paymentEvent('payment.succeeded', made, '30.00'));
    expect(await mainBalance(uid)).toBe(3000n);
    expect(await state(id, paymentId)).toMatchObject({ status: 'succeeded', failureCode: null, credits: 1 });

    // The same with the mark our own timeout leaves (failIfPending, no event), racing the webhook.
    const raced = await pendingDeposit('31');
    const [answer] = await Promise.all([
      deliver(paymentEvent('payment.succeeded', raced, '31.00')),
      h.database.db.execute(
        sql`UPDATE cashier_transactions SET status = 'failed', failure_code = 'provider_unavailable'
            WHERE id = ${raced.id} AND status = 'pending'`,
      ),
    ]);
    expect(answer.status).toBe(200);
    // Whichever won, the success is credited once and the deposit ends succeeded.
    await deliver(paymentEvent('payment.succeeded', raced, '31.00'));
    expect(await mainBalance(raced.uid)).toBe(3100n);
    expect(await state(raced.id, raced.paymentId)).toMatchObject({ status: 'succeeded', credits: 1 });
  });

  it('converges concurrent duplicates and other success events to one posting', async () => {
    const made = await pendingDeposit('77.70');
    const { uid, id, paymentId } = made;
    const event = paymentEvent('payment.succeeded', made, '77.70');
    const others = Array.from({ length: 4 }, () => paymentEvent('payment.succeeded', made, '77.70'));
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => deliver(event)),
      ...others.map((other) => deliver(other)),
      deliver(paymentEvent('payment.processing', made, '77.70')),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(13).fill(200));
    expect(answers.filter((a) => a.body.duplicate === true)).toHaveLength(7);
    expect(await mainBalance(uid)).toBe(7770n);
    const after = await state(id, paymentId);
    expect(after).toMatchObject({ status: 'succeeded', credits: 1 });
    const successes = after.events.filter((e) => e.type === 'payment.succeeded');
    expect(successes).toHaveLength(5);
    expect(successes.filter((e) => e.outcome === 'applied')).toHaveLength(1);
    expect(successes.filter((e) => e.outcome === 'ignored' && e.note === 'already_succeeded')).toHaveLength(
      4,
    );
  });

  it('falls back to the general path for what it does not handle, with the same answers', async () => {
    // Unknown payment id (the webhook beat the provider id onto our row): found by our reference.
    const early = await pendingDeposit('20');
    await h.database.db.execute(
      sql`UPDATE cashier_transactions SET provider_payment_id = NULL WHERE id = ${early.id}`,
    );
    const viaReference = await statementsOf(() => deliver(paymentEvent('payment.succeeded', early, '20.00')));
    expect(viaReference.result).toEqual({ status: 200, body: { received: true } });
    expect(usesFastPath(viaReference.statements)).toBe(false);
    expect(await mainBalance(early.uid)).toBe(2000n);
    expect(await state(early.id, early.paymentId)).toMatchObject({ status: 'succeeded', credits: 1 });

    // An amount that is not ours: the general path's 422, nothing stored.
    const other = await pendingDeposit('25');
    const before = await moneyDigest();
    const mismatch = await deliver(paymentEvent('payment.succeeded', other, '26.00'));
    expect(mismatch).toEqual({ status: 422, body: { received: false, error: 'amount_mismatch' } });
    expect(await moneyDigest()).toBe(before);

    // The row is not what the event claims (here: another amount): the function writes nothing.
    expect(await creditDirectly(other, 2600n, 'evt_direct')).toEqual({ result: 'fallback' });
    expect(await moneyDigest()).toBe(before);

    // The ledger key already used with other parameters: undone in full, then the general path
    // reports it exactly as before (an error, nothing stored, the deposit still pending).
    const clash = await pendingDeposit('40');
    await h.app.services.wallet.creditDeposit({
      playerId: BigInt(clash.uid),
      currency: 'EUR',
      amountMinor: 1n,
      paymentId: clash.paymentId,
    });
    const beforeClash = await moneyDigest();
    const lines: LogLine[] = [];
    const clashed = await statementsOf(async () => {
      try {
        return await deliver(paymentEvent('payment.succeeded', clash, '40.00'), lines);
      } catch (error) {
        return error;
      }
    });
    expect(clashed.statements.some((s) => s.includes('cashier_credit_deposit('))).toBe(true);
    expect(clashed.statements.some((s) => /^\s*begin\b/i.test(s))).toBe(true);
    expect(clashed.result).toMatchObject({ name: 'AppError', code: 'idempotency_conflict' });
    expect(await moneyDigest()).toBe(beforeClash);
    expect(await state(clash.id, clash.paymentId)).toMatchObject({ status: 'pending', events: [] });

    // Other events keep the general path.
    const failed = await statementsOf(() => deliver(paymentEvent('payment.failed', other, '25.00')));
    expect(failed.result.status).toBe(200);
    expect(usesFastPath(failed.statements)).toBe(false);
  });

  it("takes the customer the event names as a claim: any other player, or none, credits the deposit's own player through the general path", async () => {
    const stranger = await signUp(h.app);
    const cases: { label: string; customer: unknown; omit?: true }[] = [
      { label: 'another player', customer: { id: String(stranger.uid) } },
      { label: 'no customer', customer: undefined, omit: true },
      { label: 'not a player id', customer: { id: 'cus_42' } },
      { label: 'not an object', customer: 42 },
    ];
    for (const { label, customer, omit } of cases) {
      const deposit = await pendingDeposit('12.34');
      const event = paymentEvent('payment.succeeded', deposit, '12.34', omit ? {} : { customer });
      if (omit) delete (event.data as { customer?: unknown }).customer;
      const run = await statementsOf(() => deliver(event));
      expect(run.result, label).toEqual({ status: 200, body: { received: true } });
      // One statement of the function may have run and answered `fallback`; the credit is the
      // general path's transaction.
      expect(
        run.statements.some((s) => /^\s*begin\b/i.test(s)),
        label,
      ).toBe(true);
      expect(await mainBalance(deposit.uid), label).toBe(1234n);
      expect(await state(deposit.id, deposit.paymentId), label).toMatchObject({
        status: 'succeeded',
        credits: 1,
      });
    }
    expect(await mainBalance(stranger.uid)).toBe(0n);
  });

  it('leaves a deposit waiting for its sign-up promo code to the general path: the function answers fallback', async () => {
    const deposit = await pendingDeposit('15');
    await h.database.db.execute(
      sql`UPDATE cashier_transactions SET sign_up_code = true WHERE id = ${deposit.id}`,
    );
    const before = await moneyDigest();
    expect(await creditDirectly(deposit, 1500n, 'evt_code')).toEqual({ result: 'fallback' });
    expect(await moneyDigest()).toBe(before);
  });

  it('keeps every ledger invariant', async () => {
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});
