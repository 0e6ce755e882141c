/**
 * The only place the wager stream touches the database (wager_events, wager_consumer_positions).
 *
 * Stream order and the commit horizon (ADR 019). An event's `id` comes from a sequence when it is
 * inserted, but transactions commit in any order: reading `id > position` could pass an event whose
 * transaction commits later with a smaller id, and never see it. Each event therefore records its
 * transaction's id (`tx_xid`, xid8, `pg_current_xact_id()` at insert), and consumers read in
 * `(tx_xid, id)` order and only below `pg_snapshot_xmin(pg_current_snapshot())`, the oldest
 * transaction still running: every transaction below it has ended, so the events below it are
 * final, and every transaction still to write one has a transaction id at or above it. A
 * consumer's position is the pair (tx_xid, id) of the last event it applied.
 */
import { type Db, executePrepared } from '@croupier/db/client';
import { type SQL, sql } from 'drizzle-orm';
import type { NewWagerEvent, WagerEvent, WagerKind, WagerProduct, WagerTx } from './wager-event.ts';

type Executor = Db | WagerTx;

type EventRow = {
  id: bigint;
  tx_xid: string;
  player_id: bigint;
  currency: string;
  product: string;
  kind: string;
  game_id: bigint | null;
  round_ref: string;
  stake_real_minor: bigint;
  stake_bonus_minor: bigint;
  payout_real_minor: bigint;
  payout_bonus_minor: bigint;
  created_at: Date | string;
};

export interface StreamPosition {
  /** The id of the last applied event (0: none). */
  id: bigint;
  /** Its transaction id (xid8 as decimal text; '0': none). */
  xid: string;
}

export interface ConsumerLagRow {
  consumer: string;
  position: bigint;
  head: bigint;
  behind: number;
  oldestUnappliedAt: Date | null;
  updatedAt: Date;
}

/**
 * The INSERT of one event, as a statement of its own or a data-modifying CTE of the writer's
 * statement (the game wallet embeds it in the statement that completes the call: no round trip).
 */
export function insertEventSql(event: NewWagerEvent): SQL {
  return sql`INSERT INTO wager_events
      (player_id, currency, product, kind, game_id, round_ref, stake_real_minor, stake_bonus_minor,
       payout_real_minor, payout_bonus_minor, created_at)
    VALUES (${event.playerId}::bigint, ${event.currency}::text, ${event.product}::text, ${event.kind}::text,
            ${event.gameId}::bigint, ${event.roundRef}::text, ${event.stakeRealMinor}::bigint,
            ${event.stakeBonusMinor}::bigint, ${event.payoutRealMinor}::bigint, ${event.payoutBonusMinor}::bigint,
            ${event.createdAt ? sql`${event.createdAt.toISOString()}::timestamptz` : sql`now()`})`;
}

function toEvent(row: EventRow): WagerEvent {
  return {
    id: row.id,
    playerId: row.player_id,
    currency: row.currency,
    product: row.product as WagerProduct,
    kind: row.kind as WagerKind,
    gameId: row.game_id,
    roundRef: row.round_ref,
    stakeRealMinor: row.stake_real_minor,
    stakeBonusMinor: row.stake_bonus_minor,
    payoutRealMinor: row.payout_real_minor,
    payoutBonusMinor: row.payout_bonus_minor,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}

const eventColumns = sql`id, tx_xid::text AS tx_xid, player_id, currency, product, kind, game_id, round_ref,
  stake_real_minor, stake_bonus_minor, payout_real_minor, payout_bonus_minor, created_at`;

export function createWagersRepository(db: Db) {
  function queries(executor: Executor) {
    return {
      async append(event: NewWagerEvent): Promise<bigint> {
        const result = await executePrepared<{ id: bigint }>(
          executor,
          sql`${insertEventSql(event)} RETURNING id`,
        );
        const row = result.rows[0];
        if (!row) throw new Error('the wager event insert returned no row');
        return row.id;
      },

      /** Claims a consumer's position for this transaction; null when another node holds it. */
      async claim(consumer: string): Promise<StreamPosition | null> {
        const result = await executePrepared<{ position: bigint; position_xid: string }>(
          executor,
          sql`SELECT position, position_xid::text AS position_xid FROM wager_consumer_positions
              WHERE consumer = ${consumer} FOR UPDATE SKIP LOCKED`,
        );
        const row = result.rows[0];
        return row ? { id: row.position, xid: row.position_xid } : null;
      },

      /** The next events after `after` in stream order, below the commit horizon. */
      async batch(
        after: StreamPosition,
        limit: number,
      ): Promise<{ events: WagerEvent[]; last: StreamPosition }> {
        const result = await executePrepared<EventRow>(
          executor,
          sql`SELECT ${eventColumns} FROM wager_events
              WHERE tx_xid < pg_snapshot_xmin(pg_current_snapshot())
                AND (tx_xid, id) > (${after.xid}::xid8, ${after.id}::bigint)
              ORDER BY tx_xid, id
              LIMIT ${limit}`,
        );
        const lastRow = result.rows[result.rows.length - 1];
        return {
          events: result.rows.map(toEvent),
          last: lastRow ? { id: lastRow.id, xid: lastRow.tx_xid } : after,
        };
      },

      async advance(consumer: string, to: StreamPosition, now: Date): Promise<void> {
        await executePrepared(
          executor,
          sql`UPDATE wager_consumer_positions
              SET position = ${to.id}::bigint, position_xid = ${to.xid}::xid8, updated_at = ${now.toISOString()}::timestamptz
              WHERE consumer = ${consumer}`,
        );
      },
    };
  }

  return {
    ...queries(db),
    /** Runs `work` in one transaction with the queries bound to it (and the raw handle for consumers). */
    async transaction<T>(work: (repo: ReturnType<typeof queries>, tx: WagerTx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(queries(tx), tx));
    },

    /** Creates a consumer's position at the stream's start when it has none. */
    async ensureConsumer(consumer: string): Promise<void> {
      await db.execute(sql`INSERT INTO wager_consumer_positions (consumer) VALUES (${consumer})
                           ON CONFLICT (consumer) DO NOTHING`);
    },

    /**
     * Sets a consumer's position to just after event `position` (0: the stream's start), so that
     * the next passes apply every later event again. Waits for a pass in flight (row lock).
     * False when there is no such consumer or event.
     */
    async reset(consumer: string, position: bigint, now: Date): Promise<boolean> {
      const result = await db.execute<{ consumer: string }>(sql`
        UPDATE wager_consumer_positions p
        SET position = ${position}::bigint,
            position_xid = CASE WHEN ${position}::bigint = 0 THEN '0'::xid8
                                ELSE (SELECT e.tx_xid FROM wager_events e WHERE e.id = ${position}::bigint) END,
            updated_at = ${now.toISOString()}::timestamptz
        WHERE p.consumer = ${consumer}
          AND (${position}::bigint = 0 OR EXISTS (SELECT 1 FROM wager_events e WHERE e.id = ${position}::bigint))
        RETURNING p.consumer`);
      return result.rows.length > 0;
    },

    /** Each consumer's position, the stream's head, and what it has not applied yet. */
    async lag(): Promise<ConsumerLagRow[]> {
      const result = await db.execute<{
        consumer: string;
        position: bigint;
        head: bigint | null;
        behind: number;
        oldest: Date | string | null;
        updated_at: Date | string;
      }>(sql`
        SELECT p.consumer, p.position, (SELECT max(id) FROM wager_events) AS head,
               u.behind, u.oldest, p.updated_at
        FROM wager_consumer_positions p
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS behind, min(e.created_at) AS oldest
          FROM wager_events e WHERE (e.tx_xid, e.id) > (p.position_xid, p.position)
        ) u
        ORDER BY p.consumer`);
      const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));
      return result.rows.map((row) => ({
        consumer: row.consumer,
        position: BigInt(row.position),
        head: row.head === null ? 0n : BigInt(row.head),
        behind: row.behind,
        oldestUnappliedAt: row.oldest === null ? null : instant(row.oldest),
        updatedAt: instant(row.updated_at),
      }));
    },
  };
}

export type WagersRepository = ReturnType<typeof createWagersRepository>;

/**
 * A player's stakes and net loss in each window starting at `since[i]` and ending now, in one
 * currency, read with `tx` (the caller's transaction: the bet path, ADR 025). Wagered counts real
 * and bonus stakes; the net loss is real stakes minus real payouts. Rollbacks carry the negated
 * split of their bet, so they cancel it.
 */
export async function playerTotalsSince(
  tx: WagerTx,
  playerId: bigint,
  currency: string,
  since: readonly Date[],
): Promise<{ wageredMinor: bigint; netLossMinor: bigint }[]> {
  if (since.length === 0) return [];
  const oldest = new Date(Math.min(...since.map((d) => d.getTime())));
  const columns = since.map(
    (start, i) => sql`
      COALESCE(SUM(stake_real_minor + stake_bonus_minor) FILTER (WHERE created_at >= ${start.toISOString()}::timestamptz), 0)::text AS ${sql.raw(`w${i}`)},
      COALESCE(SUM(stake_real_minor - payout_real_minor) FILTER (WHERE created_at >= ${start.toISOString()}::timestamptz), 0)::text AS ${sql.raw(`l${i}`)}`,
  );
  const result = await tx.execute<Record<string, string>>(sql`SELECT ${sql.join(columns, sql`, `)}
    FROM wager_events
    WHERE player_id = ${playerId}::bigint AND currency = ${currency}::text
      AND created_at >= ${oldest.toISOString()}::timestamptz`);
  const row = result.rows[0] ?? {};
  return since.map((_, i) => ({
    wageredMinor: BigInt(row[`w${i}`] ?? '0'),
    netLossMinor: BigInt(row[`l${i}`] ?? '0'),
  }));
}

/**
 * A player's stakes and winnings (real and bonus money together) since `since` in `currency`, for
 * responsible gaming's reality checks (ADR 028). Rollbacks carry the negated stake of their bet.
 */
export async function playerStakesAndWinsSince(
  executor: Executor,
  playerId: bigint,
  currency: string,
  since: Date,
): Promise<{ stakedMinor: bigint; wonMinor: bigint }> {
  const result = await executor.execute<{ staked: string; won: string }>(sql`
    SELECT COALESCE(SUM(stake_real_minor + stake_bonus_minor), 0)::text AS staked,
           COALESCE(SUM(payout_real_minor + payout_bonus_minor), 0)::text AS won
    FROM wager_events
    WHERE player_id = ${playerId}::bigint AND currency = ${currency}::text
      AND created_at >= ${since.toISOString()}::timestamptz`);
  const row = result.rows[0];
  return { stakedMinor: BigInt(row?.staked ?? '0'), wonMinor: BigInt(row?.won ?? '0') };
}

/**
 * Real-money stakes and payouts per player, currency and UTC day in [from, before) (the affiliate
 * report's net gaming revenue, ADR 039). Rollbacks carry negated amounts, so sums are net of them.
 */
export async function dailyRealTotals(
  executor: Executor,
  playerIds: readonly bigint[],
  from: Date,
  before: Date,
): Promise<
  { playerId: bigint; currency: string; day: string; stakeRealMinor: bigint; payoutRealMinor: bigint }[]
> {
  if (playerIds.length === 0) return [];
  const ids = `{${playerIds.map(String).join(',')}}`;
  const result = await executor.execute<{
    player_id: string;
    currency: string;
    day: string;
    staked: string;
    paid: string;
  }>(sql`
    SELECT player_id::text, currency, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           SUM(stake_real_minor)::text AS staked, SUM(payout_real_minor)::text AS paid
    FROM wager_events
    WHERE player_id = ANY(${ids}::bigint[])
      AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${before.toISOString()}::timestamptz
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`);
  return result.rows.map((row) => ({
    playerId: BigInt(row.player_id),
    currency: row.currency,
    day: row.day,
    stakeRealMinor: BigInt(row.staked),
    payoutRealMinor: BigInt(row.paid),
  }));
}
