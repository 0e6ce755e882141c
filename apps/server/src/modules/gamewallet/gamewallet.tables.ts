import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';
import { freespinPacks, games } from '../games/games.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Game sessions opened by a launch (docs/game-wallet-protocol.md). The provider holds the token;
 * we keep its SHA-256. Bets need a live session; wins and rollbacks are accepted after it expires.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    /** The seamless-wallet provider id (e.g. croupier-rgs). */
    provider: text('provider').notNull(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    /** real (main balance) | demo (fun balance) */
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('game_sessions_token_key').on(table.tokenHash),
    index('game_sessions_player_idx').on(table.playerId, table.id),
    check('game_sessions_mode_check', sql`${table.mode} IN ('real', 'demo')`),
  ],
);

/** One row per provider round: what the player staked and won in it (history, winners). */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    providerRoundId: text('provider_round_id').notNull(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    sessionId: bigint('session_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameSessions.id),
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    winMinor: bigint('win_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The part of `bet_minor` that was bonus money (the rest was real): a win is credited in this proportion. */
    betBonusMinor: bigint('bet_bonus_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** open | closed | rolled_back */
    status: text('status').notNull().default('open'),
    /**
     * Closed by its bet (`round_closed`, ADR 066), not by a win: a round the provider knew was lost.
     * Its bet can still be rolled back (a round closed by a win refuses that).
     */
    closedByBet: boolean('closed_by_bet').notNull().default(false),
    /** A free round (ADR 024): the free-spin pack its one bet consumed; its win goes to the bonus balance. */
    freespinPackId: bigint('freespin_pack_id', { mode: 'bigint' }).references(() => freespinPacks.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_rounds_provider_round_key').on(table.provider, table.providerRoundId),
    index('game_rounds_freespin_pack_idx')
      .on(table.freespinPackId)
      .where(sql`${table.freespinPackId} IS NOT NULL AND ${table.status} = 'open'`),
    index('game_rounds_player_idx').on(table.playerId, table.id),
    index('game_rounds_big_wins_idx')
      .on(table.closedAt)
      .where(sql`${table.mode} = 'real' AND ${table.status} = 'closed' AND ${table.winMinor} > 0`),
    check('game_rounds_mode_check', sql`${table.mode} IN ('real', 'demo')`),
    check('game_rounds_status_check', sql`${table.status} IN ('open', 'closed', 'rolled_back')`),
    check('game_rounds_amounts_check', sql`${table.betMinor} >= 0 AND ${table.winMinor} >= 0`),
    check(
      'game_rounds_bet_bonus_check',
      sql`${table.betBonusMinor} >= 0 AND ${table.betBonusMinor} <= ${table.betMinor}`,
    ),
  ],
);

/**
 * Every wallet call that moved or could have moved money, keyed by the provider's transaction id
 * (unique per provider): a duplicate id answers `response` again. A rollback naming a bet we never
 * saw writes a `tombstone` row under that bet's id, so the late bet is refused.
 */
export const gameWalletTransactions = pgTable(
  'game_wallet_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    providerTxId: text('provider_tx_id').notNull(),
    /** bet | win | rollback | tombstone */
    kind: text('kind').notNull(),
    roundId: bigint('round_id', { mode: 'bigint' }).references(() => gameRounds.id),
    playerId: bigint('player_id', { mode: 'bigint' }).references(() => players.id),
    currency: text('currency'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The part of `amount_minor` that was bonus money (bet: spent from, win: credited to the bonus balance). */
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** For rollbacks: the bet transaction id it cancels. */
    referenceTxId: text('reference_tx_id'),
    /** SHA-256 of the call's parameters: the same id with other parameters is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_wallet_transactions_provider_tx_key').on(table.provider, table.providerTxId),
    // No index on round_id (migration 0040): the call's row gets its round and answer by an update
    // right after its claim, which stays HOT (no new index entries) while no indexed column changes;
    // no query looks calls up by round.
    check(
      'game_wallet_transactions_kind_check',
      sql`${table.kind} IN ('bet', 'win', 'rollback', 'tombstone')`,
    ),
    check('game_wallet_transactions_amount_check', sql`${table.amountMinor} >= 0`),
    check(
      'game_wallet_transactions_bonus_check',
      sql`${table.bonusMinor} >= 0 AND ${table.bonusMinor} <= ${table.amountMinor}`,
    ),
  ],
);

/**
 * Free-round bets (ADR 024): which pack each consumed, and whether a rollback gave the spin back
 * (`returned_at`, set once: a bet's spin is returned once whatever the number of rollbacks).
 */
export const freeRoundBets = pgTable(
  'free_round_bets',
  {
    betTransactionId: bigint('bet_transaction_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => gameWalletTransactions.id),
    packId: bigint('pack_id', { mode: 'bigint' })
      .notNull()
      .references(() => freespinPacks.id),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => gameRounds.id),
    /** The pack's stake of one spin (what the round was played at; nothing was debited). */
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (table) => [
    index('free_round_bets_pack_idx').on(table.packId),
    check('free_round_bets_stake_check', sql`${table.stakeMinor} > 0`),
  ],
);

/**
 * Sports bets of a sportsbook provider (docs/game-wallet-protocol.md, "Sports bets"; ADR 031): a
 * stake reserved now and settled later, possibly resettled. One row per provider bet id, locked
 * (FOR UPDATE) by every call on the bet, so settle, resettle and cancel of one bet run one at a
 * time and each decides on the bet's latest state. A cancel naming a bet never seen leaves a
 * `cancelled` row with no player (a tombstone): the late reserve is refused.
 */
export const sportWalletBets = pgTable(
  'sport_wallet_bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    providerBetId: text('provider_bet_id').notNull(),
    playerId: bigint('player_id', { mode: 'bigint' }).references(() => players.id),
    sessionId: bigint('session_id', { mode: 'bigint' }).references(() => gameSessions.id),
    currency: text('currency'),
    /** open | settled | cancelled */
    status: text('status').notNull(),
    /** Where the stake came from: main (real money) | betting_bonus | free_bet (the book's money: nothing taken). */
    funds: text('funds').notNull().default('main'),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The part of the stake that was betting-bonus money. */
    stakeBonusMinor: bigint('stake_bonus_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The payout of the latest settlement (what the player is owed by this bet). */
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What this bet's settlements actually moved to the player, net of clawbacks. */
    paidMinor: bigint('paid_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The part of `paid_minor` on the betting-bonus balance. */
    paidBonusMinor: bigint('paid_bonus_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Settlements so far (1 after settle, +1 per resettle). */
    settlements: integer('settlements').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sport_wallet_bets_provider_bet_key').on(table.provider, table.providerBetId),
    index('sport_wallet_bets_player_idx').on(table.playerId, table.id),
    check('sport_wallet_bets_status_check', sql`${table.status} IN ('open', 'settled', 'cancelled')`),
    check('sport_wallet_bets_funds_check', sql`${table.funds} IN ('main', 'betting_bonus', 'free_bet')`),
    check(
      'sport_wallet_bets_amounts_check',
      sql`${table.stakeMinor} >= 0 AND ${table.stakeBonusMinor} >= 0 AND ${table.stakeBonusMinor} <= ${table.stakeMinor}
        AND ${table.payoutMinor} >= 0 AND ${table.paidMinor} >= 0 AND ${table.paidBonusMinor} >= 0
        AND ${table.paidBonusMinor} <= ${table.paidMinor}`,
    ),
  ],
);

/**
 * Every sports-bet call of a provider under its transaction id (unique per provider): a duplicate
 * answers `response` again; the same id with other parameters is `idempotency_conflict`.
 */
export const sportWalletCalls = pgTable(
  'sport_wallet_calls',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    providerTxId: text('provider_tx_id').notNull(),
    /** sport_reserve | sport_settle | sport_resettle | sport_cancel */
    action: text('action').notNull(),
    betRowId: bigint('bet_row_id', { mode: 'bigint' }).references(() => sportWalletBets.id),
    playerId: bigint('player_id', { mode: 'bigint' }).references(() => players.id),
    /** Money moved to the player (negative: from the player). */
    movedMinor: bigint('moved_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sport_wallet_calls_provider_tx_key').on(table.provider, table.providerTxId),
    index('sport_wallet_calls_bet_idx').on(table.betRowId),
    check(
      'sport_wallet_calls_action_check',
      sql`${table.action} IN ('sport_reserve', 'sport_settle', 'sport_resettle', 'sport_cancel')`,
    ),
  ],
);
