import type { Db } from '@croupier/db/client';
import { asc, eq } from 'drizzle-orm';
import { currencies, locales } from './metadata.tables.ts';

export function createMetadataRepository(db: Db) {
  return {
    async activeCurrencies() {
      return db
        .select({ code: currencies.code, symbol: currencies.symbol, exponent: currencies.exponent })
        .from(currencies)
        .where(eq(currencies.isActive, true))
        .orderBy(asc(currencies.sortOrder), asc(currencies.code));
    },
    /** Every row, active or not: the seed checks each against packages/money. */
    async allCurrencies() {
      return db.select({ code: currencies.code, exponent: currencies.exponent }).from(currencies);
    },
    async activeLocales() {
      return db
        .select({ code: locales.code, language: locales.language, name: locales.name, dir: locales.dir })
        .from(locales)
        .where(eq(locales.isActive, true))
        .orderBy(asc(locales.sortOrder), asc(locales.code));
    },
    async upsertCurrency(row: typeof currencies.$inferInsert) {
      await db.insert(currencies).values(row).onConflictDoNothing();
    },
    async upsertLocale(row: typeof locales.$inferInsert) {
      await db.insert(locales).values(row).onConflictDoNothing();
    },
  };
}
