import { describe, expect, test } from 'vitest';
import {
  EMPTY_HALL_QUERY,
  hallGamesInput,
  hallRequests,
  hallSearch,
  hasMoreGames,
  isFiltered,
  MAX_HALL_PAGES,
  parseHallQuery,
  parseProviders,
  resolveCategory,
  showMoreQuery,
  toggleProvider,
  withCategory,
  withFavourites,
} from './hall-query.ts';

const parse = (search: string) => parseHallQuery(new URLSearchParams(search));

describe('parseHallQuery', () => {
  test('reads category, providers, favourites and page', () => {
    expect(parse('?category=3&providers=northwind,lumen&page=2')).toEqual({
      category: '3',
      providers: ['northwind', 'lumen'],
      favourites: false,
      pages: 2,
    });
    expect(parse('?favourites=1')).toEqual({ ...EMPTY_HALL_QUERY, favourites: true });
    expect(parse('')).toEqual(EMPTY_HALL_QUERY);
  });

  test('drops what the API would refuse: bad names, duplicates, odd pages', () => {
    expect(parse('?providers=Northwind,,lumen,northwind,<script>,a%2Cb&category=%3Cx%3E&page=-4')).toEqual({
      category: null,
      providers: ['northwind', 'lumen', 'a', 'b'],
      favourites: false,
      pages: 1,
    });
    expect(parse('?page=abc').pages).toBe(1);
    expect(parse('?page=100000').pages).toBe(MAX_HALL_PAGES);
    expect(parse('?category=live').category).toBe('live');
  });

  test('repeated providers parameters are merged; at most 20 studios', () => {
    expect(parse('?providers=a&providers=b,c').providers).toEqual(['a', 'b', 'c']);
    const many = Array.from({ length: 30 }, (_, index) => `p${index}`).join(',');
    expect(parseProviders([many])).toHaveLength(20);
  });
});

describe('hallSearch and the transitions', () => {
  test('writes the query back with readable commas and no defaults', () => {
    expect(hallSearch(EMPTY_HALL_QUERY)).toBe('');
    expect(hallSearch({ category: '3', providers: ['a', 'b'], favourites: false, pages: 2 })).toBe(
      '?category=3&providers=a,b&page=2',
    );
    expect(hallSearch(parse(hallSearch(parse('?providers=x&page=3'))))).toBe('?providers=x&page=3');
  });

  test('a category keeps the studios and starts at page 1', () => {
    const query = parse('?providers=lumen&page=4&favourites=1');
    expect(hallSearch(withCategory(query, 7))).toBe('?category=7&providers=lumen');
    expect(hallSearch(withCategory(query, null))).toBe('?providers=lumen');
    expect(hallSearch(withFavourites(parse('?category=2&page=3')))).toBe('?favourites=1');
  });

  test('toggleProvider adds and removes, back to page 1', () => {
    const query = parse('?providers=lumen&page=3');
    expect(hallSearch(toggleProvider(query, 'northwind'))).toBe('?providers=lumen,northwind');
    expect(hallSearch(toggleProvider(query, 'Lumen'))).toBe('');
  });

  test('show more adds one page up to the limit', () => {
    expect(showMoreQuery(EMPTY_HALL_QUERY).pages).toBe(2);
    expect(showMoreQuery({ ...EMPTY_HALL_QUERY, pages: MAX_HALL_PAGES }).pages).toBe(MAX_HALL_PAGES);
  });

  test('isFiltered', () => {
    expect(isFiltered(EMPTY_HALL_QUERY)).toBe(false);
    expect(isFiltered({ ...EMPTY_HALL_QUERY, pages: 3 })).toBe(false);
    expect(isFiltered(parse('?providers=a'))).toBe(true);
  });
});

describe('hallRequests (spec §9: 18 a page, no call above 300)', () => {
  test('pages of 18 in one call while they fit', () => {
    expect(hallRequests(1)).toEqual([{ offset: 0, count: 18 }]);
    expect(hallRequests(3)).toEqual([{ offset: 0, count: 54 }]);
  });

  test('more than 300 games are read in windows of 300', () => {
    expect(hallRequests(20)).toEqual([
      { offset: 0, count: 300 },
      { offset: 300, count: 60 },
    ]);
    expect(hallRequests(0)).toEqual([{ offset: 0, count: 18 }]);
  });
});

describe('resolveCategory and hallGamesInput', () => {
  const categories = [
    { id: 1, slug: 'popular' },
    { id: 2, slug: 'slots' },
  ];

  test('an id, a slug, nothing, or a category that does not exist', () => {
    expect(resolveCategory('2', categories)).toBe(2);
    expect(resolveCategory('popular', categories)).toBe(1);
    expect(resolveCategory(null, categories)).toBeUndefined();
    expect(resolveCategory('live', categories)).toBeNull();
    expect(resolveCategory('99', categories)).toBeNull();
  });

  test('builds the games.get input of a window', () => {
    const window = { offset: 0, count: 18 };
    expect(hallGamesInput(parse('?providers=a,b'), { categoryId: 2, favourites: null, window })).toEqual({
      offset: 0,
      count: 18,
      sort: 'priority',
      order: 'asc',
      category: 2,
      providers: 'a,b',
    });
    expect(hallGamesInput(EMPTY_HALL_QUERY, { categoryId: undefined, favourites: null, window })).toEqual({
      offset: 0,
      count: 18,
      sort: 'priority',
      order: 'asc',
    });
  });

  test('known-empty answers make no call: an unknown category, no favourites', () => {
    const window = { offset: 0, count: 18 };
    expect(hallGamesInput(EMPTY_HALL_QUERY, { categoryId: null, favourites: null, window })).toBeNull();
    expect(
      hallGamesInput(parse('?favourites=1'), { categoryId: undefined, favourites: [], window }),
    ).toBeNull();
    expect(
      hallGamesInput(parse('?favourites=1'), { categoryId: undefined, favourites: ['x', 'y'], window }),
    ).toMatchObject({ sysnames: 'x,y' });
  });

  test('hasMoreGames', () => {
    expect(hasMoreGames(18, 40, EMPTY_HALL_QUERY)).toBe(true);
    expect(hasMoreGames(40, 40, EMPTY_HALL_QUERY)).toBe(false);
    expect(hasMoreGames(18, 4000, { ...EMPTY_HALL_QUERY, pages: MAX_HALL_PAGES })).toBe(false);
  });
});
