/**
 * The feed consumer on real PostgreSQL: idempotent odds changes, stale ones skipped, out-of-order and
 * forged messages refused with nothing written, settlements, cancels and rollbacks stored per outcome
 * and announced to the hooks, and recovery after a silent producer.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { FeedAdapter, FeedSink, RecoveryRequest } from '../feed/adapter.ts';
import { FeedError, KNOWN_PRODUCERS } from '../feed/messages.ts';
import { sbEvents, sbMarkets, sbOutcomes, sbProducers } from '../sportsbook.tables.ts';
import { createFeedConsumer, type FeedConsumer } from './consumer.ts';

let t: TestApp;
let clock = 1_800_000_000_000;
let consumer: FeedConsumer;
const settled: string[] = [];
const rolledBack: string[] = [];
const cancelled: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  consumer = createFeedConsumer(
    { db: t.database.db, now: () => new Date(clock), log: { warn: () => {} } },
    { producers: KNOWN_PRODUCERS },
  );
  consumer.hooks.onOutcomeSettled.push(async (_tx, c) => {
    settled.push(
      `${c.eventId}/${c.marketKey}/${c.outcomeKey}=${c.result}:${c.voidFactor}:${c.deadHeatFactor.num}/${c.deadHeatFactor.den}#${c.version}`,
    );
  });
  consumer.hooks.onSettlementRolledBack.push(async (_tx, c) => {
    rolledBack.push(`${c.marketKey}/${c.outcomeKey}#${c.version}`);
  });
  consumer.hooks.onOutcomeCancelled.push(async (_tx, c) => {
    cancelled.push(`${c.marketKey}/${c.outcomeKey}[${c.startTs},${c.endTs})`);
  });
});
afterAll(async () => {
  await t?.close();
});

const name = (en: string, fr = en) => ({ en, fr });
function fixture(eventId: string, ts: number, status = 'not_started') {
  return {
    kind: 'fixture_change',
    product: 3,
    eventId,
    timestamp: ts,
    fixture: {
      sport: { key: 'football', name: name('Football') },
      category: { key: 'fb-england', name: name('England', 'Angleterre'), country: 'GB' },
      tournament: { key: 'fb-premier', name: name('Premier League', 'Premier League') },
      home: { key: 'fb-lions', name: name('Lions') },
      away: { key: 'fb-eagles', name: name('Eagles', 'Aigles') },
      startTime: clock + 3_600_000,
      status,
    },
  };
}
function odds(eventId: string, ts: number, over: number, status = 'active') {
  return {
    kind: 'odds_change',
    product: 3,
    eventId,
    timestamp: ts,
    markets: [
      {
        key: 'totals|total=2.5',
        status,
        outcomes: [
          { key: 'over', oddsMilli: over, active: true },
          { key: 'under', oddsMilli: 1900, active: true },
        ],
      },
    ],
  };
}
function settlement(eventId: string, ts: number, overResult = 'won') {
  return {
    kind: 'bet_settlement',
    product: 3,
    eventId,
    timestamp: ts,
    markets: [
      {
        key: 'totals|total=2.5',
        outcomes: [
          { key: 'over', result: overResult, voidFactor: '0' },
          {
            key: 'under',
            result: overResult === 'won' ? 'lost' : 'won',
            voidFactor: '0',
            deadHeatFactor: { num: '1', den: '2' },
          },
        ],
      },
    ],
  };
}

async function outcome(eventId: string, key: string) {
  const [row] = await t.database.db
    .select()
    .from(sbOutcomes)
    .where(
      and(
        eq(sbOutcomes.eventId, eventId),
        eq(sbOutcomes.marketKey, 'totals|total=2.5'),
        eq(sbOutcomes.key, key),
      ),
    );
  return row!;
}
async function market(eventId: string) {
  const [row] = await t.database.db
    .select()
    .from(sbMarkets)
    .where(and(eq(sbMarkets.eventId, eventId), eq(sbMarkets.key, 'totals|total=2.5')));
  return row!;
}
async function refused(raw: unknown): Promise<string> {
  try {
    await consumer.receive(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedError);
    return (error as FeedError).code;
  }
  throw new Error('accepted');
}

describe('feed consumer', () => {
  it('applies odds changes once and skips stale ones', async () => {
    const id = 'sim:match:c1';
    expect((await consumer.receive(fixture(id, clock - 10_000))).result).toBe('applied');
    expect((await consumer.receive(fixture(id, clock - 10_000))).result).toBe('stale');
    expect((await consumer.receive(odds(id, clock - 5000, 1800))).result).toBe('applied');
    expect((await consumer.receive(odds(id, clock - 5000, 1800))).result).toBe('stale');
    expect((await consumer.receive(odds(id, clock - 6000, 2500))).result).toBe('stale');
    expect((await outcome(id, 'over')).oddsMilli).toBe(1800);
    expect((await consumer.receive(odds(id, clock - 4000, 1750))).result).toBe('applied');
    expect((await outcome(id, 'over')).oddsMilli).toBe(1750);
    // A bet stop older than the odds is stale; a newer one suspends.
    expect(
      (await consumer.receive({ kind: 'bet_stop', product: 3, eventId: id, timestamp: clock - 4500 })).result,
    ).toBe('stale');
    expect(
      (await consumer.receive({ kind: 'bet_stop', product: 3, eventId: id, timestamp: clock - 3000 })).result,
    ).toBe('applied');
    expect((await market(id)).status).toBe('suspended');
    const [event] = await t.database.db.select().from(sbEvents).where(eq(sbEvents.id, id));
    expect(event?.status).toBe('not_started');
  });

  it('refuses forged and unknown messages, writing nothing', async () => {
    const id = 'sim:match:c2';
    expect(await refused(odds(id, clock, 1800))).toBe('unknown_event');
    await consumer.receive(fixture(id, clock - 10_000));
    expect(await refused({ ...odds(id, clock, 1800), product: 7 })).toBe('unknown_producer');
    expect(await refused(odds(id, clock + 3_600_000, 1800))).toBe('future_timestamp');
    expect(await refused(odds(id, clock, 999))).toBe('malformed');
    expect(await refused(settlement(id, clock))).toBe('unknown_market');
    const rows = await t.database.db.select().from(sbMarkets).where(eq(sbMarkets.eventId, id));
    expect(rows).toEqual([]);
    await consumer.receive(odds(id, clock - 1000, 1800));
    const forged = settlement(id, clock);
    forged.markets[0]!.outcomes.push({ key: 'exactly', result: 'won', voidFactor: '0' });
    expect(await refused(forged)).toBe('unknown_outcome');
    // The whole message rolled back: the valid outcomes were not settled either.
    expect((await outcome(id, 'over')).result).toBeNull();
    expect((await market(id)).status).toBe('active');
  });

  it('settles per outcome once, refuses an older result, and rolls back', async () => {
    const id = 'sim:match:c3';
    await consumer.receive(fixture(id, clock - 10_000));
    await consumer.receive(odds(id, clock - 9000, 1800));
    settled.length = 0;
    expect((await consumer.receive(settlement(id, clock - 5000))).result).toBe('applied');
    expect((await consumer.receive(settlement(id, clock - 5000))).result).toBe('stale');
    expect(settled).toEqual([
      `${id}/totals|total=2.5/over=won:0:1/1#1`,
      `${id}/totals|total=2.5/under=lost:0:1/2#1`,
    ]);
    const over = await outcome(id, 'over');
    expect(over).toMatchObject({
      result: 'won',
      voidFactor: '0',
      deadHeatNum: 1n,
      deadHeatDen: 1n,
      resultVersion: 1,
    });
    expect((await outcome(id, 'under')).deadHeatDen).toBe(2n);
    expect((await market(id)).status).toBe('settled');
    // Odds no longer move a settled market.
    expect((await consumer.receive(odds(id, clock - 4000, 3000))).result).toBe('stale');
    // An older settlement or rollback is out of order.
    expect(await refused(settlement(id, clock - 6000, 'lost'))).toBe('out_of_order');
    const rollback = {
      kind: 'rollback_bet_settlement',
      product: 3,
      eventId: id,
      timestamp: clock - 3000,
      marketKeys: ['totals|total=2.5'],
    };
    expect(await refused({ ...rollback, timestamp: clock - 5500 })).toBe('out_of_order');
    expect((await consumer.receive(rollback)).result).toBe('applied');
    expect((await consumer.receive(rollback)).result).toBe('stale');
    expect(rolledBack).toEqual(['totals|total=2.5/over#2', 'totals|total=2.5/under#2']);
    const back = await outcome(id, 'over');
    expect(back).toMatchObject({ result: null, voidFactor: null, resultVersion: 2 });
    expect(back.rolledBackAt).not.toBeNull();
    expect((await market(id)).status).toBe('suspended');
    expect(await refused({ ...rollback, timestamp: clock - 2000 })).toBe('not_settled');
    // Resettled the other way.
    settled.length = 0;
    await consumer.receive(settlement(id, clock - 1000, 'lost'));
    expect(settled[0]).toBe(`${id}/totals|total=2.5/over=lost:0:1/1#3`);
  });

  it('cancels in a time window and rolls the cancel back', async () => {
    const id = 'sim:match:c4';
    await consumer.receive(fixture(id, clock - 10_000));
    await consumer.receive(odds(id, clock - 9000, 1800));
    const cancel = {
      kind: 'bet_cancel',
      product: 3,
      eventId: id,
      timestamp: clock - 5000,
      marketKeys: ['totals|total=2.5'],
      startTime: clock - 8000,
      endTime: clock - 7000,
    };
    await consumer.receive(cancel);
    expect(cancelled).toContain(`totals|total=2.5/over[${clock - 8000},${clock - 7000})`);
    expect(await outcome(id, 'over')).toMatchObject({ cancelled: true, cancelStartTs: clock - 8000 });
    expect((await market(id)).status).toBe('active');
    const rollback = {
      kind: 'rollback_bet_cancel',
      product: 3,
      eventId: id,
      timestamp: clock - 4000,
      marketKeys: ['totals|total=2.5'],
    };
    await consumer.receive(rollback);
    expect(await outcome(id, 'over')).toMatchObject({ cancelled: false, cancelStartTs: null });
    expect(await refused({ ...rollback, timestamp: clock - 3000 })).toBe('not_cancelled');
    await consumer.receive({ ...cancel, timestamp: clock - 2000, startTime: undefined, endTime: undefined });
    expect((await market(id)).status).toBe('cancelled');
  });

  it('recovers a silent producer: suspends its markets until the snapshot completes', async () => {
    const id = 'sim:match:c5';
    await consumer.receive(fixture(id, clock - 10_000));
    await consumer.receive(odds(id, clock - 9000, 1800));
    const requests: RecoveryRequest[] = [];
    let pending: unknown[] = [];
    const adapter: FeedAdapter = {
      name: 'fake',
      producers: [3],
      async poll(_now: number, sink: FeedSink) {
        const due = pending;
        pending = [];
        for (const raw of due) await sink(raw);
      },
      async requestRecovery(request) {
        requests.push(request);
        pending.push(odds(id, clock, 1700), {
          kind: 'snapshot_complete',
          product: 3,
          timestamp: clock,
          requestId: request.requestId,
        });
      },
    };
    // Heard from a moment ago: no recovery.
    expect(await consumer.checkRecovery(adapter)).toEqual([]);
    clock += 25_000;
    expect(await consumer.checkRecovery(adapter)).toEqual([3]);
    expect((await market(id)).recoverySuspended).toBe(true);
    expect(requests[0]).toMatchObject({ product: 3, requestId: 1 });
    expect(await consumer.checkRecovery(adapter)).toEqual([]);
    // A snapshot_complete for another request changes nothing.
    await consumer.receive({ kind: 'snapshot_complete', product: 3, timestamp: clock - 1, requestId: 99 });
    expect((await market(id)).recoverySuspended).toBe(true);
    const counts = await consumer.pass(adapter);
    expect(counts).toEqual({ applied: 2, stale: 0, refused: 0 });
    expect(await market(id)).toMatchObject({ recoverySuspended: false, status: 'active' });
    expect((await outcome(id, 'over')).oddsMilli).toBe(1700);
    const [producer] = await t.database.db.select().from(sbProducers).where(eq(sbProducers.product, 3));
    expect(producer).toMatchObject({ recoveryRequestId: null, lastRequestId: 1, lastMessageTs: clock });
    // An alive saying the subscription was lost makes the next check recover.
    await consumer.receive({ kind: 'alive', product: 3, timestamp: clock, subscribed: false });
    expect(await consumer.checkRecovery(adapter)).toEqual([3]);
  });
});
