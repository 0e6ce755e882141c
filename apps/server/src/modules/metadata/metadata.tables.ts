import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Currencies the site offers, with their ISO 4217 minor-unit exponent. */
export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    symbol: text('symbol').notNull(),
    exponent: integer('exponent').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    check('currencies_code_check', sql`${table.code} ~ '^[A-Z]{3}$'`),
    check('currencies_exponent_check', sql`${table.exponent} BETWEEN 0 AND 4`),
  ],
);

/** Locales the site offers (spec §3 Locale: code, language, name, dir). */
export const locales = pgTable('locales', {
  code: text('code').primaryKey(),
  language: text('language').notNull(),
  name: text('name').notNull(),
  dir: text('dir').notNull().default('ltr'),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Seeds applied to this database (demo content loads once, never twice). */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
