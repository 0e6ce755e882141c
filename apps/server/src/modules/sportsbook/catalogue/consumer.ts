/**
 * The feed consumer (ADR 030): every message is parsed (`parseFeedMessage`, a refused one writes
 * nothing) and applied in one transaction holding its event's row lock, so messages of one event
 * apply one at a time and in order:
 * - an odds change or bet stop older than what a market holds is stale and skipped (idempotent);
 * - a settlement, cancel or rollback older than the market's last one is refused (`out_of_order`),
 *   the same one again is a no-op;
 * - results are stored per outcome and announced to the hooks in the same transaction (the betting
 *   engine settles its bets from them).
 * Per producer it keeps the last message time; after a silence (RECOVERY_GAP_MS) or an `alive`
 * saying it lost its subscription, it suspends that producer's markets and asks the adapter for a
 * snapshot, lifting the suspension at `snapshot_complete`.
 *
 * The consumer is the catalogue's only writer and holds the module's write SQL, as a repository does
 * (the read queries are in catalogue.repository.ts).
 */
import type { Db } from '@croupier/db/client';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type FeedAdapter, needsRecovery, type ProducerState } from '../feed/adapter.ts';
import {
  type BetCancel,
  type BetSettlement,
  type BetStop,
  type EventMessage,
  FeedError,
  type FeedMessage,
  type FixtureChange,
  type OddsChange,
  parseFeedMessage,
  type Rational,
  rationalFromWire,
} from '../feed/messages.ts';
import {
  sbCategories,
  sbCompetitors,
  sbEvents,
  sbMarkets,
  sbOutcomes,
  sbProducers,
  sbSports,
  sbTournaments,
} from '../sportsbook.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutcomeRef {
  eventId: string;
  marketKey: string;
  outcomeKey: string;
}

export interface OutcomeSettled extends OutcomeRef {
  result: 'won' | 'lost' | 'void';
  voidFactor: '0' | '0.5' | '1';
  deadHeatFactor: Rational;
  /** Grows with every change of the outcome's result (settle, rollback, cancel …). */
  version: number;
}

export interface OutcomeCancelled extends OutcomeRef {
  /** Bets placed in [startTs, endTs) are void; null bounds are open. */
  startTs: number | null;
  endTs: number | null;
  version: number;
}

export interface OutcomeRolledBack extends OutcomeRef {
  version: number;
}

/** Called inside the message's transaction: a hook that throws rolls the message back. */
export interface FeedHooks {
  onOutcomeSettled: Array<(tx: Tx, change: OutcomeSettled) => Promise<void>>;
  onSettlementRolledBack: Array<(tx: Tx, change: OutcomeRolledBack) => Promise<void>>;
  onOutcomeCancelled: Array<(tx: Tx, change: OutcomeCancelled) => Promise<void>>;
  onCancelRolledBack: Array<(tx: Tx, change: OutcomeRolledBack) => Promise<void>>;
}

export function emptyHooks(): FeedHooks {
  return { onOutcomeSettled: [], onSettlementRolledBack: [], onOutcomeCancelled: [], onCancelRolledBack: [] };
}

export type ApplyResult = 'applied' | 'stale';

export interface FeedConsumer {
  readonly hooks: FeedHooks;
  /**
   * Parses and applies one raw message; throws FeedError when refused (nothing written). `check`
   * runs first in the message's transaction (the trading desk locks the event and checks what staff
   * saw, ADR 047): a throw rolls everything back.
   */
  receive(
    raw: unknown,
    options?: { check?: (tx: Tx) => Promise<void> },
  ): Promise<{ message: FeedMessage; result: ApplyResult }>;
  /** Asks the adapter for a snapshot of each producer that needs one (silent, never heard of). */
  checkRecovery(adapter: FeedAdapter): Promise<number[]>;
  /** One pass: recovery check, then the adapter's due messages (a refused one is logged, skipped). */
  pass(adapter: FeedAdapter): Promise<{ applied: number; stale: number; refused: number }>;
}

export interface ConsumerDeps {
  db: Db;
  now: () => Date;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

export function createFeedConsumer(
  deps: ConsumerDeps,
  options: { producers: readonly number[] },
): FeedConsumer {
  const { db } = deps;
  const hooks = emptyHooks();

  async function touchProducer(tx: Tx, product: number, ts: number): Promise<void> {
    const now = deps.now();
    await tx
      .insert(sbProducers)
      .values({ product, lastMessageTs: ts, lastReceivedAt: now })
      .onConflictDoUpdate({
        target: sbProducers.product,
        set: {
          lastMessageTs: sql`GREATEST(COALESCE(${sbProducers.lastMessageTs}, 0), ${ts})`,
          lastReceivedAt: now,
        },
      });
  }

  async function lockEvent(tx: Tx, eventId: string) {
    const [row] = await tx.select().from(sbEvents).where(eq(sbEvents.id, eventId)).for('update');
    return row;
  }

  async function applyFixture(tx: Tx, m: FixtureChange): Promise<ApplyResult> {
    const f = m.fixture;
    const existing = await lockEvent(tx, m.eventId);
    if (existing && existing.fixtureTs >= m.timestamp) return 'stale';
    const upsertNamed = async <T extends typeof sbSports | typeof sbCompetitors>(
      table: T,
      values: T['$inferInsert'],
    ) => {
      const { key: _key, ...set } = values as Record<string, unknown>;
      await tx
        .insert(table)
        .values(values as never)
        .onConflictDoUpdate({ target: table.key, set: set as never });
    };
    await upsertNamed(sbSports, { key: f.sport.key, nameEn: f.sport.name.en, nameFr: f.sport.name.fr });
    for (const c of [f.home, f.away])
      await upsertNamed(sbCompetitors, {
        key: c.key,
        nameEn: c.name.en,
        nameFr: c.name.fr,
        country: c.country ?? null,
      });
    const category = {
      key: f.category.key,
      sportKey: f.sport.key,
      nameEn: f.category.name.en,
      nameFr: f.category.name.fr,
      country: f.category.country,
    };
    await tx
      .insert(sbCategories)
      .values(category)
      .onConflictDoUpdate({
        target: sbCategories.key,
        set: { nameEn: category.nameEn, nameFr: category.nameFr },
      });
    const tournament = {
      key: f.tournament.key,
      sportKey: f.sport.key,
      categoryKey: f.category.key,
      nameEn: f.tournament.name.en,
      nameFr: f.tournament.name.fr,
    };
    await tx
      .insert(sbTournaments)
      .values(tournament)
      .onConflictDoUpdate({
        target: sbTournaments.key,
        set: { nameEn: tournament.nameEn, nameFr: tournament.nameFr },
      });
    const values = {
      sportKey: f.sport.key,
      tournamentKey: f.tournament.key,
      homeKey: f.home.key,
      awayKey: f.away.key,
      startTime: new Date(f.startTime),
      fixtureTs: m.timestamp,
      updatedAt: deps.now(),
    };
    if (!existing) {
      await tx.insert(sbEvents).values({ id: m.eventId, status: f.status, statusTs: m.timestamp, ...values });
    } else {
      const status = m.timestamp > existing.statusTs ? { status: f.status, statusTs: m.timestamp } : {};
      await tx
        .update(sbEvents)
        .set({ ...values, ...status })
        .where(eq(sbEvents.id, m.eventId));
    }
    return 'applied';
  }

  async function applyOdds(tx: Tx, m: OddsChange): Promise<ApplyResult> {
    const event = await lockEvent(tx, m.eventId);
    if (!event) throw new FeedError('unknown_event', m.eventId);
    let applied = false;
    if (m.eventStatus && m.timestamp > event.statusTs) {
      const s = m.eventStatus;
      await tx
        .update(sbEvents)
        .set({
          status: s.status,
          homeScore: s.homeScore,
          awayScore: s.awayScore,
          period: s.period,
          clockSeconds: s.clockSeconds,
          scoreDetail: s.detail ?? {},
          statusTs: m.timestamp,
          updatedAt: deps.now(),
        })
        .where(eq(sbEvents.id, m.eventId));
      applied = true;
    }
    if (m.markets.length === 0) return applied ? 'applied' : 'stale';
    const recovering = await isRecovering(tx, m.product);
    const now = deps.now();
    // One statement for the markets: a settled or cancelled market does not reopen, an older odds
    // change is stale; the markets it did move come back.
    const moved = await tx
      .insert(sbMarkets)
      .values(
        m.markets.map((market, position) => ({
          eventId: m.eventId,
          key: market.key,
          position,
          status: market.status,
          product: m.product,
          oddsTs: m.timestamp,
          recoverySuspended: recovering,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [sbMarkets.eventId, sbMarkets.key],
        set: {
          status: sql`excluded.status`,
          product: sql`excluded.product`,
          oddsTs: sql`excluded.odds_ts`,
          recoverySuspended: sql`excluded.recovery_suspended`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`${sbMarkets.status} NOT IN ('settled', 'cancelled') AND ${sbMarkets.oddsTs} < excluded.odds_ts`,
      })
      .returning({ key: sbMarkets.key });
    const movedKeys = new Set(moved.map((row) => row.key));
    const outcomes = m.markets
      .filter((market) => movedKeys.has(market.key))
      .flatMap((market) =>
        market.outcomes.map((o, position) => ({
          eventId: m.eventId,
          marketKey: market.key,
          key: o.key,
          position,
          oddsMilli: o.oddsMilli,
          active: o.active,
        })),
      );
    if (outcomes.length > 0) {
      await tx
        .insert(sbOutcomes)
        .values(outcomes)
        .onConflictDoUpdate({
          target: [sbOutcomes.eventId, sbOutcomes.marketKey, sbOutcomes.key],
          set: { oddsMilli: sql`excluded.odds_milli`, active: sql`excluded.active` },
        });
      applied = true;
    }
    return applied ? 'applied' : 'stale';
  }

  async function isRecovering(tx: Tx, product: number): Promise<boolean> {
    const [row] = await tx.select().from(sbProducers).where(eq(sbProducers.product, product));
    return row?.recoveryRequestId != null;
  }

  async function applyBetStop(tx: Tx, m: BetStop): Promise<ApplyResult> {
    if (!(await lockEvent(tx, m.eventId))) throw new FeedError('unknown_event', m.eventId);
    const stopped = await tx
      .update(sbMarkets)
      .set({ status: 'suspended', oddsTs: m.timestamp, updatedAt: deps.now() })
      .where(
        and(
          eq(sbMarkets.eventId, m.eventId),
          eq(sbMarkets.status, 'active'),
          sql`${sbMarkets.oddsTs} < ${m.timestamp}`,
          m.marketKeys ? inArray(sbMarkets.key, m.marketKeys) : undefined,
        ),
      )
      .returning({ key: sbMarkets.key });
    return stopped.length > 0 ? 'applied' : 'stale';
  }

  /**
   * The markets a result message names, locked with their event. Refuses an unknown one and one
   * whose last result is newer; answers only those not already at this message's time (a replay).
   */
  async function resultMarkets(tx: Tx, eventId: string, keys: string[], ts: number) {
    if (!(await lockEvent(tx, eventId))) throw new FeedError('unknown_event', eventId);
    const rows = await tx
      .select()
      .from(sbMarkets)
      .where(and(eq(sbMarkets.eventId, eventId), inArray(sbMarkets.key, keys)));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const key of keys) {
      const row = byKey.get(key);
      if (!row) throw new FeedError('unknown_market', `${eventId} ${key}`);
      if (row.resultTs > ts) throw new FeedError('out_of_order', `${eventId} ${key}`);
    }
    return rows.filter((row) => row.resultTs < ts);
  }

  async function outcomesOf(tx: Tx, eventId: string, marketKey: string) {
    return tx
      .select()
      .from(sbOutcomes)
      .where(and(eq(sbOutcomes.eventId, eventId), eq(sbOutcomes.marketKey, marketKey)))
      .for('update');
  }

  async function markMarket(tx: Tx, eventId: string, key: string, status: string, ts: number) {
    await tx
      .update(sbMarkets)
      .set({ status, resultTs: ts, updatedAt: deps.now() })
      .where(and(eq(sbMarkets.eventId, eventId), eq(sbMarkets.key, key)));
  }

  async function applySettlement(tx: Tx, m: BetSettlement): Promise<ApplyResult> {
    const todo = await resultMarkets(
      tx,
      m.eventId,
      m.markets.map((market) => market.key),
      m.timestamp,
    );
    const now = deps.now();
    for (const market of m.markets) {
      if (!todo.some((row) => row.key === market.key)) continue;
      const outcomes = new Map((await outcomesOf(tx, m.eventId, market.key)).map((o) => [o.key, o]));
      for (const settled of market.outcomes) {
        const row = outcomes.get(settled.key);
        if (!row) throw new FeedError('unknown_outcome', `${m.eventId} ${market.key} ${settled.key}`);
        const deadHeat = rationalFromWire(settled.deadHeatFactor);
        const version = row.resultVersion + 1;
        await tx
          .update(sbOutcomes)
          .set({
            result: settled.result,
            voidFactor: settled.voidFactor,
            deadHeatNum: deadHeat.num,
            deadHeatDen: deadHeat.den,
            settledAt: now,
            resultVersion: version,
          })
          .where(
            and(
              eq(sbOutcomes.eventId, m.eventId),
              eq(sbOutcomes.marketKey, market.key),
              eq(sbOutcomes.key, settled.key),
            ),
          );
        const change: OutcomeSettled = {
          eventId: m.eventId,
          marketKey: market.key,
          outcomeKey: settled.key,
          result: settled.result,
          voidFactor: settled.voidFactor,
          deadHeatFactor: deadHeat,
          version,
        };
        for (const hook of hooks.onOutcomeSettled) await hook(tx, change);
      }
      await markMarket(tx, m.eventId, market.key, 'settled', m.timestamp);
    }
    return todo.length > 0 ? 'applied' : 'stale';
  }

  async function applyCancel(tx: Tx, m: BetCancel): Promise<ApplyResult> {
    const todo = await resultMarkets(tx, m.eventId, m.marketKeys, m.timestamp);
    const now = deps.now();
    const startTs = m.startTime ?? null;
    const endTs = m.endTime ?? null;
    for (const market of todo) {
      for (const row of await outcomesOf(tx, m.eventId, market.key)) {
        const version = row.resultVersion + 1;
        await tx
          .update(sbOutcomes)
          .set({
            cancelled: true,
            cancelStartTs: startTs,
            cancelEndTs: endTs,
            cancelledAt: now,
            resultVersion: version,
          })
          .where(
            and(
              eq(sbOutcomes.eventId, m.eventId),
              eq(sbOutcomes.marketKey, market.key),
              eq(sbOutcomes.key, row.key),
            ),
          );
        const change = {
          eventId: m.eventId,
          marketKey: market.key,
          outcomeKey: row.key,
          startTs,
          endTs,
          version,
        };
        for (const hook of hooks.onOutcomeCancelled) await hook(tx, change);
      }
      // A window cancels only the bets placed in it: the market goes on.
      const whole = startTs === null && endTs === null;
      await markMarket(tx, m.eventId, market.key, whole ? 'cancelled' : market.status, m.timestamp);
    }
    return todo.length > 0 ? 'applied' : 'stale';
  }

  async function applyRollback(
    tx: Tx,
    m: EventMessage & { marketKeys: string[] },
    what: 'settlement' | 'cancel',
  ): Promise<ApplyResult> {
    const todo = await resultMarkets(tx, m.eventId, m.marketKeys, m.timestamp);
    const now = deps.now();
    const changes: OutcomeRolledBack[] = [];
    for (const market of todo) {
      const outcomes = await outcomesOf(tx, m.eventId, market.key);
      const holding = outcomes.filter((o) => (what === 'settlement' ? o.result !== null : o.cancelled));
      if (holding.length === 0)
        throw new FeedError(
          what === 'settlement' ? 'not_settled' : 'not_cancelled',
          `${m.eventId} ${market.key}`,
        );
      for (const row of holding) {
        const version = row.resultVersion + 1;
        const cleared =
          what === 'settlement'
            ? { result: null, voidFactor: null, deadHeatNum: null, deadHeatDen: null, settledAt: null }
            : { cancelled: false, cancelStartTs: null, cancelEndTs: null, cancelledAt: null };
        await tx
          .update(sbOutcomes)
          .set({ ...cleared, rolledBackAt: now, resultVersion: version })
          .where(
            and(
              eq(sbOutcomes.eventId, m.eventId),
              eq(sbOutcomes.marketKey, market.key),
              eq(sbOutcomes.key, row.key),
            ),
          );
        changes.push({ eventId: m.eventId, marketKey: market.key, outcomeKey: row.key, version });
      }
      // Back to suspended: trading resumes with the next odds change, or a new result comes.
      const back =
        what === 'cancel' && market.status !== 'cancelled'
          ? market.status
          : what === 'settlement' && market.status !== 'settled'
            ? market.status
            : 'suspended';
      await tx
        .update(sbMarkets)
        .set({
          status: back,
          resultTs: m.timestamp,
          oddsTs: sql`LEAST(${sbMarkets.oddsTs}, ${m.timestamp})`,
          updatedAt: now,
        })
        .where(and(eq(sbMarkets.eventId, m.eventId), eq(sbMarkets.key, market.key)));
    }
    const list = what === 'settlement' ? hooks.onSettlementRolledBack : hooks.onCancelRolledBack;
    for (const change of changes) for (const hook of list) await hook(tx, change);
    return todo.length > 0 ? 'applied' : 'stale';
  }

  async function apply(tx: Tx, message: FeedMessage): Promise<ApplyResult> {
    switch (message.kind) {
      case 'fixture_change':
        return applyFixture(tx, message);
      case 'odds_change':
        return applyOdds(tx, message);
      case 'bet_stop':
        return applyBetStop(tx, message);
      case 'bet_settlement':
        return applySettlement(tx, message);
      case 'bet_cancel':
        return applyCancel(tx, message);
      case 'rollback_bet_settlement':
        return applyRollback(tx, message, 'settlement');
      case 'rollback_bet_cancel':
        return applyRollback(tx, message, 'cancel');
      case 'alive':
        if (!message.subscribed) {
          // The producer lost our subscription: treat it as a gap (recover at the next check).
          await tx
            .update(sbProducers)
            .set({ lastReceivedAt: null })
            .where(eq(sbProducers.product, message.product));
          return 'applied';
        }
        return 'applied';
      case 'snapshot_complete': {
        const [row] = await tx
          .select()
          .from(sbProducers)
          .where(eq(sbProducers.product, message.product))
          .for('update');
        if (!row || row.recoveryRequestId !== message.requestId) return 'stale';
        await tx
          .update(sbProducers)
          .set({ recoveryRequestId: null, recoveryRequestedAt: null })
          .where(eq(sbProducers.product, message.product));
        await tx
          .update(sbMarkets)
          .set({ recoverySuspended: false })
          .where(and(eq(sbMarkets.product, message.product), eq(sbMarkets.recoverySuspended, true)));
        return 'applied';
      }
    }
  }

  async function receive(raw: unknown, receiveOptions: { check?: (tx: Tx) => Promise<void> } = {}) {
    const message = parseFeedMessage(raw, { now: deps.now().getTime(), producers: options.producers });
    const result = await db.transaction(async (tx) => {
      await receiveOptions.check?.(tx);
      const outcome = await apply(tx, message);
      if (message.kind !== 'alive' || message.subscribed)
        await touchProducer(tx, message.product, message.timestamp);
      return outcome;
    });
    return { message, result };
  }

  async function checkRecovery(adapter: FeedAdapter): Promise<number[]> {
    const now = deps.now();
    const asked: number[] = [];
    for (const product of adapter.producers) {
      const request = await db.transaction(async (tx) => {
        await tx.insert(sbProducers).values({ product }).onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(sbProducers)
          .where(eq(sbProducers.product, product))
          .for('update');
        if (!row) return null;
        const state: ProducerState = {
          product,
          lastMessageAt: row.lastMessageTs,
          lastReceivedAt: row.lastReceivedAt?.getTime() ?? null,
          recoveryRequestId: row.recoveryRequestId,
          recoveryRequestedAt: row.recoveryRequestedAt?.getTime() ?? null,
        };
        if (!needsRecovery(state, now.getTime())) return null;
        const requestId = row.lastRequestId + 1;
        await tx
          .update(sbProducers)
          .set({ recoveryRequestId: requestId, recoveryRequestedAt: now, lastRequestId: requestId })
          .where(eq(sbProducers.product, product));
        // Until the snapshot completes, nothing of this producer is offered.
        await tx
          .update(sbMarkets)
          .set({ recoverySuspended: true })
          .where(and(eq(sbMarkets.product, product), notInArray(sbMarkets.status, ['settled', 'cancelled'])));
        return { product, after: row.lastMessageTs, requestId };
      });
      if (request) {
        await adapter.requestRecovery(request);
        asked.push(product);
      }
    }
    return asked;
  }

  async function pass(adapter: FeedAdapter) {
    const counts = { applied: 0, stale: 0, refused: 0 };
    await checkRecovery(adapter);
    await adapter.poll(deps.now().getTime(), async (raw) => {
      try {
        const { result } = await receive(raw);
        counts[result] += 1;
      } catch (error) {
        if (!(error instanceof FeedError)) throw error;
        counts.refused += 1;
        deps.log.warn(
          { code: error.code, detail: error.detail, adapter: adapter.name },
          'feed message refused',
        );
      }
    });
    return counts;
  }

  return { hooks, receive, checkRecovery, pass };
}
