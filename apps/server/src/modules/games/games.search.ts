/**
 * Search text for the game hall: the same normaliser builds a game's `search_text` and reads a
 * player's query, so "Crème", "creme" and "CREME" are one word. PostgreSQL matches the words with
 * full text search (`to_tsvector('simple', search_text)`, GIN-indexed) as prefixes.
 */

/** Letters NFD does not split into a base letter and a mark. */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

/** Longest query word kept, and how many words a query may hold. */
export const SEARCH_WORD_MAX_CHARS = 32;
export const SEARCH_MAX_WORDS = 8;

/**
 * Lower case, diacritics removed (NFD, marks dropped), ligatures spelled out, and every run of
 * anything but letters and digits turned into one space: `"Crème-Brûlée 7!"` → `"creme brulee 7"`.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[œæßøđłı]/g, (letter) => LIGATURES[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The distinct words of a game's searchable texts, in first-seen order, as one line. */
export function buildSearchText(parts: readonly string[]): string {
  const seen = new Set<string>();
  for (const part of parts) {
    for (const word of normalizeSearchText(part).split(' ')) if (word !== '') seen.add(word);
  }
  return [...seen].join(' ');
}

/** A query's words (at most SEARCH_MAX_WORDS, each cut to SEARCH_WORD_MAX_CHARS); none when blank. */
export function searchWords(query: string): string[] {
  const words = normalizeSearchText(query.slice(0, 200))
    .split(' ')
    .filter((word) => word !== '')
    .map((word) => word.slice(0, SEARCH_WORD_MAX_CHARS));
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}

/**
 * `to_tsquery('simple', …)` text: every word as a prefix, all required (`creme:* & brul:*`).
 * The words hold only letters and digits, so nothing in them is tsquery syntax.
 */
export function prefixTsQuery(words: readonly string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}
