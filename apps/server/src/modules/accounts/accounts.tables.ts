import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Players: the account row every module hangs off. Credentials (argon2id hash, sealed TOTP seed) live
 * here too; no method ever returns this row as is (repositories map it to DTOs).
 */
export const players = pgTable(
  'players',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** An email (lower case), a phone (digits only) or, for social/messenger players, `provider:id`. */
    login: text('login').notNull(),
    /** email | phone | external (social or messenger, no password of its own at first) */
    loginType: text('login_type').notNull().default('email'),
    locale: text('locale').notNull().default('en'),
    /** active | banned | deleted */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** argon2id PHC string; null for a social or messenger player until a password is set. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** ISO 4217 code; null until chosen (then the site's default currency is shown). */
    currency: text('currency'),
    fakename: text('fakename'),
    countryCode: text('country_code'),
    /** False for a social or messenger sign-up until currency and terms are given (spec §4 popup). */
    isRegistrationCompleted: boolean('is_registration_completed').notNull().default(true),
    /** Kept from sign-up for the campaigns module, which judges it. */
    promoCode: text('promo_code'),
    characterId: integer('character_id'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    markBetting: boolean('mark_betting').notNull().default(false),
    /** TOTP seed sealed with AES-256-GCM (auth/secret-box.ts); set once confirmed. */
    twoFactorSecret: bytea('two_factor_secret'),
    /** A seed offered by changeTwoFactorAuth and not yet confirmed with a code. */
    twoFactorPendingSecret: bytea('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** Last TOTP step accepted: a code of that step or earlier is a replay. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'bigint' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('players_login_key').on(sql`lower(${table.login})`),
    check('players_status_check', sql`${table.status} IN ('active', 'banned', 'deleted')`),
    check('players_login_type_check', sql`${table.loginType} IN ('email', 'phone', 'external')`),
    check('players_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('players_country_code_check', sql`${table.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * Contacts (spec §3): emails and phones with confirmation and subscription. Values are normalized
 * (emails lower case, phones digits only). Several players may have typed the same value, but only
 * one can have it confirmed: a confirmed contact proves ownership (password reset, social linking).
 */
export const playerContacts = pgTable(
  'player_contacts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** email | phone */
    type: text('type').notNull(),
    value: text('value').notNull(),
    /** ISO 3166-1 alpha-2 country of a phone number. */
    phoneCountryCode: text('phone_country_code'),
    /** The contact the player signs in with. */
    isLogin: boolean('is_login').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    subscribed: boolean('subscribed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('player_contacts_player_value_key').on(table.playerId, table.type, table.value),
    uniqueIndex('player_contacts_confirmed_key')
      .on(table.type, table.value)
      .where(sql`${table.confirmedAt} IS NOT NULL`),
    index('player_contacts_value_idx').on(table.type, table.value),
    check('player_contacts_type_check', sql`${table.type} IN ('email', 'phone')`),
  ],
);

/** Profile data of spec §3 (country_code is on the player: Account info shows it). */
export const playerProfiles = pgTable(
  'player_profiles',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** 0 not chosen, 1, 2 (spec §3: number, default 0). */
    sex: smallint('sex').notNull().default(0),
    birthDate: date('birth_date', { mode: 'string' }),
    country: text('country'),
    region: text('region'),
    homeTown: text('home_town'),
    address: text('address'),
    postcode: text('postcode'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('player_profiles_sex_check', sql`${table.sex} BETWEEN 0 AND 2`)],
);

/** Identity documents; only type `cpf` is read today (spec §3: document_number shown as cpf). */
export const playerDocuments = pgTable(
  'player_documents',
  {
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    number: text('number').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.type] })],
);

/** External identities (OIDC subject, Telegram user id) linked to a player. */
export const playerIdentities = pgTable(
  'player_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    email: text('email'),
    username: text('username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('player_identities_player_idx').on(table.playerId),
  ],
);

/** Password reset links: only the SHA-256 of the token is stored; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_player_idx').on(table.playerId)],
);

/**
 * The live confirmation code of a contact (one at a time: sending a new one replaces it). The code
 * is stored as an HMAC keyed with the app secret: six digits are too few to survive a plain hash.
 */
export const contactConfirmationCodes = pgTable('contact_confirmation_codes', {
  contactId: bigint('contact_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => playerContacts.id, { onDelete: 'cascade' }),
  codeHash: bytea('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Exchange rates for display (account.getcurrencyrates): how many `quote` one `base` buys, exact
 * decimals. Money never moves at these rates; the cashier converts nothing with them.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.base, table.quote] }),
    check('currency_rates_rate_check', sql`${table.rate} > 0`),
  ],
);
