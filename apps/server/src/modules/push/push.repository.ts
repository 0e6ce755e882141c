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
     * Stores the event and NOTIFYs it in the caller's transaction, in one statement: every node
     * hears it when that transaction commits, and nothing if it rolls back.
     */
    async insertAndNotify(executor: PushExecutor, row: Omit<StoredEvent, 'id'>): Promise<bigint> {
      const result = await executor.execute<{ id: string }>(sql`
        WITH inserted AS (
          INSERT INTO push_events (player_id, kind, payload)
          VALUES (${row.playerId}, ${row.kind}, ${JSON.stringify(row.payload)}::jsonb)
          RETURNING id, player_id, kind, payload
        )
        SELECT id::text AS id, pg_notify(${PUSH_CHANNEL}, json_build_object(
          't', 'e', 'id', id::text, 'p', player_id::text, 'k', kind, 'd', payload)::text)
        FROM inserted`);
      return BigInt(result.rows[0]!.id);
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
