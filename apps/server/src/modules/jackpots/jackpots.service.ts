/**
 * Progressive must-drop-by jackpots (issue #14, ADR 032): definitions, the wager-stream consumer
 * that feeds the pools and decides the drops (jackpot-consumer.ts, maths in jackpot-draw.ts), and
 * the public reads (`Jackpots.get`, `Jackpots.getWinners`). The money is in the ledger through
 * the wallet's jackpot moves (modules/wallet/jackpot-moves.ts).
 */
import type { JackpotOutput, JackpotWinOutput } from '@croupier/contract/jackpots/common';
import type { Locale } from '@croupier/contract/locales';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, editVersion } from '../../lib/edit-version.ts';
import { maskName } from '../games/games.service.ts';
import type { JackpotMoves } from '../wallet/jackpot-moves.ts';
import { createJackpotConsumer } from './jackpot-consumer.ts';
import {
  commitmentOf,
  dropPoint,
  type JackpotDefinition,
  newServerSeed,
  validateRules,
} from './jackpot-draw.ts';

export type { JackpotDefinition } from './jackpot-draw.ts';

import {
  createJackpotsRepository,
  type JackpotRecord,
  type JackpotTx,
  type JackpotWithGames,
} from './jackpots.repository.ts';
import { DEMO_JACKPOTS } from './seed-jackpots.ts';

export interface GameSummary {
  id: bigint;
  sysname: string;
  name: string;
  imageUrl: string;
}

/** A jackpot as the back office shows and edits it (amounts as decimal strings of its currency). */
export interface StaffJackpot {
  id: number;
  key: string;
  /** The digest of the editable fields: sent back with an edit (stale_version otherwise). */
  version: string;
  name: { en: string; fr: string };
  currency: string;
  contribution_bp: number;
  reserve_bp: number;
  seed: string;
  ceiling: string;
  enabled: boolean;
  games: string[];
  cycle: number;
  amount: string;
}

/** What staff may edit on a jackpot; the money rules must come back unchanged (ADR 049). */
export interface StaffJackpotEdit {
  name: { en: string; fr: string };
  enabled: boolean;
  games: string[];
  contributionBp: number;
  reserveBp: number;
  seedMinor: bigint;
  ceilingMinor: bigint;
}

export interface JackpotsCollaborators {
  jackpotMoves: JackpotMoves;
  /** Catalogue games by sysname (unknown ones absent). */
  gamesBySysnames(sysnames: readonly string[]): Promise<GameSummary[]>;
  /** Catalogue games by id (unknown ones absent). */
  gamesByIds(ids: readonly bigint[]): Promise<GameSummary[]>;
  /** Players' public names (fakename, else login) for the winners list. */
  publicNames(playerIds: readonly bigint[]): Promise<Map<bigint, { fakename: string | null; login: string }>>;
  /** Deterministic seeds in tests. */
  serverSeed?: () => string;
}

/** Basis points as a percentage text: 150 → "1.5", 1000 → "10". */
export function percentText(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export function createJackpotsService(
  deps: Pick<Deps, 'db' | 'log' | 'now'>,
  collaborators: JackpotsCollaborators,
) {
  const repository = createJackpotsRepository(deps.db);
  const seedOf = collaborators.serverSeed ?? newServerSeed;
  const amount = (minor: bigint, currency: string) => formatMinor(minor, currencyExponent(currency));

  const invalid = (field: string, code: string, message = 'jackpots.not_found') =>
    new AppError('InvalidParameterException', {
      code: code === 'not_found' ? 'jackpot_not_found' : 'invalid_parameter',
      message,
      fields: { [field]: code },
    });

  async function gameMap(ids: readonly bigint[]): Promise<Map<bigint, GameSummary>> {
    const games = await collaborators.gamesByIds([...new Set(ids)]);
    return new Map(games.map((g) => [g.id, g]));
  }

  const gameOut = (g: GameSummary) => ({ sysname: g.sysname, name: g.name, image_url: g.imageUrl });

  function nameOf(jackpot: JackpotRecord, locale: Locale): string {
    return jackpot.name[locale] || jackpot.name.en;
  }

  // --- the back office (ADR 049) ----------------------------------------------------------------

  function editable(j: JackpotWithGames) {
    return {
      name: j.name,
      enabled: j.enabled,
      gameIds: j.gameIds,
      contributionBp: j.contributionBp,
      reserveBp: j.reserveBp,
      seedMinor: j.seedMinor,
      ceilingMinor: j.ceilingMinor,
    };
  }

  async function staffViews(rows: readonly JackpotWithGames[]): Promise<StaffJackpot[]> {
    const games = await gameMap(rows.flatMap((r) => r.gameIds));
    return rows.map((j) => ({
      id: Number(j.id),
      key: j.key,
      version: editVersion(editable(j)),
      name: j.name,
      currency: j.currency,
      contribution_bp: j.contributionBp,
      reserve_bp: j.reserveBp,
      seed: amount(j.seedMinor, j.currency),
      ceiling: amount(j.ceilingMinor, j.currency),
      enabled: j.enabled,
      games: j.gameIds.map((id) => games.get(id)?.sysname ?? String(id)),
      cycle: j.cycle,
      amount: amount(j.currentMinor, j.currency),
    }));
  }

  const invalidName = (name: { en: string; fr: string }) =>
    !name.en.trim() || !name.fr.trim() || name.en.length > 200 || name.fr.length > 200;

  const refused = (code: string, field: string) =>
    new AppError('InvalidParameterException', {
      code,
      message: `jackpots.${code}`,
      fields: { [field]: code },
    });

  const staff = {
    async staffList(): Promise<StaffJackpot[]> {
      return staffViews(await repository.staffAll());
    },

    async staffGet(id: bigint): Promise<StaffJackpot> {
      const found = await repository.staffById(id);
      if (!found) throw invalid('id', 'not_found');
      return (await staffViews([found]))[0] as StaffJackpot;
    },

    /** Creates a jackpot for staff (its first seed funded from its reserve); a taken key is refused. */
    async staffCreate(definition: JackpotDefinition): Promise<StaffJackpot> {
      if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(definition.key))
        throw invalid('key', 'invalid', 'jackpots.invalid_definition');
      if (invalidName(definition.name)) throw invalid('name', 'invalid', 'jackpots.invalid_definition');
      if (definition.games.length === 0) throw invalid('games', 'invalid', 'jackpots.invalid_definition');
      if ((await repository.idByKey(definition.key)) !== null) throw refused('jackpot_key_taken', 'key');
      const created = await service.create(definition);
      if (!created.created) throw refused('jackpot_key_taken', 'key');
      return staff.staffGet(created.id);
    },

    /**
     * Edits a jackpot: its name, whether it runs (a paused jackpot takes no contributions and keeps its
     * pool) and its games. The money rules (contribution, reserve share, seed, ceiling) are refused
     * once it exists (`jackpot_rules_locked`): the open cycle's drop point was committed on
     * [start, ceiling] with these rules and published, so changing them would break the promise the
     * players can verify. A new rule set is a new jackpot. Stale version or bad input: nothing written.
     */
    async staffUpdate(
      id: bigint,
      version: string,
      edit: StaffJackpotEdit,
    ): Promise<{ before: StaffJackpot; after: StaffJackpot }> {
      const problem = validateRules(edit);
      if (problem) throw invalid(problem, 'invalid', 'jackpots.invalid_definition');
      if (invalidName(edit.name)) throw invalid('name', 'invalid', 'jackpots.invalid_definition');
      if (edit.games.length === 0) throw invalid('games', 'invalid', 'jackpots.invalid_definition');
      const games = await collaborators.gamesBySysnames(edit.games);
      if (games.length !== new Set(edit.games).size)
        throw invalid('games', 'not_found', 'jackpots.invalid_definition');
      const current = await repository.staffById(id);
      if (!current) throw invalid('id', 'not_found');
      const before = (await staffViews([current]))[0] as StaffJackpot;
      await deps.db.transaction(async (tx: JackpotTx) => {
        const locked = await repository.staffById(id, tx);
        if (!locked) throw invalid('id', 'not_found');
        assertVersion(editable(locked), version);
        for (const [field, same] of [
          ['contribution_bp', edit.contributionBp === locked.contributionBp],
          ['reserve_bp', edit.reserveBp === locked.reserveBp],
          ['seed', edit.seedMinor === locked.seedMinor],
          ['ceiling', edit.ceilingMinor === locked.ceilingMinor],
        ] as const) {
          if (!same) throw refused('jackpot_rules_locked', field);
        }
        await repository.updateEditable(
          tx,
          id,
          { name: edit.name, enabled: edit.enabled },
          games.map((g) => g.id),
          deps.now(),
        );
      });
      return { before, after: await staff.staffGet(id) };
    },
  };

  const service = {
    accrualConsumer: createJackpotConsumer({
      repository,
      jackpotMoves: collaborators.jackpotMoves,
      now: deps.now,
      serverSeed: seedOf,
    }),

    /** Creates a jackpot (key unique; an existing key is left as it is) and funds its first seed from its reserve. */
    async create(definition: JackpotDefinition): Promise<{ id: bigint; created: boolean }> {
      const problem = validateRules(definition);
      if (problem) throw invalid(problem, 'invalid', 'jackpots.invalid_definition');
      if (!/^[A-Z]{3}$/.test(definition.currency))
        throw invalid('currency', 'invalid', 'jackpots.invalid_definition');
      const existing = await repository.idByKey(definition.key);
      if (existing !== null) return { id: existing, created: false };
      const games = await collaborators.gamesBySysnames(definition.games);
      if (games.length !== new Set(definition.games).size)
        throw invalid('games', 'not_found', 'jackpots.invalid_definition');
      const now = deps.now();
      const id = await deps.db.transaction(async (tx: JackpotTx) => {
        const jackpotId = await createJackpotsRepository(tx).insert(
          tx,
          { ...definition, gameIds: games.map((g) => g.id) },
          (newId) => {
            const serverSeed = seedOf();
            return {
              serverSeed,
              commitment: commitmentOf(serverSeed),
              dropPointMinor: dropPoint(serverSeed, newId, 1, definition.seedMinor, definition.ceilingMinor),
            };
          },
          now,
        );
        await collaborators.jackpotMoves.seed(
          tx,
          { jackpotId, currency: definition.currency, cycle: 1 },
          definition.seedMinor,
        );
        return jackpotId;
      });
      return { id, created: true };
    },

    async list(
      input: { id?: number | undefined },
      locale: Locale,
    ): Promise<{ items: JackpotOutput[]; total: number }> {
      let rows = await repository.enabled();
      if (input.id !== undefined) {
        rows = rows.filter((r) => r.id === BigInt(input.id as number));
        if (rows.length === 0) throw invalid('id', 'not_found');
      }
      const [cycles, games, lastWins] = await Promise.all([
        repository.openCycles(rows.map((r) => r.id)),
        gameMap(rows.flatMap((r) => r.gameIds)),
        Promise.all(rows.map((r) => repository.wins({ jackpotId: r.id, count: 1, offset: 0 }))),
      ]);
      const items = rows.map((row, index): JackpotOutput => {
        const cycle = cycles.get(row.id);
        const last = lastWins[index]?.items[0]?.cycle;
        return {
          id: Number(row.id),
          name: nameOf(row, locale),
          currency: row.currency,
          amount: amount(row.currentMinor, row.currency),
          seed: amount(row.seedMinor, row.currency),
          ceiling: amount(row.ceilingMinor, row.currency),
          rules: {
            contribution_percent: percentText(row.contributionBp),
            pool_share_percent: percentText(10_000 - row.reserveBp),
            reserve_share_percent: percentText(row.reserveBp),
          },
          cycle: row.cycle,
          commitment: cycle?.commitment ?? '',
          games: row.gameIds.flatMap((id) => {
            const game = games.get(id);
            return game ? [gameOut(game)] : [];
          }),
          last_win:
            last?.winMinor != null && last.wonAt
              ? { amount: amount(last.winMinor, row.currency), at: last.wonAt.toISOString() }
              : null,
        };
      });
      return { items, total: items.length };
    },

    async winners(
      input: { jackpot_id?: number | undefined; offset: number; count: number },
      locale: Locale,
    ): Promise<{ items: JackpotWinOutput[]; total: number }> {
      let jackpotId: bigint | undefined;
      if (input.jackpot_id !== undefined) {
        jackpotId = BigInt(input.jackpot_id);
        if (!(await repository.exists(jackpotId))) throw invalid('jackpot_id', 'not_found');
      }
      const wins = await repository.wins({
        ...(jackpotId !== undefined ? { jackpotId } : {}),
        count: input.count,
        offset: input.offset,
      });
      const [games, names] = await Promise.all([
        gameMap(wins.items.flatMap((w) => (w.cycle.winGameId === null ? [] : [w.cycle.winGameId]))),
        collaborators.publicNames([...new Set(wins.items.map((w) => w.cycle.winnerPlayerId as bigint))]),
      ]);
      return {
        total: wins.total,
        items: wins.items.map(({ cycle, jackpot }) => {
          const name = names.get(cycle.winnerPlayerId as bigint);
          const display = name?.fakename?.trim() || (name?.login.split('@')[0] ?? '');
          const game = cycle.winGameId === null ? undefined : games.get(cycle.winGameId);
          return {
            jackpot_id: Number(jackpot.id),
            jackpot_name: nameOf(jackpot, locale),
            cycle: cycle.cycle,
            player: maskName(display),
            amount: amount(cycle.winMinor as bigint, jackpot.currency),
            currency: jackpot.currency,
            game: game ? gameOut(game) : null,
            at: (cycle.wonAt as Date).toISOString(),
            verification: {
              server_seed: cycle.serverSeed,
              commitment: cycle.commitment,
              start: amount(cycle.startMinor, jackpot.currency),
              ceiling: amount(jackpot.ceilingMinor, jackpot.currency),
            },
          };
        }),
      };
    },

    /** Demo jackpots on the in-house games (seed `jackpots-demo-v1`). */
    async seed(): Promise<void> {
      for (const definition of DEMO_JACKPOTS) await service.create(definition);
    },
  };
  return { ...service, ...staff };
}

export type JackpotsService = ReturnType<typeof createJackpotsService>;
