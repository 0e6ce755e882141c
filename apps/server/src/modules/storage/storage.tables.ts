import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

/** Small per-player key/value data the web keeps (e.g. already_seen_cashback_id). */
export const playerStorage = pgTable(
  'player_storage',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.key] })],
);
