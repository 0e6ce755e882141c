/**
 * Replay mode through the consumer on real PostgreSQL: a recorded match (the simulator's seeded
 * script) replayed at 600× twice, side by side under two event ids, sends the same messages and
 * ends with the same settlements, announced once per outcome to the hooks.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createFeedConsumer, type FeedConsumer } from '../catalogue/consumer.ts';
import { KNOWN_PRODUCERS } from '../feed/messages.ts';
import { sbEvents, sbMarkets, sbOutcomes } from '../sportsbook.tables.ts';
import { createReplayAdapter } from './replay.ts';
import { isCalledOff, matchScript } from './script.ts';
import { createSimulatorAdapter } from './simulator.ts';

let t: TestApp;
let clock = Date.UTC(2026, 10, 26, 9, 0);
let consumer: FeedConsumer;
const settledCalls: string[] = [];
const cancelledCalls: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  consumer = createFeedConsumer(
    { db: t.database.db, now: () => new Date(clock), log: { warn: () => {} } },
    { producers: KNOWN_PRODUCERS },
  );
  consumer.hooks.onOutcomeSettled.push(async (_tx, change) => {
    settledCalls.push(`${change.eventId}|${change.marketKey}|${change.outcomeKey}`);
  });
  consumer.hooks.onOutcomeCancelled.push(async (_tx, change) => {
    cancelledCalls.push(`${change.eventId}|${change.marketKey}|${change.outcomeKey}`);
  });
});
afterAll(async () => {
  await t?.close();
});

async function replay(script: ReturnType<typeof matchScript>, suffix: string) {
  const startAt = clock;
  const adapter = createReplayAdapter(script, { startAt, speed: 600, eventIdSuffix: suffix });
  const sent: string[] = [];
  const counts = { applied: 0, stale: 0, refused: 0 };
  const recording = {
    ...adapter,
    poll: (now: number, sink: (raw: unknown) => Promise<void>) =>
      adapter.poll(now, async (raw) => {
        const message = structuredClone(raw) as {
          kind: string;
          timestamp: number;
          eventId?: string;
          fixture?: { startTime: number };
        };
        // Times relative to the replay's start, the id without its suffix: comparable across runs.
        if (message.kind !== 'snapshot_complete') {
          message.timestamp -= startAt;
          if (message.eventId) message.eventId = message.eventId.slice(0, -suffix.length);
          if (message.fixture) message.fixture.startTime -= startAt;
          sent.push(JSON.stringify(message));
        }
        await sink(raw);
      }),
  };
  while (!adapter.done) {
    clock += 5_000;
    const pass = await consumer.pass(recording);
    counts.applied += pass.applied;
    counts.stale += pass.stale;
    counts.refused += pass.refused;
  }
  return { sent, counts, startAt };
}

async function results(eventId: string) {
  const rows = await t.database.db
    .select()
    .from(sbOutcomes)
    .where(and(eq(sbOutcomes.eventId, eventId), isNotNull(sbOutcomes.result)));
  return rows
    .map(
      (r) =>
        `${r.marketKey}|${r.key}|${r.result}|${r.voidFactor}|${r.deadHeatNum}/${r.deadHeatDen}|v${r.resultVersion}`,
    )
    .sort();
}

describe('replay mode', () => {
  const simulator = createSimulatorAdapter({ seed: 'replay' });
  const day = Date.UTC(2026, 10, 26);

  for (const sport of ['football', 'tennis', 'basketball'] as const) {
    it(`replays a recorded ${sport} match with the same messages and settlements twice`, async () => {
      const fixture = simulator
        .fixtures(sport, day, day + 86_400_000)
        .find((f) => !isCalledOff(f, simulator.options.seed));
      const script = matchScript(fixture!, simulator.options);
      const first = await replay(script, '-a');
      const second = await replay(script, '-b');
      expect(second.sent).toEqual(first.sent);
      expect(first.sent.length).toBe(script.length);
      // Nothing refused, nothing stale (the recoveries at first contact aside, counted as applied).
      for (const run of [first, second]) {
        expect(run.counts.refused).toBe(0);
        expect(run.counts.stale).toBe(0);
        expect(run.counts.applied).toBeGreaterThanOrEqual(script.length);
      }
      const a = await results(`${fixture!.eventId}-a`);
      expect(a.length).toBeGreaterThan(sport === 'tennis' ? 20 : 10);
      expect(await results(`${fixture!.eventId}-b`)).toEqual(a);
      // Each outcome announced once per replay.
      const calls = (suffix: string) =>
        settledCalls.filter((c) => c.startsWith(`${fixture!.eventId}${suffix}|`));
      expect(calls('-a')).toHaveLength(a.length);
      expect(new Set(calls('-a')).size).toBe(a.length);
      const [event] = await t.database.db
        .select()
        .from(sbEvents)
        .where(eq(sbEvents.id, `${fixture!.eventId}-b`));
      expect(event?.status).toBe('ended');
      // Replaying the same messages again changes nothing (every one is stale).
      const again = createReplayAdapter(script, {
        startAt: first.startAt,
        speed: 600,
        eventIdSuffix: '-a',
      });
      let stale = 0;
      await again.poll(clock, async (raw) => {
        const { result } = await consumer.receive(raw);
        if (result === 'stale') stale += 1;
      });
      expect(stale).toBe(script.length);
      expect(await results(`${fixture!.eventId}-a`)).toEqual(a);
      // The same match replayed earlier than what is stored: its settlement is out of order.
      const early = createReplayAdapter(script, {
        startAt: first.startAt - 3_600_000,
        speed: 600,
        eventIdSuffix: '-a',
      });
      const refused: string[] = [];
      await early.poll(clock, async (raw) => {
        try {
          await consumer.receive(raw);
        } catch (error) {
          refused.push((error as { code: string }).code);
        }
      });
      expect(new Set(refused)).toEqual(new Set(['out_of_order']));
      expect(await results(`${fixture!.eventId}-a`)).toEqual(a);
    });
  }

  it('replays a called-off match: the event and every market cancelled, bets to be voided', async () => {
    const fixture = simulator
      .fixtures('football', day, day + 7 * 86_400_000)
      .find((f) => isCalledOff(f, simulator.options.seed))!;
    const script = matchScript(fixture, simulator.options);
    cancelledCalls.length = 0;
    await replay(script, '-x');
    const id = `${fixture.eventId}-x`;
    const [event] = await t.database.db.select().from(sbEvents).where(eq(sbEvents.id, id));
    expect(event?.status).toBe('cancelled');
    const markets = await t.database.db.select().from(sbMarkets).where(eq(sbMarkets.eventId, id));
    expect(markets.length).toBeGreaterThan(10);
    expect(markets.every((m) => m.status === 'cancelled')).toBe(true);
    const outcomes = await t.database.db.select().from(sbOutcomes).where(eq(sbOutcomes.eventId, id));
    expect(outcomes.every((o) => o.cancelled && o.cancelStartTs === null && o.cancelEndTs === null)).toBe(
      true,
    );
    expect(cancelledCalls).toHaveLength(outcomes.length);
  });
});
