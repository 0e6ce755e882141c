/**
 * Cashbacks end to end on real PostgreSQL: programme validation, accrual from synthetic wager
 * events through the consumer (real money only, product filter, rollbacks, replays), the period
 * close exactly once with the min / max clamp, the player's methods with access checks, a payout
 * raced by 20 parallel requests, removal, expiry, and the ledger's invariants after it all.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser } from '../accounts/account-test-client.ts';
import type { WagerEvent } from '../wagers/wager-event.ts';
import { DEMO_CASHBACK_PROGRAMMES } from './seed-cashbacks.ts';

let h: TestApp;
const DAY = 86_400_000;
const BASE = Date.parse('2026-11-02T12:00:00Z');
let clock = BASE;
let eventId = 5_000n;
let programmeId: bigint;

beforeAll(async () => {
  h = await createTestApp({ now: () => new Date(clock) });
  // Only the test programme accrues (the demo weekly one is checked for its seed, then set aside).
  const demo = await cashbacks().programmeIdByKey('weekly-casino-10');
  expect(demo).not.toBeNull();
  await cashbacks().setProgrammeEnabled(demo!, false);
  const created = await cashbacks().createProgramme({
    ...DEMO_CASHBACK_PROGRAMMES[0]!,
    key: 'test-daily-10',
    period: 'daily',
    claimDays: 3,
    percentBp: 1000,
    product: 'casino',
    amounts: { EUR: { minPayoutMinor: 100n, maxPayoutMinor: 2_000n } },
  });
  programmeId = created.id;
});
afterAll(async () => {
  await h?.close();
});

const cashbacks = () => h.app.services.cashbacks;

async function player() {
  const created = await h.createPlayer();
  return { id: created.id, browser: newBrowser(h.app, { cookie: created.cookie }) };
}

function event(playerId: bigint, extra: Partial<WagerEvent>): WagerEvent {
  eventId += 1n;
  return {
    id: eventId,
    playerId,
    currency: 'EUR',
    product: 'casino',
    kind: 'bet',
    gameId: null,
    roundRef: `round-${eventId}`,
    stakeRealMinor: 0n,
    stakeBonusMinor: 0n,
    payoutRealMinor: 0n,
    payoutBonusMinor: 0n,
    createdAt: new Date(clock),
    ...extra,
  };
}

async function apply(events: WagerEvent[]) {
  await h.database.db.transaction((tx) => cashbacks().accrualConsumer.apply(tx, events));
}

async function mine(playerId: bigint) {
  const rows = await h.database.db.execute<{
    id: string;
    status: string;
    amount_minor: string;
    net_loss_minor: string;
    period_end: string;
    receiving_expired_at: string;
  }>(sql`SELECT id::text, status, amount_minor::text, net_loss_minor::text, period_end::text, receiving_expired_at::text
         FROM cashbacks WHERE player_id = ${playerId} AND programme_id = ${programmeId} ORDER BY id`);
  return rows.rows.map((row) => ({
    ...row,
    period_end: new Date(row.period_end),
    receiving_expired_at: new Date(row.receiving_expired_at),
  }));
}

async function accrual(playerId: bigint) {
  const rows = await h.database.db.execute<{ stake: string; payout: string; closed: boolean }>(
    sql`SELECT stake_real_minor::text AS stake, payout_real_minor::text AS payout, closed_at IS NOT NULL AS closed
        FROM cashback_accruals WHERE player_id = ${playerId} AND programme_id = ${programmeId}`,
  );
  return rows.rows;
}

async function main(playerId: bigint) {
  return h.app.services.wallet.balanceMinor(playerId, 'EUR', 'main');
}

/** A loss of `lossMinor` in real money today. */
function loss(playerId: bigint, lossMinor: bigint): WagerEvent {
  return event(playerId, { stakeRealMinor: lossMinor });
}

/** Moves the clock past the end of today's UTC period plus the close grace. */
function pastPeriodEnd() {
  clock = Math.floor(clock / DAY) * DAY + DAY + 10 * 60_000;
}

describe('programmes', () => {
  it('refuses bad programme values with a typed error, writing nothing', async () => {
    const good = DEMO_CASHBACK_PROGRAMMES[0]!;
    const bad = [
      { ...good, key: 'bad-1', percentBp: -5 },
      { ...good, key: 'bad-2', percentBp: 50_000 },
      { ...good, key: 'bad-3', amounts: { EUR: { minPayoutMinor: -1n, maxPayoutMinor: 10n } } },
      { ...good, key: 'bad-4', amounts: { EUR: { minPayoutMinor: 0n, maxPayoutMinor: 10n ** 15n } } },
      { ...good, key: 'bad-5', claimDays: 0 },
      { ...good, key: 'bad-6', period: 'yearly' as 'weekly' },
    ];
    for (const programme of bad) {
      const error = await cashbacks()
        .createProgramme(programme)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('invalid_cashback_programme');
      expect(await cashbacks().programmeIdByKey(programme.key)).toBeNull();
    }
  });
});

describe('accrual and period close', () => {
  it('counts real money only, honours the product filter and rollbacks, once per event', async () => {
    clock = BASE;
    const p = await player();
    const events = [
      event(p.id, { stakeRealMinor: 10_000n }),
      event(p.id, { kind: 'win', payoutRealMinor: 3_000n }),
      // Bonus stakes and bonus wins never count.
      event(p.id, { stakeBonusMinor: 5_000n }),
      event(p.id, { kind: 'win', payoutBonusMinor: 4_000n }),
      // A mixed stake: only its real part.
      event(p.id, { stakeRealMinor: 1_000n, stakeBonusMinor: 1_000n }),
      // A rolled-back bet carries the negated split: it reverses.
      event(p.id, { kind: 'bet', stakeRealMinor: 2_000n }),
      event(p.id, { kind: 'rollback', stakeRealMinor: -2_000n }),
      // Sport is outside this casino programme.
      event(p.id, { product: 'sport', stakeRealMinor: 50_000n }),
      // Another currency the programme does not offer.
      event(p.id, { currency: 'USD', stakeRealMinor: 50_000n }),
    ];
    await apply(events);
    // A replay of the same events (crash, operator replay) counts nothing twice.
    await apply(events);
    await apply(events.slice(0, 2));
    expect(await accrual(p.id)).toEqual([{ stake: '11000', payout: '3000', closed: false }]);

    // Before the period ends (and its grace), nothing closes.
    expect(await cashbacks().closeEndedPeriods()).toBe(0);
    clock = Math.floor(BASE / DAY) * DAY + DAY + 60_000; // inside the grace
    await cashbacks().closeEndedPeriods();
    expect(await mine(p.id)).toEqual([]);

    pastPeriodEnd();
    expect(await cashbacks().closeEndedPeriods()).toBeGreaterThanOrEqual(1);
    // A second pass creates nothing new.
    expect(await cashbacks().closeEndedPeriods()).toBe(0);
    const rows = await mine(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', amount_minor: '800', net_loss_minor: '8000' });
    expect(rows[0]!.period_end.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(rows[0]!.receiving_expired_at.toISOString()).toBe('2026-11-06T00:00:00.000Z');
    expect((await accrual(p.id))[0]!.closed).toBe(true);

    // A late event for the closed period is recorded but makes no second cashback.
    await apply([event(p.id, { stakeRealMinor: 1_000n, createdAt: new Date(BASE) })]);
    expect(await cashbacks().closeEndedPeriods()).toBe(0);
    expect(await mine(p.id)).toHaveLength(1);

    // cashbacks.get answers what the unseen-cashback popup needs (id, status, end date, deadline).
    const listed = await p.browser.call('cashbacks.get', {});
    expect(listed.body.status, JSON.stringify(listed.body)).toBe(1);
    const data = listed.body.data as { total: number; items: Record<string, unknown>[] };
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({
      id: Number(rows[0]!.id),
      status: 'active',
      amount: { amount: '8.00', currency: 'EUR' },
      net_loss: { amount: '80.00', currency: 'EUR' },
      percent: '10',
      end_date: '2026-11-03T00:00:00.000Z',
      receiving_expired_at: '2026-11-06T00:00:00.000Z',
      paid_out_at: null,
    });
  });

  it('clamps to the maximum, pays nothing below the minimum or on a net win', async () => {
    clock = BASE + 7 * DAY;
    const big = await player();
    const small = await player();
    const winner = await player();
    await apply([
      loss(big.id, 100_000n),
      loss(small.id, 999n),
      loss(winner.id, 1_000n),
      event(winner.id, { kind: 'win', payoutRealMinor: 5_000n }),
    ]);
    pastPeriodEnd();
    await cashbacks().closeEndedPeriods();
    expect((await mine(big.id)).map((r) => r.amount_minor)).toEqual(['2000']);
    expect(await mine(small.id)).toEqual([]);
    expect(await mine(winner.id)).toEqual([]);
    expect((await accrual(small.id))[0]!.closed).toBe(true);
    // Each UTC day is its own period: two losses on two days make two cashbacks.
    const twoDays = await player();
    await apply([loss(twoDays.id, 5_000n)]);
    clock += DAY;
    await apply([loss(twoDays.id, 7_000n)]);
    pastPeriodEnd();
    await cashbacks().closeEndedPeriods();
    expect((await mine(twoDays.id)).map((r) => r.amount_minor)).toEqual(['500', '700']);
  });
});

describe('player methods', () => {
  async function withCashback(lossMinor: bigint) {
    clock = BASE + 20 * DAY;
    const p = await player();
    await apply([loss(p.id, lossMinor)]);
    pastPeriodEnd();
    await cashbacks().closeEndedPeriods();
    const [row] = await mine(p.id);
    return { ...p, cashbackId: Number(row!.id) };
  }

  it('pays out once to main when 20 requests race, refusing other players and replays', async () => {
    const p = await withCashback(12_345n);
    const other = await player();
    const before = await main(p.id);

    const foreign = await other.browser.call('cashbacks.payout', { cashback_id: p.cashbackId });
    expect(foreign.body.status).toBe(0);
    expect(foreign.body.error?.code).toBe('cashback_not_found');
    const foreignRemove = await other.browser.call('cashbacks.remove', { cashback_id: p.cashbackId });
    expect(foreignRemove.body.error?.code).toBe('cashback_not_found');
    expect(await main(other.id)).toBe(0n);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => p.browser.call('cashbacks.payout', { cashback_id: p.cashbackId })),
    );
    const ok = answers.filter((a) => a.body.status === 1);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.status !== 1)) {
      expect(refused.body.error?.code, JSON.stringify(refused.body)).toBe('cashback_not_active');
    }
    expect(await main(p.id)).toBe(before + 1_234n);
    const moves = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`cashback:${p.cashbackId}:payout`}`,
    );
    expect(moves.rows[0]!.n).toBe(1);
    const [row] = await mine(p.id);
    expect(row!.status).toBe('paid_out');

    // Paid out: removal is refused too, nothing changes.
    const remove = await p.browser.call('cashbacks.remove', { cashback_id: p.cashbackId });
    expect(remove.body.error?.code).toBe('cashback_not_active');
    const listed = await p.browser.call('cashbacks.get', { statuses: 'paid_out' });
    const items = (listed.body.data as { items: { status: string; paid_out_at: string | null }[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.paid_out_at).not.toBeNull();
  });

  it('removes an active cashback without paying, and refuses to pay it afterwards', async () => {
    const p = await withCashback(5_000n);
    const before = await main(p.id);
    const removed = await p.browser.call('cashbacks.remove', { cashback_id: p.cashbackId });
    expect(removed.body).toMatchObject({ status: 1, data: 1 });
    expect((await mine(p.id))[0]!.status).toBe('removed');
    const paid = await p.browser.call('cashbacks.payout', { cashback_id: p.cashbackId });
    expect(paid.body.error?.code).toBe('cashback_not_active');
    expect(await main(p.id)).toBe(before);
  });

  it('expires an unclaimed cashback past receiving_expired_at; it cannot be paid', async () => {
    const p = await withCashback(5_000n);
    const [row] = await mine(p.id);
    clock = row!.receiving_expired_at.getTime() - 1;
    await cashbacks().expireDue();
    expect((await mine(p.id))[0]!.status).toBe('active');
    clock = row!.receiving_expired_at.getTime();
    // At the deadline the claim is already refused, before the pass marks it.
    const late = await p.browser.call('cashbacks.payout', { cashback_id: p.cashbackId });
    expect(late.body.error?.code).toBe('cashback_not_active');
    expect(await cashbacks().expireDue()).toBeGreaterThanOrEqual(1);
    expect((await mine(p.id))[0]!.status).toBe('expired');
    expect(await main(p.id)).toBe(0n);
  });

  it('answers bad input with a typed error and lists with paging and sorting', async () => {
    const p = await player();
    for (const params of [
      { cashback_id: 'abc' },
      { cashback_id: -1 },
      { cashback_id: 0 },
      {},
      { cashback_id: 1, extra: 1 },
    ]) {
      const answer = await p.browser.call('cashbacks.payout', params);
      expect(answer.body.status, JSON.stringify(params)).toBe(0);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.body.error?.type).toBe('InvalidParameterException');
    }
    const unknown = await p.browser.call('cashbacks.payout', { cashback_id: 999_999_999 });
    expect(unknown.body.error?.code).toBe('cashback_not_found');
    for (const params of [
      { count: 0 },
      { count: 51 },
      { sort: 'id' },
      { order: 'up' },
      { statuses: 'lost' },
    ]) {
      const answer = await p.browser.call('cashbacks.get', params);
      expect(answer.body.status, JSON.stringify(params)).toBe(0);
    }
    const guest = newBrowser(h.app);
    const anonymous = await guest.call('cashbacks.get', {});
    expect(anonymous.body.status).toBe(0);

    // Six daily cashbacks: 4 per page by default, newest end date first, asc on request.
    clock = BASE + 40 * DAY;
    for (let day = 0; day < 6; day += 1) {
      await apply([loss(p.id, 1_000n * BigInt(day + 1))]);
      clock += DAY;
    }
    pastPeriodEnd();
    await cashbacks().closeEndedPeriods();
    const first = await p.browser.call('cashbacks.get', {});
    const page = first.body.data as {
      total: number;
      items: { end_date: string; amount: { amount: string } }[];
    };
    expect(page.total).toBe(6);
    expect(page.items.map((c) => c.amount.amount)).toEqual(['6.00', '5.00', '4.00', '3.00']);
    const second = await p.browser.call('cashbacks.get', { offset: 4, sort: 'amount', order: 'asc' });
    const asc = (second.body.data as { items: { amount: { amount: string } }[] }).items;
    expect(asc.map((c) => c.amount.amount)).toEqual(['5.00', '6.00']);
  });

  it('keeps the ledger invariants', async () => {
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});
