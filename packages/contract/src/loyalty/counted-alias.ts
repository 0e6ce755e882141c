/**
 * The loyalty points alias after a count (zod-free, for the pages: the menu shows points on every
 * page). The programme's alias is the plural ("coins", "jetons"); its singular, where the operator
 * gave one, follows a count the language calls "one".
 */
import type { Locale } from '../locales.ts';

/** "1 coin", "2 coins"; in French "0 jeton", "1 jeton", "2 jetons" (Intl.PluralRules). */
export function countedAlias(count: number, alias: PointsAlias, locale: Locale): string {
  return new Intl.PluralRules(locale).select(count) === 'one' ? alias.pointsAliasOne : alias.pointsAlias;
}

/** A programme's alias in one language: the plural, and the singular (the plural where none is set). */
export interface PointsAlias {
  pointsAlias: string;
  pointsAliasOne: string;
}
