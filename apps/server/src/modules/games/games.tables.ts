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
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

/** Text in English and French (every visible string exists in both). */
export type LocalizedText = { en: string; fr: string };

/**
 * Game studios shown in the hall. `wallet_provider` names the integration that runs their games
 * (the seamless-wallet provider id, e.g. `croupier-rgs`); `launch_url` is that provider's launch
 * endpoint. Demo studios may run on the in-house engine with their own themes.
 */
export const gameProviders = pgTable(
  'game_providers',
  {
    id: serial('id').primaryKey(),
    sysname: text('sysname').notNull(),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    walletProvider: text('wallet_provider').notNull(),
    launchUrl: text('launch_url').notNull(),
    /** Spec §3 Provider.game_params. */
    gameParams: jsonb('game_params').$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('game_providers_sysname_key').on(table.sysname),
    check('game_providers_sysname_check', sql`${table.sysname} ~ '^[a-z0-9][a-z0-9_-]{0,63}$'`),
  ],
);

export const gameCategories = pgTable(
  'game_categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    icon: text('icon'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [uniqueIndex('game_categories_slug_key').on(table.slug)],
);

/** Spec §3 Game. `provider_game_code` is what the provider's launch URL calls the game. */
export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    sysname: text('sysname').notNull(),
    name: text('name').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    providerGameCode: text('provider_game_code').notNull(),
    /** Set for a custom game, launched at /platform/game/custom/{code}/play. */
    customCode: text('custom_code'),
    /** slot | live | casino | fast */
    type: text('type').notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    /** Declared RTP in percent with 2 decimals as text ('96.12'), from the game's exact maths. */
    rtp: text('rtp'),
    priority: integer('priority').notNull().default(0),
    hasDemo: boolean('has_demo').notNull().default(true),
    canAccessSlotWithZeroBalance: boolean('can_access_slot_with_zero_balance').notNull().default(false),
    canVisibleFavoriteIcon: boolean('can_visible_favorite_icon').notNull().default(true),
    visibleFullScreen: boolean('visible_full_screen').notNull().default(true),
    contentViewType: text('content_view_type').notNull().default('iframe'),
    /**
     * Search words per locale (kept by the service): lower-cased, accent-stripped name, sysname,
     * studio and tags, plus the description in that locale only, so an English search never
     * matches French text ("roul" must not find "rouleaux").
     */
    searchTextEn: text('search_text_en').notNull().default(''),
    searchTextFr: text('search_text_fr').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_sysname_key').on(table.sysname),
    uniqueIndex('games_custom_code_key').on(table.customCode),
    uniqueIndex('games_provider_code_key').on(table.providerId, table.providerGameCode),
    index('games_priority_idx').on(table.priority, table.id),
    index('games_search_en_idx').using('gin', sql`to_tsvector('simple', ${table.searchTextEn})`),
    index('games_search_fr_idx').using('gin', sql`to_tsvector('simple', ${table.searchTextFr})`),
    check('games_sysname_check', sql`${table.sysname} ~ '^[a-z0-9][a-z0-9_-]{0,63}$'`),
    check('games_type_check', sql`${table.type} IN ('slot', 'live', 'casino', 'fast')`),
  ],
);

export const gameCategoryLinks = pgTable(
  'game_category_links',
  {
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => gameCategories.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.gameId] }),
    index('game_category_links_game_idx').on(table.gameId),
  ],
);

export const gameTags = pgTable(
  'game_tags',
  {
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.tag] }),
    index('game_tags_tag_idx').on(table.tag),
    check('game_tags_tag_check', sql`${table.tag} ~ '^[a-z0-9][a-z0-9_-]{0,31}$'`),
  ],
);

/** Favourites (spec §3 favoriteList). */
export const gameLikes = pgTable(
  'game_likes',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.gameId] })],
);

/** games.createhistoryexportrequest: a CSV of the player's rounds, produced in the background. */
export const gameHistoryExports = pgTable(
  'game_history_exports',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    /** pending | processing | ready | failed */
    status: text('status').notNull().default('pending'),
    /** The rounds' time window the export covers. */
    fromAt: timestamp('from_at', { withTimezone: true }),
    toAt: timestamp('to_at', { withTimezone: true }),
    csv: text('csv'),
    rowCount: integer('row_count'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('game_history_exports_player_idx').on(table.playerId, table.id),
    index('game_history_exports_pending_idx')
      .on(table.id)
      .where(sql`${table.status} IN ('pending', 'processing')`),
    check(
      'game_history_exports_status_check',
      sql`${table.status} IN ('pending', 'processing', 'ready', 'failed')`,
    ),
  ],
);

/** Spec §3 Freespin pack (awarding comes with promotions; the model and freespins.get exist now). */
export const freespinPacks = pgTable(
  'freespin_packs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    totalCount: integer('total_count').notNull(),
    remainingCount: integer('remaining_count').notNull(),
    currency: text('currency').notNull(),
    betMinor: bigint('bet_minor', { mode: 'bigint' }).notNull(),
    /** active | used | expired | canceled */
    status: text('status').notNull().default('active'),
    description: jsonb('description').$type<LocalizedText>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('freespin_packs_player_idx').on(table.playerId, table.status, table.id),
    check('freespin_packs_count_check', sql`${table.remainingCount} BETWEEN 0 AND ${table.totalCount}`),
    check('freespin_packs_bet_check', sql`${table.betMinor} > 0`),
    check('freespin_packs_status_check', sql`${table.status} IN ('active', 'used', 'expired', 'canceled')`),
  ],
);
