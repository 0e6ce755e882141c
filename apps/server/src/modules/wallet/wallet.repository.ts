/** The only place the wallet module touches Drizzle (its own table; the ledger has its own API). */
import type { Db } from '@croupier/db/client';
import { eq, type SQL, sql } from 'drizzle-orm';
import { walletCurrencyLocks } from './wallet.tables.ts';

/** The pool, or a transaction of the caller's write (the lock commits or rolls back with it). */
export type WalletExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A CTE body for the game wallet's first statement of a real-money call: locks the player's `main`
 * and `bonus` ledger accounts (`FOR UPDATE`, in id order like `ledger_transfer`) for each row of
 * `source` (a subquery with `player_id` and `currency`) and returns `name` and `balance_minor`.
 * Same lock and same figures as the ledger's `lockPlayerBalances`, without a round trip of its own.
 */
export function gameBalancesLockSql(source: SQL): SQL {
  return sql`SELECT la.name, la.balance_minor
    FROM ${source} src
    JOIN ledger_accounts la
      ON la.account_key IN ('player:' || src.player_id || ':' || src.currency || ':main',
                            'player:' || src.player_id || ':' || src.currency || ':bonus')
    ORDER BY la.id
    FOR UPDATE OF la`;
}

export function createWalletRepository(db: Db) {
  return {
    /** Fixes the player's currency; the first lock wins and later calls change nothing. */
    async lockCurrency(
      executor: WalletExecutor,
      lock: { playerId: bigint; currency: string; reason: string; now: Date },
    ): Promise<void> {
      await executor
        .insert(walletCurrencyLocks)
        .values({ playerId: lock.playerId, currency: lock.currency, reason: lock.reason, lockedAt: lock.now })
        .onConflictDoNothing();
    },

    async lockedCurrency(playerId: bigint): Promise<string | null> {
      const [row] = await db
        .select({ currency: walletCurrencyLocks.currency })
        .from(walletCurrencyLocks)
        .where(eq(walletCurrencyLocks.playerId, playerId))
        .limit(1);
      return row?.currency ?? null;
    },
  };
}
