/**
 * The game hall end to end on real PostgreSQL: the seeded catalogue through games.get and every
 * option (filters, paging, sorts, fields, accent-insensitive search in English and French,
 * tournament options, malformed input), categories, studios, favourites, the player's rounds and
 * their CSV export built by the background worker, winners, freespin packs, the launcher and the
 * game art.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CATALOGUE_GAMES } from './games.catalogue.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Envelope<T = unknown> {
  status: 0 | 1;
  data: T;
  error: { type: string; code: string; message: string; fields?: Record<string, string> };
}

async function get<T = unknown>(method: string, params: Record<string, string> = {}, cookie?: string) {
  const query = new URLSearchParams(params).toString();
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/${method}${query ? `?${query}` : ''}`,
    headers: cookie ? { cookie } : {},
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

async function post<T = unknown>(method: string, body: Record<string, unknown>, cookie?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${method}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

interface GameItem {
  id?: number;
  sysname: string;
  name?: string;
  type?: string;
  provider?: { sysname: string; name: string };
  description?: { name: string; img_288_192: string };
  tags?: string[];
  categories?: number[];
  rtp?: string | null;
  [key: string]: unknown;
}

async function games(params: Record<string, string> = {}) {
  const answer = await get<{ items: GameItem[]; total: number }>('games.get', params);
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
  return answer.body.data;
}

async function sysnames(params: Record<string, string>): Promise<string[]> {
  return (await games({ count: '300', ...params })).items.map((g) => g.sysname).sort();
}

async function gameId(sysname: string): Promise<bigint> {
  const rows = await t.database.db.execute<{ id: bigint }>(
    sql`SELECT id FROM games WHERE sysname = ${sysname}`,
  );
  return rows.rows[0]!.id;
}

async function openGameSession(playerId: bigint, sysname: string, mode = 'real'): Promise<bigint> {
  const rows = await t.database.db.execute<{ id: bigint }>(sql`
    INSERT INTO game_sessions (token_hash, provider, player_id, game_id, mode, currency, expires_at)
    VALUES (decode(md5(random()::text || clock_timestamp()::text), 'hex'), 'croupier-rgs', ${playerId},
            ${await gameId(sysname)}, ${mode}, 'EUR', now() + interval '1 hour')
    RETURNING id`);
  return rows.rows[0]!.id;
}

let roundCounter = 0;
async function insertRound(
  playerId: bigint,
  sysname: string,
  options: {
    id?: string;
    mode?: 'real' | 'demo';
    bet: bigint;
    win: bigint;
    status?: 'open' | 'closed' | 'rolled_back';
    createdAt?: Date;
    closedAt?: Date | null;
    currency?: string;
  },
): Promise<string> {
  roundCounter += 1;
  const id = options.id ?? `r-${roundCounter}-${Date.now()}`;
  const mode = options.mode ?? 'real';
  const session = await openGameSession(playerId, sysname, mode);
  const status = options.status ?? 'closed';
  const createdAt = options.createdAt ?? new Date();
  const closedAt = options.closedAt === undefined ? (status === 'open' ? null : createdAt) : options.closedAt;
  await t.database.db.execute(sql`
    INSERT INTO game_rounds (provider, provider_round_id, player_id, game_id, session_id, mode, currency,
                             bet_minor, win_minor, status, created_at, closed_at)
    VALUES ('croupier-rgs', ${id}, ${playerId}, ${await gameId(sysname)}, ${session}, ${mode},
            ${options.currency ?? 'EUR'}, ${options.bet}, ${options.win}, ${status}, ${createdAt.toISOString()},
            ${closedAt?.toISOString() ?? null})`);
  return id;
}

describe('games.get', () => {
  it('lists the seeded catalogue, highest priority first, 18 a page by default', async () => {
    const data = await games();
    expect(data.total).toBe(CATALOGUE_GAMES.length);
    expect(data.items).toHaveLength(CATALOGUE_GAMES.length);
    const expected = [...CATALOGUE_GAMES].sort((a, b) => b.priority - a.priority).map((g) => g.sysname);
    expect(data.items.map((g) => g.sysname)).toEqual(expected);
    expect(data.items[0]!.sysname).toBe('neon-reels');
  });

  it('answers every Game field', async () => {
    const [game] = (await games({ sysnames: 'european-roulette' })).items;
    expect(game).toEqual({
      id: expect.any(Number),
      sysname: 'european-roulette',
      name: 'European Roulette',
      type: 'casino',
      provider: { sysname: 'croupier-originals', name: 'Croupier Originals' },
      image_url: '/media/games/european-roulette.svg',
      description: {
        name: expect.stringContaining('Single-zero roulette'),
        img_288_192: '/media/games/european-roulette.svg',
      },
      tags: ['classic', 'provably-fair', 'roulette', 'table'],
      categories: expect.any(Array),
      rtp: '97.30',
      has_demo: true,
      custom_code: null,
      canAccessSlotWithZeroBalance: false,
      canVisibleFavoriteIcon: true,
      visibleFullScreen: true,
      contentViewType: 'iframe',
    });
    expect(game!.categories).toHaveLength(4);
    for (const item of (await games({ count: '300' })).items) expect(item.rtp).toMatch(/^\d{2}\.\d{2}$/);
  });

  it('localises the description', async () => {
    const fr = await get<{ items: GameItem[] }>('games.get', { sysnames: 'tidal-treasure', locale: 'fr' });
    expect(fr.body.data.items[0]!.description!.name).toContain('crème des trésors');
    const en = await get<{ items: GameItem[] }>('games.get', { sysnames: 'tidal-treasure', locale: 'en' });
    expect(en.body.data.items[0]!.description!.name).toContain('Dive for sunken chests');
  });

  it('pages with offset and count', async () => {
    const all = (await games({ count: '300' })).items.map((g) => g.sysname);
    const page = await games({ offset: '5', count: '4' });
    expect(page.total).toBe(all.length);
    expect(page.items.map((g) => g.sysname)).toEqual(all.slice(5, 9));
    const beyond = await games({ offset: '100' });
    expect(beyond).toEqual({ items: [], total: all.length });
  });

  it('sorts by priority, name and newness in both orders', async () => {
    const byPriority = (await games({ count: '300' })).items.map((g) => g.sysname);
    const reversed = (await games({ count: '300', order: 'desc' })).items.map((g) => g.sysname);
    expect(reversed).toEqual([...byPriority].reverse());
    const names = (await games({ count: '300', sort: 'name' })).items.map((g) => g.name!);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names[0]).toBe('Aurora Reels');
    const namesDesc = (await games({ count: '300', sort: 'name', order: 'desc' })).items.map((g) => g.name);
    expect(namesDesc).toEqual([...names].reverse());
    await t.database.db.execute(
      sql`UPDATE games SET created_at = now() + interval '1 minute' WHERE sysname = 'deep-sea-plinko'`,
    );
    expect((await games({ sort: 'new' })).items[0]!.sysname).toBe('deep-sea-plinko');
    const oldest = (await games({ sort: 'new', order: 'desc', count: '300' })).items;
    expect(oldest[oldest.length - 1]!.sysname).toBe('deep-sea-plinko');
  });

  it('projects fields, always with the sysname', async () => {
    const data = await games({ fields: 'name,rtp', count: '3' });
    for (const item of data.items) expect(Object.keys(item).sort()).toEqual(['name', 'rtp', 'sysname']);
    const onlyTags = await games({ fields: 'tags', sysnames: 'lucky-dice' });
    expect(onlyTags.items).toEqual([{ sysname: 'lucky-dice', tags: ['dice', 'gems', 'instant'] }]);
  });

  it('filters by types, providers, tags, category and sysnames', async () => {
    expect(await sysnames({ types: 'fast' })).toEqual(
      ['deep-sea-plinko', 'dice-duel', 'lucky-dice', 'plinko-drop', 'polar-plinko'].sort(),
    );
    expect((await sysnames({ types: 'slot,casino' })).length).toBe(8);
    expect(await sysnames({ types: 'live' })).toEqual([]);
    expect(await sysnames({ providers: 'northwind,tidewater' })).toEqual(
      ['aurora-reels', 'deep-sea-plinko', 'frost-blackjack', 'polar-plinko', 'tidal-treasure'].sort(),
    );
    expect(await sysnames({ tags: 'roulette' })).toEqual(['european-roulette', 'roulette-royale']);
    expect(await sysnames({ tags: 'roulette,blackjack' })).toHaveLength(4);
    expect(await sysnames({ sysnames: 'neon-reels,lucky-dice,nope' })).toEqual(['lucky-dice', 'neon-reels']);
    expect(await sysnames({ types: 'fast', providers: 'lumen' })).toEqual(['lucky-dice']);
    const categories = await get<{ items: { id: number; slug: string }[] }>('games.getCategories');
    const slots = categories.body.data.items.find((c) => c.slug === 'slots')!;
    expect(await sysnames({ category: String(slots.id) })).toEqual(
      ['aurora-reels', 'gem-cascade', 'neon-reels', 'tidal-treasure'].sort(),
    );
    expect(await sysnames({ category: '999999' })).toEqual([]);
  });

  it('searches accent- and case-insensitively in English and French', async () => {
    expect(await sysnames({ query: 'ROULETTE' })).toEqual(['european-roulette', 'roulette-royale']);
    // "crème" is only in a French description: found on the French site only.
    const fr = { locale: 'fr' };
    expect(await sysnames({ query: 'crème', ...fr })).toEqual(['tidal-treasure']);
    expect(await sysnames({ query: 'creme', ...fr })).toEqual(['tidal-treasure']);
    expect(await sysnames({ query: 'CRÈME', ...fr })).toEqual(['tidal-treasure']);
    expect(await sysnames({ query: 'crème' })).toEqual([]);
    // French-only words.
    expect(await sysnames({ query: 'engloutis', ...fr })).toEqual(['tidal-treasure']);
    expect(await sysnames({ query: 'émeraudes', ...fr })).toEqual(['gem-cascade']);
    expect(await sysnames({ query: 'emeraudes', ...fr })).toEqual(['gem-cascade']);
    expect(await sysnames({ query: 'séparer', ...fr })).toEqual(['blackjack-classic', 'frost-blackjack']);
    expect(await sysnames({ query: 'emeraudes' })).toEqual([]);
    // "roul" on the English site: the roulettes, not the slots whose French text says "rouleaux".
    expect(await sysnames({ query: 'roul' })).toEqual(['european-roulette', 'roulette-royale']);
    expect(await sysnames({ query: 'roul', ...fr })).toEqual(
      ['aurora-reels', 'european-roulette', 'gem-cascade', 'roulette-royale', 'tidal-treasure'].sort(),
    );
    // An English-only description word is not found on the French site; shared words are.
    expect(await sysnames({ query: 'sunken', ...fr })).toEqual([]);
    expect(await sysnames({ query: 'Northwind', ...fr })).toHaveLength(3);
    // English words, studio names, tags and prefixes.
    expect(await sysnames({ query: 'sunken' })).toEqual(['tidal-treasure']);
    expect(await sysnames({ query: 'Northwind' })).toEqual([
      'aurora-reels',
      'frost-blackjack',
      'polar-plinko',
    ]);
    expect(await sysnames({ query: 'plin' })).toEqual(['deep-sea-plinko', 'plinko-drop', 'polar-plinko']);
    expect(await sysnames({ query: 'provably-fair' })).toHaveLength(5);
    // Every word must match.
    expect(await sysnames({ query: 'plinko ocean' })).toEqual(['deep-sea-plinko']);
    expect(await sysnames({ query: 'plinko', providers: 'northwind' })).toEqual(['polar-plinko']);
    // Inside a word.
    expect(await sysnames({ query: 'ngloutis', locale: 'fr' })).toEqual(['tidal-treasure']);
    expect(await sysnames({ query: 'ngloutis' })).toEqual([]);
    expect(await sysnames({ query: 'eels' })).toContain('neon-reels');
    expect(await sysnames({ query: 'zzzqqq' })).toEqual([]);
    // Syntax of tsquery or LIKE is just text.
    expect(await sysnames({ query: "' & | ! ( ) :* % _ \\" })).toHaveLength(CATALOGUE_GAMES.length);
    expect(await sysnames({ query: '100%' })).toEqual([]);
  });

  it('keeps one lower-cased, accent-free search text per locale', async () => {
    const rows = await t.database.db.execute<{ search_text_en: string; search_text_fr: string }>(
      sql`SELECT search_text_en, search_text_fr FROM games WHERE sysname = 'tidal-treasure'`,
    );
    const { search_text_en: en, search_text_fr: fr } = rows.rows[0]!;
    expect(fr).toContain('creme');
    expect(en).not.toContain('creme');
    expect(en).toContain('sunken');
    expect(fr).not.toContain('sunken');
    for (const text of [en, fr]) {
      expect(text).toContain('tidewater');
      expect(text).not.toMatch(/[A-ZÀ-ÿ]/);
    }
  });

  it('answers an unknown tournament options list with no games', async () => {
    expect(await games({ options: '{"id":999999,"type":"tournament"}', count: '12' })).toEqual({
      items: [],
      total: 0,
    });
  });

  it('refuses malformed options and parameters with InvalidParameterException', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ options: '{bad json' }, 'options'],
      [{ options: '{"type":"league"}' }, 'options'],
      [{ options: '{"id":"x","type":"tournament"}' }, 'options'],
      [{ count: '301' }, 'count'],
      [{ count: '0' }, 'count'],
      [{ offset: '-1' }, 'offset'],
      [{ sort: 'random' }, 'sort'],
      [{ order: 'up' }, 'order'],
      [{ types: 'slot,bingo' }, 'types'],
      [{ fields: 'name,password' }, 'fields'],
      [{ providers: 'Bad Studio!' }, 'providers'],
      [{ category: 'abc' }, 'category'],
      [{ query: 'x'.repeat(101) }, 'query'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [params, field] of cases) {
      const answer = await get('games.get', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.body.error.type).toBe('InvalidParameterException');
      expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
    }
  });
});

describe('games.getCategories and games.getProviders', () => {
  it('lists categories in order, localised, with their game counts', async () => {
    const en = await get<{
      items: { id: number; slug: string; name: string; icon: string | null; games_count: number }[];
    }>('games.getCategories');
    expect(en.body.data.items.map((c) => c.slug)).toEqual([
      'popular',
      'new',
      'slots',
      'table-games',
      'fast-games',
      'originals',
      'low-stakes',
    ]);
    const slots = en.body.data.items.find((c) => c.slug === 'slots')!;
    expect(slots).toEqual({
      id: expect.any(Number),
      slug: 'slots',
      name: 'Slots',
      icon: 'slot',
      games_count: 4,
    });
    for (const category of en.body.data.items) {
      expect((await games({ category: String(category.id) })).total).toBe(category.games_count);
    }
    // Within a category the hall order is the games' priority.
    const popular = en.body.data.items.find((c) => c.slug === 'popular')!;
    expect((await games({ category: String(popular.id) })).items.map((g) => g.sysname)).toEqual([
      'neon-reels',
      'european-roulette',
      'blackjack-classic',
      'plinko-drop',
      'gem-cascade',
    ]);
    const fr = await get<{ items: { slug: string; name: string }[] }>('games.getCategories', {
      locale: 'fr',
    });
    expect(fr.body.data.items.find((c) => c.slug === 'slots')!.name).toBe('Machines à sous');
    expect(fr.body.data.items.find((c) => c.slug === 'new')!.name).toBe('Nouveautés');
  });

  it('lists studios with counts, game_params on request, narrowed by game types', async () => {
    const plain = await get<{ items: Record<string, unknown>[] }>('games.getProviders');
    expect(plain.body.data.items).toEqual([
      { sysname: 'croupier-originals', name: 'Croupier Originals', logo_url: null, games_count: 5 },
      { sysname: 'northwind', name: 'Northwind Studio', logo_url: null, games_count: 3 },
      { sysname: 'lumen', name: 'Lumen Gaming', logo_url: null, games_count: 3 },
      { sysname: 'tidewater', name: 'Tidewater Games', logo_url: null, games_count: 2 },
    ]);
    const params = await get<{ items: { game_params?: Record<string, unknown> }[] }>('games.getProviders', {
      fields: 'game_params',
    });
    expect(params.body.data.items[0]!.game_params).toMatchObject({ provably_fair: true });
    const casino = await get<{ items: { sysname: string; games_count: number }[] }>('games.getProviders', {
      types: 'casino',
    });
    expect(casino.body.data.items.map((p) => [p.sysname, p.games_count])).toEqual([
      ['croupier-originals', 2],
      ['northwind', 1],
      ['lumen', 1],
    ]);
    expect(
      (await get<{ items: unknown[] }>('games.getProviders', { types: 'live' })).body.data.items,
    ).toEqual([]);
    expect((await get('games.getProviders', { types: 'poker' })).body.error.type).toBe(
      'InvalidParameterException',
    );
  });
});

describe('favourites', () => {
  it('needs a signed-in player', async () => {
    expect((await get('games.getLikes')).body.error.type).toBe('AuthorizationException');
    expect((await post('games.addLike', { sysname: 'neon-reels' })).body.error.type).toBe(
      'AuthorizationException',
    );
    expect((await post('games.removeLike', { sysname: 'neon-reels' })).body.error.type).toBe(
      'AuthorizationException',
    );
  });

  it('adds and removes idempotently and lists most recent first', async () => {
    const player = await t.createPlayer();
    expect((await post('games.addLike', { sysname: 'neon-reels' }, player.cookie)).body).toEqual({
      status: 1,
      data: 1,
    });
    expect((await post('games.addLike', { sysname: 'neon-reels' }, player.cookie)).body.data).toBe(1);
    await t.database.db.execute(sql`UPDATE game_likes SET created_at = created_at - interval '1 minute'`);
    expect((await post('games.addLike', { sysname: 'LUCKY-DICE' }, player.cookie)).body.data).toBe(1);
    expect((await get('games.getLikes', {}, player.cookie)).body.data).toEqual({
      sysnames: ['lucky-dice', 'neon-reels'],
    });
    const other = await t.createPlayer();
    expect((await get('games.getLikes', {}, other.cookie)).body.data).toEqual({ sysnames: [] });
    expect((await post('games.removeLike', { sysname: 'neon-reels' }, player.cookie)).body.data).toBe(1);
    expect((await post('games.removeLike', { sysname: 'neon-reels' }, player.cookie)).body.data).toBe(1);
    expect((await get('games.getLikes', {}, player.cookie)).body.data).toEqual({ sysnames: ['lucky-dice'] });
  });

  it('refuses unknown games with a typed error and GET for a mutation', async () => {
    const player = await t.createPlayer();
    for (const method of ['games.addLike', 'games.removeLike']) {
      const answer = await post(method, { sysname: 'no-such-game' }, player.cookie);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        type: 'InvalidParameterException',
        fields: { sysname: 'not_found' },
        message: 'Some parameters are invalid: sysname.',
      });
      const french = await post(`${method}?locale=fr`, { sysname: 'no-such-game' }, player.cookie);
      expect(french.body.error).toMatchObject({
        message: 'Certains paramètres sont invalides : sysname.',
      });
      const malformed = await post(method, { sysname: '<script>' }, player.cookie);
      expect(malformed.body.error.type).toBe('InvalidParameterException');
      const missing = await post(method, {}, player.cookie);
      expect(missing.body.error.type).toBe('InvalidParameterException');
    }
    const viaGet = await get('games.addLike', { sysname: 'neon-reels' }, player.cookie);
    expect(viaGet.body.error).toMatchObject({ type: 'InvalidRequestException', code: 'post_required' });
    const rows = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM game_likes WHERE player_id = ${player.id}`,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('games.getHistory', () => {
  it('needs a player and shows only their own rounds, newest first, with money as text', async () => {
    expect((await get('games.getHistory')).body.error.type).toBe('AuthorizationException');
    const me = await t.createPlayer();
    const someone = await t.createPlayer();
    const base = Date.now() - 60_000;
    await insertRound(me.id, 'neon-reels', { id: 'me-1', bet: 100n, win: 0n, createdAt: new Date(base) });
    await insertRound(me.id, 'dice-duel', {
      id: 'me-2',
      mode: 'demo',
      bet: 250n,
      win: 495n,
      createdAt: new Date(base + 1000),
    });
    await insertRound(me.id, 'neon-reels', {
      id: 'me-3',
      bet: 50n,
      win: 0n,
      status: 'open',
      createdAt: new Date(base + 2000),
    });
    await insertRound(someone.id, 'neon-reels', { id: 'theirs-1', bet: 100n, win: 5000n });

    const history = await get<{ items: Record<string, unknown>[]; total: number }>(
      'games.getHistory',
      {},
      me.cookie,
    );
    expect(history.body.data.total).toBe(3);
    expect(history.body.data.items.map((r) => r.id)).toEqual(['me-3', 'me-2', 'me-1']);
    expect(history.body.data.items[1]).toEqual({
      id: 'me-2',
      game: { sysname: 'dice-duel', name: 'Dice Duel' },
      mode: 'demo',
      bet: { amount: '2.50', currency: 'EUR' },
      win: { amount: '4.95', currency: 'EUR' },
      status: 'closed',
      created_at: new Date(base + 1000).toISOString(),
      closed_at: new Date(base + 1000).toISOString(),
    });
    expect(history.body.data.items[0]).toMatchObject({ status: 'open', closed_at: null });

    const oneGame = await get<{ items: { id: string }[]; total: number }>(
      'games.getHistory',
      { sysname: 'neon-reels' },
      me.cookie,
    );
    expect(oneGame.body.data.items.map((r) => r.id)).toEqual(['me-3', 'me-1']);
    expect(oneGame.body.data.total).toBe(2);
    const paged = await get<{ items: { id: string }[]; total: number }>(
      'games.getHistory',
      { offset: '1', count: '1' },
      me.cookie,
    );
    expect(paged.body.data).toEqual({ items: [expect.objectContaining({ id: 'me-2' })], total: 3 });
    expect((await get('games.getHistory', { count: '101' }, me.cookie)).body.error.type).toBe(
      'InvalidParameterException',
    );
  });
});

describe('history export', () => {
  async function waitReady(cookie: string, id: number) {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const answer = await get<{ status: string; download_url: string | null; row_count: number | null }>(
        'games.gethistoryexportrequest',
        { id: String(id) },
        cookie,
      );
      if (answer.body.data.status === 'ready' || answer.body.data.status === 'failed')
        return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('export never finished');
  }

  it('builds the CSV of the player own rounds in the background, for its owner only', async () => {
    const owner = await t.createPlayer();
    const stranger = await t.createPlayer();
    expect((await post('games.createhistoryexportrequest', {})).body.error.type).toBe(
      'AuthorizationException',
    );
    expect((await get('games.gethistoryexportrequest', {}, owner.cookie)).body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { id: 'not_found' },
    });
    await insertRound(owner.id, 'neon-reels', { id: '=HYPERLINK("http://x","y")', bet: 100n, win: 250n });
    await insertRound(owner.id, 'european-roulette', { id: 'plain,with"quote', bet: 1000n, win: 0n });
    await insertRound(stranger.id, 'neon-reels', { id: 'stranger-round', bet: 100n, win: 0n });

    const created = await post<{ id: number; status: string }>(
      'games.createhistoryexportrequest',
      {},
      owner.cookie,
    );
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      status: expect.stringMatching(/^(pending|ready)$/),
    });
    const { id } = created.body.data;
    const done = await waitReady(owner.cookie, id);
    expect(done).toEqual({
      id,
      status: 'ready',
      created_at: expect.any(String),
      finished_at: expect.any(String),
      row_count: 2,
      download_url: `/api/games/history-export/${id}.csv`,
    });
    // The latest is answered without an id.
    expect((await get<{ id: number }>('games.gethistoryexportrequest', {}, owner.cookie)).body.data.id).toBe(
      id,
    );

    const download = await t.app.inject({
      method: 'GET',
      url: done.download_url!,
      headers: { cookie: owner.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="game-history-${id}.csv"`);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const lines = download.body.split('\r\n');
    expect(lines[0]).toBe('round_id,game,game_name,mode,currency,bet,win,status,created_at,closed_at');
    expect(lines[1]).toMatch(
      /^"plain,with""quote",european-roulette,European Roulette,real,EUR,10\.00,0\.00,closed,/,
    );
    expect(lines[2]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/x"",""y""\)",neon-reels,Neon Reels,real,EUR,1\.00,2\.50,closed,/,
    );
    expect(lines[3]).toBe('');
    expect(download.body).not.toContain('stranger-round');

    for (const cookie of [stranger.cookie, undefined]) {
      const denied = await t.app.inject({
        method: 'GET',
        url: done.download_url!,
        headers: cookie ? { cookie } : {},
      });
      expect(denied.statusCode).toBe(404);
      expect(denied.body).not.toContain('HYPERLINK');
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/games/history-export/abc.csv',
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await get('games.gethistoryexportrequest', { id: String(id) }, stranger.cookie)).body.error,
    ).toMatchObject({
      type: 'InvalidParameterException',
      fields: { id: 'not_found' },
    });
  });

  it('keeps at most one pending request per player and honours the time window', async () => {
    const player = await t.createPlayer();
    const old = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    await insertRound(player.id, 'dice-duel', { id: 'old-round', bet: 100n, win: 0n, createdAt: old });
    await insertRound(player.id, 'dice-duel', { id: 'new-round', bet: 100n, win: 198n });
    // Stop the worker so the request stays pending while asked again.
    await t.app.services.games.stop();
    try {
      const from = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
      const first = await post<{ id: number; status: string }>(
        'games.createhistoryexportrequest',
        { from },
        player.cookie,
      );
      expect(first.body.data.status).toBe('pending');
      const [second, third] = await Promise.all([
        post<{ id: number }>('games.createhistoryexportrequest', {}, player.cookie),
        post<{ id: number }>('games.createhistoryexportrequest', {}, player.cookie),
      ]);
      expect(second.body.data.id).toBe(first.body.data.id);
      expect(third.body.data.id).toBe(first.body.data.id);
      const pending = await get<{ status: string; download_url: string | null }>(
        'games.gethistoryexportrequest',
        {},
        player.cookie,
      );
      expect(pending.body.data).toMatchObject({ status: 'pending', download_url: null });
      expect(await t.app.services.games.processExports()).toBeGreaterThanOrEqual(1);
      const ready = await get<{ status: string; row_count: number; download_url: string }>(
        'games.gethistoryexportrequest',
        {},
        player.cookie,
      );
      expect(ready.body.data).toMatchObject({ status: 'ready', row_count: 1 });
      const csv = await t.app.inject({
        method: 'GET',
        url: ready.body.data.download_url,
        headers: { cookie: player.cookie },
      });
      expect(csv.body).toContain('new-round');
      expect(csv.body).not.toContain('old-round');
      // Once ready, a new request is a new export.
      const next = await post<{ id: number; status: string }>(
        'games.createhistoryexportrequest',
        {},
        player.cookie,
      );
      expect(next.body.data.id).not.toBe(first.body.data.id);
    } finally {
      t.app.services.games.start();
    }
  });

  it('builds requests left pending (by another node) on its own poll, each exactly once', async () => {
    const players = [await t.createPlayer(), await t.createPlayer(), await t.createPlayer()];
    for (const [index, player] of players.entries()) {
      await insertRound(player.id, 'lucky-dice', { id: `poll-${index}`, bet: 100n, win: 0n });
    }
    // Rows as another node's request would leave them; nothing here tells the worker about them.
    await t.database.db.execute(sql`
      INSERT INTO game_history_exports (player_id)
      SELECT unnest(${sql.raw(`ARRAY[${players.map((p) => p.id).join(',')}]::bigint[]`)})`);
    // Two passes racing (as two nodes would) plus the worker's own loop: SKIP LOCKED shares the rows.
    await Promise.all([t.app.services.games.processExports(), t.app.services.games.processExports()]);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const rows = await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM game_history_exports WHERE status <> 'ready'`,
      );
      if (rows.rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rows = await t.database.db.execute<{
      player_id: bigint;
      status: string;
      attempts: number;
      csv: string;
    }>(
      sql`SELECT player_id, status, attempts, csv FROM game_history_exports
          WHERE player_id IN (${sql.raw(players.map((p) => p.id).join(','))}) ORDER BY id`,
    );
    expect(rows.rows.map((row) => [row.status, row.attempts])).toEqual([
      ['ready', 1],
      ['ready', 1],
      ['ready', 1],
    ]);
    for (const [index, row] of rows.rows.entries()) {
      expect(row.csv).toContain(`poll-${index},lucky-dice`);
      expect(row.csv.split('\r\n')).toHaveLength(3);
    }
  });

  it('refuses bad windows with InvalidParameterException and writes nothing', async () => {
    const player = await t.createPlayer();
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2025-02-01', to: '2025-01-01' }, 'from'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2025-13-45' }, 'to'],
      [{ from: 12 }, 'from'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const answer = await post('games.createhistoryexportrequest', body, player.cookie);
      expect(answer.body.error.type, JSON.stringify(body)).toBe('InvalidParameterException');
      expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
    }
    const rows = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM game_history_exports WHERE player_id = ${player.id}`,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('games.getWinners', () => {
  it('lists big real-money wins newest first, then the largest, with masked players', async () => {
    // Rounds of the other tests of this file would be winners too: start from none.
    await t.database.db.execute(sql`DELETE FROM game_rounds`);
    const winner = await t.createPlayer('marian.secret@example.test');
    await t.database.db.execute(sql`UPDATE players SET fakename = 'marian' WHERE id = ${winner.id}`);
    const anonymous = await t.createPlayer('jonathan.private@example.test');
    const now = Date.now();
    await insertRound(winner.id, 'neon-reels', { bet: 100n, win: 1250n, createdAt: new Date(now - 5000) });
    await insertRound(anonymous.id, 'plinko-drop', {
      bet: 200n,
      win: 5000n,
      createdAt: new Date(now - 3000),
    });
    // Not listed: demo, open, rolled back, lost.
    await insertRound(winner.id, 'neon-reels', { mode: 'demo', bet: 100n, win: 100_000n });
    await insertRound(winner.id, 'neon-reels', { status: 'open', bet: 100n, win: 0n });
    await insertRound(winner.id, 'neon-reels', { status: 'rolled_back', bet: 100n, win: 9000n });
    await insertRound(winner.id, 'neon-reels', { bet: 100n, win: 0n });
    // A small win: only as a filler after the big ones.
    await insertRound(anonymous.id, 'dice-duel', { bet: 100n, win: 198n, createdAt: new Date(now - 1000) });

    const answer = await get<{ items: Record<string, unknown>[] }>('games.getWinners', { count: '3' });
    const items = answer.body.data.items;
    expect(items.map((w) => (w.game as { sysname: string }).sysname)).toEqual([
      'plinko-drop',
      'neon-reels',
      'dice-duel',
    ]);
    expect(items[1]).toEqual({
      game: { sysname: 'neon-reels', name: 'Neon Reels', image_url: '/media/games/neon-reels.svg' },
      player: 'ma***n',
      amount: { amount: '12.50', currency: 'EUR' },
      multiplier: 'x12.5',
      at: new Date(now - 5000).toISOString(),
    });
    expect(items[0]).toMatchObject({ player: 'jo***e', multiplier: 'x25' });
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('jonathan');
    expect(text).not.toContain('example.test');
    expect(text).not.toMatch(/"(id|uid|player_id|login|email)"/);
    expect(
      (await get<{ items: unknown[] }>('games.getWinners', { count: '1' })).body.data.items,
    ).toHaveLength(1);
    expect((await get('games.getWinners', { count: '51' })).body.error.type).toBe(
      'InvalidParameterException',
    );
  });
});

describe('freespins.get', () => {
  it('needs a player and lists active packs by default, all on request', async () => {
    expect((await get('freespins.get')).body.error.type).toBe('AuthorizationException');
    const player = await t.createPlayer();
    const other = await t.createPlayer();
    const game = await gameId('neon-reels');
    await t.database.db.execute(sql`
      INSERT INTO freespin_packs (player_id, game_id, total_count, remaining_count, currency, bet_minor, status, description, expires_at)
      VALUES
        (${player.id}, ${game}, 20, 12, 'EUR', 20, 'active', '{"en":"Welcome spins","fr":"Tours de bienvenue"}', now() + interval '3 days'),
        (${player.id}, ${game}, 10, 0, 'EUR', 10, 'used', NULL, NULL),
        (${player.id}, ${game}, 10, 10, 'EUR', 10, 'active', NULL, now() - interval '1 day'),
        (${other.id}, ${game}, 50, 50, 'EUR', 10, 'active', NULL, NULL)`);
    const active = await get<{ items: Record<string, unknown>[] }>('freespins.get', {}, player.cookie);
    expect(active.body.data.items).toEqual([
      {
        id: expect.any(Number),
        game: { sysname: 'neon-reels', name: 'Neon Reels' },
        remaining_count: 12,
        total_count: 20,
        bet: { amount: '0.20', currency: 'EUR' },
        status: 'active',
        description: 'Welcome spins',
        expires_at: expect.any(String),
      },
    ]);
    const fr = await get<{ items: { description: string }[] }>(
      'freespins.get',
      { fields: 'description', status: 'active', count: '99', locale: 'fr' },
      player.cookie,
    );
    expect(fr.body.data.items[0]!.description).toBe('Tours de bienvenue');
    const all = await get<{ items: { status: string }[] }>('freespins.get', { status: 'all' }, player.cookie);
    expect(all.body.data.items.map((p) => p.status)).toEqual(['active', 'used', 'active']);
    expect((await get('freespins.get', { count: '100' }, player.cookie)).body.error.type).toBe(
      'InvalidParameterException',
    );
    expect((await get('freespins.get', { status: 'used' }, player.cookie)).body.error.type).toBe(
      'InvalidParameterException',
    );
  });
});

describe('launcher', () => {
  async function launch(path: string, cookie?: string) {
    const response = await t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const location = String(response.headers.location);
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    return new URL(location, 'http://local.test');
  }

  it('sends a guest to demo play without a token', async () => {
    const url = await launch('/platform/game/neon-reels/play?mode=demo&lang=en');
    expect(url.pathname).toBe('/rgs/launch');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      game: 'neon-reels',
      mode: 'demo',
      lang: 'en',
      currency: 'EUR',
      lobby_url: '/gamehall',
    });
    const fr = await launch('/platform/game/plinko-drop/play?mode=demo&lang=fr');
    expect(fr.searchParams.get('lobby_url')).toBe('/fr/gamehall');
    expect(fr.searchParams.get('lang')).toBe('fr');
  });

  it('sends a guest asking for real play, an unknown or inactive game and bad input to the slot error page', async () => {
    expect((await launch('/platform/game/neon-reels/play?mode=real&lang=en')).pathname).toBe('/slot-error');
    const fr = await launch('/platform/game/neon-reels/play?mode=real&lang=fr');
    expect(`${fr.pathname}${fr.search}`).toBe('/fr/slot-error?embedded=1');
    expect((await launch('/platform/game/no-such-game/play?mode=demo')).pathname).toBe('/slot-error');
    expect((await launch('/platform/game/neon-reels/play?mode=cheat')).pathname).toBe('/slot-error');
    expect((await launch('/platform/game/%3Cx%3E/play?mode=demo')).pathname).toBe('/slot-error');
    expect((await launch('/platform/game/custom/nothing/play?mode=demo')).pathname).toBe('/slot-error');
    await t.database.db.execute(sql`UPDATE games SET is_active = false WHERE sysname = 'polar-plinko'`);
    try {
      expect((await launch('/platform/game/polar-plinko/play?mode=demo')).pathname).toBe('/slot-error');
    } finally {
      await t.database.db.execute(sql`UPDATE games SET is_active = true WHERE sysname = 'polar-plinko'`);
    }
  });

  it('launches a custom game by its code', async () => {
    await t.database.db.execute(
      sql`UPDATE games SET custom_code = 'summer-dice' WHERE sysname = 'lucky-dice'`,
    );
    try {
      const url = await launch('/platform/game/custom/summer-dice/play?mode=demo&lang=en');
      expect(url.pathname).toBe('/rgs/launch');
      expect(url.searchParams.get('game')).toBe('lucky-dice');
    } finally {
      await t.database.db.execute(sql`UPDATE games SET custom_code = NULL WHERE sysname = 'lucky-dice'`);
    }
  });

  it('refuses a banned player', async () => {
    const player = await t.createPlayer();
    await t.database.db.execute(sql`UPDATE players SET status = 'banned' WHERE id = ${player.id}`);
    expect((await launch('/platform/game/neon-reels/play?mode=demo', player.cookie)).pathname).toBe(
      '/slot-error',
    );
  });

  it('opens a real game session for a player and passes its token to the provider', async () => {
    const player = await t.createPlayer();
    const url = await launch('/platform/game/neon-reels/play?mode=real&lang=en', player.cookie);
    expect(url.pathname).toBe('/rgs/launch');
    const token = url.searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('mode')).toBe('real');
    expect(url.searchParams.get('game')).toBe('neon-reels');
    expect(url.searchParams.get('currency')).toBe('EUR');
    expect(url.searchParams.get('lobby_url')).toBe('/gamehall');
    const sessions = await t.database.db.execute<{ mode: string; provider: string; currency: string }>(
      sql`SELECT mode, provider, currency FROM game_sessions WHERE player_id = ${player.id}`,
    );
    expect(sessions.rows).toEqual([{ mode: 'real', provider: 'croupier-rgs', currency: 'EUR' }]);
    const demo = await launch('/platform/game/dice-duel/play?mode=demo&lang=fr', player.cookie);
    expect(demo.searchParams.get('token')).toBeTruthy();
    expect(demo.searchParams.get('mode')).toBe('demo');
    expect(demo.searchParams.get('lobby_url')).toBe('/fr/gamehall');
  });
});

describe('game art', () => {
  it('serves an SVG per game with cache headers and 404 otherwise', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/games/gem-cascade.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toContain('Gem Cascade');
    const etag = String(response.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/media/games/gem-cascade.svg',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    for (const url of [
      '/media/games/nope.svg',
      '/media/games/gem-cascade.png',
      '/media/games/..%2Fsecret.svg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('catalogue seed', () => {
  it('is idempotent', async () => {
    const count = async () =>
      (
        await t.database.db.execute<{ n: string }>(sql`
          SELECT (SELECT count(*) FROM games) || '/' || (SELECT count(*) FROM game_providers) || '/' ||
                 (SELECT count(*) FROM game_categories) || '/' || (SELECT count(*) FROM game_tags) || '/' ||
                 (SELECT count(*) FROM game_category_links) AS n`)
      ).rows[0]!.n;
    const before = await count();
    await t.app.services.games.seed();
    expect(await count()).toBe(before);
    expect(before.startsWith('13/4/7/')).toBe(true);
  });
});
