/**
 * Tournaments (issue #14, ADR 036): operator definitions (schedule, games, scoring, entry, prize
 * table), participation (`tournaments.participate`, a buy-in through the ledger), scores from the
 * wager stream (a consumer, each event once), leaderboards (`leaderboard.get`), and the pass that
 * settles ended tournaments (prizes once: cash through the ledger, bonuses and free spins through
 * the promotions engine, loyalty points through the loyalty service) and creates the next
 * occurrence of recurring ones.
 *
 * Other modules may call `onRankChanged` (a hint for real-time pushes), `withdrawalRequested`
 * (the cashier: reset-on-cashout) and `gameIdsOf` (the tournament game hall).
 */
import type { Locale } from '@croupier/contract/locales';
import type {
  LeaderboardRow,
  TournamentOutput,
  TournamentPrize,
  TournamentStatus,
} from '@croupier/contract/tournaments/tournaments';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, editVersion } from '../../lib/edit-version.ts';
import type { GrantInTransaction } from '../bonuses/grant-in-transaction.ts';
import { maskName } from '../games/games.service.ts';
import type { WagerConsumer, WagerEvent } from '../wagers/wager-event.ts';
import type { TournamentMoves } from '../wallet/tournament-moves.ts';
import { demoTournaments } from './seed-tournaments.ts';
import type { TournamentDefinition } from './tournament-definition.ts';
import { applyEffect, type Scoring, scoreEffect } from './tournament-scoring.ts';
import {
  createTournamentsRepository,
  type ParticipantRecord,
  type StatusFilter,
  type TournamentRecord,
  type TournamentTx,
  type TournamentWithGames,
} from './tournaments.repository.ts';
import type { PrizeLine } from './tournaments.tables.ts';

export const TOURNAMENT_CONSUMER = 'tournament_scores';
/** The settlement and recurrence pass. */
export const TOURNAMENTS_PASS_EVERY_MS = 30_000;

export type { TournamentDefinition } from './tournament-definition.ts';

export interface GameSummary {
  id: bigint;
  sysname: string;
  name: string;
  imageUrl: string;
}

export type StaffTournamentStatus = TournamentStatus | 'settled' | 'cancelled';

/** A tournament as the back office shows and edits it (amounts as decimal strings of its currency). */
export interface StaffTournament {
  id: number;
  key: string;
  /** The digest of the editable fields: sent back with an edit (stale_version otherwise). */
  version: string;
  status: StaffTournamentStatus;
  participants: number;
  name: { en: string; fr: string };
  description: { en: string; fr: string };
  image_url: string;
  tags: string[];
  starts_at: string;
  ends_at: string;
  recur_days: number | null;
  currency: string;
  scoring: Scoring;
  points_per_bet: number | null;
  min_stake: string | null;
  entry: TournamentDefinition['entry'];
  buy_in: string | null;
  max_participants: number | null;
  reset_on_cashout: boolean;
  prizes: {
    from: number;
    to: number;
    kind: PrizeLine['kind'];
    amount: string | null;
    template_key: string | null;
    points: number | null;
    label: { en: string; fr: string } | null;
  }[];
  total_prize: string;
  games: string[];
}

export interface RankChange {
  tournamentId: bigint;
  playerId: bigint;
  score: bigint;
}

export interface TournamentsCollaborators {
  tournamentMoves: TournamentMoves;
  gamesBySysnames(sysnames: readonly string[]): Promise<GameSummary[]>;
  gamesByIds(ids: readonly bigint[]): Promise<GameSummary[]>;
  publicNames(playerIds: readonly bigint[]): Promise<Map<bigint, { fakename: string | null; login: string }>>;
  playerCurrency(playerId: bigint): Promise<string>;
  /** Throws the responsible-gaming typed error for a player in a time-out or self-exclusion. */
  assertNotExcluded(playerId: bigint, tx: TournamentTx): Promise<void>;
  grantInTx: GrantInTransaction;
  templateIdByKey(key: string): Promise<bigint | null>;
  /**
   * Credits loyalty points once per key (modules/loyalty `awardPoints`). Absent (a deployment
   * without loyalty): loyalty-point prizes are refused in definitions.
   */
  awardLoyaltyPoints?(tx: TournamentTx, playerId: bigint, points: number, key: string): Promise<void>;
  /** When the oldest event this module's consumer has not applied was written (null: none). */
  oldestUnappliedAt(): Promise<Date | null>;
}

const invalidDefinition = (field: string) =>
  new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    message: 'tournaments.invalid_definition',
    fields: { [field]: 'invalid' },
  });

/** The first problem of a definition (a field name), or null. */
export function validateDefinition(d: TournamentDefinition): string | null {
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(d.key)) return 'key';
  if (!/^[A-Z]{3}$/.test(d.currency)) return 'currency';
  if (!(d.endsAt.getTime() > d.startsAt.getTime())) return 'endsAt';
  if (d.recurDays != null && (!Number.isInteger(d.recurDays) || d.recurDays < 1)) return 'recurDays';
  if (d.recurDays != null && d.endsAt.getTime() - d.startsAt.getTime() > d.recurDays * 86_400_000)
    return 'recurDays';
  if ((d.scoring === 'points_per_bet') !== (d.pointsPerBet != null && d.pointsPerBet > 0))
    return 'pointsPerBet';
  if (d.minStakeMinor != null && d.minStakeMinor <= 0n) return 'minStakeMinor';
  if ((d.entry === 'buy_in') !== (d.buyInMinor != null && d.buyInMinor > 0n)) return 'buyInMinor';
  if (d.maxParticipants != null && d.maxParticipants < 1) return 'maxParticipants';
  if (d.games.length === 0) return 'games';
  const places = new Set<number>();
  for (const line of d.prizes) {
    if (!Number.isInteger(line.from) || line.from < 1 || line.to < line.from || line.to > 1000)
      return 'prizes';
    for (let place = line.from; place <= line.to; place += 1) {
      if (places.has(place)) return 'prizes';
      places.add(place);
    }
    if (
      line.kind === 'cash' &&
      !(line.amountMinor && /^\d+$/.test(line.amountMinor) && BigInt(line.amountMinor) > 0n)
    )
      return 'prizes';
    if ((line.kind === 'bonus' || line.kind === 'free_spins') && !line.templateKey) return 'prizes';
    if (line.kind === 'loyalty_points' && !(line.points && line.points > 0)) return 'prizes';
  }
  return null;
}

export function prizeFor(prizes: readonly PrizeLine[], rank: number): PrizeLine | null {
  return prizes.find((line) => rank >= line.from && rank <= line.to) ?? null;
}

/** Cash prizes together (minor units). */
export function totalCashMinor(prizes: readonly PrizeLine[]): bigint {
  return prizes.reduce(
    (sum, line) =>
      line.kind === 'cash' ? sum + BigInt(line.amountMinor ?? '0') * BigInt(line.to - line.from + 1) : sum,
    0n,
  );
}

export function statusAt(t: Pick<TournamentRecord, 'startsAt' | 'endsAt'>, now: Date): TournamentStatus {
  if (now.getTime() < t.startsAt.getTime()) return 'future';
  if (now.getTime() < t.endsAt.getTime()) return 'active';
  return 'finished';
}

const PRIZE_WORDS = {
  en: { points: 'points', bonus: 'Bonus', free_spins: 'Free spins' },
  fr: { points: 'points', bonus: 'Bonus', free_spins: 'Tours gratuits' },
} as const;

export function createTournamentsService(
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'jobs'>,
  collaborators: TournamentsCollaborators,
) {
  const repository = createTournamentsRepository(deps.db);
  const listeners = new Set<(changes: RankChange[]) => void>();
  const amount = (minor: bigint, currency: string) => formatMinor(minor, currencyExponent(currency));

  const notFound = (field = 'tournament_id') =>
    new AppError('InvalidParameterException', {
      code: 'tournament_not_found',
      message: 'tournaments.not_found',
      fields: { [field]: 'not_found' },
    });

  function prizeLabel(line: PrizeLine, currency: string, locale: Locale): string {
    if (line.kind === 'cash') return `${amount(BigInt(line.amountMinor ?? '0'), currency)} ${currency}`;
    if (line.label) return line.label[locale] || line.label.en;
    const words = PRIZE_WORDS[locale];
    if (line.kind === 'loyalty_points') return `${line.points ?? 0} ${words.points}`;
    return words[line.kind];
  }

  function prizeOutput(line: PrizeLine, currency: string, locale: Locale): TournamentPrize {
    return {
      from: line.from,
      to: line.to,
      kind: line.kind,
      amount: line.kind === 'cash' ? amount(BigInt(line.amountMinor ?? '0'), currency) : null,
      points: line.kind === 'loyalty_points' ? (line.points ?? null) : null,
      label: prizeLabel(line, currency, locale),
    };
  }

  async function displayNames(playerIds: readonly bigint[]): Promise<Map<bigint, string>> {
    const names = await collaborators.publicNames([...new Set(playerIds)]);
    return new Map(
      playerIds.map((id) => {
        const name = names.get(id);
        return [id, maskName(name?.fakename?.trim() || (name?.login.split('@')[0] ?? ''))];
      }),
    );
  }

  async function boardRows(
    t: TournamentRecord,
    rows: readonly (ParticipantRecord & { rank: number })[],
    me: bigint | null,
    locale: Locale,
  ): Promise<LeaderboardRow[]> {
    const names = await displayNames(rows.map((r) => r.playerId));
    return rows.map((row) => {
      const line = row.score > 0n ? prizeFor(t.prizes, row.rank) : null;
      return {
        rank: row.rank,
        player: names.get(row.playerId) ?? '***',
        score: Number(row.score),
        prize: line ? prizeLabel(line, t.currency, locale) : null,
        me: me !== null && row.playerId === me,
      };
    });
  }

  async function tournamentOutputs(
    rows: readonly TournamentWithGames[],
    playerId: bigint | null,
    locale: Locale,
  ): Promise<TournamentOutput[]> {
    const ids = rows.map((r) => r.id);
    const now = deps.now();
    const [totals, mine, games, prizes] = await Promise.all([
      repository.totals(ids),
      playerId === null ? Promise.resolve(new Map()) : repository.participations(playerId, ids),
      collaborators.gamesByIds([...new Set(rows.flatMap((r) => r.gameIds))]),
      repository.prizes(ids.filter((_id, i) => rows[i]?.finalizedAt != null)),
    ]);
    const gameMap = new Map(games.map((g) => [g.id, g]));
    const names = await displayNames(prizes.map((p) => p.playerId));
    return rows.map((row): TournamentOutput => {
      const total = totals.get(row.id);
      const own = mine.get(row.id) as (ParticipantRecord & { rank: number }) | undefined;
      const winners = prizes
        .filter((p) => p.tournamentId === row.id)
        .map((p) => {
          const line = prizeFor(row.prizes, p.rank);
          return {
            rank: p.rank,
            player: names.get(p.playerId) ?? '***',
            score: 0,
            prize: line ? prizeLabel(line, row.currency, locale) : null,
            me: playerId !== null && p.playerId === playerId,
          };
        });
      const rowGames = row.gameIds.flatMap((id) => {
        const g = gameMap.get(id);
        return g ? [{ sysname: g.sysname, name: g.name, image_url: g.imageUrl }] : [];
      });
      return {
        id: Number(row.id),
        name: row.name[locale] || row.name.en,
        description: row.description[locale] || row.description.en,
        status: statusAt(row, now),
        start_at: row.startsAt.toISOString(),
        end_at: row.endsAt.toISOString(),
        recurring_days: row.recurDays,
        currencies: [row.currency],
        scoring: row.scoring as Scoring,
        points_per_bet: row.pointsPerBet,
        min_stake: row.minStakeMinor === null ? null : amount(row.minStakeMinor, row.currency),
        entry: row.entry as TournamentOutput['entry'],
        buy_in: row.buyInMinor === null ? null : amount(row.buyInMinor, row.currency),
        restrictions: {
          max_participants: row.maxParticipants,
          min_stake: row.minStakeMinor === null ? null : amount(row.minStakeMinor, row.currency),
        },
        reset_on_cashout: row.resetOnCashout,
        prizes: row.prizes.map((line) => prizeOutput(line, row.currency, locale)),
        total_prize: amount(totalCashMinor(row.prizes), row.currency),
        total_participants: total?.participants ?? 0,
        total_points: Number(total?.points ?? 0n),
        user_info:
          playerId === null
            ? null
            : { participates: own !== undefined, rank: own?.rank ?? null, score: Number(own?.score ?? 0n) },
        winners,
        provider: 'croupier',
        image_url: row.imageUrl,
        tags: row.tags,
        extra: {},
        games_count: rowGames.length,
        games: rowGames,
      };
    });
  }

  // --- the wager-stream consumer --------------------------------------------------------------

  function eligible(t: TournamentWithGames, event: WagerEvent): boolean {
    return (
      event.product === 'casino' &&
      event.currency === t.currency &&
      event.gameId !== null &&
      t.gameIds.includes(event.gameId) &&
      event.createdAt.getTime() >= t.startsAt.getTime() &&
      event.createdAt.getTime() < t.endsAt.getTime()
    );
  }

  /**
   * Applies a batch: for each open tournament and eligible event of a participant (counted from the
   * join or the last reset), the event is recorded (`tournament_scored_events`, primary key
   * tournament + event) and its effect added to the score. A recorded event is never counted again.
   * An automatic tournament takes a player in at their first eligible bet.
   */
  async function applyEvents(tx: TournamentTx, events: readonly WagerEvent[]): Promise<RankChange[]> {
    const casino = events.filter((e) => e.product === 'casino' && e.gameId !== null);
    if (casino.length === 0) return [];
    const latest = casino.reduce((max, e) => (e.createdAt > max ? e.createdAt : max), casino[0]!.createdAt);
    const open = await repository.openForUpdate(tx, [...new Set(casino.map((e) => e.currency))], latest);
    const changes: RankChange[] = [];
    for (const t of open) {
      const participants = new Map<bigint, ParticipantRecord | null>();
      const touched = new Set<bigint>();
      for (const event of casino) {
        if (!eligible(t, event)) continue;
        if (!participants.has(event.playerId)) {
          participants.set(event.playerId, await repository.participant(tx, t.id, event.playerId));
        }
        let participant = participants.get(event.playerId) ?? null;
        if (!participant && t.entry === 'automatic' && event.kind === 'bet') {
          const row = {
            tournamentId: t.id,
            playerId: event.playerId,
            joinedAt: event.createdAt,
            countsFrom: event.createdAt,
            score: 0n,
            reachedAt: event.createdAt,
            finalRank: null,
          };
          await repository.join(tx, row);
          participant = row;
          participants.set(event.playerId, row);
        }
        if (!participant || event.createdAt.getTime() < participant.countsFrom.getTime()) continue;
        const roundStake =
          event.kind === 'bet' ? 0n : await repository.roundStake(tx, t.id, event.playerId, event.roundRef);
        const effect = scoreEffect({ ...t, scoring: t.scoring as Scoring }, event, roundStake);
        if (effect === null) continue;
        const fresh = await repository.recordEvent(tx, {
          tournamentId: t.id,
          eventId: event.id,
          playerId: event.playerId,
          roundRef: event.roundRef,
          stakeMinor: event.kind === 'bet' ? event.stakeRealMinor + event.stakeBonusMinor : 0n,
          points: effect.points,
        });
        if (!fresh) continue;
        const next = applyEffect(participant.score, effect);
        if (next.score === participant.score) continue;
        participant = {
          ...participant,
          score: next.score,
          reachedAt: next.raised ? event.createdAt : participant.reachedAt,
        };
        participants.set(event.playerId, participant);
        touched.add(event.playerId);
      }
      for (const playerId of touched) {
        const p = participants.get(playerId) as ParticipantRecord;
        await repository.setScore(tx, t.id, playerId, p.score, p.reachedAt);
        changes.push({ tournamentId: t.id, playerId, score: p.score });
      }
    }
    return changes;
  }

  const scoreConsumer: WagerConsumer = {
    name: TOURNAMENT_CONSUMER,
    async apply(tx, events) {
      const changes = await applyEvents(tx as TournamentTx, events);
      // A hint after the batch (it may still roll back): listeners read the leaderboard again.
      if (changes.length > 0 && listeners.size > 0) {
        setImmediate(() => {
          for (const listener of listeners) {
            try {
              listener(changes);
            } catch (error) {
              deps.log.warn({ err: error }, 'tournament rank listener failed');
            }
          }
        });
      }
    },
  };

  // --- settlement --------------------------------------------------------------------------------

  /**
   * Settles one ended tournament in one transaction under its row lock: final ranks frozen, each
   * prize recorded (`tournament_prizes`) and paid, the tournament marked settled. A second run finds
   * it settled and moves nothing; the ledger and grant keys are per tournament and rank besides.
   */
  async function settle(id: bigint): Promise<boolean> {
    return deps.db.transaction(async (tx: TournamentTx) => {
      const t = await repository.lock(tx, id);
      if (!t || t.finalizedAt !== null) return false;
      const now = deps.now();
      if (now.getTime() < t.endsAt.getTime()) return false;
      const board = await repository.board(tx, id, 10_000);
      let rank = 0;
      for (const row of board) {
        rank += 1;
        await repository.setFinalRank(tx, id, row.playerId, rank);
        const line = row.score > 0n ? prizeFor(t.prizes, rank) : null;
        if (!line) continue;
        const key = `tournament:${id}:prize:${rank}`;
        const recorded = await repository.recordPrize(tx, {
          tournamentId: id,
          playerId: row.playerId,
          rank,
          kind: line.kind,
          amountMinor: line.kind === 'cash' ? BigInt(line.amountMinor ?? '0') : null,
          points: line.kind === 'loyalty_points' ? (line.points ?? null) : null,
          paidAt: now,
        });
        if (!recorded) continue;
        if (line.kind === 'cash') {
          await collaborators.tournamentMoves.prize(
            tx,
            { tournamentId: id, playerId: row.playerId, currency: t.currency, rank },
            BigInt(line.amountMinor ?? '0'),
          );
        } else if (line.kind === 'loyalty_points') {
          if (!collaborators.awardLoyaltyPoints)
            throw new Error('loyalty-point prizes need the loyalty award');
          await collaborators.awardLoyaltyPoints(tx, row.playerId, line.points ?? 0, key);
        } else {
          const templateId = await collaborators.templateIdByKey(line.templateKey ?? '');
          if (templateId === null) {
            deps.log.warn(
              { tournamentId: id, rank, template: line.templateKey },
              'tournament prize template missing',
            );
            continue;
          }
          // A grant refused (an excluded player, a template without this currency) leaves the others paid.
          try {
            await tx.transaction(async (sp) => {
              await collaborators.grantInTx(sp as TournamentTx, row.playerId, templateId, {
                currency: t.currency,
                reason: `tournament:${t.key}`,
                idempotencyKey: key,
              });
            });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            deps.log.warn({ err: error, tournamentId: id, rank }, 'tournament prize grant refused');
          }
        }
      }
      await repository.markSettled(tx, id, now);
      deps.log.info({ tournamentId: id, participants: board.length }, 'tournament settled');
      return true;
    });
  }

  // --- the back office (ADR 049) ----------------------------------------------------------------

  /** The fields staff edit, the digest of which is the record's version. */
  function editable(t: TournamentWithGames) {
    return {
      name: t.name,
      description: t.description,
      imageUrl: t.imageUrl,
      tags: t.tags,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      recurDays: t.recurDays,
      currency: t.currency,
      scoring: t.scoring,
      pointsPerBet: t.pointsPerBet,
      minStakeMinor: t.minStakeMinor,
      entry: t.entry,
      buyInMinor: t.buyInMinor,
      maxParticipants: t.maxParticipants,
      resetOnCashout: t.resetOnCashout,
      prizes: t.prizes,
      gameIds: t.gameIds,
      enabled: t.enabled,
      finalizedAt: t.finalizedAt,
    };
  }

  function staffStatus(t: TournamentWithGames, now: Date): StaffTournamentStatus {
    if (!t.enabled) return 'cancelled';
    if (t.finalizedAt !== null) return 'settled';
    return statusAt(t, now);
  }

  const refused = (code: string, field: string) =>
    new AppError('InvalidParameterException', {
      code,
      message: `tournaments.${code}`,
      fields: { [field]: code },
    });

  async function staffViews(rows: readonly TournamentWithGames[]): Promise<StaffTournament[]> {
    const now = deps.now();
    const [totals, games] = await Promise.all([
      repository.totals(rows.map((r) => r.id)),
      collaborators.gamesByIds([...new Set(rows.flatMap((r) => r.gameIds))]),
    ]);
    const sysnames = new Map(games.map((g) => [g.id, g.sysname]));
    return rows.map((t) => ({
      id: Number(t.id),
      key: t.key,
      version: editVersion(editable(t)),
      status: staffStatus(t, now),
      participants: totals.get(t.id)?.participants ?? 0,
      name: t.name,
      description: t.description,
      image_url: t.imageUrl,
      tags: t.tags,
      starts_at: t.startsAt.toISOString(),
      ends_at: t.endsAt.toISOString(),
      recur_days: t.recurDays,
      currency: t.currency,
      scoring: t.scoring as Scoring,
      points_per_bet: t.pointsPerBet,
      min_stake: t.minStakeMinor === null ? null : amount(t.minStakeMinor, t.currency),
      entry: t.entry as TournamentDefinition['entry'],
      buy_in: t.buyInMinor === null ? null : amount(t.buyInMinor, t.currency),
      max_participants: t.maxParticipants,
      reset_on_cashout: t.resetOnCashout,
      prizes: t.prizes.map((line) => ({
        from: line.from,
        to: line.to,
        kind: line.kind,
        amount: line.kind === 'cash' ? amount(BigInt(line.amountMinor ?? '0'), t.currency) : null,
        template_key: line.templateKey ?? null,
        points: line.points ?? null,
        label: line.label ?? null,
      })),
      total_prize: amount(totalCashMinor(t.prizes), t.currency),
      games: t.gameIds.map((id) => sysnames.get(id) ?? String(id)),
    }));
  }

  /** Checks what `create` checks: the rules, the games and the prizes' templates; answers the game ids. */
  async function checkedGames(definition: TournamentDefinition): Promise<bigint[]> {
    const problem = validateDefinition(definition);
    if (problem) throw invalidDefinition(problem);
    const games = await collaborators.gamesBySysnames(definition.games);
    if (games.length !== new Set(definition.games).size) throw invalidDefinition('games');
    for (const line of definition.prizes) {
      if (line.kind === 'loyalty_points' && !collaborators.awardLoyaltyPoints)
        throw invalidDefinition('prizes');
      if (line.templateKey && (await collaborators.templateIdByKey(line.templateKey)) === null)
        throw invalidDefinition('prizes');
    }
    return games.map((g) => g.id);
  }

  const staff = {
    async staffList(): Promise<StaffTournament[]> {
      return staffViews(await repository.staffAll());
    },

    async staffGet(id: bigint): Promise<StaffTournament> {
      const found = await repository.staffById(id);
      if (!found) throw notFound('id');
      return (await staffViews([found]))[0] as StaffTournament;
    },

    /** Creates a tournament for staff: a taken key is refused (`tournament_key_taken`), not ignored. */
    async staffCreate(definition: TournamentDefinition): Promise<StaffTournament> {
      await checkedGames(definition);
      if ((await repository.idByKey(definition.key)) !== null) throw refused('tournament_key_taken', 'key');
      const created = await service.create(definition);
      if (!created.created) throw refused('tournament_key_taken', 'key');
      return staff.staffGet(created.id);
    },

    /**
     * Replaces a tournament's definition (its key stays). Refused, typed, with nothing written: a
     * stale version, a tournament that started, ended or was cancelled (`tournament_started`: its rules
     * are locked), a change of entry, buy-in or currency once players joined
     * (`tournament_has_participants`: their buy-ins must be refundable as paid), a bad definition.
     */
    async staffUpdate(
      id: bigint,
      version: string,
      definition: Omit<TournamentDefinition, 'key'>,
    ): Promise<{ before: StaffTournament; after: StaffTournament }> {
      const current = await repository.staffById(id);
      if (!current) throw notFound('id');
      const full = { ...definition, key: current.key };
      const gameIds = await checkedGames(full);
      const before = (await staffViews([current]))[0] as StaffTournament;
      await deps.db.transaction(async (tx: TournamentTx) => {
        const locked = await repository.staffById(id, tx);
        if (!locked) throw notFound('id');
        assertVersion(editable(locked), version);
        if (
          !locked.enabled ||
          locked.finalizedAt !== null ||
          deps.now().getTime() >= locked.startsAt.getTime()
        ) {
          throw refused('tournament_started', 'starts_at');
        }
        const moneyChanged =
          full.entry !== locked.entry ||
          (full.buyInMinor ?? null) !== locked.buyInMinor ||
          full.currency !== locked.currency;
        if (moneyChanged && (await repository.countParticipants(tx, id)) > 0) {
          throw refused('tournament_has_participants', 'entry');
        }
        await repository.updateDefinition(
          tx,
          id,
          {
            name: full.name,
            description: full.description,
            imageUrl: full.imageUrl ?? '',
            tags: full.tags ?? [],
            startsAt: full.startsAt,
            endsAt: full.endsAt,
            recurDays: full.recurDays ?? null,
            currency: full.currency,
            scoring: full.scoring,
            pointsPerBet: full.pointsPerBet ?? null,
            minStakeMinor: full.minStakeMinor ?? null,
            entry: full.entry,
            buyInMinor: full.buyInMinor ?? null,
            maxParticipants: full.maxParticipants ?? null,
            resetOnCashout: full.resetOnCashout ?? false,
            prizes: full.prizes,
          },
          gameIds,
        );
      });
      return { before, after: await staff.staffGet(id) };
    },

    /**
     * Cancels a tournament that is not settled: it is closed (no scoring, joining or settlement; it
     * leaves the players' pages) and every buy-in goes back to its player through the ledger
     * (house `tournaments` → player main, key per tournament and player), all in one transaction.
     */
    async staffCancel(
      id: bigint,
      version: string,
    ): Promise<{
      before: StaffTournament;
      after: StaffTournament;
      refunded: number;
      refundedAmount: string;
    }> {
      const current = await repository.staffById(id);
      if (!current) throw notFound('id');
      const before = (await staffViews([current]))[0] as StaffTournament;
      const refunded = await deps.db.transaction(async (tx: TournamentTx) => {
        const locked = await repository.staffById(id, tx);
        if (!locked) throw notFound('id');
        assertVersion(editable(locked), version);
        if (!locked.enabled || locked.finalizedAt !== null) throw refused('tournament_closed', 'id');
        const players = await repository.participantIds(tx, id);
        if (locked.buyInMinor !== null) {
          for (const playerId of players) {
            await collaborators.tournamentMoves.refundBuyIn(
              tx,
              { tournamentId: id, playerId, currency: locked.currency },
              locked.buyInMinor,
            );
          }
        }
        await repository.markCancelled(tx, id, deps.now());
        return locked.buyInMinor === null ? 0 : players.length;
      });
      const refundedMinor = (current.buyInMinor ?? 0n) * BigInt(refunded);
      deps.log.info({ tournamentId: id, refunded }, 'tournament cancelled');
      return {
        before,
        after: await staff.staffGet(id),
        refunded,
        refundedAmount: amount(refundedMinor, current.currency),
      };
    },
  };

  const service = {
    scoreConsumer,

    /** Creates a tournament's first occurrence (key unique; an existing key is left as it is). */
    async create(definition: TournamentDefinition): Promise<{ id: bigint; created: boolean }> {
      const problem = validateDefinition(definition);
      if (problem) throw invalidDefinition(problem);
      const existing = await repository.idByKey(definition.key);
      if (existing !== null) return { id: existing, created: false };
      const games = await collaborators.gamesBySysnames(definition.games);
      if (games.length !== new Set(definition.games).size) throw invalidDefinition('games');
      for (const line of definition.prizes) {
        if (line.kind === 'loyalty_points' && !collaborators.awardLoyaltyPoints)
          throw invalidDefinition('prizes');
        if (line.templateKey && (await collaborators.templateIdByKey(line.templateKey)) === null)
          throw invalidDefinition('prizes');
      }
      const id = await deps.db.transaction((tx: TournamentTx) =>
        repository.insert(
          tx,
          {
            key: definition.key,
            series: definition.key,
            occurrence: 1,
            name: definition.name,
            description: definition.description,
            imageUrl: definition.imageUrl ?? '',
            tags: definition.tags ?? [],
            startsAt: definition.startsAt,
            endsAt: definition.endsAt,
            recurDays: definition.recurDays ?? null,
            currency: definition.currency,
            scoring: definition.scoring,
            pointsPerBet: definition.pointsPerBet ?? null,
            minStakeMinor: definition.minStakeMinor ?? null,
            entry: definition.entry,
            buyInMinor: definition.buyInMinor ?? null,
            maxParticipants: definition.maxParticipants ?? null,
            resetOnCashout: definition.resetOnCashout ?? false,
            prizes: definition.prizes,
          },
          games.map((g) => g.id),
        ),
      );
      if (id === null) return { id: (await repository.idByKey(definition.key)) as bigint, created: false };
      return { id, created: true };
    },

    async list(
      input: {
        count: number;
        offset: number;
        ids?: readonly string[] | undefined;
        fields?: readonly string[] | undefined;
        status: StatusFilter;
      },
      playerId: bigint | null,
      locale: Locale,
    ): Promise<{ items: (Partial<TournamentOutput> & { id: number })[]; total: number }> {
      const page = await repository.list({
        status: input.status,
        ...(input.ids ? { ids: input.ids.map((id) => BigInt(id)) } : {}),
        now: deps.now(),
        offset: input.offset,
        count: input.count,
      });
      const items = await tournamentOutputs(page.items, playerId, locale);
      const fields = input.fields && input.fields.length > 0 ? new Set(input.fields) : null;
      return {
        total: page.total,
        items: fields
          ? items.map((item) => {
              const out: Partial<TournamentOutput> & { id: number } = { id: item.id };
              for (const [key, value] of Object.entries(item)) {
                if (fields.has(key)) (out as Record<string, unknown>)[key] = value;
              }
              return out;
            })
          : items,
      };
    },

    /** Joins a tournament; refused (typed, nothing written) when unknown, ended, another currency, joined, full or unpaid. */
    async participate(playerId: bigint, tournamentId: number): Promise<void> {
      const id = BigInt(tournamentId);
      const t = await repository.byId(id);
      if (!t) throw notFound();
      if (t.finalizedAt !== null || deps.now().getTime() >= t.endsAt.getTime()) {
        throw new AppError('InvalidParameterException', {
          code: 'tournament_ended',
          message: 'tournaments.ended',
          fields: { tournament_id: 'ended' },
        });
      }
      const currency = await collaborators.playerCurrency(playerId);
      if (currency !== t.currency) {
        throw new AppError('InvalidParameterException', {
          code: 'tournament_currency',
          message: 'tournaments.currency',
          fields: { tournament_id: 'currency' },
        });
      }
      await deps.db.transaction(async (tx: TournamentTx) => {
        const locked = await repository.lock(tx, id);
        if (!locked || locked.finalizedAt !== null) throw notFound();
        await collaborators.assertNotExcluded(playerId, tx);
        if (await repository.participant(tx, id, playerId)) {
          throw new AppError('InvalidParameterException', {
            code: 'tournament_already_joined',
            message: 'tournaments.already_joined',
            fields: { tournament_id: 'already_joined' },
          });
        }
        if (
          locked.maxParticipants !== null &&
          (await repository.countParticipants(tx, id)) >= locked.maxParticipants
        ) {
          throw new AppError('InvalidParameterException', {
            code: 'tournament_full',
            message: 'tournaments.full',
            fields: { tournament_id: 'full' },
          });
        }
        const now = deps.now();
        await repository.join(tx, {
          tournamentId: id,
          playerId,
          joinedAt: now,
          countsFrom: now,
          score: 0n,
          reachedAt: now,
        });
        if (locked.buyInMinor !== null) {
          await collaborators.tournamentMoves.buyIn(
            tx,
            { tournamentId: id, playerId, currency: locked.currency },
            locked.buyInMinor,
          );
        }
      });
    },

    async leaderboard(
      input: { tournament_id: number; count: number },
      playerId: bigint | null,
      locale: Locale,
    ): Promise<{ items: LeaderboardRow[]; total: number; me: LeaderboardRow | null; final: boolean }> {
      const t = await repository.byId(BigInt(input.tournament_id));
      if (!t) throw notFound();
      const [top, total, own] = await Promise.all([
        repository.board(deps.db, t.id, input.count),
        repository.countParticipants(deps.db, t.id),
        playerId === null ? Promise.resolve(null) : repository.participant(deps.db, t.id, playerId),
      ]);
      const ranked = top.map((row, i) => ({ ...row, rank: i + 1 }));
      const items = await boardRows(t, ranked, playerId, locale);
      let me = items.find((row) => row.me) ?? null;
      if (!me && own) {
        const rank = await repository.rankOf(deps.db, own);
        me = (await boardRows(t, [{ ...own, rank }], playerId, locale))[0] ?? null;
      }
      return { items, total, me, final: t.finalizedAt !== null };
    },

    /** The tournament's games (platform ids), or null for an unknown tournament (the game hall). */
    gameIdsOf: (tournamentId: bigint) => repository.gameIds(tournamentId),

    /** The cashier tells of a withdrawal request: scores in reset-on-cashout tournaments go back to zero. */
    async withdrawalRequested(tx: TournamentTx, playerId: bigint, currency: string): Promise<void> {
      const reset = await repository.resetOnCashout(tx, playerId, currency, deps.now());
      if (reset > 0)
        deps.log.info({ playerId: playerId.toString(), reset }, 'tournament scores reset on cashout');
    },

    /**
     * Listens to score changes (a hint for real-time pushes of rank changes; it may come for a batch
     * that then rolled back, so a listener reads the leaderboard again). Returns the unsubscribe.
     */
    onRankChanged(listener: (changes: RankChange[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    settle,

    /**
     * Settles every ended tournament whose events are all applied (the consumer holds none from
     * before its end), then creates the next occurrence of recurring ones that started.
     */
    async runPass(): Promise<{ settled: number; created: number }> {
      const now = deps.now();
      let settled = 0;
      const due = await repository.dueForSettlement(now);
      if (due.length > 0) {
        const oldest = await collaborators.oldestUnappliedAt();
        for (const t of due) {
          if (oldest !== null && oldest.getTime() < t.endsAt.getTime()) continue;
          if (await settle(t.id)) settled += 1;
        }
      }
      let created = 0;
      for (const t of await repository.recurringWithoutNext(now)) {
        const shift = (t.recurDays as number) * 86_400_000;
        const occurrence = t.occurrence + 1;
        const id = await deps.db.transaction((tx: TournamentTx) =>
          repository.insert(
            tx,
            {
              key: `${t.series}#${occurrence}`,
              series: t.series,
              occurrence,
              name: t.name,
              description: t.description,
              imageUrl: t.imageUrl,
              tags: t.tags,
              startsAt: new Date(t.startsAt.getTime() + shift),
              endsAt: new Date(t.endsAt.getTime() + shift),
              recurDays: t.recurDays,
              currency: t.currency,
              scoring: t.scoring,
              pointsPerBet: t.pointsPerBet,
              minStakeMinor: t.minStakeMinor,
              entry: t.entry,
              buyInMinor: t.buyInMinor,
              maxParticipants: t.maxParticipants,
              resetOnCashout: t.resetOnCashout,
              prizes: t.prizes,
            },
            t.gameIds,
          ),
        );
        if (id !== null) created += 1;
      }
      return { settled, created };
    },

    /**
     * The demo tournaments (seed `tournaments-demo-v1`): one running, one upcoming, one finished.
     * The pass runs once at the end: the finished one is settled (a fresh demo has no players, so
     * its winners list starts empty) and the running weekly one gets its next occurrence, so the
     * background pass has nothing to write until a tournament ends or the next one starts.
     */
    async seed(): Promise<void> {
      for (const definition of demoTournaments(deps.now())) await service.create(definition);
      await service.runPass();
    },
  };

  const periodic = deps.jobs.recurring({
    name: 'tournaments settlement',
    everyMs: TOURNAMENTS_PASS_EVERY_MS,
    firstDelayMs: TOURNAMENTS_PASS_EVERY_MS,
    pass: () => service.runPass(),
  });

  return {
    ...service,
    ...staff,
    start(): void {
      periodic.start();
    },
    async stop(): Promise<void> {
      await periodic.stop();
    },
  };
}

export type TournamentsService = ReturnType<typeof createTournamentsService>;
