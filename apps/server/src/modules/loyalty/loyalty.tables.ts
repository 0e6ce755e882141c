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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

type LocalizedText = { en: string; fr: string };

/**
 * Loyalty programmes (ADR 033). One is active at a time (the latest enabled); players' points
 * belong to the player, not to a programme version.
 */
export const loyaltyProgrammes = pgTable(
  'loyalty_programmes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    pointsAlias: jsonb('points_alias').$type<LocalizedText>().notNull(),
    /**
     * The alias after a count of one ("1 coin", "1 jeton"; French counts 0 the same way), per
     * language; a language without one uses `points_alias` for every count.
     */
    pointsAliasOne: jsonb('points_alias_one').$type<Partial<LocalizedText>>().notNull().default({}),
    /** null: points never expire; else the balance lapses this many days after the last earning. */
    expiryDays: integer('expiry_days'),
    downgrade: text('downgrade').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loyalty_programmes_key_idx').on(table.key),
    check('loyalty_programmes_downgrade_check', sql`${table.downgrade} IN ('keep', 'reset')`),
    check('loyalty_programmes_expiry_check', sql`${table.expiryDays} IS NULL OR ${table.expiryDays} >= 1`),
  ],
);

/** Earning rates: `points` per `per_minor` minor units of real stake (operator data). */
export const loyaltyRates = pgTable(
  'loyalty_rates',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    programmeId: bigint('programme_id', { mode: 'bigint' })
      .notNull()
      .references(() => loyaltyProgrammes.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    /** null: every game type of the product. */
    gameType: text('game_type'),
    currency: text('currency').notNull(),
    points: integer('points').notNull(),
    perMinor: bigint('per_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    uniqueIndex('loyalty_rates_idx').on(
      table.programmeId,
      table.product,
      sql`coalesce(${table.gameType}, '')`,
      table.currency,
    ),
    check('loyalty_rates_product_check', sql`${table.product} IN ('casino', 'sport')`),
    check('loyalty_rates_points_check', sql`${table.points} > 0 AND ${table.perMinor} > 0`),
  ],
);

export const loyaltyLevels = pgTable(
  'loyalty_levels',
  {
    programmeId: bigint('programme_id', { mode: 'bigint' })
      .notNull()
      .references(() => loyaltyProgrammes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    threshold: integer('threshold').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    perks: jsonb('perks').$type<{ en: string[]; fr: string[] }>().notNull(),
    image: text('image').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.programmeId, table.position] }),
    check('loyalty_levels_threshold_check', sql`${table.threshold} >= 0`),
  ],
);

/** Characters a player may pick (spec §3 Characters). */
export const loyaltyCharacters = pgTable(
  'loyalty_characters',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    image: text('image').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [uniqueIndex('loyalty_characters_key_idx').on(table.key)],
);

/** Shop products: a promotion (bonus, free-spin pack or betting bonus template) for points. */
export const loyaltyProducts = pgTable(
  'loyalty_products',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    image: text('image').notNull(),
    kind: text('kind').notNull(),
    /** The bonuses module's template (by key) the purchase grants. */
    bonusTemplateKey: text('bonus_template_key').notNull(),
    pricePoints: integer('price_points').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    uniqueIndex('loyalty_products_key_idx').on(table.key),
    check('loyalty_products_kind_check', sql`${table.kind} IN ('bonus', 'free_spins', 'betting_bonus')`),
    check('loyalty_products_price_check', sql`${table.pricePoints} > 0`),
  ],
);

/** A player's points: the balance, the level points and the chosen character. */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => players.id),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    levelPoints: bigint('level_points', { mode: 'number' }).notNull().default(0),
    level: integer('level').notNull().default(1),
    characterId: bigint('character_id', { mode: 'bigint' }).references(() => loyaltyCharacters.id),
    lastEarnedAt: timestamp('last_earned_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('loyalty_accounts_points_check', sql`${table.points} >= 0 AND ${table.levelPoints} >= 0`),
    index('loyalty_accounts_earned_idx').on(table.lastEarnedAt).where(sql`${table.points} > 0`),
  ],
);

/**
 * Append-only journal of every points change. Earning is idempotent by wager event id, spending by
 * purchase id, an award (a tournament prize) by its key, expiry by (player, the last earning it lapses).
 */
export const loyaltyJournal = pgTable(
  'loyalty_journal',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    levelPointsAfter: bigint('level_points_after', { mode: 'number' }).notNull(),
    eventId: bigint('event_id', { mode: 'bigint' }),
    purchaseId: bigint('purchase_id', { mode: 'bigint' }),
    /** An award's key (a tournament prize: `tournament:{id}:prize:{rank}`): credited once. */
    awardKey: text('award_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loyalty_journal_event_idx').on(table.eventId),
    uniqueIndex('loyalty_journal_purchase_idx').on(table.purchaseId),
    uniqueIndex('loyalty_journal_award_idx').on(table.awardKey),
    index('loyalty_journal_player_idx').on(table.playerId, table.id),
    check('loyalty_journal_kind_check', sql`${table.kind} IN ('earn', 'spend', 'expire', 'award')`),
    check('loyalty_journal_balance_check', sql`${table.balanceAfter} >= 0`),
    check(
      'loyalty_journal_ref_check',
      sql`(${table.kind} = 'earn') = (${table.eventId} IS NOT NULL) AND (${table.kind} = 'spend') = (${table.purchaseId} IS NOT NULL) AND (${table.kind} = 'award') = (${table.awardKey} IS NOT NULL)`,
    ),
  ],
);

/** Shop purchases: one row per purchase; `request_key` makes a client retry the same purchase. */
export const loyaltyPurchases = pgTable(
  'loyalty_purchases',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => loyaltyProducts.id),
    pricePoints: integer('price_points').notNull(),
    requestKey: text('request_key'),
    bonusId: bigint('bonus_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('loyalty_purchases_request_idx').on(table.playerId, table.requestKey)],
);

/** Loyalty notices for the player (spec §3 Loyalty notification), delivered once by getnotifications. */
export const loyaltyNotifications = pgTable(
  'loyalty_notifications',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    trigger: text('trigger').notNull(),
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    level: integer('level'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('loyalty_notifications_pending_idx')
      .on(table.playerId, table.id)
      .where(sql`${table.deliveredAt} IS NULL`),
    check(
      'loyalty_notifications_type_check',
      sql`${table.type} IN ('credit', 'debit', 'level_up', 'expiry')`,
    ),
  ],
);
