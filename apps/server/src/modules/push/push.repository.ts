import type { Db } from '@croupier/db/client';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { pushEvents } from './push.tables.ts';
import { PUSH_CHANNEL } from './push-bus.ts';

/** The database or a caller's transaction (an event published with the caller's writes). */
export type PushExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StoredEvent {
  id: bigint;
  playerId: bigint | null;
  kind: string;
  payload: Record<string, unknown>;
}

export function createPushRepository(db: Db) {
  return {
    async insert(row: Omit<StoredEvent, 'id'>): Promise<bigint> {
      const [inserted] = await db
        .insert(pushEvents)
        .values({ playerId: row.playerId, kind: row.kind, payload: row.payload })
        .returning({ id: pushEvents.id });
      return inserted!.id;
    },

    /**
     * Stores the event and queues its announcement in the caller's transaction, in one statement:
     * the relay sends it to every node once that transaction has committed, and nothing if it rolls
     * back. No NOTIFY here: it would put the caller's commit in the notify queue's line (ADR 044).
     */
    async insertAndNotify(executor: PushExecutor, row: Omit<StoredEvent, 'id'>): Promise<bigint> {
      const result = await executor.execute<{ id: string }>(sql`
        WITH inserted AS (
          INSERT INTO push_events (player_id, kind, payload)
          VALUES (${row.playerId}, ${row.kind}, ${JSON.stringify(row.payload)}::jsonb)
          RETURNING id, player_id, kind, payload
        ), queued AS (
          INSERT INTO push_outbox (message)
          SELECT json_build_object('t', 'e', 'id', id::text, 'p', player_id::text, 'k', kind, 'd', payload)::text
          FROM inserted
        )
        SELECT id::text AS id FROM inserted`);
      return BigInt(result.rows[0]!.id);
    },

    /**
     * One relay pass (ADR 044): takes up to `limit` committed `push_outbox` rows, oldest first, and
     * NOTIFYs them in this statement's own transaction — the newest balance of each account, every
     * event. The rows are deleted in that same transaction, so a relay that fails or dies sends
     * nothing and leaves them to the next pass: each row goes out once its deletion commits (the
     * notifications are delivered at that commit).
     *
     * Only one relay runs at a time, across every node: the transaction-scoped advisory lock is
     * taken before any row is read for deletion, and a relay that does not get it takes nothing.
     * Two concurrent relays could otherwise send one account's older balance after its newer one.
     * Within an account, ids follow commit order (its balance updates queue on the row lock, and the
     * trigger draws the id after it), so "newest per account" is the highest id.
     */
    async relay(limit: number): Promise<{ taken: number; sent: number }> {
      const result = await db.execute<{ taken: number; sent: number }>(sql`
        WITH relay AS MATERIALIZED (
          SELECT pg_try_advisory_xact_lock(hashtextextended('push:relay', 72207)) AS held
        ), taken AS (
          DELETE FROM push_outbox
          WHERE id IN (
            SELECT o.id FROM push_outbox o, relay WHERE relay.held
            ORDER BY o.id LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED)
          RETURNING id, account_id, message
        ), outgoing AS (
          SELECT id, message FROM taken WHERE account_id IS NULL
          UNION ALL
          (SELECT DISTINCT ON (account_id) id, message FROM taken WHERE account_id IS NOT NULL
           ORDER BY account_id, id DESC)
        )
        SELECT (SELECT count(*) FROM taken)::int AS taken,
               count(pg_notify(${PUSH_CHANNEL}, message))::int AS sent
        FROM (SELECT message FROM outgoing ORDER BY id) AS ordered`);
      const row = result.rows[0]!;
      return { taken: Number(row.taken), sent: Number(row.sent) };
    },

    /** Rows waiting for the relay (tests, health). */
    async outboxSize(): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM push_outbox`);
      return Number(result.rows[0]!.n);
    },

    /** Events after `afterId` for a player's stream (theirs and everyone's) or the public stream. */
    async after(playerId: bigint | null, afterId: bigint, limit: number): Promise<StoredEvent[]> {
      const audience =
        playerId === null
          ? isNull(pushEvents.playerId)
          : or(eq(pushEvents.playerId, playerId), isNull(pushEvents.playerId));
      return db
        .select({
          id: pushEvents.id,
          playerId: pushEvents.playerId,
          kind: pushEvents.kind,
          payload: pushEvents.payload,
        })
        .from(pushEvents)
        .where(and(audience, gt(pushEvents.id, afterId)))
        .orderBy(asc(pushEvents.id))
        .limit(limit);
    },

    /**
     * The oldest id still kept (null when none is) and the last id handed out by the sequence (0
     * before the first), which bound a believable Last-Event-ID.
     */
    async bounds(): Promise<{ oldest: bigint | null; last: bigint }> {
      const result = await db.execute<{ oldest: string | null; last: string }>(sql`
        SELECT (SELECT min(id) FROM push_events)::text AS oldest,
               (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM push_events_id_seq)::text AS last`);
      const row = result.rows[0]!;
      return { oldest: row.oldest === null ? null : BigInt(row.oldest), last: BigInt(row.last) };
    },

    async pruneBefore(before: Date): Promise<number> {
      const result = await db.delete(pushEvents).where(lt(pushEvents.createdAt, before));
      return result.rowCount ?? 0;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
