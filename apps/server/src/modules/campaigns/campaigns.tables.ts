import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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

/** What a player must satisfy to see and take an offer (spec §3 `user_satisfies_params`). */
export interface OfferConditions {
  /** Only a player without any deposit yet. */
  firstDepositOnly?: boolean;
  /** Minimum deposit per currency, minor units as decimal strings (jsonb keeps no bigint). */
  minDepositMinor?: Record<string, string>;
  /** Currencies the offer is for; empty or absent: all. */
  currencies?: string[];
}

/** Operator-defined offers (ADR 021): a trigger, conditions, a window and promotions. */
export const campaignOffers = pgTable(
  'campaign_offers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    trigger: text('trigger').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    conditions: jsonb('conditions').$type<OfferConditions>().notNull(),
    /** Payment method ids that do not qualify (spec `params.exclude_methods`). */
    excludeMethods: text('exclude_methods').array().notNull(),
    /** Bonus template ids granted (free-spin packs are templates of kind free_spins). */
    templateIds: bigint('template_ids', { mode: 'bigint' }).array().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('campaign_offers_key_idx').on(table.key),
    check(
      'campaign_offers_trigger_check',
      sql`${table.trigger} IN ('deposit', 'registration', 'promo_code', 'action')`,
    ),
    check(
      'campaign_offers_window_check',
      sql`${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

/** Promo codes: stored upper-cased (matching is case-insensitive), a usage limit, a window. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    code: text('code').notNull(),
    offerId: bigint('offer_id', { mode: 'bigint' })
      .notNull()
      .references(() => campaignOffers.id),
    usageLimit: integer('usage_limit').notNull(),
    used: integer('used').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_idx').on(table.code),
    check('promo_codes_code_check', sql`${table.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    check('promo_codes_used_check', sql`${table.used} >= 0 AND ${table.used} <= ${table.usageLimit}`),
    check('promo_codes_limit_check', sql`${table.usageLimit} > 0`),
  ],
);

/** One row per (code, player): a player redeems a code once. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    codeId: bigint('code_id', { mode: 'bigint' })
      .notNull()
      .references(() => promoCodes.id),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.codeId, table.playerId] })],
);

/** One row per (offer, player) once its promotions were taken (campaigns.takepromotions). */
export const offerTakes = pgTable(
  'campaign_offer_takes',
  {
    offerId: bigint('offer_id', { mode: 'bigint' })
      .notNull()
      .references(() => campaignOffers.id),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.playerId] })],
);

/** Campaign popups shown after login (spec §4 queue, after the cashback popup). */
export const campaignPopups = pgTable(
  'campaign_popups',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** The `popup` query names a popup by this key (spec §2). */
    key: text('key').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Localized body text (plain text; the web renders it). */
    content: jsonb('content').$type<LocalizedText>().notNull(),
    /** The offer it promotes; shown only to players who can see and still take that offer. */
    offerId: bigint('offer_id', { mode: 'bigint' }).references(() => campaignOffers.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('campaign_popups_key_idx').on(table.key),
    check('campaign_popups_key_check', sql`${table.key} ~ '^[a-z0-9-]{1,64}$'`),
    check(
      'campaign_popups_window_check',
      sql`${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);
