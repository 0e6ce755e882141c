import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Ledger accounts. `balance_minor` is a cache of the sum of the account's postings, kept in the same
 * transaction as the postings; the CHECK makes PostgreSQL itself refuse a negative player balance.
 * House accounts are split into shards so that no single row becomes hot under load.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** `player:42:EUR:main`, `house:casino:EUR:7`, `world:psp:EUR`. */
    accountKey: text('account_key').notNull(),
    /** player | house | world */
    type: text('type').notNull(),
    playerId: bigint('player_id', { mode: 'bigint' }),
    /** Player kind (main, bonus, betting_bonus, fun) or house/world name. */
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    shard: integer('shard').notNull().default(0),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    allowNegative: boolean('allow_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_key').on(table.accountKey),
    index('ledger_accounts_player_idx').on(table.playerId),
    check('ledger_accounts_type_check', sql`${table.type} IN ('player', 'house', 'world')`),
    check('ledger_accounts_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('ledger_accounts_non_negative', sql`${table.allowNegative} OR ${table.balanceMinor} >= 0`),
    check('ledger_accounts_player_type', sql`(${table.type} = 'player') = (${table.playerId} IS NOT NULL)`),
  ],
);

/** One movement of money; its idempotency key is unique for ever. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical request: the same key with other parameters is refused. */
    requestHash: text('request_hash').notNull(),
    kind: text('kind').notNull(),
    metadata: jsonb('metadata')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    /** Balances after the transaction, per account key, as decimal strings (the first answer). */
    result: jsonb('result').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ledger_transactions_key').on(table.idempotencyKey)],
);

/** Immutable postings (a trigger refuses UPDATE and DELETE); corrections are new transactions. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    // No foreign keys (ADR 042): a foreign key check locks the referenced row (FOR KEY SHARE), one
    // more WAL record per account and per transaction on the hottest path. `ledger_transfer`, the
    // only writer, takes both ids from rows it has just written or locked; neither table allows a
    // DELETE or TRUNCATE (triggers); `checkInvariants` looks for a posting without its rows.
    transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_postings_account_idx').on(table.accountId, table.id),
    index('ledger_postings_transaction_idx').on(table.transactionId),
    check('ledger_postings_non_zero', sql`${table.amountMinor} <> 0`),
  ],
);
