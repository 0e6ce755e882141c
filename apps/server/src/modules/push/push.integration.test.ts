/**
 * Real-time push across nodes (ADR 037): two app instances on one database, a stream held on node B
 * and money credited through the ledger on node A. Once over PostgreSQL LISTEN/NOTIFY, and once
 * over Redis pub/sub where a Redis server answers (TEST_REDIS_URL, or 127.0.0.1:6379).
 */
import net from 'node:net';
import { createDbClient, type DbClient } from '@croupier/db/client';
import { createTestDatabase } from '@croupier/db/test-database';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { runSeeds } from '../../seed.ts';
import { SESSION_COOKIE } from '../auth/session.service.ts';
import { MAX_STREAMS_PER_PLAYER } from './push.service.ts';
import { openSse, type SseClient } from './push-test-client.ts';

function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const REDIS_URL =
  process.env.TEST_REDIS_URL ?? ((await redisAnswers()) ? 'redis://127.0.0.1:6379' : undefined);

interface Cluster {
  url: string;
  nodes: { app: FastifyInstance; base: string; database: DbClient }[];
  createPlayer(): Promise<{ id: bigint; cookie: string }>;
  close(): Promise<void>;
}

async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const testDb = await createTestDatabase(inject('pgAdminUrl'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret!',
    ...env,
  });
  const nodes: Cluster['nodes'] = [];
  for (let index = 0; index < 2; index += 1) {
    const database = createDbClient(testDb.url, { max: 5 });
    const app = await buildApp({
      config,
      database,
      web: 'none',
      logger: false,
      rateLimiter: createMemoryRateLimiter(),
    });
    if (index === 0) await runSeeds(database.db, app.services, { demo: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    nodes.push({ app, base: `http://127.0.0.1:${port}`, database });
  }
  let counter = 0;
  return {
    url: testDb.url,
    nodes,
    async createPlayer() {
      counter += 1;
      const { db } = nodes[0]!.database;
      const inserted = await db.execute<{ id: string }>(
        sql`INSERT INTO players (login) VALUES (${`push${counter}-${Date.now()}@example.test`}) RETURNING id`,
      );
      const id = BigInt(inserted.rows[0]!.id);
      await db.execute(sql`INSERT INTO player_profiles (player_id, birth_date) VALUES (${id}, '1990-01-01')`);
      const token = await nodes[0]!.app.services.sessions.create(id, {
        ip: '127.0.0.1',
        userAgent: 'vitest',
      });
      return { id, cookie: `${SESSION_COOKIE}=${token}` };
    },
    async close() {
      for (const node of nodes) await node.app.close();
      for (const node of nodes) await node.database.close();
      await testDb.drop();
    },
  };
}

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

function pushSuite(name: string, env: () => Record<string, string>) {
  describe(name, () => {
    let cluster: Cluster;
    const open: SseClient[] = [];
    const stream = async (path: string, headers: Record<string, string>, node = 1) => {
      const client = await openSse(`${cluster.nodes[node]!.base}${path}`, headers);
      open.push(client);
      return client;
    };

    beforeAll(async () => {
      cluster = await startCluster(env());
    }, 120_000);
    afterAll(async () => {
      for (const client of open) client.close();
      await cluster?.close();
    });

    it('a deposit credited on node A reaches the stream held on node B within 500 ms', async () => {
      const player = await cluster.createPlayer();
      const client = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(client.headers['cache-control']).toContain('no-cache');
      const initial = await client.next('balance');
      const currency = (initial.data as { balance_main: { currency: string } }).balance_main.currency;
      expect(initial.id).toMatch(/^[0-9]+$/);

      const before = performance.now();
      await cluster.nodes[0]!.app.services.wallet.creditDeposit({
        playerId: player.id,
        currency,
        amountMinor: 12_345n,
        paymentId: `push-${player.id}`,
      });
      const committed = performance.now();
      const pushed = await client.next('balance', 5_000);
      expect(pushed.data).toMatchObject({ balance_main: { amount: '123.45', currency } });
      expect(pushed.at - committed).toBeLessThan(500);
      expect(pushed.at).toBeGreaterThan(before);
    });

    it('a rolled-back transfer pushes nothing', async () => {
      const player = await cluster.createPlayer();
      const client = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      await client.next('balance');
      const { db } = cluster.nodes[0]!.database;
      await db
        .transaction(async (tx) => {
          await cluster.nodes[0]!.app.services.wallet.creditDeposit(
            { playerId: player.id, currency: 'EUR', amountMinor: 500n, paymentId: `rollback-${player.id}` },
            { tx },
          );
          throw new Error('roll back');
        })
        .catch(() => {});
      await expect(client.next('balance', 800)).rejects.toThrow(/no balance event/);
    });

    it('a relay that dies mid-pass sends nothing and loses nothing; one pass sends the newest balance per account', async () => {
      // ADR 044: money transactions queue their signals in push_outbox; one relay at a time (an
      // advisory lock) sends the committed ones. A session holding that lock is a relay stuck in
      // its pass: the other nodes' relays wait, and when it dies (rollback) nothing was sent and
      // nothing is lost.
      const player = await cluster.createPlayer();
      const client = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      await client.next('balance');
      const stuck = createDbClient(cluster.url, { max: 1 });
      try {
        await stuck.db
          .transaction(async (tx) => {
            await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('push:relay', 72207))`);
            for (let n = 1; n <= 3; n += 1) {
              await cluster.nodes[0]!.app.services.wallet.creditDeposit({
                playerId: player.id,
                currency: 'EUR',
                amountMinor: 100n,
                paymentId: `relay-${player.id}-${n}`,
              });
            }
            const queued = await tx.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM push_outbox WHERE account_id IS NOT NULL`,
            );
            expect(queued.rows[0]!.n).toBeGreaterThanOrEqual(3);
            await expect(client.next('balance', 400)).rejects.toThrow(/no balance event/);
            throw new Error('the relay dies');
          })
          .catch((error: unknown) => {
            if (!(error instanceof Error) || error.message !== 'the relay dies') throw error;
          });
      } finally {
        await stuck.close();
      }
      // The next relay sends the three credits as one balance signal: their final balance.
      const pushed = await client.next('balance', 5_000);
      expect(pushed.data).toMatchObject({ balance_main: { amount: '3.00', currency: 'EUR' } });
      await expect(client.next('balance', 300)).rejects.toThrow(/no balance event/);
    });

    it('events published on node A reach node B, and a stream resumes after its Last-Event-ID', async () => {
      const player = await cluster.createPlayer();
      const client = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      await client.next('balance');
      const push = cluster.nodes[0]!.app.services.push;
      await push.publish(player.id, 'tournament', { rank: 3 });
      const first = await client.next('tournament');
      expect(first.data).toEqual({ rank: 3 });
      client.close();

      // Published while the player was away, one of them in a committed transaction.
      await push.publish(player.id, 'tournament', { rank: 2 });
      await cluster.nodes[0]!.database.db.transaction(async (tx) => {
        await push.publish(player.id, 'notice', { kind: 'kyc_approved' }, { tx });
      });
      const other = await cluster.createPlayer();
      await push.publish(other.id, 'tournament', { rank: 1 });

      const resumed = await stream('/api/stream', {
        cookie: player.cookie,
        'last-event-id': first.id!,
        ...sameOrigin,
      });
      expect((await resumed.next('tournament')).data).toEqual({ rank: 2 });
      expect((await resumed.next('notice')).data).toEqual({ kind: 'kyc_approved' });
      await resumed.next('balance');
      // Another player's event is not replayed to this one.
      await expect(resumed.next('tournament', 300)).rejects.toThrow();
    });

    it('public events reach guests and players; a public stream needs no session', async () => {
      const player = await cluster.createPlayer();
      const guest = await stream('/api/stream/public', sameOrigin);
      const playerStream = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      await playerStream.next('balance');
      await cluster.nodes[0]!.app.services.push.publishPublic('big_win', {
        amount: '500.00',
        currency: 'EUR',
      });
      expect((await guest.next('big_win')).data).toEqual({ amount: '500.00', currency: 'EUR' });
      expect((await playerStream.next('big_win')).data).toEqual({ amount: '500.00', currency: 'EUR' });
      // A guest stream never carries a balance.
      expect(guest.events.some((event) => event.event === 'balance')).toBe(false);
    });

    it('refuses a stream without a session, from another site, and over the per-player cap', async () => {
      const anonymous = await stream('/api/stream', sameOrigin);
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.body)).toEqual({ error: 'unauthorized' });
      const forged = await stream('/api/stream', { cookie: `${SESSION_COOKIE}=forged`, ...sameOrigin });
      expect(forged.status).toBe(401);

      const player = await cluster.createPlayer();
      const foreign = await stream('/api/stream', {
        cookie: player.cookie,
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      });
      expect(foreign.status).toBe(403);
      const foreignPublic = await stream('/api/stream/public', { origin: 'https://evil.example' });
      expect(foreignPublic.status).toBe(403);

      const held: SseClient[] = [];
      for (let index = 0; index < MAX_STREAMS_PER_PLAYER; index += 1) {
        const client = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
        expect(client.status).toBe(200);
        held.push(client);
      }
      const extra = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      expect(extra.status).toBe(429);
      // A tab closed frees its place.
      held[0]!.close();
      // The server hears the close when its socket does: ask again until then (at most 5 s).
      let again = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      for (let tries = 0; again.status === 429 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      }
      expect(again.status).toBe(200);
      for (const client of [...held, again]) client.close();
    });

    it('ignores an absurd Last-Event-ID and sends resync for one older than the window', async () => {
      const player = await cluster.createPlayer();
      const push = cluster.nodes[0]!.app.services.push;
      // A witness stream on node B sees both events live, so none is still on the wire when the
      // streams below open (a stream opened while one is would rightly get it live).
      const witness = await stream('/api/stream', { cookie: player.cookie, ...sameOrigin });
      await witness.next('balance');
      const old = await push.publish(player.id, 'tournament', { rank: 9 });
      await push.publish(player.id, 'tournament', { rank: 8 });
      await witness.next('tournament');
      await witness.next('tournament');
      witness.close();

      for (const absurd of ['99999999999999999', 'abc', '-1', '1'.repeat(400), '1e9']) {
        const client = await stream('/api/stream', {
          cookie: player.cookie,
          'last-event-id': absurd,
          ...sameOrigin,
        });
        expect(client.status).toBe(200);
        await client.next('balance');
        // Nothing replayed: the balance (and the jackpot amounts, when this node has read them) only.
        expect(client.events.map((event) => event.event).filter((kind) => kind !== 'jackpots')).toEqual([
          'balance',
        ]);
        client.close();
      }

      // The window moved on: the player's old events are pruned.
      await cluster.nodes[0]!.database.db.execute(sql`DELETE FROM push_events WHERE id <= ${old + 1n}`);
      await push.publish(player.id, 'tournament', { rank: 7 });
      const stale = await stream('/api/stream', {
        cookie: player.cookie,
        'last-event-id': (old - 1n).toString(),
        ...sameOrigin,
      });
      await stale.next('resync');
      await stale.next('balance');
      // Resync first, in place of a replay; the pruned events never come back. The new one may
      // still come live if node B hears it while this stream opens (as on a real reconnection).
      expect(stale.events[0]?.event).toBe('resync');
      const ranks = stale.events
        .filter((event) => event.event === 'tournament')
        .map((event) => (event.data as { rank: number }).rank);
      expect(ranks.filter((rank) => rank !== 7)).toEqual([]);
    });
  });
}

pushSuite('push over PostgreSQL LISTEN/NOTIFY', () => ({}));

describe.runIf(REDIS_URL)('with REDIS_URL', () => {
  pushSuite('push over Redis pub/sub', () => ({ REDIS_URL: REDIS_URL as string }));
  it('uses the Redis bus', () => {
    expect(REDIS_URL).toBeDefined();
  });
});
