/**
 * The wager stream's consumer runtime on real PostgreSQL (ADR 019): a test consumer counts each
 * application of each event in a table of its own, written through the batch's transaction. Every
 * event is applied exactly once whatever fails mid-batch (a thrown error, a terminated
 * connection), with two nodes (two pools) consuming at once, and when transactions commit in the
 * reverse order of their event ids; a replay applies again from the given position.
 */
import { createDbClient, type DbClient } from '@croupier/db/client';
import { createTestDatabase } from '@croupier/db/test-database';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createJobQueue } from '../../lib/jobs.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { NewWagerEvent, WagerEvent, WagerTx } from './wager-event.ts';
import { createWagersService, type WagersService } from './wagers.service.ts';

const log = pino({ level: 'silent' });
let drop: () => Promise<void>;
let nodeA: DbClient;
let nodeB: DbClient;
let consumerNo = 0;

beforeAll(async () => {
  const database = await createTestDatabase(inject('pgAdminUrl'));
  drop = database.drop;
  nodeA = createDbClient(database.url, { max: 4, logger: log });
  nodeB = createDbClient(database.url, { max: 4, logger: log });
  await nodeA.db.execute(sql`CREATE TABLE test_applied (
    consumer text NOT NULL, event_id bigint NOT NULL, applications int NOT NULL,
    PRIMARY KEY (consumer, event_id))`);
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await drop?.();
});

let name: string;
beforeEach(() => {
  consumerNo += 1;
  name = `test-counter-${consumerNo}`;
});

/** Counts applications (deliberately NOT idempotent: a double application shows as 2). */
async function record(tx: WagerTx, consumer: string, events: readonly WagerEvent[]) {
  for (const event of events) {
    await tx.execute(sql`INSERT INTO test_applied (consumer, event_id, applications)
      VALUES (${consumer}, ${event.id}, 1)
      ON CONFLICT (consumer, event_id) DO UPDATE SET applications = test_applied.applications + 1`);
  }
}

function service(client: DbClient): WagersService {
  return createWagersService({ db: client.db, log, now: () => new Date() });
}

let round = 0;
function event(playerId = 1n): NewWagerEvent {
  round += 1;
  return {
    playerId,
    currency: 'EUR',
    product: 'casino',
    kind: 'bet',
    gameId: null,
    roundRef: `r-${round}`,
    stakeRealMinor: 100n,
    stakeBonusMinor: 0n,
    payoutRealMinor: 0n,
    payoutBonusMinor: 0n,
  };
}

async function appendMany(count: number): Promise<bigint[]> {
  const writer = service(nodeA);
  const ids: bigint[] = [];
  // Several per transaction, as a busy wallet would.
  for (let i = 0; i < count; i += 50) {
    await nodeA.db.transaction(async (tx) => {
      for (let j = i; j < Math.min(count, i + 50); j += 1) ids.push(await writer.append(tx, event()));
    });
  }
  return ids;
}

async function applications(consumer: string): Promise<Map<bigint, number>> {
  const rows = await nodeA.db.execute<{ event_id: bigint; applications: number }>(
    sql`SELECT event_id, applications FROM test_applied WHERE consumer = ${consumer}`,
  );
  return new Map(rows.rows.map((row) => [BigInt(row.event_id), row.applications]));
}

/** Passes until the consumer has caught up with `ids` (other test files' transactions may hold the horizon back briefly). */
async function drain(wagers: WagersService, consumer: string, ids: readonly bigint[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await wagers.runPass(consumer);
    const applied = await applications(consumer);
    if (ids.every((id) => applied.has(id))) return applied;
    if (Date.now() > deadline) throw new Error(`not caught up: ${applied.size} of ${ids.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function expectOnce(applied: Map<bigint, number>, ids: readonly bigint[]) {
  const wrong = ids.filter((id) => applied.get(id) !== 1).map((id) => `${id}:${applied.get(id)}`);
  expect(wrong).toEqual([]);
}

describe('the consumer runtime', () => {
  it('applies events in id order within a transaction, in bounded batches, and advances the position', async () => {
    const wagers = service(nodeA);
    const seen: bigint[][] = [];
    wagers.registerConsumer({
      name,
      apply: async (tx, events) => {
        seen.push(events.map((e) => e.id));
        await record(tx, name, events);
      },
    });
    const ids = await appendMany(1200);
    const applied = await drain(wagers, name, ids);
    expectOnce(applied, ids);
    expect(Math.max(...seen.map((batch) => batch.length))).toBeLessThanOrEqual(500);
    const flat = seen.flat();
    expect(flat).toEqual([...flat].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const lag = (await wagers.lag()).find((row) => row.consumer === name);
    expect(lag).toMatchObject({
      behind: 0,
      oldestUnappliedAgeSeconds: null,
      position: ids.at(-1)?.toString(),
    });
  });

  it('a batch that throws mid-way is applied again in full by the next pass: each event once', async () => {
    const wagers = service(nodeA);
    let failures = 1;
    wagers.registerConsumer({
      name,
      apply: async (tx, events) => {
        await record(tx, name, events.slice(0, Math.ceil(events.length / 2)));
        if (failures > 0) {
          failures -= 1;
          throw new Error('consumer crashed mid-batch');
        }
        await record(tx, name, events.slice(Math.ceil(events.length / 2)));
      },
    });
    const ids = await appendMany(120);
    await expect(wagers.runPass(name)).rejects.toThrow('consumer crashed mid-batch');
    expect((await applications(name)).size).toBe(0);
    expectOnce(await drain(wagers, name, ids), ids);
  });

  it('a connection terminated mid-batch applies nothing; the next pass applies each event once', async () => {
    const wagers = service(nodeA);
    let kill = true;
    wagers.registerConsumer({
      name,
      apply: async (tx, events) => {
        await record(tx, name, events.slice(0, 10));
        if (kill) {
          kill = false;
          const pid = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
          // Another node's connection kills this one, as a crash or a failover would.
          await nodeB.db.execute(sql`SELECT pg_terminate_backend(${pid.rows[0]?.pid}::int)`);
        }
        await record(tx, name, events.slice(10));
      },
    });
    const ids = await appendMany(100);
    await expect(wagers.runPass(name)).rejects.toThrow();
    expect((await applications(name)).size).toBe(0);
    expectOnce(await drain(wagers, name, ids), ids);
  });

  it('two nodes consuming at once never apply one event twice', async () => {
    const a = service(nodeA);
    const b = service(nodeB);
    const claims = { a: 0, b: 0 };
    for (const [node, wagers] of [
      ['a', a],
      ['b', b],
    ] as const) {
      wagers.registerConsumer({
        name,
        apply: async (tx, events) => {
          claims[node] += 1;
          await record(tx, name, events);
          // Hold the batch a little, so that the other node meets the claimed position.
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
    }
    const ids = await appendMany(1000);
    const skipped = { a: 0, b: 0 };
    const run = async (node: 'a' | 'b', wagers: WagersService) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const result = await wagers.runPass(name, { limit: 50 });
        if (!result.claimed) skipped[node] += 1;
        const applied = await applications(name);
        if (ids.every((id) => applied.has(id)) || Date.now() > deadline) return;
      }
    };
    await Promise.all([run('a', a), run('b', b), run('a', a), run('b', b)]);
    expectOnce(await applications(name), ids);
    // Both nodes did work and met each other's claim.
    expect(claims.a).toBeGreaterThan(0);
    expect(claims.b).toBeGreaterThan(0);
    expect(skipped.a + skipped.b).toBeGreaterThan(0);
  });

  it('a replay applies again every event after the given position', async () => {
    const wagers = service(nodeA);
    wagers.registerConsumer({ name, apply: (tx, events) => record(tx, name, events) });
    const ids = await appendMany(60);
    expectOnce(await drain(wagers, name, ids), ids);
    const from = ids[39] as bigint;
    await wagers.replayFrom(name, from);
    const again = ids.slice(40);
    const deadline = Date.now() + 15_000;
    for (;;) {
      await wagers.runPass(name);
      const applied = await applications(name);
      if (again.every((id) => applied.get(id) === 2) || Date.now() > deadline) break;
    }
    const applied = await applications(name);
    expectOnce(applied, ids.slice(0, 40));
    expect(again.filter((id) => applied.get(id) !== 2)).toEqual([]);
    await expect(wagers.replayFrom(name, 999_999_999n)).rejects.toThrow('no wager event');
  });

  it('an event whose transaction commits after a later-numbered one is not skipped', async () => {
    const wagers = service(nodeA);
    wagers.registerConsumer({ name, apply: (tx, events) => record(tx, name, events) });
    const writer = service(nodeB);
    const before = await appendMany(5);
    await drain(wagers, name, before);

    // T1 takes the smaller id and stays open; T2 takes a larger id and commits first.
    let releaseT1!: () => void;
    const t1Open = new Promise<void>((resolve) => {
      releaseT1 = resolve;
    });
    let t1Id!: bigint;
    let t1Appended!: () => void;
    const t1HasAppended = new Promise<void>((resolve) => {
      t1Appended = resolve;
    });
    const t1 = nodeB.db.transaction(async (tx) => {
      t1Id = await writer.append(tx, event(7n));
      t1Appended();
      await t1Open;
    });
    await t1HasAppended;
    const t2Id = await nodeA.db.transaction((tx) => writer.append(tx, event(8n)));
    expect(t2Id).toBeGreaterThan(t1Id);

    // T2 is committed but lies above the horizon T1 holds: a pass must not pass T1's id by.
    for (let i = 0; i < 5; i += 1) await wagers.runPass(name);
    const whileOpen = await applications(name);
    expect(whileOpen.has(t1Id)).toBe(false);
    expect(whileOpen.has(t2Id)).toBe(false);

    releaseT1();
    await t1;
    const applied = await drain(wagers, name, [t1Id, t2Id]);
    expectOnce(applied, [...before, t1Id, t2Id]);
  });

  it('catchUp waits while another node holds the consumer, then leaves every event applied once', async () => {
    const a = service(nodeA);
    const b = service(nodeB);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const bHolds = new Promise<void>((resolve) => {
      entered = resolve;
    });
    a.registerConsumer({ name, apply: (tx, events) => record(tx, name, events) });
    b.registerConsumer({
      name,
      apply: async (tx, events) => {
        await record(tx, name, events);
        entered();
        await held;
      },
    });
    const ids = await appendMany(10);
    const bPass = b.runPass(name);
    await bHolds;
    // Node B holds the position: a short catch-up gives up in words, a patient one waits for B.
    await expect(a.catchUp([name], 200)).rejects.toThrow(`wager consumer ${name} did not catch up in 200 ms`);
    const waiting = a.catchUp([name]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect((await bPass).claimed).toBe(true);
    await waiting;
    expectOnce(await applications(name), ids);
    expect((await a.lag()).find((row) => row.consumer === name)?.behind).toBe(0);
  });

  it('a pass of an unknown consumer throws; a consumer registers once', async () => {
    const wagers = service(nodeA);
    await expect(wagers.runPass('nobody')).rejects.toThrow('unknown wager consumer');
    wagers.registerConsumer({ name, apply: async () => {} });
    expect(() => wagers.registerConsumer({ name, apply: async () => {} })).toThrow('registered twice');
  });
});

describe('scheduling and lag', () => {
  it('on the job queue, a registered consumer catches up by itself; lag shows what it has not applied', async () => {
    const jobs = createJobQueue({ pool: nodeA.pool, log, depthLogMs: 0 });
    const wagers = createWagersService({ db: nodeA.db, log, now: () => new Date(), jobs });
    let hold = true;
    wagers.registerConsumer({
      name,
      apply: async (tx, events) => {
        if (hold) throw new Error('not yet');
        await record(tx, name, events);
      },
    });
    try {
      jobs.start();
      await wagers.start();
      await jobs.ready();
      const ids = await appendMany(30);
      // Held back: the consumer's position exists and it is behind.
      const deadline = Date.now() + 15_000;
      let lag = (await wagers.lag()).find((row) => row.consumer === name);
      while ((lag?.behind ?? 0) < 30 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        lag = (await wagers.lag()).find((row) => row.consumer === name);
      }
      // Held back from the stream's start: every event of this file so far is unapplied.
      const total = await nodeA.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM wager_events`);
      expect(lag).toMatchObject({ position: '0', behind: total.rows[0]?.n, head: ids.at(-1)?.toString() });
      expect(lag?.oldestUnappliedAgeSeconds).toBeGreaterThanOrEqual(0);
      hold = false;
      for (;;) {
        const applied = await applications(name);
        if (ids.every((id) => applied.has(id)) || Date.now() > deadline + 15_000) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expectOnce(await applications(name), ids);
    } finally {
      await wagers.stop();
      await jobs.stop();
    }
  });

  it('GET /health/wagers answers the lag to this machine only', async () => {
    const t = await createTestApp();
    try {
      const local = await t.app.inject({ method: 'GET', url: '/health/wagers' });
      expect(local.statusCode).toBe(200);
      // Every registered consumer has its row once the app is ready: nothing behind on a new stream.
      expect(local.json()).toEqual({
        consumers: [
          'big_wins',
          'bonus_wagering',
          'cashback_accrual',
          'jackpot_contribution',
          'loyalty_points',
          'tournament_scores',
        ].map((consumer) => ({
          consumer,
          position: '0',
          head: '0',
          behind: 0,
          oldestUnappliedAgeSeconds: null,
        })),
      });
      const remote = await t.app.inject({
        method: 'GET',
        url: '/health/wagers',
        remoteAddress: '203.0.113.7',
      });
      expect(remote.statusCode).toBe(404);
      const proxied = await t.app.inject({
        method: 'GET',
        url: '/health/wagers',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(proxied.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
