/**
 * The ledger move of cashbacks (modules/cashbacks, ADR 022), always inside the caller's transaction
 * so the cashback's status change and its money commit together: house `promotions` → player
 * `main` (a cashback is real money, no wagering), key `cashback:<id>:payout`. A replay with the same
 * key and amount is a no-op in the ledger; the caller's row lock and status check make it once.
 */
import type { AccountRef } from '@croupier/ledger/accounts';
import { createLedger, LedgerError } from '@croupier/ledger/ledger';
import { AppError } from '../../lib/app-error.ts';
import { PROMOTIONS_ACCOUNT } from './bonus-moves.ts';
import type { WalletExecutor } from './wallet.repository.ts';

export interface CashbackPayoutTarget {
  cashbackId: bigint;
  playerId: bigint;
  currency: string;
}

export const cashbackMoves = {
  async payout(tx: WalletExecutor, target: CashbackPayoutTarget, amountMinor: bigint): Promise<void> {
    if (amountMinor <= 0n) throw new Error(`cashback ${target.cashbackId}: payout of ${amountMinor}`);
    const main: AccountRef = {
      type: 'player',
      playerId: target.playerId,
      currency: target.currency,
      kind: 'main',
    };
    const house: AccountRef = { type: 'house', name: PROMOTIONS_ACCOUNT, currency: target.currency };
    try {
      await createLedger(tx, { savepoint: false }).transfer({
        idempotencyKey: `cashback:${target.cashbackId}:payout`,
        kind: 'cashback_payout',
        postings: [
          { account: house, amountMinor: -amountMinor },
          { account: main, amountMinor },
        ],
        metadata: { cashback_id: target.cashbackId.toString(), player_id: target.playerId.toString() },
      });
    } catch (error) {
      if (error instanceof LedgerError && error.code === 'retries_exhausted') {
        throw new AppError('BillingUnavailableException', { code: 'ledger_busy', cause: error });
      }
      if (error instanceof LedgerError) {
        throw new AppError('BillingServiceErrorException', { code: `ledger_${error.code}`, cause: error });
      }
      throw error;
    }
  },
};

export type CashbackMoves = typeof cashbackMoves;
