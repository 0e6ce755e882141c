import { describe, expect, it } from 'vitest';
import { buildSearchText, normalizeSearchText, prefixTsQuery, searchWords } from './games.search.ts';

describe('search normaliser', () => {
  it('lower-cases, strips diacritics and splits on anything but letters and digits', () => {
    expect(normalizeSearchText('Crème-Brûlée 7!')).toBe('creme brulee 7');
    expect(normalizeSearchText('ROULETTE')).toBe('roulette');
    expect(normalizeSearchText('Nouveautés à gogo')).toBe('nouveautes a gogo');
    expect(normalizeSearchText('  «Émeraudes», saphirs…  ')).toBe('emeraudes saphirs');
    expect(normalizeSearchText('d’or')).toBe('d or');
  });

  it('spells out ligatures NFD does not split', () => {
    expect(normalizeSearchText('Cœur ÆSIR straße')).toBe('coeur aesir strasse');
  });

  it('composed and decomposed spellings normalise alike', () => {
    expect(normalizeSearchText('cre\u0300me')).toBe(normalizeSearchText('crème'));
  });

  it('builds search text of distinct words in first-seen order', () => {
    expect(buildSearchText(['Neon Reels', 'neon-reels', 'Croupier Originals', 'free-spins'])).toBe(
      'neon reels croupier originals free spins',
    );
  });

  it('reads a query as at most 8 distinct words of at most 32 characters', () => {
    expect(searchWords('  Crème   CREME crème ')).toEqual(['creme']);
    expect(searchWords('!!! ...')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('x'.repeat(50))[0]).toHaveLength(32);
  });

  it('makes every word a required prefix, with nothing of tsquery syntax left', () => {
    expect(prefixTsQuery(searchWords("ROUE & | ! ( ) : * ' européenne"))).toBe('roue:* & europeenne:*');
    for (const word of searchWords("a:*|b&c!(d)'e\\f")) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
  });
});
