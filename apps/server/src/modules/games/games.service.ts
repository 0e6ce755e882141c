/**
 * The game hall: catalogue (games, studios, categories, tags, search), favourites, the player's
 * rounds and their CSV export (built by a background worker on every node), latest big wins and
 * freespin packs. Rounds are the game wallet's `game_rounds`, only read here.
 */
import type { FreespinPack, freespinsGet } from '@croupier/contract/freespins/get';
import type { Game, GameField, GameFull } from '@croupier/contract/games/common';
import type { gamesGet } from '@croupier/contract/games/get';
import type { GameCategory } from '@croupier/contract/games/get-categories';
import type { GameRound } from '@croupier/contract/games/get-history';
import type { GameProvider } from '@croupier/contract/games/get-providers';
import type { GameWinner } from '@croupier/contract/games/get-winners';
import { type HistoryExportOutput, historyExportDownloadPath } from '@croupier/contract/games/history-export';
import type { Locale } from '@croupier/contract/locales';
import type { MethodParsedInput } from '@croupier/contract/method';
import type { Money } from '@croupier/contract/params';
import type { Db } from '@croupier/db/client';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { RGS_PROVIDER_ID } from '../../provider-credentials.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { WagerConsumer, WagerTx } from '../wagers/wager-event.ts';
import { gameArtUrl } from './games.art.ts';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_GAMES,
  CATALOGUE_PROVIDERS,
  catalogueGame,
  RGS_LAUNCH_URL,
} from './games.catalogue.ts';
import { toCsv } from './games.csv.ts';
import { createGamesRepository, type ExportRecord, type GameRecord } from './games.repository.ts';
import { declaredRtp } from './games.rtp.ts';
import { buildSearchText, prefixTsQuery, searchWords } from './games.search.ts';
import type { LocalizedText } from './games.tables.ts';

/** A player keeps at most this many favourites. */
export const MAX_LIKES = 500;
/** An export holds at most this many rounds (newest first); a ready CSV is kept this long. */
export const EXPORT_MAX_ROWS = 50_000;
export const EXPORT_TTL_MS = 7 * 24 * 3600 * 1000;
export const EXPORT_MAX_ATTEMPTS = 3;
const EXPORT_PAGE = 1000;
const EXPORT_POLL_MS = 2000;
const EXPORT_JOBS_PER_PASS = 20;
/** How long a request waits for its export to be built before answering `pending`. */
const EXPORT_WAIT_MS = 2000;
/** Winners: a big win is at least 10× the bet; the list looks back 30 days, the fallback 7. */
const BIG_WIN_MULTIPLE = 10n;
const BIG_WIN_WINDOW_MS = 30 * 24 * 3600 * 1000;
const LARGEST_WIN_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** The big-win ticker's consumer of the wager stream; wins older than this are not news any more. */
export const BIG_WINS_CONSUMER = 'big_wins';
const BIG_WIN_NEWS_MS = 10 * 60 * 1000;

export const EXPORT_CSV_HEADER = [
  'round_id',
  'game',
  'game_name',
  'mode',
  'currency',
  'bet',
  'win',
  'status',
  'created_at',
  'closed_at',
] as const;

type GamesGetInput = MethodParsedInput<typeof gamesGet>;
type FreespinsGetInput = MethodParsedInput<typeof freespinsGet>;

function localized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.en || text.fr || '';
}

function invalid(field: string, code: string): AppError {
  return new AppError('InvalidParameterException', { code: 'invalid_parameter', fields: { [field]: code } });
}

/** A display name masked for the winners list: `marian` → `ma***n`, `bob` → `b***`. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  if (chars.length <= 4) return `${chars[0]}***`;
  return `${chars[0]}${chars[1]}***${chars[chars.length - 1]}`;
}

/** `win / bet` as `x12.5` (two decimals at most, rounded down). */
export function formatMultiplier(winMinor: bigint, betMinor: bigint): string {
  if (betMinor <= 0n) return 'x0';
  const hundredths = (winMinor * 100n) / betMinor;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? `x${whole}` : `x${whole}.${fraction}`;
}

/** A round of the game history: the game wallet's round, named from the catalogue. */
interface RoundRecord {
  id: bigint;
  providerRoundId: string;
  gameSysname: string;
  gameName: string;
  mode: 'real' | 'demo';
  currency: string;
  betMinor: bigint;
  winMinor: bigint;
  status: 'open' | 'closed' | 'rolled_back';
  createdAt: Date;
  closedAt: Date | null;
}

/** A win of the winners list: the game wallet's round, the catalogue's game, the player's names. */
interface WinRecord {
  roundId: bigint;
  gameSysname: string;
  gameName: string;
  imageUrl: string;
  fakename: string | null;
  login: string;
  currency: string;
  betMinor: bigint;
  winMinor: bigint;
  closedAt: Date;
}

type RoundStatus = RoundRecord['status'];

/**
 * What the games module reads from the game wallet, which owns game_rounds (the game wallet service
 * has this shape; it is declared here so that games does not depend on the game wallet's files).
 */
export interface GameRoundsReader {
  playerRounds(
    playerId: bigint,
    options: {
      gameId?: bigint;
      from?: Date | null;
      to?: Date | null;
      afterId?: bigint;
      offset?: number;
      count: number;
    },
  ): Promise<
    {
      id: bigint;
      providerRoundId: string;
      gameId: bigint;
      mode: 'real' | 'demo';
      currency: string;
      betMinor: bigint;
      winMinor: bigint;
      status: RoundStatus;
      createdAt: Date;
      closedAt: Date | null;
    }[]
  >;
  countPlayerRounds(playerId: bigint, gameId: bigint | undefined): Promise<number>;
  bigWins(options: { minMultiple: bigint; since: Date; count: number }): Promise<ClosedWin[]>;
  roundTotals(keys: readonly { gameId: bigint; roundRef: string }[]): Promise<
    {
      roundId: bigint;
      gameId: bigint;
      roundRef: string;
      playerId: bigint;
      mode: 'real' | 'demo';
      currency: string;
      betMinor: bigint;
      winMinor: bigint;
    }[]
  >;
  largestWins(options: { since: Date; count: number; excludeIds: bigint[] }): Promise<ClosedWin[]>;
}

interface ClosedWin {
  roundId: bigint;
  gameId: bigint;
  playerId: bigint;
  currency: string;
  betMinor: bigint;
  winMinor: bigint;
  closedAt: Date;
}

function displayName(win: WinRecord): string {
  const fake = win.fakename?.trim();
  if (fake) return fake;
  // Never the login itself: the part before an e-mail's @, or a phone number, both masked.
  return win.login.split('@')[0] ?? '';
}

export function createGamesService(
  deps: Deps,
  collaborators: {
    /** The game wallet service: rounds are its table. */
    gameWallet: GameRoundsReader;
    /** The players' display names of the winners list. */
    accounts: Pick<AccountsService, 'publicNames'>;
    /** A tournament's games (ADR 036), null for an unknown tournament: the tournament game hall. */
    tournamentGameIds?: (tournamentId: bigint) => Promise<bigint[] | null>;
    /**
     * Publishes a big win to every page (the push stream's `big_win`, ADR 037) in the wager
     * consumer's transaction, so it goes out once, when the consumer's position commits.
     */
    publishBigWin?: (tx: WagerTx, win: GameWinner) => Promise<void>;
  },
) {
  const { gameWallet, accounts } = collaborators;
  const repository = createGamesRepository(deps.db);

  // --- rounds: the game wallet's, named from the catalogue -----------------------------------------

  async function namedRounds(
    playerId: bigint,
    options: {
      gameSysname?: string;
      from?: Date | null;
      to?: Date | null;
      afterId?: bigint;
      offset?: number;
      count: number;
    },
  ): Promise<RoundRecord[]> {
    const { gameSysname, ...rest } = options;
    let gameId: bigint | undefined;
    if (gameSysname !== undefined) {
      const game = await repository.findGame({ sysname: gameSysname });
      if (!game) return [];
      gameId = game.id;
    }
    const rows = await gameWallet.playerRounds(playerId, {
      ...rest,
      ...(gameId !== undefined ? { gameId } : {}),
    });
    const games = await repository.gamesByIds([...new Set(rows.map((row) => row.gameId))]);
    return rows.flatMap((row) => {
      const game = games.get(row.gameId);
      if (!game) return [];
      const { gameId: _gameId, ...round } = row;
      return [{ ...round, gameSysname: game.sysname, gameName: game.name }];
    });
  }

  async function countRounds(playerId: bigint, gameSysname: string | undefined): Promise<number> {
    if (gameSysname === undefined) return gameWallet.countPlayerRounds(playerId, undefined);
    const game = await repository.findGame({ sysname: gameSysname });
    return game ? gameWallet.countPlayerRounds(playerId, game.id) : 0;
  }

  async function namedWins(wins: ClosedWin[]): Promise<WinRecord[]> {
    const [games, names] = await Promise.all([
      repository.gamesByIds([...new Set(wins.map((win) => win.gameId))]),
      accounts.publicNames([...new Set(wins.map((win) => win.playerId))]),
    ]);
    return wins.flatMap((win) => {
      const game = games.get(win.gameId);
      const name = names.get(win.playerId);
      if (!game || !name) return [];
      return [
        {
          roundId: win.roundId,
          gameSysname: game.sysname,
          gameName: game.name,
          imageUrl: game.imageUrl,
          fakename: name.fakename,
          login: name.login,
          currency: win.currency,
          betMinor: win.betMinor,
          winMinor: win.winMinor,
          closedAt: win.closedAt,
        },
      ];
    });
  }

  // packages/money's ISO 4217 table: a round in a currency the site no longer offers still shows
  // its true amount, and an unknown currency is an error instead of a guessed two decimals.
  async function exponents(): Promise<(currency: string) => number> {
    return currencyExponent;
  }

  function money(amountMinor: bigint, currency: string, exponentOf: (currency: string) => number): Money {
    return { amount: formatMinor(amountMinor, exponentOf(currency)), currency };
  }

  function winnerOutput(win: WinRecord, exponentOf: (currency: string) => number): GameWinner {
    return {
      game: { sysname: win.gameSysname, name: win.gameName, image_url: win.imageUrl },
      player: maskName(displayName(win)),
      amount: money(win.winMinor, win.currency, exponentOf),
      multiplier: formatMultiplier(win.winMinor, win.betMinor),
      at: win.closedAt.toISOString(),
    };
  }

  function toGameFull(game: GameRecord, locale: Locale, tags: string[], categories: number[]): GameFull {
    return {
      id: Number(game.id),
      sysname: game.sysname,
      name: game.name,
      type: game.type,
      provider: { sysname: game.providerSysname, name: game.providerName },
      image_url: game.imageUrl,
      description: { name: localized(game.description, locale), img_288_192: game.imageUrl },
      tags,
      categories,
      rtp: game.rtp,
      has_demo: game.hasDemo,
      custom_code: game.customCode,
      canAccessSlotWithZeroBalance: game.canAccessSlotWithZeroBalance,
      canVisibleFavoriteIcon: game.canVisibleFavoriteIcon,
      visibleFullScreen: game.visibleFullScreen,
      contentViewType: game.contentViewType,
    };
  }

  function project(game: GameFull, fields: readonly GameField[] | undefined): Game {
    if (!fields || fields.length === 0) return game;
    const picked: Record<string, unknown> = { sysname: game.sysname };
    for (const field of fields) picked[field] = game[field];
    return picked as Game;
  }

  function toRound(round: RoundRecord, exponentOf: (currency: string) => number): GameRound {
    return {
      id: round.providerRoundId,
      game: { sysname: round.gameSysname, name: round.gameName },
      mode: round.mode,
      bet: money(round.betMinor, round.currency, exponentOf),
      win: money(round.winMinor, round.currency, exponentOf),
      status: round.status,
      created_at: round.createdAt.toISOString(),
      closed_at: round.closedAt?.toISOString() ?? null,
    };
  }

  function toExportOutput(record: ExportRecord): HistoryExportOutput {
    const downloadable =
      record.status === 'ready' && (record.expiresAt === null || record.expiresAt > deps.now());
    return {
      id: Number(record.id),
      status: record.status,
      created_at: record.createdAt.toISOString(),
      finished_at: record.finishedAt?.toISOString() ?? null,
      row_count: record.rowCount,
      download_url: downloadable ? historyExportDownloadPath(Number(record.id)) : null,
    };
  }

  async function activeGame(sysname: string): Promise<GameRecord> {
    const game = await repository.findGame({ sysname });
    if (!game?.isActive) throw invalid('sysname', 'not_found');
    return game;
  }

  // --- history export worker ---------------------------------------------------------------------

  async function buildCsv(job: ExportRecord) {
    const exponentOf = await exponents();
    const rows: string[][] = [];
    let afterId: bigint | undefined;
    while (rows.length < EXPORT_MAX_ROWS) {
      // Read beside the export's transaction: the rounds are the game wallet's, through its service.
      const page = await namedRounds(job.playerId, {
        from: job.fromAt,
        to: job.toAt,
        ...(afterId !== undefined ? { afterId } : {}),
        count: Math.min(EXPORT_PAGE, EXPORT_MAX_ROWS - rows.length),
      });
      for (const round of page) {
        rows.push([
          round.providerRoundId,
          round.gameSysname,
          round.gameName,
          round.mode,
          round.currency,
          formatMinor(round.betMinor, exponentOf(round.currency)),
          formatMinor(round.winMinor, exponentOf(round.currency)),
          round.status,
          round.createdAt.toISOString(),
          round.closedAt?.toISOString() ?? '',
        ]);
      }
      const last = page[page.length - 1];
      if (!last || page.length < EXPORT_PAGE) break;
      afterId = last.id;
    }
    return { csv: toCsv(EXPORT_CSV_HEADER, rows), rowCount: rows.length };
  }

  /** Builds one pending export; false when none was waiting. */
  async function processNextExport(): Promise<boolean> {
    const claim: { job?: ExportRecord } = {};
    try {
      return await repository.transaction(async (tx) => {
        const job = await repository.claimPendingExport(tx);
        if (!job) return false;
        claim.job = job;
        const { csv, rowCount } = await buildCsv(job);
        const now = deps.now();
        await repository.finishExport(
          job.id,
          { csv, rowCount, finishedAt: now, expiresAt: new Date(now.getTime() + EXPORT_TTL_MS) },
          tx,
        );
        return true;
      });
    } catch (error) {
      const { job } = claim;
      if (!job) throw error;
      deps.log.error({ err: error, exportId: String(job.id) }, 'game history export failed');
      await repository.failExport(job.id, String(error), EXPORT_MAX_ATTEMPTS, deps.now());
      return true;
    }
  }

  async function pass(): Promise<number> {
    let handled = 0;
    while (handled < EXPORT_JOBS_PER_PASS && (await processNextExport())) handled += 1;
    return handled;
  }

  const worker = deps.jobs.recurring({ name: 'game history export', everyMs: EXPORT_POLL_MS, pass });

  // --- RTP and search text --------------------------------------------------------------------------

  /**
   * One search text per locale: the words every locale shares (name, sysname, studio, tags) and
   * the description in that locale only, so a search reads the texts the player reads.
   */
  async function refreshSearchText(): Promise<void> {
    for (const source of await repository.searchSources()) {
      const shared = [source.name, source.sysname, source.providerName, ...source.tags];
      const text = {
        en: buildSearchText([...shared, source.description.en]),
        fr: buildSearchText([...shared, source.description.fr]),
      };
      if (text.en !== source.searchText.en || text.fr !== source.searchText.fr) {
        await repository.setSearchText(source.id, text);
      }
    }
  }

  /** Fills the declared RTP of catalogue games that have none yet (from packages/games). */
  async function fillMissingRtp(): Promise<number> {
    let filled = 0;
    for (const game of await repository.gamesWithoutRtp()) {
      const entry = catalogueGame(game.providerGameCode);
      if (!entry) continue;
      const rtp = declaredRtp(entry.engine);
      if (rtp === null) continue;
      await repository.setRtp(game.id, rtp);
      filled += 1;
    }
    return filled;
  }

  return {
    // --- catalogue --------------------------------------------------------------------------------

    async list(input: GamesGetInput, locale: Locale): Promise<{ items: Game[]; total: number }> {
      // A tournament's game hall (`{"id": 3, "type": "tournament"}`): its games only; an unknown
      // tournament (or none given) has none.
      let sysnames = input.sysnames;
      if (input.options?.type === 'tournament') {
        const ids =
          input.options.id === undefined || !collaborators.tournamentGameIds
            ? null
            : await collaborators.tournamentGameIds(BigInt(input.options.id));
        const own =
          ids && ids.length > 0 ? [...(await repository.gamesByIds(ids)).values()].map((g) => g.sysname) : [];
        sysnames = sysnames ? sysnames.filter((name) => own.includes(name)) : own;
        if (sysnames.length === 0) return { items: [], total: 0 };
      }
      const words = input.query === undefined ? [] : searchWords(input.query);
      const phrase = words.join(' ');
      const { items, total } = await repository.listGames(
        {
          ...(input.types ? { types: input.types } : {}),
          ...(input.tags ? { tags: input.tags } : {}),
          ...(input.providers ? { providers: input.providers } : {}),
          ...(sysnames ? { sysnames } : {}),
          ...(input.category !== undefined ? { category: input.category } : {}),
          ...(words.length > 0
            ? {
                tsQuery: prefixTsQuery(words),
                searchLocale: locale,
                ...(phrase.length >= 3 ? { phrase } : {}),
              }
            : {}),
        },
        { offset: input.offset, count: input.count, sort: input.sort, order: input.order },
      );
      const fields = input.fields && input.fields.length > 0 ? input.fields : undefined;
      const ids = items.map((game) => game.id);
      const [tags, categories] = await Promise.all([
        !fields || fields.includes('tags') ? repository.tagsOf(ids) : new Map<bigint, string[]>(),
        !fields || fields.includes('categories') ? repository.categoriesOf(ids) : new Map<bigint, number[]>(),
      ]);
      return {
        items: items.map((game) =>
          project(toGameFull(game, locale, tags.get(game.id) ?? [], categories.get(game.id) ?? []), fields),
        ),
        total,
      };
    },

    async categories(locale: Locale): Promise<{ items: GameCategory[] }> {
      const rows = await repository.categories();
      return {
        items: rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: localized(row.name, locale),
          icon: row.icon,
          games_count: row.gamesCount,
        })),
      };
    },

    async providers(input: { fields?: string[] | undefined; types?: string[] | undefined }): Promise<{
      items: GameProvider[];
    }> {
      const withParams = input.fields?.includes('game_params') ?? false;
      const rows = await repository.providers(input.types);
      return {
        items: rows.map((row) => ({
          sysname: row.sysname,
          name: row.name,
          logo_url: row.logoUrl,
          games_count: row.gamesCount,
          ...(withParams ? { game_params: row.gameParams } : {}),
        })),
      };
    },

    /** A game for the launcher: by sysname or custom code, with its studio (null when unknown). */
    async findGame(by: { sysname: string } | { customCode: string }): Promise<GameRecord | null> {
      return (await repository.findGame(by)) ?? null;
    },

    /** Sysname, name and art of games by id, active or not (the jackpots name their games and wins). */
    async summariesByIds(
      ids: readonly bigint[],
    ): Promise<{ id: bigint; sysname: string; name: string; imageUrl: string }[]> {
      return [...(await repository.gamesByIds(ids))].map(([id, game]) => ({ id, ...game }));
    },

    // --- favourites -----------------------------------------------------------------------------------

    async likes(playerId: bigint): Promise<{ sysnames: string[] }> {
      return { sysnames: await repository.likedSysnames(playerId) };
    },

    async addLike(playerId: bigint, sysname: string): Promise<void> {
      const game = await activeGame(sysname);
      if ((await repository.countLikes(playerId)) >= MAX_LIKES) throw invalid('sysname', 'too_many_likes');
      await repository.addLike(playerId, game.id);
    },

    async removeLike(playerId: bigint, sysname: string): Promise<void> {
      const game = await repository.findGame({ sysname });
      if (!game) throw invalid('sysname', 'not_found');
      await repository.removeLike(playerId, game.id);
    },

    // --- rounds -----------------------------------------------------------------------------------------

    async history(
      playerId: bigint,
      input: { offset: number; count: number; sysname?: string | undefined },
    ): Promise<{ items: GameRound[]; total: number }> {
      const [rounds, total, exponentOf] = await Promise.all([
        namedRounds(playerId, {
          ...(input.sysname !== undefined ? { gameSysname: input.sysname } : {}),
          offset: input.offset,
          count: input.count,
        }),
        countRounds(playerId, input.sysname),
        exponents(),
      ]);
      return { items: rounds.map((round) => toRound(round, exponentOf)), total };
    },

    /**
     * The big-win ticker (ADR 037): a consumer of the wager stream that publishes a real-money
     * casino win of at least 10× its round's bet (as `games.getWinners` counts one) on every push
     * stream, once per win event. A round with several win events is published at each one that
     * finds it over the line, at most once per batch; wins older than ten minutes (a replay of the
     * history, a consumer catching up) are not news and are skipped.
     */
    bigWinsConsumer: {
      name: BIG_WINS_CONSUMER,
      async apply(tx, events) {
        const publish = collaborators.publishBigWin;
        if (!publish) return;
        const newsSince = deps.now().getTime() - BIG_WIN_NEWS_MS;
        const wins = events.filter(
          (event) =>
            event.product === 'casino' &&
            event.kind === 'win' &&
            event.payoutRealMinor > 0n &&
            event.gameId !== null &&
            event.createdAt.getTime() >= newsSince,
        );
        if (wins.length === 0) return;
        const keys = [
          ...new Map(
            wins.map((event) => [
              `${event.gameId}:${event.roundRef}`,
              { gameId: event.gameId!, roundRef: event.roundRef },
            ]),
          ).values(),
        ];
        const big = (await gameWallet.roundTotals(keys)).filter(
          (round) =>
            round.mode === 'real' &&
            round.betMinor > 0n &&
            round.winMinor >= round.betMinor * BIG_WIN_MULTIPLE,
        );
        if (big.length === 0) return;
        const at = new Map(wins.map((event) => [`${event.gameId}:${event.roundRef}`, event.createdAt]));
        const named = await namedWins(
          big.map((round) => ({
            roundId: round.roundId,
            gameId: round.gameId,
            playerId: round.playerId,
            currency: round.currency,
            betMinor: round.betMinor,
            winMinor: round.winMinor,
            closedAt: at.get(`${round.gameId}:${round.roundRef}`) ?? deps.now(),
          })),
        );
        const exponentOf = await exponents();
        for (const win of named) await publish(tx, winnerOutput(win, exponentOf));
      },
    } satisfies WagerConsumer,

    async winners(count: number): Promise<{ items: GameWinner[] }> {
      const now = deps.now().getTime();
      const big = await namedWins(
        await gameWallet.bigWins({
          minMultiple: BIG_WIN_MULTIPLE,
          since: new Date(now - BIG_WIN_WINDOW_MS),
          count,
        }),
      );
      const wins =
        big.length >= count
          ? big
          : [
              ...big,
              ...(await namedWins(
                await gameWallet.largestWins({
                  since: new Date(now - LARGEST_WIN_WINDOW_MS),
                  count: count - big.length,
                  excludeIds: big.map((win) => win.roundId),
                }),
              )),
            ];
      const exponentOf = await exponents();
      return { items: wins.map((win) => winnerOutput(win, exponentOf)) };
    },

    // --- history export -----------------------------------------------------------------------------

    async requestExport(
      playerId: bigint,
      input: { from?: string | undefined; to?: string | undefined },
    ): Promise<{ id: number; status: ExportRecord['status'] }> {
      if (!deps.config.GAME_HISTORY_EXPORT_ENABLED) {
        throw new AppError('AccessDeniedException', { code: 'history_export_disabled' });
      }
      const fromAt = input.from === undefined ? null : new Date(input.from);
      const toAt = input.to === undefined ? null : new Date(input.to);
      if (fromAt && toAt && fromAt > toAt) throw invalid('from', 'after_to');
      const record = await repository.transaction(async (tx) => {
        await repository.lockPlayerExports(playerId, tx);
        return (
          (await repository.openExport(playerId, tx)) ??
          repository.insertExport({ playerId, fromAt, toAt }, tx)
        );
      });
      if (record.status !== 'pending' || !worker.started)
        return { id: Number(record.id), status: record.status };
      await worker.runNow(EXPORT_WAIT_MS);
      const latest = (await repository.findExport(playerId, record.id)) ?? record;
      return { id: Number(latest.id), status: latest.status };
    },

    async getExport(playerId: bigint, id: number | undefined): Promise<HistoryExportOutput> {
      const record = await repository.findExport(playerId, id === undefined ? undefined : BigInt(id));
      if (!record) throw invalid('id', 'not_found');
      return toExportOutput(record);
    },

    /** A ready, unexpired export's CSV, for its owner only (undefined otherwise). */
    async exportCsv(playerId: bigint, id: bigint): Promise<string | undefined> {
      return repository.exportCsv(playerId, id, deps.now());
    },

    /** One worker pass: builds pending exports (rows other nodes hold are skipped); returns how many. */
    processExports: pass,

    /** Starts the export worker (every node; app ready). */
    start(): void {
      if (worker.started) return;
      worker.start();
      // The declared RTP of games seeded before packages/games had its registry.
      fillMissingRtp().catch((error: unknown) => deps.log.warn({ err: error }, 'declared RTP fill failed'));
      // Games whose search texts predate the per-locale columns (only changed rows are written).
      refreshSearchText().catch((error: unknown) =>
        deps.log.warn({ err: error }, 'search text refresh failed'),
      );
    },

    /** Stops the worker and waits for a pass in flight (app close, before the pool closes). */
    async stop(): Promise<void> {
      await worker.stop();
    },

    // --- freespins --------------------------------------------------------------------------------------

    /** Sysname and type of games by id, for bonus wagering weights (modules/bonuses). */
    gameTypesByIds: (ids: bigint[]) => repository.gameTypesByIds(ids),

    /**
     * Awards a freespin pack (modules/bonuses, on activating a free-spin bonus) inside the caller's
     * transaction, so the pack and the bonus status commit together; null for an unknown game.
     */
    awardFreespinPack: (
      tx: Pick<Db, 'execute'>,
      pack: Parameters<ReturnType<typeof createGamesRepository>['insertFreespinPack']>[1],
    ) => repository.insertFreespinPack(tx, pack),

    async freespins(
      playerId: bigint,
      input: FreespinsGetInput,
      locale: Locale,
    ): Promise<{ items: FreespinPack[] }> {
      const [packs, exponentOf] = await Promise.all([
        repository.freespinPacks(playerId, {
          activeOnly: input.status === 'active',
          now: deps.now(),
          count: input.count,
        }),
        exponents(),
      ]);
      return {
        items: packs.map((pack) => ({
          id: Number(pack.id),
          game: { sysname: pack.gameSysname, name: pack.gameName },
          remaining_count: pack.remainingCount,
          total_count: pack.totalCount,
          bet: money(pack.betMinor, pack.currency, exponentOf),
          status: pack.status,
          description: pack.description ? localized(pack.description, locale) : null,
          expires_at: pack.expiresAt?.toISOString() ?? null,
        })),
      };
    },

    // --- catalogue maintenance ----------------------------------------------------------------------

    refreshSearchText,
    fillMissingRtp,

    /**
     * A provider's game that is not in the lobby (the sportsbook, ADR 034): its studio and game rows,
     * both inactive, so that wallet sessions can name it (`games` lookup by sysname). Idempotent;
     * answers the game's id.
     */
    async ensureHiddenWalletGame(input: {
      providerSysname: string;
      providerName: string;
      walletProvider: string;
      launchUrl: string;
      gameSysname: string;
      gameName: string;
      description: LocalizedText;
    }): Promise<bigint> {
      await repository.insertProvider({
        sysname: input.providerSysname,
        name: input.providerName,
        logoUrl: null,
        walletProvider: input.walletProvider,
        launchUrl: input.launchUrl,
        gameParams: {},
        sortOrder: 100,
      });
      await repository.insertGame({
        sysname: input.gameSysname,
        name: input.gameName,
        providerSysname: input.providerSysname,
        providerGameCode: input.gameSysname,
        type: 'casino',
        description: input.description,
        imageUrl: gameArtUrl(input.gameSysname),
        priority: 0,
      });
      const id = await repository.hideProviderGame(input.providerSysname, input.gameSysname);
      if (id === null) throw new Error(`game ${input.gameSysname} is not ${input.providerSysname}'s`);
      return id;
    },

    /** The catalogue seed (idempotent: adds what is missing, recomputes search text and RTP). */
    async seed(): Promise<void> {
      for (const provider of CATALOGUE_PROVIDERS) {
        await repository.insertProvider({
          sysname: provider.sysname,
          name: provider.name,
          logoUrl: null,
          walletProvider: RGS_PROVIDER_ID,
          launchUrl: RGS_LAUNCH_URL,
          gameParams: provider.gameParams,
          sortOrder: provider.sortOrder,
        });
      }
      for (const category of CATALOGUE_CATEGORIES) {
        await repository.insertCategory({
          slug: category.slug,
          name: category.name,
          icon: category.icon,
          sortOrder: category.sortOrder,
        });
      }
      for (const game of CATALOGUE_GAMES) {
        await repository.insertGame({
          sysname: game.sysname,
          name: game.name,
          providerSysname: game.provider,
          providerGameCode: game.sysname,
          type: game.type,
          description: game.description,
          imageUrl: gameArtUrl(game.sysname),
          priority: game.priority,
        });
        await repository.addTags(game.sysname, game.tags);
        // Sort order 0 everywhere: within a category the games' priorities decide (an operator may pin).
        for (const slug of game.categories) await repository.linkCategory(game.sysname, slug, 0);
      }
      await refreshSearchText();
      await fillMissingRtp();
    },
  };
}

/**
 * SQL the game wallet embeds in its one statement per call (`ForeignSql` in gamewallet.repository.ts):
 * the games module hands it out here, so the games table is read only by its own SQL.
 */
export { isWalletGameSql, providerGameCodeSql, walletProviderSql } from './games.repository.ts';

export type GamesService = ReturnType<typeof createGamesService>;
