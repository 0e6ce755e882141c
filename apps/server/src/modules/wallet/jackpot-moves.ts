/**
 * The ledger moves of progressive jackpots (modules/jackpots, ADR 032), always inside the caller's
 * transaction (the wager consumer's batch) so the pool's state and its money commit together.
 * Each jackpot has two house accounts: `jackpot_pool_<id>` (the visible pool) and
 * `jackpot_reserve_<id>` (the hidden reserve that funds the seeds; it may go below zero: the
 * operator advances the first seeds). Keys are unique per event or cycle, so a replay is a no-op.
 */
import type { AccountRef } from '@croupier/ledger/accounts';
import { createLedger, LedgerError } from '@croupier/ledger/ledger';
import { AppError } from '../../lib/app-error.ts';
import type { WalletExecutor } from './wallet.repository.ts';

/** The operator's game results account (stakes land there), which funds the contributions. */
const GAMES_ACCOUNT = 'games';

export function jackpotPoolAccount(jackpotId: bigint, currency: string): AccountRef {
  return { type: 'house', name: `jackpot_pool_${jackpotId}`, currency };
}

export function jackpotReserveAccount(jackpotId: bigint, currency: string): AccountRef {
  return { type: 'house', name: `jackpot_reserve_${jackpotId}`, currency };
}

async function transfer(
  tx: WalletExecutor,
  request: Parameters<ReturnType<typeof createLedger>['transfer']>[0],
): Promise<void> {
  try {
    await createLedger(tx, { savepoint: false }).transfer(request);
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'retries_exhausted') {
      throw new AppError('BillingUnavailableException', { code: 'ledger_busy', cause: error });
    }
    if (error instanceof LedgerError) {
      throw new AppError('BillingServiceErrorException', { code: `ledger_${error.code}`, cause: error });
    }
    throw error;
  }
}

export const jackpotMoves = {
  /** A stake's contribution: games → pool (pool share) and reserve (reserve share); key per event. */
  async contribute(
    tx: WalletExecutor,
    target: { jackpotId: bigint; currency: string; eventId: bigint },
    poolMinor: bigint,
    reserveMinor: bigint,
  ): Promise<void> {
    const total = poolMinor + reserveMinor;
    if (total <= 0n) return;
    const postings = [
      {
        account: { type: 'house', name: GAMES_ACCOUNT, currency: target.currency } as AccountRef,
        amountMinor: -total,
      },
      ...(poolMinor > 0n
        ? [{ account: jackpotPoolAccount(target.jackpotId, target.currency), amountMinor: poolMinor }]
        : []),
      ...(reserveMinor > 0n
        ? [{ account: jackpotReserveAccount(target.jackpotId, target.currency), amountMinor: reserveMinor }]
        : []),
    ];
    await transfer(tx, {
      idempotencyKey: `jackpot:${target.jackpotId}:contribution:${target.eventId}`,
      kind: 'jackpot_contribution',
      postings,
      metadata: { jackpot_id: target.jackpotId.toString(), event_id: target.eventId.toString() },
    });
  },

  /** A cycle's seed (and what a capped overflow sends back): reserve → pool, or pool → reserve when negative. */
  async seed(
    tx: WalletExecutor,
    target: { jackpotId: bigint; currency: string; cycle: number },
    amountMinor: bigint,
  ): Promise<void> {
    if (amountMinor === 0n) return;
    await transfer(tx, {
      idempotencyKey: `jackpot:${target.jackpotId}:seed:${target.cycle}`,
      kind: 'jackpot_seed',
      postings: [
        { account: jackpotReserveAccount(target.jackpotId, target.currency), amountMinor: -amountMinor },
        { account: jackpotPoolAccount(target.jackpotId, target.currency), amountMinor },
      ],
      metadata: { jackpot_id: target.jackpotId.toString(), cycle: String(target.cycle) },
    });
  },

  /** The win of a cycle: pool → the winner's main balance (real money), once per cycle. */
  async win(
    tx: WalletExecutor,
    target: { jackpotId: bigint; currency: string; cycle: number; playerId: bigint; eventId: bigint },
    amountMinor: bigint,
  ): Promise<void> {
    if (amountMinor <= 0n) throw new Error(`jackpot ${target.jackpotId}: win of ${amountMinor}`);
    await transfer(tx, {
      idempotencyKey: `jackpot:${target.jackpotId}:win:${target.cycle}`,
      kind: 'jackpot_win',
      postings: [
        { account: jackpotPoolAccount(target.jackpotId, target.currency), amountMinor: -amountMinor },
        {
          account: { type: 'player', playerId: target.playerId, currency: target.currency, kind: 'main' },
          amountMinor,
        },
      ],
      metadata: {
        jackpot_id: target.jackpotId.toString(),
        cycle: String(target.cycle),
        player_id: target.playerId.toString(),
        event_id: target.eventId.toString(),
      },
    });
  },

  /** The pool's balance in the ledger (tests and checks: it equals the mirrored `current_minor`). */
  async poolBalance(tx: WalletExecutor, jackpotId: bigint, currency: string): Promise<bigint> {
    return createLedger(tx, { savepoint: false }).balance(jackpotPoolAccount(jackpotId, currency));
  },
  async reserveBalance(tx: WalletExecutor, jackpotId: bigint, currency: string): Promise<bigint> {
    return createLedger(tx, { savepoint: false }).balance(jackpotReserveAccount(jackpotId, currency));
  },
};

export type JackpotMoves = typeof jackpotMoves;
