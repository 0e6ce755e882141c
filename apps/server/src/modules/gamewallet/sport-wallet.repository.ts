/**
 * The sports-bet tables of the game wallet (`sport_wallet_bets`, `sport_wallet_calls`; ADR 031),
 * always on the caller's transaction: a call claims its transaction id, locks its bet, moves money
 * through the wallet service and stores its answer in one commit.
 *
 * Lock order, the same in every sports call: call id (unique index) → bet row (unique index or FOR
 * UPDATE) → ledger accounts (locked by the wallet service). Two calls never wait on each other in a
 * cycle; calls on one bet queue on the bet row.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { StoredAnswer, Tx } from './gamewallet.repository.ts';

export type SportAction = 'sport_reserve' | 'sport_settle' | 'sport_resettle' | 'sport_cancel';
export type SportBetStatus = 'open' | 'settled' | 'cancelled';
export type SportFunds = 'main' | 'betting_bonus' | 'free_bet';

export interface SportCallRecord {
  id: bigint;
  action: SportAction;
  playerId: bigint | null;
  requestHash: string;
  response: StoredAnswer;
}

export interface SportBetRecord {
  id: bigint;
  providerBetId: string;
  /** Null: a tombstone (a cancel for a bet never seen). */
  playerId: bigint | null;
  currency: string | null;
  status: SportBetStatus;
  funds: SportFunds;
  stakeMinor: bigint;
  stakeBonusMinor: bigint;
  payoutMinor: bigint;
  paidMinor: bigint;
  paidBonusMinor: bigint;
  settlements: number;
}

type BetRow = {
  id: string;
  provider_bet_id: string;
  player_id: string | null;
  currency: string | null;
  status: SportBetStatus;
  funds: SportFunds;
  stake_minor: string;
  stake_bonus_minor: string;
  payout_minor: string;
  paid_minor: string;
  paid_bonus_minor: string;
  settlements: number;
};

const betColumns = sql`id::text, provider_bet_id, player_id::text, currency, status, funds, stake_minor::text,
  stake_bonus_minor::text, payout_minor::text, paid_minor::text, paid_bonus_minor::text, settlements`;

function toBet(row: BetRow): SportBetRecord {
  return {
    id: BigInt(row.id),
    providerBetId: row.provider_bet_id,
    playerId: row.player_id === null ? null : BigInt(row.player_id),
    currency: row.currency,
    status: row.status,
    funds: row.funds,
    stakeMinor: BigInt(row.stake_minor),
    stakeBonusMinor: BigInt(row.stake_bonus_minor),
    payoutMinor: BigInt(row.payout_minor),
    paidMinor: BigInt(row.paid_minor),
    paidBonusMinor: BigInt(row.paid_bonus_minor),
    settlements: Number(row.settlements),
  };
}

export function createSportWalletQueries(tx: Tx) {
  return {
    /**
     * Claims the provider's transaction id for this call, or returns the call stored under it. A
     * concurrent duplicate waits on the unique index until the first commits (then reads it) or
     * rolls back (then claims it).
     */
    async claimCall(call: {
      provider: string;
      transactionId: string;
      action: SportAction;
      requestHash: string;
      now: Date;
    }): Promise<{ claimedId: bigint } | { existing: SportCallRecord }> {
      const inserted = await tx.execute<{ id: string }>(sql`
        INSERT INTO sport_wallet_calls (provider, provider_tx_id, action, request_hash, response, created_at)
        VALUES (${call.provider}, ${call.transactionId}, ${call.action}, ${call.requestHash}, '{}'::jsonb,
                ${call.now}::timestamptz)
        ON CONFLICT (provider, provider_tx_id) DO NOTHING
        RETURNING id::text`);
      const claimed = inserted.rows[0];
      if (claimed) return { claimedId: BigInt(claimed.id) };
      const found = await tx.execute<{
        id: string;
        action: SportAction;
        player_id: string | null;
        request_hash: string;
        response: StoredAnswer;
      }>(sql`
        SELECT id::text, action, player_id::text, request_hash, response FROM sport_wallet_calls
        WHERE provider = ${call.provider} AND provider_tx_id = ${call.transactionId}`);
      const row = found.rows[0];
      if (!row) throw new Error('a conflicting sports call id has no row');
      return {
        existing: {
          id: BigInt(row.id),
          action: row.action,
          playerId: row.player_id === null ? null : BigInt(row.player_id),
          requestHash: row.request_hash,
          response: row.response,
        },
      };
    },

    async completeCall(call: {
      id: bigint;
      betRowId: bigint | null;
      playerId: bigint | null;
      movedMinor: bigint;
      response: StoredAnswer;
      ledgerTransactionId: bigint | null;
    }): Promise<void> {
      await tx.execute(sql`
        UPDATE sport_wallet_calls
        SET bet_row_id = ${call.betRowId}, player_id = ${call.playerId}, moved_minor = ${call.movedMinor},
            response = ${JSON.stringify(call.response)}::jsonb, ledger_transaction_id = ${call.ledgerTransactionId}
        WHERE id = ${call.id}`);
    },

    /** The bet, locked until the transaction ends; null when the provider never reserved it. */
    async lockBet(provider: string, providerBetId: string): Promise<SportBetRecord | null> {
      const result = await tx.execute<BetRow>(sql`
        SELECT ${betColumns} FROM sport_wallet_bets
        WHERE provider = ${provider} AND provider_bet_id = ${providerBetId} FOR UPDATE`);
      const row = result.rows[0];
      return row ? toBet(row) : null;
    },

    /**
     * A new open bet, or (no player) a cancelled tombstone. Null when the bet id is taken (a
     * concurrent call on it waited for it here and sees it after).
     */
    async insertBet(bet: {
      provider: string;
      providerBetId: string;
      playerId: bigint | null;
      sessionId: bigint | null;
      currency: string | null;
      status: 'open' | 'cancelled';
      funds: SportFunds;
      stakeMinor: bigint;
      stakeBonusMinor: bigint;
      now: Date;
    }): Promise<bigint | null> {
      const result = await tx.execute<{ id: string }>(sql`
        INSERT INTO sport_wallet_bets
          (provider, provider_bet_id, player_id, session_id, currency, status, funds, stake_minor,
           stake_bonus_minor, created_at, updated_at)
        VALUES (${bet.provider}, ${bet.providerBetId}, ${bet.playerId}, ${bet.sessionId}, ${bet.currency},
                ${bet.status}, ${bet.funds}, ${bet.stakeMinor}, ${bet.stakeBonusMinor}, ${bet.now}::timestamptz,
                ${bet.now}::timestamptz)
        ON CONFLICT (provider, provider_bet_id) DO NOTHING
        RETURNING id::text`);
      const row = result.rows[0];
      return row ? BigInt(row.id) : null;
    },

    /** The bet's new state after a settlement, resettlement or cancel (the row is locked). */
    async updateBet(
      id: bigint,
      state: {
        status: SportBetStatus;
        payoutMinor: bigint;
        paidMinor: bigint;
        paidBonusMinor: bigint;
        settlements: number;
        now: Date;
      },
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE sport_wallet_bets
        SET status = ${state.status}, payout_minor = ${state.payoutMinor}, paid_minor = ${state.paidMinor},
            paid_bonus_minor = ${state.paidBonusMinor}, settlements = ${state.settlements},
            updated_at = ${state.now}::timestamptz
        WHERE id = ${id}`);
    },

    /** Appends a wager event (its INSERT from the wagers service) in this transaction. */
    async appendWager(insert: SQL): Promise<void> {
      await tx.execute(insert);
    },
  };
}

export type SportWalletQueries = ReturnType<typeof createSportWalletQueries>;
