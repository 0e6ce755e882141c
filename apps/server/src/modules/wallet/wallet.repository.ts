/** The only place the wallet module touches Drizzle (its own table; the ledger has its own API). */
import type { Db } from '@croupier/db/client';
import { eq } from 'drizzle-orm';
import { walletCurrencyLocks } from './wallet.tables.ts';

/** The pool, or a transaction of the caller's write (the lock commits or rolls back with it). */
export type WalletExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

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
