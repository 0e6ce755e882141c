import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

/**
 * The currency a player's money is in, fixed by the first fact that ties money to it (a deposit
 * asked for, a withdrawal held, a deposit limit set) before any posting exists: from then on
 * `account.setCurrency` is refused, so a payment created in EUR is never credited to a player who
 * switched to USD while it was at the provider.
 */
export const walletCurrencyLocks = pgTable(
  'wallet_currency_locks',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** What fixed it (deposit, withdrawal, deposit_limit), for support. */
    reason: text('reason').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('wallet_currency_locks_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`)],
);
