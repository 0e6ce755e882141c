import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

/**
 * A player's session settings (responsible gaming, ADR 028), one row per player: the session time
 * limit in minutes (`limit_minutes` in force; a raise or a removal waits in `pending_*` until
 * `pending_effective_at`, 24 hours after it was asked, like the other limits) and the
 * reality-check interval (0: off). Sessions themselves are auth's; their changes go to `rg_audit`.
 */
export const rgSessionSettings = pgTable(
  'rg_session_settings',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    limitMinutes: bigint('limit_minutes', { mode: 'bigint' }),
    pendingSet: boolean('pending_set').notNull().default(false),
    pendingMinutes: bigint('pending_minutes', { mode: 'bigint' }),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'rg_session_settings_limit_check',
      sql`${table.limitMinutes} IS NULL OR ${table.limitMinutes} BETWEEN 30 AND 1440`,
    ),
    check(
      'rg_session_settings_pending_limit_check',
      sql`${table.pendingMinutes} IS NULL OR ${table.pendingMinutes} BETWEEN 30 AND 1440`,
    ),
    check(
      'rg_session_settings_pending_check',
      sql`${table.pendingSet} = (${table.pendingEffectiveAt} IS NOT NULL)`,
    ),
    check(
      'rg_session_settings_reality_check',
      sql`${table.realityCheckMinutes} IN (0, 15, 30, 45, 60, 90, 120)`,
    ),
  ],
);
