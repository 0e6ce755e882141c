/**
 * The only place the games module touches the database, and only its own tables (catalogue, likes,
 * history exports, free-spin packs). The rounds of the history and the winners list are the game
 * wallet's, read through its service; players' names come through the accounts service.
 */
import type { Locale } from '@croupier/contract/locales';
import type { Db } from '@croupier/db/client';
import { type SQL, sql } from 'drizzle-orm';
import type { LocalizedText } from './games.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A game's provider code as an SQL expression, for the one statement of each game wallet call
 * (which compares it with the call's game): handed out by games.service.ts, so the games table is
 * read only by this module's SQL.
 */
export function providerGameCodeSql(gameId: SQL): SQL {
  return sql`(SELECT gm.provider_game_code FROM games gm WHERE gm.id = ${gameId})`;
}

/** Whether a game belongs to a seamless-wallet provider, as an SQL condition (see above). */
export function isWalletGameSql(gameId: SQL, walletProvider: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM games gm JOIN game_providers gmp ON gmp.id = gm.provider_id
                     WHERE gm.id = ${gameId} AND gmp.wallet_provider = ${walletProvider})`;
}

/** The wallet provider running a game, as an SQL expression (a round's `provider`; see above). */
export function walletProviderSql(gameId: SQL): SQL {
  return sql`(SELECT gmp.wallet_provider FROM games gm JOIN game_providers gmp ON gmp.id = gm.provider_id
              WHERE gm.id = ${gameId})`;
}

export interface GameRecord {
  id: bigint;
  sysname: string;
  name: string;
  type: 'slot' | 'live' | 'casino' | 'fast';
  providerId: number;
  providerSysname: string;
  providerName: string;
  providerGameCode: string;
  walletProvider: string;
  launchUrl: string;
  customCode: string | null;
  description: LocalizedText;
  imageUrl: string;
  rtp: string | null;
  priority: number;
  hasDemo: boolean;
  canAccessSlotWithZeroBalance: boolean;
  canVisibleFavoriteIcon: boolean;
  visibleFullScreen: boolean;
  contentViewType: string;
  isActive: boolean;
  createdAt: Date;
}

export interface GameListFilter {
  types?: string[];
  tags?: string[];
  providers?: string[];
  category?: number;
  sysnames?: string[];
  /** to_tsquery('simple', …) text of the search words. */
  tsQuery?: string;
  /** The normalised query as one phrase, matched anywhere in the search text (LIKE). */
  phrase?: string;
  /** Whose texts the search reads (the request's locale): descriptions of other locales never match. */
  searchLocale?: Locale;
}

export type GameSortKey = 'priority' | 'name' | 'new';

export interface ExportRecord {
  id: bigint;
  playerId: bigint;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  fromAt: Date | null;
  toAt: Date | null;
  rowCount: number | null;
  attempts: number;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

export interface FreespinRecord {
  id: bigint;
  gameSysname: string;
  gameName: string;
  totalCount: number;
  remainingCount: number;
  currency: string;
  betMinor: bigint;
  status: 'active' | 'used' | 'expired' | 'canceled';
  description: LocalizedText | null;
  expiresAt: Date | null;
}

/** Raw queries answer timestamps as text (the driver leaves them unparsed): read them as Dates. */
function date(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function maybeDate(value: Date | string | null): Date | null {
  return value === null ? null : date(value);
}

function list(values: readonly (string | number | bigint)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** LIKE pattern text with its wildcards escaped (backslash is the default escape). */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const GAME_COLUMNS = sql`
  g.id, g.sysname, g.name, g.type, g.provider_id, p.sysname AS provider_sysname, p.name AS provider_name,
  g.provider_game_code, p.wallet_provider, p.launch_url, g.custom_code, g.description, g.image_url, g.rtp,
  g.priority, g.has_demo, g.can_access_slot_with_zero_balance, g.can_visible_favorite_icon,
  g.visible_full_screen, g.content_view_type, g.is_active, g.created_at`;

interface GameRow {
  id: bigint;
  sysname: string;
  name: string;
  type: GameRecord['type'];
  provider_id: number;
  provider_sysname: string;
  provider_name: string;
  provider_game_code: string;
  wallet_provider: string;
  launch_url: string;
  custom_code: string | null;
  description: LocalizedText;
  image_url: string;
  rtp: string | null;
  priority: number;
  has_demo: boolean;
  can_access_slot_with_zero_balance: boolean;
  can_visible_favorite_icon: boolean;
  visible_full_screen: boolean;
  content_view_type: string;
  is_active: boolean;
  created_at: Date | string;
  [key: string]: unknown;
}

function toGame(row: GameRow): GameRecord {
  return {
    id: row.id,
    sysname: row.sysname,
    name: row.name,
    type: row.type,
    providerId: row.provider_id,
    providerSysname: row.provider_sysname,
    providerName: row.provider_name,
    providerGameCode: row.provider_game_code,
    walletProvider: row.wallet_provider,
    launchUrl: row.launch_url,
    customCode: row.custom_code,
    description: row.description,
    imageUrl: row.image_url,
    rtp: row.rtp,
    priority: row.priority,
    hasDemo: row.has_demo,
    canAccessSlotWithZeroBalance: row.can_access_slot_with_zero_balance,
    canVisibleFavoriteIcon: row.can_visible_favorite_icon,
    visibleFullScreen: row.visible_full_screen,
    contentViewType: row.content_view_type,
    isActive: row.is_active,
    createdAt: date(row.created_at),
  };
}

/** Active games of active studios matching the filter. */
function listConditions(filter: GameListFilter): SQL {
  const parts: SQL[] = [sql`g.is_active`, sql`p.is_active`];
  if (filter.types && filter.types.length > 0) parts.push(sql`g.type IN (${list(filter.types)})`);
  if (filter.providers && filter.providers.length > 0)
    parts.push(sql`p.sysname IN (${list(filter.providers)})`);
  if (filter.sysnames && filter.sysnames.length > 0) parts.push(sql`g.sysname IN (${list(filter.sysnames)})`);
  if (filter.tags && filter.tags.length > 0) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM game_tags t WHERE t.game_id = g.id AND t.tag IN (${list(filter.tags)}))`,
    );
  }
  if (filter.category !== undefined) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM game_category_links l JOIN game_categories c ON c.id = l.category_id
                  WHERE l.game_id = g.id AND l.category_id = ${filter.category} AND c.is_active)`,
    );
  }
  if (filter.tsQuery !== undefined) {
    // Each locale's column has its own GIN index on exactly this expression.
    const column = filter.searchLocale === 'fr' ? sql`g.search_text_fr` : sql`g.search_text_en`;
    const fullText = sql`to_tsvector('simple', ${column}) @@ to_tsquery('simple', ${filter.tsQuery})`;
    parts.push(
      filter.phrase
        ? sql`(${fullText} OR ${column} LIKE ${`%${likeEscape(filter.phrase)}%`})`
        : sql`(${fullText})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

function listOrder(sort: GameSortKey, order: 'asc' | 'desc', category: number | undefined): SQL {
  const desc = order === 'desc';
  if (sort === 'name') return desc ? sql`lower(g.name) DESC, g.id DESC` : sql`lower(g.name) ASC, g.id ASC`;
  if (sort === 'new') return desc ? sql`g.created_at ASC, g.id ASC` : sql`g.created_at DESC, g.id DESC`;
  // Priority: the category's own order first when listing a category, then the game's priority.
  const categoryOrder =
    category === undefined
      ? sql``
      : sql`(SELECT l.sort_order FROM game_category_links l WHERE l.game_id = g.id AND l.category_id = ${category}) ${desc ? sql`DESC` : sql`ASC`}, `;
  return desc
    ? sql`${categoryOrder}g.priority ASC, g.id DESC`
    : sql`${categoryOrder}g.priority DESC, g.id ASC`;
}

export function createGamesRepository(db: Db) {
  return {
    transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(run);
    },

    // --- catalogue ----------------------------------------------------------------------------

    async listGames(
      filter: GameListFilter,
      page: { offset: number; count: number; sort: GameSortKey; order: 'asc' | 'desc' },
    ): Promise<{ items: GameRecord[]; total: number }> {
      const where = listConditions(filter);
      const [rows, totals] = await Promise.all([
        db.execute<GameRow>(sql`
          SELECT ${GAME_COLUMNS} FROM games g JOIN game_providers p ON p.id = g.provider_id
          WHERE ${where}
          ORDER BY ${listOrder(page.sort, page.order, filter.category)}
          LIMIT ${page.count} OFFSET ${page.offset}`),
        db.execute<{ total: number }>(sql`
          SELECT count(*)::int AS total FROM games g JOIN game_providers p ON p.id = g.provider_id
          WHERE ${where}`),
      ]);
      return { items: rows.rows.map(toGame), total: totals.rows[0]?.total ?? 0 };
    },

    async tagsOf(gameIds: readonly bigint[]): Promise<Map<bigint, string[]>> {
      const byGame = new Map<bigint, string[]>();
      if (gameIds.length === 0) return byGame;
      const rows = await db.execute<{ game_id: bigint; tag: string }>(
        sql`SELECT game_id, tag FROM game_tags WHERE game_id IN (${list(gameIds)}) ORDER BY game_id, tag`,
      );
      for (const row of rows.rows) byGame.set(row.game_id, [...(byGame.get(row.game_id) ?? []), row.tag]);
      return byGame;
    },

    async categoriesOf(gameIds: readonly bigint[]): Promise<Map<bigint, number[]>> {
      const byGame = new Map<bigint, number[]>();
      if (gameIds.length === 0) return byGame;
      const rows = await db.execute<{ game_id: bigint; category_id: number }>(sql`
        SELECT l.game_id, l.category_id FROM game_category_links l
        JOIN game_categories c ON c.id = l.category_id
        WHERE c.is_active AND l.game_id IN (${list(gameIds)})
        ORDER BY l.game_id, c.sort_order, c.id`);
      for (const row of rows.rows) {
        byGame.set(row.game_id, [...(byGame.get(row.game_id) ?? []), row.category_id]);
      }
      return byGame;
    },

    /** A game by sysname (or custom code), active or not, with its studio. */
    async findGame(by: { sysname: string } | { customCode: string }): Promise<GameRecord | undefined> {
      const condition =
        'sysname' in by ? sql`g.sysname = ${by.sysname}` : sql`g.custom_code = ${by.customCode}`;
      const rows = await db.execute<GameRow & { provider_active: boolean }>(sql`
        SELECT ${GAME_COLUMNS}, p.is_active AS provider_active
        FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE ${condition} LIMIT 1`);
      const row = rows.rows[0];
      if (!row) return undefined;
      const game = toGame(row);
      return { ...game, isActive: game.isActive && row.provider_active };
    },

    async categories(): Promise<
      { id: number; slug: string; name: LocalizedText; icon: string | null; gamesCount: number }[]
    > {
      const rows = await db.execute<{
        id: number;
        slug: string;
        name: LocalizedText;
        icon: string | null;
        games_count: number;
      }>(sql`
        SELECT c.id, c.slug, c.name, c.icon, count(g.id)::int AS games_count
        FROM game_categories c
        JOIN game_category_links l ON l.category_id = c.id
        JOIN games g ON g.id = l.game_id AND g.is_active
        JOIN game_providers p ON p.id = g.provider_id AND p.is_active
        WHERE c.is_active
        GROUP BY c.id
        ORDER BY c.sort_order, c.id`);
      return rows.rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        icon: row.icon,
        gamesCount: row.games_count,
      }));
    },

    async providers(types: readonly string[] | undefined): Promise<
      {
        sysname: string;
        name: string;
        logoUrl: string | null;
        gameParams: Record<string, unknown>;
        gamesCount: number;
      }[]
    > {
      const typeFilter = types && types.length > 0 ? sql` AND g.type IN (${list(types)})` : sql``;
      const rows = await db.execute<{
        sysname: string;
        name: string;
        logo_url: string | null;
        game_params: Record<string, unknown>;
        games_count: number;
      }>(sql`
        SELECT p.sysname, p.name, p.logo_url, p.game_params, count(g.id)::int AS games_count
        FROM game_providers p JOIN games g ON g.provider_id = p.id AND g.is_active${typeFilter}
        WHERE p.is_active
        GROUP BY p.id
        ORDER BY p.sort_order, p.id`);
      return rows.rows.map((row) => ({
        sysname: row.sysname,
        name: row.name,
        logoUrl: row.logo_url,
        gameParams: row.game_params,
        gamesCount: row.games_count,
      }));
    },

    // --- catalogue maintenance (seed) ------------------------------------------------------------

    async insertProvider(values: {
      sysname: string;
      name: string;
      logoUrl: string | null;
      walletProvider: string;
      launchUrl: string;
      gameParams: Record<string, unknown>;
      sortOrder: number;
    }): Promise<void> {
      await db.execute(sql`
        INSERT INTO game_providers (sysname, name, logo_url, wallet_provider, launch_url, game_params, sort_order)
        VALUES (${values.sysname}, ${values.name}, ${values.logoUrl}, ${values.walletProvider}, ${values.launchUrl},
                ${JSON.stringify(values.gameParams)}::jsonb, ${values.sortOrder})
        ON CONFLICT (sysname) DO NOTHING`);
    },

    async insertCategory(values: {
      slug: string;
      name: LocalizedText;
      icon: string | null;
      sortOrder: number;
    }): Promise<void> {
      await db.execute(sql`
        INSERT INTO game_categories (slug, name, icon, sort_order)
        VALUES (${values.slug}, ${JSON.stringify(values.name)}::jsonb, ${values.icon}, ${values.sortOrder})
        ON CONFLICT (slug) DO NOTHING`);
    },

    async insertGame(values: {
      sysname: string;
      name: string;
      providerSysname: string;
      providerGameCode: string;
      type: string;
      description: LocalizedText;
      imageUrl: string;
      priority: number;
    }): Promise<void> {
      await db.execute(sql`
        INSERT INTO games (sysname, name, provider_id, provider_game_code, type, description, image_url, priority)
        SELECT ${values.sysname}, ${values.name}, p.id, ${values.providerGameCode}, ${values.type},
               ${JSON.stringify(values.description)}::jsonb, ${values.imageUrl}, ${values.priority}
        FROM game_providers p WHERE p.sysname = ${values.providerSysname}
        ON CONFLICT DO NOTHING`);
    },

    /** Takes a provider and its game out of the lobby; the game's id, or null when it is not the provider's. */
    async hideProviderGame(providerSysname: string, gameSysname: string): Promise<bigint | null> {
      await db.execute(sql`UPDATE game_providers SET is_active = false WHERE sysname = ${providerSysname}`);
      const result = await db.execute<{ id: string }>(sql`
        UPDATE games g SET is_active = false FROM game_providers p
        WHERE g.sysname = ${gameSysname} AND g.provider_id = p.id AND p.sysname = ${providerSysname}
        RETURNING g.id::text`);
      const row = result.rows[0];
      return row ? BigInt(row.id) : null;
    },

    async addTags(sysname: string, tags: readonly string[]): Promise<void> {
      for (const tag of tags) {
        await db.execute(sql`
          INSERT INTO game_tags (game_id, tag) SELECT g.id, ${tag} FROM games g WHERE g.sysname = ${sysname}
          ON CONFLICT DO NOTHING`);
      }
    },

    async linkCategory(sysname: string, slug: string, sortOrder: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO game_category_links (game_id, category_id, sort_order)
        SELECT g.id, c.id, ${sortOrder} FROM games g, game_categories c
        WHERE g.sysname = ${sysname} AND c.slug = ${slug}
        ON CONFLICT DO NOTHING`);
    },

    /** What the search texts are built from, for every game. */
    async searchSources(): Promise<
      {
        id: bigint;
        sysname: string;
        name: string;
        providerName: string;
        description: LocalizedText;
        tags: string[];
        searchText: Record<Locale, string>;
      }[]
    > {
      const rows = await db.execute<{
        id: bigint;
        sysname: string;
        name: string;
        provider_name: string;
        description: LocalizedText;
        tags: string[] | null;
        search_text_en: string;
        search_text_fr: string;
      }>(sql`
        SELECT g.id, g.sysname, g.name, p.name AS provider_name, g.description, g.search_text_en,
               g.search_text_fr,
               (SELECT array_agg(t.tag ORDER BY t.tag) FROM game_tags t WHERE t.game_id = g.id) AS tags
        FROM games g JOIN game_providers p ON p.id = g.provider_id ORDER BY g.id`);
      return rows.rows.map((row) => ({
        id: row.id,
        sysname: row.sysname,
        name: row.name,
        providerName: row.provider_name,
        description: row.description,
        tags: row.tags ?? [],
        searchText: { en: row.search_text_en, fr: row.search_text_fr },
      }));
    },

    async setSearchText(gameId: bigint, searchText: Record<Locale, string>): Promise<void> {
      await db.execute(
        sql`UPDATE games SET search_text_en = ${searchText.en}, search_text_fr = ${searchText.fr}
            WHERE id = ${gameId}`,
      );
    },

    async gamesWithoutRtp(): Promise<{ id: bigint; sysname: string; providerGameCode: string }[]> {
      const rows = await db.execute<{ id: bigint; sysname: string; provider_game_code: string }>(
        sql`SELECT id, sysname, provider_game_code FROM games WHERE rtp IS NULL ORDER BY id`,
      );
      return rows.rows.map((row) => ({
        id: row.id,
        sysname: row.sysname,
        providerGameCode: row.provider_game_code,
      }));
    },

    async setRtp(gameId: bigint, rtp: string): Promise<void> {
      await db.execute(sql`UPDATE games SET rtp = ${rtp} WHERE id = ${gameId} AND rtp IS NULL`);
    },

    // --- likes ----------------------------------------------------------------------------------

    async likedSysnames(playerId: bigint): Promise<string[]> {
      const rows = await db.execute<{ sysname: string }>(sql`
        SELECT g.sysname FROM game_likes l
        JOIN games g ON g.id = l.game_id AND g.is_active
        JOIN game_providers p ON p.id = g.provider_id AND p.is_active
        WHERE l.player_id = ${playerId}
        ORDER BY l.created_at DESC, g.id DESC
        LIMIT 1000`);
      return rows.rows.map((row) => row.sysname);
    },

    async addLike(playerId: bigint, gameId: bigint): Promise<void> {
      await db.execute(
        sql`INSERT INTO game_likes (player_id, game_id) VALUES (${playerId}, ${gameId}) ON CONFLICT DO NOTHING`,
      );
    },

    async removeLike(playerId: bigint, gameId: bigint): Promise<void> {
      await db.execute(sql`DELETE FROM game_likes WHERE player_id = ${playerId} AND game_id = ${gameId}`);
    },

    async countLikes(playerId: bigint): Promise<number> {
      const rows = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM game_likes WHERE player_id = ${playerId}`,
      );
      return rows.rows[0]?.n ?? 0;
    },

    // --- names for the game wallet's rounds -------------------------------------------------------

    /**
     * Sysname, name and art of the given games (active or not): the game history and the winners
     * list name the rounds the game wallet answers with.
     */
    async gamesByIds(
      ids: readonly bigint[],
    ): Promise<Map<bigint, { sysname: string; name: string; imageUrl: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db.execute<{ id: bigint; sysname: string; name: string; image_url: string }>(
        sql`SELECT g.id, g.sysname, g.name, g.image_url FROM games g WHERE g.id IN (${list(ids)})`,
      );
      return new Map(
        rows.rows.map((row) => [row.id, { sysname: row.sysname, name: row.name, imageUrl: row.image_url }]),
      );
    },

    // --- history exports ------------------------------------------------------------------------

    async openExport(playerId: bigint, tx: Tx): Promise<ExportRecord | undefined> {
      const rows = await tx.execute<ExportRow>(sql`
        SELECT ${EXPORT_COLUMNS} FROM game_history_exports
        WHERE player_id = ${playerId} AND status IN ('pending', 'processing')
        ORDER BY id DESC LIMIT 1`);
      return rows.rows[0] ? toExport(rows.rows[0]) : undefined;
    },

    /** Serialises export requests of one player (at most one pending). */
    async lockPlayerExports(playerId: bigint, tx: Tx): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`games-export:${playerId}`}, 0))`);
    },

    async insertExport(
      values: { playerId: bigint; fromAt: Date | null; toAt: Date | null },
      tx: Tx,
    ): Promise<ExportRecord> {
      const rows = await tx.execute<ExportRow>(sql`
        INSERT INTO game_history_exports (player_id, from_at, to_at)
        VALUES (${values.playerId}, ${values.fromAt?.toISOString() ?? null}, ${values.toAt?.toISOString() ?? null})
        RETURNING ${EXPORT_COLUMNS}`);
      const row = rows.rows[0];
      if (!row) throw new Error('insert returned no row');
      return toExport(row);
    },

    async findExport(playerId: bigint, id: bigint | undefined): Promise<ExportRecord | undefined> {
      const which = id === undefined ? sql`` : sql` AND id = ${id}`;
      const rows = await db.execute<ExportRow>(sql`
        SELECT ${EXPORT_COLUMNS} FROM game_history_exports
        WHERE player_id = ${playerId}${which} ORDER BY id DESC LIMIT 1`);
      return rows.rows[0] ? toExport(rows.rows[0]) : undefined;
    },

    async exportCsv(playerId: bigint, id: bigint, now: Date): Promise<string | undefined> {
      const rows = await db.execute<{ csv: string | null }>(sql`
        SELECT csv FROM game_history_exports
        WHERE id = ${id} AND player_id = ${playerId} AND status = 'ready'
          AND (expires_at IS NULL OR expires_at > ${now.toISOString()})`);
      return rows.rows[0]?.csv ?? undefined;
    },

    /**
     * Claims the oldest pending export (rows other nodes hold are skipped) and keeps it locked for
     * the transaction: if this node dies mid-way the transaction rolls back and the row is pending
     * again for the next claimer.
     */
    async claimPendingExport(tx: Tx): Promise<ExportRecord | undefined> {
      const rows = await tx.execute<ExportRow>(sql`
        UPDATE game_history_exports SET status = 'processing', attempts = attempts + 1
        WHERE id = (
          SELECT id FROM game_history_exports WHERE status IN ('pending', 'processing')
          ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING ${EXPORT_COLUMNS}`);
      return rows.rows[0] ? toExport(rows.rows[0]) : undefined;
    },

    async finishExport(
      id: bigint,
      result: { csv: string; rowCount: number; finishedAt: Date; expiresAt: Date },
      tx: Tx,
    ): Promise<void> {
      await tx.execute(sql`
        UPDATE game_history_exports
        SET status = 'ready', csv = ${result.csv}, row_count = ${result.rowCount}, error = NULL,
            finished_at = ${result.finishedAt.toISOString()}, expires_at = ${result.expiresAt.toISOString()}
        WHERE id = ${id}`);
    },

    /** After a failed build: back to pending for another try, or failed after `maxAttempts`. */
    async failExport(id: bigint, error: string, maxAttempts: number, now: Date): Promise<void> {
      await db.execute(sql`
        UPDATE game_history_exports
        SET attempts = attempts + 1, error = ${error.slice(0, 500)},
            status = CASE WHEN attempts + 1 >= ${maxAttempts} THEN 'failed' ELSE 'pending' END,
            finished_at = CASE WHEN attempts + 1 >= ${maxAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END
        WHERE id = ${id} AND status IN ('pending', 'processing')`);
    },

    // --- freespins ------------------------------------------------------------------------------

    /** Sysname and type of games by id (bonus wagering weights stakes by them). */
    async gameTypesByIds(ids: bigint[]): Promise<Map<bigint, { sysname: string; type: string }>> {
      const result = new Map<bigint, { sysname: string; type: string }>();
      if (ids.length === 0) return result;
      const rows = await db.execute<{ id: string; sysname: string; type: string }>(sql`
        SELECT id::text AS id, sysname, type FROM games
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      for (const row of rows.rows) result.set(BigInt(row.id), { sysname: row.sysname, type: row.type });
      return result;
    },

    /** Awards a freespin pack inside the caller's transaction; null when the game is unknown. */
    async insertFreespinPack(
      executor: Pick<Db, 'execute'>,
      pack: {
        playerId: bigint;
        gameSysname: string;
        count: number;
        currency: string;
        betMinor: bigint;
        description: LocalizedText | null;
        expiresAt: Date | null;
      },
    ): Promise<bigint | null> {
      const rows = await executor.execute<{ id: string }>(sql`
        INSERT INTO freespin_packs (player_id, game_id, total_count, remaining_count, currency, bet_minor,
                                    description, expires_at)
        SELECT ${pack.playerId}, g.id, ${pack.count}, ${pack.count}, ${pack.currency}, ${pack.betMinor},
               ${pack.description === null ? null : JSON.stringify(pack.description)}::jsonb,
               ${pack.expiresAt?.toISOString() ?? null}::timestamptz
        FROM games g WHERE g.sysname = ${pack.gameSysname}
        RETURNING id::text AS id`);
      const id = rows.rows[0]?.id;
      return id === undefined ? null : BigInt(id);
    },

    async freespinPacks(
      playerId: bigint,
      options: { activeOnly: boolean; now: Date; count: number },
    ): Promise<FreespinRecord[]> {
      const active = options.activeOnly
        ? sql` AND f.status = 'active' AND f.remaining_count > 0 AND (f.expires_at IS NULL OR f.expires_at > ${options.now.toISOString()})`
        : sql``;
      const rows = await db.execute<{
        id: bigint;
        sysname: string;
        name: string;
        total_count: number;
        remaining_count: number;
        currency: string;
        bet_minor: bigint;
        status: FreespinRecord['status'];
        description: LocalizedText | null;
        expires_at: Date | string | null;
      }>(sql`
        SELECT f.id, g.sysname, g.name, f.total_count, f.remaining_count, f.currency, f.bet_minor, f.status,
               f.description, f.expires_at
        FROM freespin_packs f JOIN games g ON g.id = f.game_id
        WHERE f.player_id = ${playerId}${active}
        ORDER BY f.id DESC LIMIT ${options.count}`);
      return rows.rows.map((row) => ({
        id: row.id,
        gameSysname: row.sysname,
        gameName: row.name,
        totalCount: row.total_count,
        remainingCount: row.remaining_count,
        currency: row.currency,
        betMinor: row.bet_minor,
        status: row.status,
        description: row.description,
        expiresAt: maybeDate(row.expires_at),
      }));
    },
  };
}

const EXPORT_COLUMNS = sql.raw(
  'id, player_id, status, from_at, to_at, row_count, attempts, created_at, finished_at, expires_at',
);

interface ExportRow {
  id: bigint;
  player_id: bigint;
  status: ExportRecord['status'];
  from_at: Date | string | null;
  to_at: Date | string | null;
  row_count: number | null;
  attempts: number;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
  [key: string]: unknown;
}

function toExport(row: ExportRow): ExportRecord {
  return {
    id: row.id,
    playerId: row.player_id,
    status: row.status,
    fromAt: maybeDate(row.from_at),
    toAt: maybeDate(row.to_at),
    rowCount: row.row_count,
    attempts: row.attempts,
    createdAt: date(row.created_at),
    finishedAt: maybeDate(row.finished_at),
    expiresAt: maybeDate(row.expires_at),
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
