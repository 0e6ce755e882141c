import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The push stream's short memory (ADR 037): every event published to a player (or to everyone,
 * `player_id` null) for a few minutes, so that a stream reconnecting to any node resumes after its
 * `Last-Event-ID` (the row id). Rows older than the resume window are deleted by every node's
 * pruning pass; nothing else reads them. No foreign key: a notice of a deleted player simply ages out.
 */
export const pushEvents = pgTable(
  'push_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('push_events_player_idx').on(table.playerId, table.id),
    index('push_events_created_idx').on(table.createdAt),
    check('push_events_kind_check', sql`${table.kind} ~ '^[a-z][a-z_]{0,31}$'`),
  ],
);
