import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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

/*
 * The in-house game server's own tables (ARCHITECTURE.md §5). The RGS is a provider like any other:
 * nothing here references the platform's tables; players are known only by the opaque id the
 * platform's wallet API gave (`player_key` = `p:<id>`), or `g:<session>` for a guest's demo.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Provably-fair seed pairs: one active per player; rotation reveals the server seed. */
export const rgsSeedPairs = pgTable(
  'rgs_seed_pairs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerKey: text('player_key').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    /** active | revealed */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('rgs_seed_pairs_one_active').on(table.playerKey).where(sql`${table.status} = 'active'`),
    index('rgs_seed_pairs_player_idx').on(table.playerKey, table.id),
    check('rgs_seed_pairs_status_check', sql`${table.status} IN ('active', 'revealed')`),
    check('rgs_seed_pairs_nonce_check', sql`${table.nextNonce} >= 0`),
  ],
);

/** A player's game session in the RGS, opened from a platform launch token (or a guest demo). */
export const rgsSessions = pgTable(
  'rgs_sessions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** SHA-256 of the session id the game client holds. */
    tokenHash: bytea('token_hash').notNull(),
    playerKey: text('player_key').notNull(),
    /** The platform's launch token, presented on every wallet call (null for a guest demo). */
    walletToken: text('wallet_token'),
    gameCode: text('game_code').notNull(),
    /** real | demo | guest (a guest's demo keeps its fun balance here, not in a wallet) */
    mode: text('mode').notNull(),
    currency: text('currency').notNull(),
    lang: text('lang').notNull().default('en'),
    guestBalanceMinor: bigint('guest_balance_minor', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('rgs_sessions_token_key').on(table.tokenHash),
    check('rgs_sessions_mode_check', sql`${table.mode} IN ('real', 'demo', 'guest')`),
    check(
      'rgs_sessions_guest_balance_check',
      sql`(${table.mode} = 'guest') = (${table.guestBalanceMinor} IS NOT NULL) AND coalesce(${table.guestBalanceMinor}, 0) >= 0`,
    ),
  ],
);

/** Rounds: the seeds, bet and actions that reproduce them, and their money. */
export const rgsRounds = pgTable(
  'rgs_rounds',
  {
    /** Public round id (random, not guessable). */
    id: text('id').primaryKey(),
    sessionId: bigint('session_id', { mode: 'bigint' })
      .notNull()
      .references(() => rgsSessions.id),
    playerKey: text('player_key').notNull(),
    gameCode: text('game_code').notNull(),
    engine: text('engine').notNull(),
    seedPairId: bigint('seed_pair_id', { mode: 'bigint' })
      .notNull()
      .references(() => rgsSeedPairs.id),
    nonce: integer('nonce').notNull(),
    bet: jsonb('bet').notNull(),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    state: jsonb('state').notNull(),
    currency: text('currency').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** open (waiting for an action) | settling (win not yet delivered) | settled | cancelled */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('rgs_rounds_seed_nonce_key').on(table.seedPairId, table.nonce),
    index('rgs_rounds_player_idx').on(table.playerKey, table.createdAt),
    // The open-round check of every round start: small whatever a player's history.
    index('rgs_rounds_open_idx').on(table.playerKey, table.gameCode).where(sql`${table.status} = 'open'`),
    index('rgs_rounds_settling_idx').on(table.createdAt).where(sql`${table.status} = 'settling'`),
    check('rgs_rounds_status_check', sql`${table.status} IN ('open', 'settling', 'settled', 'cancelled')`),
  ],
);

/**
 * Wallet calls the RGS owes the platform (an outbox): a win or rollback that failed to deliver is
 * retried with back-off until the platform acknowledges it.
 */
export const rgsWalletCalls = pgTable(
  'rgs_wallet_calls',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    roundId: text('round_id')
      .notNull()
      .references(() => rgsRounds.id),
    /** bet | win | rollback */
    kind: text('kind').notNull(),
    txId: text('tx_id').notNull(),
    referenceTxId: text('reference_tx_id'),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** pending | done | failed (refused for good by the platform) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rgs_wallet_calls_tx_key').on(table.txId),
    index('rgs_wallet_calls_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check('rgs_wallet_calls_kind_check', sql`${table.kind} IN ('bet', 'win', 'rollback')`),
    check('rgs_wallet_calls_status_check', sql`${table.status} IN ('pending', 'done', 'failed')`),
    check('rgs_wallet_calls_amount_check', sql`${table.amountMinor} >= 0`),
  ],
);
