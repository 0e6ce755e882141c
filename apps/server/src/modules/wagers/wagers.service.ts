/**
 * The wager stream (ARCHITECTURE.md §9, ADR 019): writers append one event per money-moving stake
 * call inside their money transaction; consumers (bonus wagering, cashback …) read it in stream
 * order in claimed batches.
 *
 * The consumer contract:
 * - `apply(tx, events)` runs inside the transaction that advances the consumer's position: its
 *   writes commit with the position or not at all, so each event is applied exactly once per
 *   consumer in normal running. A pass claims the position row `FOR UPDATE SKIP LOCKED`: any node
 *   may run any consumer, two nodes never apply one batch.
 * - `apply` must still be idempotent by event id (record the ids it applied, or make its writes
 *   conditional on them): an operator replay (`replayFrom`) hands the same events again, and a
 *   consumer that also writes outside `tx` (it should not) could see a batch twice.
 * - `apply` throwing rolls the batch back: the position does not move and the next pass retries
 *   the same events (in the same order). A poisoned event therefore stops its consumer (visible as
 *   lag on /health/wagers and in the log) rather than being skipped silently.
 * - Events come in (transaction, id) order: per player and per round that is the order the wallet
 *   calls committed in; ids are unique but not necessarily increasing inside a batch.
 */
import type { Deps } from '../../deps.ts';
import type { RecurringTask } from '../../lib/jobs.ts';
import type { NewWagerEvent, WagerConsumer, WagerTx } from './wager-event.ts';
import {
  createWagersRepository,
  dailyRealTotals,
  insertEventSql,
  playerStakesAndWinsSince,
  playerTotalsSince,
} from './wagers.repository.ts';

export type { NewWagerEvent, WagerConsumer, WagerEvent, WagerTx } from './wager-event.ts';

/** Events per pass and consumer: one transaction, bounded. */
export const WAGER_BATCH_SIZE = 500;
/** Each consumer's recurring pass on the job queue (ADR 015): caught up within about a second. */
const PASS_EVERY_MS = 1_000;
/** Batches in one pass of one consumer before it yields to the queue's other jobs. */
const MAX_BATCHES_PER_PASS = 20;
/** Consumer lag in the log this often. */
const LAG_LOG_MS = 60_000;

/**
 * The INSERT of one event as SQL, for a writer that embeds it in a statement of its own (a
 * data-modifying CTE: the game wallet's hot path adds no round trip). Same row as `append`.
 */
export function wagerEventInsertSql(event: NewWagerEvent) {
  return insertEventSql(event);
}

/**
 * A player's wagered amount and net loss in windows ending now (responsible-gaming limits, ADR
 * 025), read on the caller's transaction: the bet path runs it under the player's balance lock.
 */
export function playerWagerTotals(
  tx: WagerTx,
  playerId: bigint,
  currency: string,
  since: readonly Date[],
): Promise<{ wageredMinor: bigint; netLossMinor: bigint }[]> {
  return playerTotalsSince(tx, playerId, currency, since);
}

export interface ConsumerLag {
  consumer: string;
  /** The id of the last event applied. */
  position: string;
  /** The stream's newest event id. */
  head: string;
  /** Events not applied yet. */
  behind: number;
  /** Age of the oldest event not applied yet (null: none). */
  oldestUnappliedAgeSeconds: number | null;
}

export interface PassResult {
  /** False: another node holds this consumer's position right now. */
  claimed: boolean;
  applied: number;
  position: bigint;
}

/**
 * `deps.jobs` drives the consumers (one recurring job chain per consumer, plus the lag log line);
 * without it (tests of the runtime) passes run only when called (`runPass`).
 */
export function createWagersService(deps: Pick<Deps, 'db' | 'log' | 'now'> & Partial<Pick<Deps, 'jobs'>>) {
  const repository = createWagersRepository(deps.db);
  const consumers = new Map<string, WagerConsumer>();
  const ensured = new Set<string>();
  const tasks: RecurringTask[] = [];

  async function runPass(name: string, options: { limit?: number } = {}): Promise<PassResult> {
    const consumer = consumers.get(name);
    if (!consumer) throw new Error(`unknown wager consumer: ${name}`);
    if (!ensured.has(name)) {
      await repository.ensureConsumer(name);
      ensured.add(name);
    }
    return repository.transaction(async (repo, tx) => {
      const position = await repo.claim(name);
      if (!position) return { claimed: false, applied: 0, position: 0n };
      const { events, last } = await repo.batch(position, options.limit ?? WAGER_BATCH_SIZE);
      if (events.length === 0) return { claimed: true, applied: 0, position: position.id };
      await consumer.apply(tx, events);
      await repo.advance(name, last, deps.now());
      return { claimed: true, applied: events.length, position: last.id };
    });
  }

  /** Batches of one consumer until it is caught up (or `maxBatches`), or another node holds it. */
  async function drain(name: string, maxBatches = MAX_BATCHES_PER_PASS): Promise<number> {
    let applied = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const result = await runPass(name);
      applied += result.applied;
      if (!result.claimed || result.applied < WAGER_BATCH_SIZE) break;
    }
    return applied;
  }

  /**
   * Passes until each named consumer (default: all) has applied every committed event: a pass that
   * meets the position held by another node (`claimed: false`) or an event still under the commit
   * horizon waits a moment and asks again. For tools and tests that need the stream applied now;
   * throws after `timeoutMs`.
   */
  async function catchUp(
    names: readonly string[] = [...consumers.keys()],
    timeoutMs = 15_000,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (const name of names) {
      for (;;) {
        const result = await runPass(name);
        if (result.claimed && result.applied === 0) {
          const row = (await repository.lag()).find((entry) => entry.consumer === name);
          if (!row || row.behind === 0) break;
        }
        if (Date.now() > deadline)
          throw new Error(`wager consumer ${name} did not catch up in ${timeoutMs} ms`);
        if (!result.claimed || result.applied === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  async function lag(): Promise<ConsumerLag[]> {
    const now = deps.now().getTime();
    return (await repository.lag()).map((row) => ({
      consumer: row.consumer,
      position: row.position.toString(),
      head: row.head.toString(),
      behind: row.behind,
      oldestUnappliedAgeSeconds:
        row.oldestUnappliedAt === null
          ? null
          : Math.max(0, Math.floor((now - row.oldestUnappliedAt.getTime()) / 1000)),
    }));
  }

  async function logLag(): Promise<void> {
    const rows = await lag();
    for (const row of rows) {
      const entry = { consumer: row.consumer, behind: row.behind, position: row.position, head: row.head };
      if (row.behind > 0) {
        deps.log.info(
          { ...entry, oldestUnappliedAgeSeconds: row.oldestUnappliedAgeSeconds },
          'wager consumer lag',
        );
      } else deps.log.debug(entry, 'wager consumer lag');
    }
  }

  if (deps.jobs) {
    tasks.push(deps.jobs.recurring({ name: 'wager consumer lag', everyMs: LAG_LOG_MS, pass: logLag }));
  }

  return {
    /** Writes one event inside the caller's (money) transaction. Returns its id. */
    async append(tx: WagerTx, event: NewWagerEvent): Promise<bigint> {
      return createWagersRepository(tx as never).append(event);
    },

    /** Adds a consumer (at boot). Its position starts at the stream's beginning the first time. */
    registerConsumer(consumer: WagerConsumer): void {
      if (consumers.has(consumer.name)) throw new Error(`wager consumer registered twice: ${consumer.name}`);
      consumers.set(consumer.name, consumer);
      // A failed pass is logged by the queue and retried after a growing pause (ADR 015); the
      // batch it was applying rolled back, so nothing is lost or applied twice.
      if (deps.jobs) {
        tasks.push(
          deps.jobs.recurring({
            name: `wager consumer ${consumer.name}`,
            everyMs: PASS_EVERY_MS,
            pass: () => drain(consumer.name),
          }),
        );
      }
    },

    /** A player's stakes and winnings since a time (reality checks, ADR 028), read from the stream. */
    playerStakesAndWins(playerId: bigint, currency: string, since: Date) {
      return playerStakesAndWinsSince(deps.db, playerId, currency, since);
    },

    /** Real-money stakes and payouts per player, currency and UTC day (affiliate report, ADR 039). */
    dailyRealTotals(playerIds: readonly bigint[], from: Date, before: Date) {
      return dailyRealTotals(deps.db, playerIds, from, before);
    },

    consumerNames(): string[] {
      return [...consumers.keys()];
    },

    runPass,
    catchUp,
    lag,
    logLag,

    /**
     * Operator tool: the consumer applies again every event after event `position` (0: from the
     * stream's start). Its `apply` must be idempotent by event id (ADR 019). Throws when the
     * consumer or the event does not exist.
     */
    async replayFrom(name: string, position: bigint): Promise<void> {
      if (position < 0n) throw new Error('a stream position is not negative');
      await repository.ensureConsumer(name);
      const done = await repository.reset(name, position, deps.now());
      if (!done) throw new Error(`no wager event ${position} to replay from`);
    },

    /** This node takes part in the consumers' and the lag log's job chains (app ready). */
    /**
     * Writes every registered consumer's position row, then starts the passes: the rows exist once
     * the app is ready, so no pass writes one later (a request never sees the database change
     * under it because a consumer ran for the first time).
     */
    async start(): Promise<void> {
      for (const name of consumers.keys()) {
        if (ensured.has(name)) continue;
        await repository.ensureConsumer(name);
        ensured.add(name);
      }
      for (const task of tasks) task.start();
    },
    async stop(): Promise<void> {
      await Promise.all(tasks.map((task) => task.stop()));
    },
  };
}

export type WagersService = ReturnType<typeof createWagersService>;
