import { sql } from 'drizzle-orm';
import { bigserial, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Players. The foundation keeps what sessions and per-player storage need; the accounts issue adds
 * credentials, contacts and profile data.
 */
export const players = pgTable(
  'players',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    login: text('login').notNull(),
    locale: text('locale').notNull().default('en'),
    /** active | banned | deleted */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('players_login_key').on(sql`lower(${table.login})`),
    check('players_status_check', sql`${table.status} IN ('active', 'banned', 'deleted')`),
  ],
);
