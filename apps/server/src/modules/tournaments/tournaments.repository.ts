/** The only file of the tournaments module that touches Drizzle. */
import type { Db } from '@croupier/db/client';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  tournamentGames,
  tournamentParticipants,
  tournamentPrizes,
  tournamentScoredEvents,
  tournaments,
} from './tournaments.tables.ts';

export type TournamentTx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type TournamentExecutor = Db | TournamentTx;

export type TournamentRecord = typeof tournaments.$inferSelect;
export type NewTournament = typeof tournaments.$inferInsert;
export type ParticipantRecord = typeof tournamentParticipants.$inferSelect;
export type PrizeRecord = typeof tournamentPrizes.$inferSelect;

export interface TournamentWithGames extends TournamentRecord {
  gameIds: bigint[];
}

export type StatusFilter = 'all' | 'active' | 'future' | 'finished';

/** Leaderboard order (tournament-scoring.ts compareEntries, in SQL). */
const BOARD_ORDER = [
  desc(tournamentParticipants.score),
  asc(tournamentParticipants.reachedAt),
  asc(tournamentParticipants.playerId),
];

export function createTournamentsRepository(db: TournamentExecutor) {
  async function withGames(
    rows: TournamentRecord[],
    executor: TournamentExecutor = db,
  ): Promise<TournamentWithGames[]> {
    if (rows.length === 0) return [];
    const games = await executor
      .select()
      .from(tournamentGames)
      .where(
        inArray(
          tournamentGames.tournamentId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(tournamentGames.gameId));
    return rows.map((row) => ({
      ...row,
      gameIds: games.filter((g) => g.tournamentId === row.id).map((g) => g.gameId),
    }));
  }

  function statusWhere(status: StatusFilter, now: Date) {
    if (status === 'active') return and(lte(tournaments.startsAt, now), gt(tournaments.endsAt, now));
    if (status === 'future') return gt(tournaments.startsAt, now);
    if (status === 'finished') return lte(tournaments.endsAt, now);
    return undefined;
  }

  return {
    async idByKey(key: string): Promise<bigint | null> {
      const [row] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.key, key));
      return row?.id ?? null;
    },

    /** Inserts an occurrence and its games; null when its key or series occurrence exists. */
    async insert(tx: TournamentTx, row: NewTournament, gameIds: readonly bigint[]): Promise<bigint | null> {
      const [inserted] = await tx
        .insert(tournaments)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: tournaments.id });
      if (!inserted) return null;
      if (gameIds.length > 0) {
        await tx
          .insert(tournamentGames)
          .values([...new Set(gameIds)].map((gameId) => ({ tournamentId: inserted.id, gameId })));
      }
      return inserted.id;
    },

    async byId(id: bigint, executor: TournamentExecutor = db): Promise<TournamentWithGames | null> {
      const rows = await executor
        .select()
        .from(tournaments)
        .where(and(eq(tournaments.id, id), eq(tournaments.enabled, true)));
      return (await withGames(rows, executor))[0] ?? null;
    },

    async lock(tx: TournamentTx, id: bigint): Promise<TournamentRecord | null> {
      const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
      return row ?? null;
    },

    /** A page of tournaments: running first (ending soonest), then upcoming, then finished (latest first). */
    async list(filter: {
      status: StatusFilter;
      ids?: readonly bigint[];
      now: Date;
      offset: number;
      count: number;
    }): Promise<{ items: TournamentWithGames[]; total: number }> {
      const where = and(
        eq(tournaments.enabled, true),
        statusWhere(filter.status, filter.now),
        filter.ids ? inArray(tournaments.id, [...filter.ids]) : undefined,
      );
      const now = filter.now.toISOString();
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(tournaments)
          .where(where)
          .orderBy(
            sql`CASE WHEN ${tournaments.startsAt} <= ${now} AND ${tournaments.endsAt} > ${now} THEN 0
                     WHEN ${tournaments.startsAt} > ${now} THEN 1 ELSE 2 END`,
            sql`CASE WHEN ${tournaments.endsAt} > ${now} THEN ${tournaments.startsAt} END ASC`,
            desc(tournaments.endsAt),
            asc(tournaments.id),
          )
          .limit(filter.count)
          .offset(filter.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(tournaments).where(where),
      ]);
      return { items: await withGames(rows), total: total?.n ?? 0 };
    },

    /** Open tournaments (not settled, started by `now`) of some currencies, locked for the consumer's batch. */
    async openForUpdate(
      tx: TournamentTx,
      currencies: readonly string[],
      now: Date,
    ): Promise<TournamentWithGames[]> {
      if (currencies.length === 0) return [];
      const rows = await tx
        .select()
        .from(tournaments)
        .where(
          and(
            eq(tournaments.enabled, true),
            isNull(tournaments.finalizedAt),
            lte(tournaments.startsAt, now),
            inArray(tournaments.currency, [...currencies]),
          ),
        )
        .orderBy(asc(tournaments.id))
        .for('update');
      return withGames(rows, tx);
    },

    /** Ended, not yet settled. */
    async dueForSettlement(now: Date): Promise<TournamentRecord[]> {
      return db
        .select()
        .from(tournaments)
        .where(and(isNull(tournaments.finalizedAt), lte(tournaments.endsAt, now)))
        .orderBy(asc(tournaments.endsAt), asc(tournaments.id));
    },

    /** Recurring occurrences that started and have no next occurrence yet. */
    async recurringWithoutNext(now: Date): Promise<TournamentWithGames[]> {
      const rows = await db
        .select()
        .from(tournaments)
        .where(
          and(
            sql`${tournaments.recurDays} IS NOT NULL`,
            eq(tournaments.enabled, true),
            lte(tournaments.startsAt, now),
            sql`NOT EXISTS (SELECT 1 FROM tournaments n WHERE n.series = ${tournaments.series} AND n.occurrence = ${tournaments.occurrence} + 1)`,
          ),
        )
        .orderBy(asc(tournaments.id));
      return withGames(rows);
    },

    // --- the back office (ADR 049) --------------------------------------------------------------

    /** Every tournament, cancelled ones too, newest first (the operator desk). */
    async staffAll(): Promise<TournamentWithGames[]> {
      const rows = await db
        .select()
        .from(tournaments)
        .orderBy(desc(tournaments.startsAt), desc(tournaments.id));
      return withGames(rows);
    },

    /** One tournament, cancelled or not, with its games, locked when `tx` is a transaction. */
    async staffById(id: bigint, tx?: TournamentTx): Promise<TournamentWithGames | null> {
      const executor = tx ?? db;
      const query = executor.select().from(tournaments).where(eq(tournaments.id, id));
      const rows = tx ? await query.for('update') : await query;
      return (await withGames(rows, executor))[0] ?? null;
    },

    /** Replaces a tournament's editable fields and games. */
    async updateDefinition(
      tx: TournamentTx,
      id: bigint,
      values: Partial<NewTournament>,
      gameIds: readonly bigint[],
    ): Promise<void> {
      await tx.update(tournaments).set(values).where(eq(tournaments.id, id));
      await tx.delete(tournamentGames).where(eq(tournamentGames.tournamentId, id));
      if (gameIds.length > 0) {
        await tx
          .insert(tournamentGames)
          .values([...new Set(gameIds)].map((gameId) => ({ tournamentId: id, gameId })));
      }
    },

    /** Cancelled: disabled and closed (no scoring, no settlement, no joining). */
    async markCancelled(tx: TournamentTx, id: bigint, at: Date): Promise<void> {
      await tx.update(tournaments).set({ enabled: false, finalizedAt: at }).where(eq(tournaments.id, id));
    },

    async participantIds(tx: TournamentTx, tournamentId: bigint): Promise<bigint[]> {
      const rows = await tx
        .select({ playerId: tournamentParticipants.playerId })
        .from(tournamentParticipants)
        .where(eq(tournamentParticipants.tournamentId, tournamentId))
        .orderBy(asc(tournamentParticipants.playerId));
      return rows.map((r) => r.playerId);
    },

    async markSettled(tx: TournamentTx, id: bigint, at: Date): Promise<void> {
      await tx.update(tournaments).set({ finalizedAt: at }).where(eq(tournaments.id, id));
    },

    // --- participants --------------------------------------------------------------------------

    async participant(
      executor: TournamentExecutor,
      tournamentId: bigint,
      playerId: bigint,
    ): Promise<ParticipantRecord | null> {
      const [row] = await executor
        .select()
        .from(tournamentParticipants)
        .where(
          and(
            eq(tournamentParticipants.tournamentId, tournamentId),
            eq(tournamentParticipants.playerId, playerId),
          ),
        );
      return row ?? null;
    },

    /** False when the player already takes part. */
    async join(tx: TournamentTx, row: typeof tournamentParticipants.$inferInsert): Promise<boolean> {
      const inserted = await tx
        .insert(tournamentParticipants)
        .values(row)
        .onConflictDoNothing()
        .returning({ playerId: tournamentParticipants.playerId });
      return inserted.length > 0;
    },

    async setScore(
      tx: TournamentTx,
      tournamentId: bigint,
      playerId: bigint,
      score: bigint,
      reachedAt: Date,
    ): Promise<void> {
      await tx
        .update(tournamentParticipants)
        .set({ score, reachedAt })
        .where(
          and(
            eq(tournamentParticipants.tournamentId, tournamentId),
            eq(tournamentParticipants.playerId, playerId),
          ),
        );
    },

    /** Resets a player's score in the open reset-on-cashout tournaments of a currency. */
    async resetOnCashout(tx: TournamentTx, playerId: bigint, currency: string, at: Date): Promise<number> {
      const rows = await tx
        .update(tournamentParticipants)
        .set({ score: sql`0`, reachedAt: at, countsFrom: at })
        .where(
          and(
            eq(tournamentParticipants.playerId, playerId),
            sql`${tournamentParticipants.tournamentId} IN (SELECT id FROM tournaments WHERE reset_on_cashout
                AND finalized_at IS NULL AND currency = ${currency} AND starts_at <= ${at.toISOString()}
                AND ends_at > ${at.toISOString()})`,
          ),
        )
        .returning({ id: tournamentParticipants.tournamentId });
      return rows.length;
    },

    async countParticipants(executor: TournamentExecutor, tournamentId: bigint): Promise<number> {
      const [row] = await executor
        .select({ n: sql<number>`count(*)::int` })
        .from(tournamentParticipants)
        .where(eq(tournamentParticipants.tournamentId, tournamentId));
      return row?.n ?? 0;
    },

    /** Participants and the sum of scores per tournament. */
    async totals(ids: readonly bigint[]): Promise<Map<bigint, { participants: number; points: bigint }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: tournamentParticipants.tournamentId,
          n: sql<number>`count(*)::int`,
          points: sql<string>`coalesce(sum(${tournamentParticipants.score}), 0)::text`,
        })
        .from(tournamentParticipants)
        .where(inArray(tournamentParticipants.tournamentId, [...ids]))
        .groupBy(tournamentParticipants.tournamentId);
      return new Map(rows.map((r) => [r.id, { participants: r.n, points: BigInt(r.points) }]));
    },

    async participations(
      playerId: bigint,
      ids: readonly bigint[],
    ): Promise<Map<bigint, ParticipantRecord & { rank: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(tournamentParticipants)
        .where(
          and(
            eq(tournamentParticipants.playerId, playerId),
            inArray(tournamentParticipants.tournamentId, [...ids]),
          ),
        );
      const out = new Map<bigint, ParticipantRecord & { rank: number }>();
      for (const row of rows) out.set(row.tournamentId, { ...row, rank: await this.rankOf(db, row) });
      return out;
    },

    /** 1 + the participants ahead in leaderboard order. */
    async rankOf(executor: TournamentExecutor, row: ParticipantRecord): Promise<number> {
      const [ahead] = await executor
        .select({ n: sql<number>`count(*)::int` })
        .from(tournamentParticipants)
        .where(
          and(
            eq(tournamentParticipants.tournamentId, row.tournamentId),
            sql`(${tournamentParticipants.score} > ${row.score}::bigint OR (${tournamentParticipants.score} = ${row.score}::bigint
                AND (${tournamentParticipants.reachedAt}, ${tournamentParticipants.playerId}) < (${row.reachedAt.toISOString()}::timestamptz, ${row.playerId}::bigint)))`,
          ),
        );
      return (ahead?.n ?? 0) + 1;
    },

    /** The top of a leaderboard, in order. */
    async board(
      executor: TournamentExecutor,
      tournamentId: bigint,
      count: number,
    ): Promise<ParticipantRecord[]> {
      return executor
        .select()
        .from(tournamentParticipants)
        .where(eq(tournamentParticipants.tournamentId, tournamentId))
        .orderBy(...BOARD_ORDER)
        .limit(count);
    },

    async setFinalRank(
      tx: TournamentTx,
      tournamentId: bigint,
      playerId: bigint,
      rank: number,
    ): Promise<void> {
      await tx
        .update(tournamentParticipants)
        .set({ finalRank: rank })
        .where(
          and(
            eq(tournamentParticipants.tournamentId, tournamentId),
            eq(tournamentParticipants.playerId, playerId),
          ),
        );
    },

    // --- scoring ------------------------------------------------------------------------------

    /** Records that a tournament counted an event; false when it already had (a replay). */
    async recordEvent(tx: TournamentTx, row: typeof tournamentScoredEvents.$inferInsert): Promise<boolean> {
      const inserted = await tx
        .insert(tournamentScoredEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ eventId: tournamentScoredEvents.eventId });
      return inserted.length > 0;
    },

    /** What the player's counted bets of a round staked in a tournament. */
    async roundStake(
      tx: TournamentTx,
      tournamentId: bigint,
      playerId: bigint,
      roundRef: string,
    ): Promise<bigint> {
      const [row] = await tx
        .select({ stake: sql<string>`coalesce(sum(${tournamentScoredEvents.stakeMinor}), 0)::text` })
        .from(tournamentScoredEvents)
        .where(
          and(
            eq(tournamentScoredEvents.tournamentId, tournamentId),
            eq(tournamentScoredEvents.playerId, playerId),
            eq(tournamentScoredEvents.roundRef, roundRef),
          ),
        );
      return BigInt(row?.stake ?? '0');
    },

    // --- prizes -------------------------------------------------------------------------------

    /** False when this winner's prize was already recorded. */
    async recordPrize(tx: TournamentTx, row: typeof tournamentPrizes.$inferInsert): Promise<boolean> {
      const inserted = await tx
        .insert(tournamentPrizes)
        .values(row)
        .onConflictDoNothing()
        .returning({ playerId: tournamentPrizes.playerId });
      return inserted.length > 0;
    },

    async prizes(ids: readonly bigint[]): Promise<PrizeRecord[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(tournamentPrizes)
        .where(inArray(tournamentPrizes.tournamentId, [...ids]))
        .orderBy(asc(tournamentPrizes.tournamentId), asc(tournamentPrizes.rank));
    },

    async gameIds(tournamentId: bigint): Promise<bigint[] | null> {
      const row = await this.byId(tournamentId);
      return row ? row.gameIds : null;
    },
  };
}

export type TournamentsRepository = ReturnType<typeof createTournamentsRepository>;
