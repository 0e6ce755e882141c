/**
 * The ledger moves of tournaments (modules/tournaments, ADR 036), always inside the caller's
 * transaction: a buy-in (player main → house `tournaments`, key per tournament and player) commits
 * with the participation, a cash prize (house `tournaments` → player main, key per tournament and
 * rank) with the tournament's settlement. Keys are unique, so a replay moves nothing.
 */
import type { AccountRef } from '@croupier/ledger/accounts';
import { createLedger, LedgerError } from '@croupier/ledger/ledger';
import { AppError } from '../../lib/app-error.ts';
import type { WalletExecutor } from './wallet.repository.ts';

/** The operator's tournaments account: buy-ins in, cash prizes out (it may go below zero). */
export const TOURNAMENTS_ACCOUNT = 'tournaments';

function house(currency: string): AccountRef {
  return { type: 'house', name: TOURNAMENTS_ACCOUNT, currency };
}

function main(playerId: bigint, currency: string): AccountRef {
  return { type: 'player', playerId, currency, kind: 'main' };
}

async function transfer(
  tx: WalletExecutor,
  request: Parameters<ReturnType<typeof createLedger>['transfer']>[0],
): Promise<void> {
  try {
    await createLedger(tx, { savepoint: false }).transfer(request);
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'insufficient_funds') {
      throw new AppError('BillingTransactionDeclinedException', {
        code: 'insufficient_funds',
        message: 'tournaments.insufficient_funds',
        cause: error,
      });
    }
    if (error instanceof LedgerError && error.code === 'retries_exhausted') {
      throw new AppError('BillingUnavailableException', { code: 'ledger_busy', cause: error });
    }
    if (error instanceof LedgerError) {
      throw new AppError('BillingServiceErrorException', { code: `ledger_${error.code}`, cause: error });
    }
    throw error;
  }
}

export const tournamentMoves = {
  /** The buy-in of a paid tournament: real money from the player's main balance, once per player. */
  async buyIn(
    tx: WalletExecutor,
    target: { tournamentId: bigint; playerId: bigint; currency: string },
    amountMinor: bigint,
  ): Promise<void> {
    if (amountMinor <= 0n) throw new Error(`tournament ${target.tournamentId}: buy-in of ${amountMinor}`);
    await transfer(tx, {
      idempotencyKey: `tournament:${target.tournamentId}:buy_in:${target.playerId}`,
      kind: 'tournament_buy_in',
      postings: [
        { account: main(target.playerId, target.currency), amountMinor: -amountMinor },
        { account: house(target.currency), amountMinor },
      ],
      metadata: { tournament_id: target.tournamentId.toString(), player_id: target.playerId.toString() },
    });
  },

  /**
   * A buy-in given back when staff cancel the tournament (back office, ADR 049): house `tournaments`
   * → the player's main balance, the exact amount paid, once per tournament and player.
   */
  async refundBuyIn(
    tx: WalletExecutor,
    target: { tournamentId: bigint; playerId: bigint; currency: string },
    amountMinor: bigint,
  ): Promise<void> {
    if (amountMinor <= 0n) throw new Error(`tournament ${target.tournamentId}: refund of ${amountMinor}`);
    await transfer(tx, {
      idempotencyKey: `tournament:${target.tournamentId}:refund:${target.playerId}`,
      kind: 'tournament_refund',
      postings: [
        { account: house(target.currency), amountMinor: -amountMinor },
        { account: main(target.playerId, target.currency), amountMinor },
      ],
      metadata: { tournament_id: target.tournamentId.toString(), player_id: target.playerId.toString() },
    });
  },

  /** A cash prize: to the winner's main balance (real money), once per tournament and rank. */
  async prize(
    tx: WalletExecutor,
    target: { tournamentId: bigint; playerId: bigint; currency: string; rank: number },
    amountMinor: bigint,
  ): Promise<void> {
    if (amountMinor <= 0n) throw new Error(`tournament ${target.tournamentId}: prize of ${amountMinor}`);
    await transfer(tx, {
      idempotencyKey: `tournament:${target.tournamentId}:prize:${target.rank}`,
      kind: 'tournament_prize',
      postings: [
        { account: house(target.currency), amountMinor: -amountMinor },
        { account: main(target.playerId, target.currency), amountMinor },
      ],
      metadata: {
        tournament_id: target.tournamentId.toString(),
        player_id: target.playerId.toString(),
        rank: String(target.rank),
      },
    });
  },
};

export type TournamentMoves = typeof tournamentMoves;
