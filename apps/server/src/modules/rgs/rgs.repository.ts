/**
 * The only file of the game server that touches Drizzle; it reads and writes the RGS's own tables
 * (rgs.tables.ts) and nothing of the platform's.
 */
import { type Db, executePrepared } from '@croupier/db/client';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { rgsRounds, rgsSeedPairs, rgsSessions, rgsWalletCalls } from './rgs.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type SessionRecord = typeof rgsSessions.$inferSelect;
export type SessionInsert = typeof rgsSessions.$inferInsert;
export type RoundRecord = typeof rgsRounds.$inferSelect;
export type RoundInsert = typeof rgsRounds.$inferInsert;
export type SeedPairRecord = typeof rgsSeedPairs.$inferSelect;
export type WalletCallInsert = typeof rgsWalletCalls.$inferInsert;

export type RoundWithMode = RoundRecord & { mode: string };

export interface TakenNonce {
  pairId: bigint;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A due wallet call with what is needed to send it again. */
export interface ClaimedCall {
  id: bigint;
  roundId: string;
  kind: 'bet' | 'win' | 'rollback';
  txId: string;
  referenceTxId: string | null;
  amountMinor: bigint;
  attempts: number;
  gameCode: string;
  currency: string;
  walletToken: string | null;
}

export interface RoundListRow {
  id: string;
  createdAt: Date;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: string;
  currency: string;
  mode: string;
}

export function createRgsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    // --- sessions -------------------------------------------------------------------------------

    async insertSession(row: SessionInsert): Promise<bigint> {
      const rows = await db.insert(rgsSessions).values(row).returning({ id: rgsSessions.id });
      return rows[0]!.id;
    },

    async findSessionByHash(tokenHash: Buffer): Promise<SessionRecord | undefined> {
      // Every client API request resolves its session: a named statement, parsed once per connection.
      const rows = await db
        .select()
        .from(rgsSessions)
        .where(eq(rgsSessions.tokenHash, tokenHash))
        .limit(1)
        .prepare('rgs_session_by_hash')
        .execute();
      return rows[0];
    },

    async extendSession(id: bigint, expiresAt: Date): Promise<void> {
      await db.update(rgsSessions).set({ expiresAt }).where(eq(rgsSessions.id, id));
    },

    /** The guest balance, locked for the transaction (guest rounds move it in the same commit). */
    async lockGuestBalance(tx: Tx, sessionId: bigint): Promise<bigint> {
      const rows = await tx
        .select({ balance: rgsSessions.guestBalanceMinor })
        .from(rgsSessions)
        .where(eq(rgsSessions.id, sessionId))
        .for('update');
      const balance = rows[0]?.balance;
      if (balance === null || balance === undefined) throw new Error(`session ${sessionId} is not a guest's`);
      return balance;
    },

    async setGuestBalance(tx: Tx, sessionId: bigint, balanceMinor: bigint): Promise<void> {
      await tx
        .update(rgsSessions)
        .set({ guestBalanceMinor: balanceMinor })
        .where(eq(rgsSessions.id, sessionId));
    },

    async guestBalance(sessionId: bigint): Promise<bigint> {
      const rows = await db
        .select({ balance: rgsSessions.guestBalanceMinor })
        .from(rgsSessions)
        .where(eq(rgsSessions.id, sessionId));
      return rows[0]?.balance ?? 0n;
    },

    // --- seed pairs -----------------------------------------------------------------------------

    /** Creates the player's active pair unless one exists (the partial unique index decides). */
    async ensureSeedPair(
      executor: Executor,
      pair: { playerKey: string; serverSeed: string; serverSeedHash: string; clientSeed: string; now: Date },
    ): Promise<void> {
      await executor
        .insert(rgsSeedPairs)
        .values({
          playerKey: pair.playerKey,
          serverSeed: pair.serverSeed,
          serverSeedHash: pair.serverSeedHash,
          clientSeed: pair.clientSeed,
          createdAt: pair.now,
        })
        .onConflictDoNothing();
    },

    async activeSeedPair(executor: Executor, playerKey: string): Promise<SeedPairRecord | undefined> {
      const rows = await executor
        .select()
        .from(rgsSeedPairs)
        .where(and(eq(rgsSeedPairs.playerKey, playerKey), eq(rgsSeedPairs.status, 'active')))
        .limit(1);
      return rows[0];
    },

    async lockActiveSeedPair(tx: Tx, playerKey: string): Promise<SeedPairRecord | undefined> {
      const rows = await tx
        .select()
        .from(rgsSeedPairs)
        .where(and(eq(rgsSeedPairs.playerKey, playerKey), eq(rgsSeedPairs.status, 'active')))
        .for('update');
      return rows[0];
    },

    /**
     * Takes the next nonce of the player's active pair in one statement (the row stays locked until
     * the caller's commit): two rounds never share a nonce, and a rotation waits for the round's
     * row to be written before it looks for open rounds.
     */
    async takeNonce(tx: Tx, playerKey: string): Promise<TakenNonce | undefined> {
      const rows = await tx
        .update(rgsSeedPairs)
        .set({ nextNonce: sql`${rgsSeedPairs.nextNonce} + 1` })
        .where(and(eq(rgsSeedPairs.playerKey, playerKey), eq(rgsSeedPairs.status, 'active')))
        .returning({
          pairId: rgsSeedPairs.id,
          serverSeed: rgsSeedPairs.serverSeed,
          serverSeedHash: rgsSeedPairs.serverSeedHash,
          clientSeed: rgsSeedPairs.clientSeed,
          nonce: sql<number>`${rgsSeedPairs.nextNonce} - 1`.mapWith(Number),
        })
        .prepare('rgs_take_nonce')
        .execute();
      return rows[0];
    },

    async revealSeedPair(tx: Tx, pairId: bigint, now: Date): Promise<void> {
      await tx
        .update(rgsSeedPairs)
        .set({ status: 'revealed', revealedAt: now })
        .where(eq(rgsSeedPairs.id, pairId));
    },

    async seedPairsByIds(ids: bigint[]): Promise<SeedPairRecord[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(rgsSeedPairs)
        .where(sql`${rgsSeedPairs.id} IN (${sql.join(ids, sql`, `)})`);
    },

    // --- rounds ---------------------------------------------------------------------------------

    async insertRound(tx: Tx, row: RoundInsert): Promise<void> {
      await tx.insert(rgsRounds).values(row);
    },

    /** The player's open round of this game in this mode (one at a time), if any. */
    async findOpenRound(
      executor: Executor,
      scope: { playerKey: string; gameCode: string; mode: string },
    ): Promise<RoundWithMode | undefined> {
      const rows = await executor
        .select({ round: rgsRounds, mode: rgsSessions.mode })
        .from(rgsRounds)
        .innerJoin(rgsSessions, eq(rgsSessions.id, rgsRounds.sessionId))
        .where(
          and(
            eq(rgsRounds.playerKey, scope.playerKey),
            eq(rgsRounds.gameCode, scope.gameCode),
            eq(rgsRounds.status, 'open'),
            eq(rgsSessions.mode, scope.mode),
          ),
        )
        .limit(1)
        .prepare('rgs_find_open_round')
        .execute();
      const row = rows[0];
      return row ? { ...row.round, mode: row.mode } : undefined;
    },

    async hasOpenRoundOnPair(tx: Tx, playerKey: string, seedPairId: bigint): Promise<boolean> {
      const rows = await tx
        .select({ id: rgsRounds.id })
        .from(rgsRounds)
        .where(
          and(
            eq(rgsRounds.playerKey, playerKey),
            eq(rgsRounds.seedPairId, seedPairId),
            eq(rgsRounds.status, 'open'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** One of the player's rounds, locked; undefined for another player's or an unknown id. */
    async lockRound(tx: Tx, roundId: string, playerKey: string): Promise<RoundWithMode | undefined> {
      const rows = await tx
        .select({ round: rgsRounds, mode: rgsSessions.mode })
        .from(rgsRounds)
        .innerJoin(rgsSessions, eq(rgsSessions.id, rgsRounds.sessionId))
        .where(and(eq(rgsRounds.id, roundId), eq(rgsRounds.playerKey, playerKey)))
        .for('update', { of: rgsRounds })
        .prepare('rgs_lock_round')
        .execute();
      const row = rows[0];
      return row ? { ...row.round, mode: row.mode } : undefined;
    },

    /** Any round by id, locked (the background loop, which acts for no player). */
    async lockRoundById(tx: Tx, roundId: string): Promise<RoundRecord | undefined> {
      const rows = await tx.select().from(rgsRounds).where(eq(rgsRounds.id, roundId)).for('update');
      return rows[0];
    },

    async findPlayerRound(roundId: string, playerKey: string): Promise<RoundWithMode | undefined> {
      const rows = await db
        .select({ round: rgsRounds, mode: rgsSessions.mode })
        .from(rgsRounds)
        .innerJoin(rgsSessions, eq(rgsSessions.id, rgsRounds.sessionId))
        .where(and(eq(rgsRounds.id, roundId), eq(rgsRounds.playerKey, playerKey)))
        .limit(1);
      const row = rows[0];
      return row ? { ...row.round, mode: row.mode } : undefined;
    },

    async updateRound(executor: Executor, roundId: string, set: Partial<RoundInsert>): Promise<void> {
      await executor.update(rgsRounds).set(set).where(eq(rgsRounds.id, roundId));
    },

    /** The player's rounds of one game code, newest first (cancelled ones moved no money: left out). */
    async listRounds(playerKey: string, gameCode: string, limit: number): Promise<RoundListRow[]> {
      return db
        .select({
          id: rgsRounds.id,
          createdAt: rgsRounds.createdAt,
          stakeMinor: rgsRounds.stakeMinor,
          payoutMinor: rgsRounds.payoutMinor,
          status: rgsRounds.status,
          currency: rgsRounds.currency,
          mode: rgsSessions.mode,
        })
        .from(rgsRounds)
        .innerJoin(rgsSessions, eq(rgsSessions.id, rgsRounds.sessionId))
        .where(
          and(
            eq(rgsRounds.playerKey, playerKey),
            eq(rgsRounds.gameCode, gameCode),
            sql`${rgsRounds.status} <> 'cancelled'`,
          ),
        )
        .orderBy(desc(rgsRounds.createdAt), desc(rgsRounds.id))
        .limit(limit);
    },

    /**
     * A reserved round and its first bet call, in one statement (of the caller's transaction), unless
     * the player has an open round of this game in this mode: then nothing is written and the answer
     * is null. Run after the seed pair's lock (takeNonce): the statement's snapshot is taken then,
     * so it sees the round of a concurrent start of the same player that held the lock before.
     */
    async insertRoundWithBet(
      tx: Tx,
      round: RoundInsert,
      scope: { mode: string },
      bet: { txId: string; amountMinor: bigint; nextAttemptAt: Date },
    ): Promise<bigint | null> {
      const result = await executePrepared<{ call_id: bigint | null }>(
        tx,
        sql`WITH ${roundWithBetCtes(round, bet, sql`WHERE NOT EXISTS (${openRoundOf(round, scope)})`)}
        SELECT (SELECT id FROM c) AS call_id`,
      );
      const id = result.rows[0]?.call_id;
      return id === null || id === undefined ? null : BigInt(id);
    },

    /**
     * The same round and bet call, the nonce claimed in the same statement, outside any transaction
     * (ADR 059): written only while `pair` is still the player's active pair with `pair.nonce` as its
     * next nonce and the player has no open round of this game in this mode. `stale`: the pair moved
     * on (another round, a rotation, another node) and nothing was written; `open`: a round of this
     * game is open. A concurrent claim of the same nonce waits for this row's lock, then finds the
     * nonce taken (PostgreSQL re-reads the updated row), so two rounds never share a nonce; the
     * unique (seed_pair_id, nonce) index would refuse it anyway.
     */
    async claimRoundWithBet(
      pair: { pairId: bigint; nonce: number },
      round: RoundInsert,
      scope: { mode: string },
      bet: { txId: string; amountMinor: bigint; nextAttemptAt: Date },
    ): Promise<{ kind: 'written'; callId: bigint } | { kind: 'stale' | 'open' }> {
      const result = await executePrepared<{ call_id: bigint | null; open: boolean }>(
        db,
        sql`WITH claim AS (
          UPDATE rgs_seed_pairs SET next_nonce = next_nonce + 1
          WHERE id = ${pair.pairId}::bigint AND player_key = ${round.playerKey}::text AND status = 'active'
            AND next_nonce = ${pair.nonce}::integer AND NOT EXISTS (${openRoundOf(round, scope)})
          RETURNING id
        ), ${roundWithBetCtes(round, bet, sql`FROM claim`)}
        SELECT (SELECT id FROM c) AS call_id, EXISTS (${openRoundOf(round, scope)}) AS open`,
      );
      const row = result.rows[0];
      if (row?.call_id !== null && row?.call_id !== undefined)
        return { kind: 'written', callId: BigInt(row.call_id) };
      return { kind: row?.open ? 'open' : 'stale' };
    },

    /**
     * Writes a round's step in one statement: optionally confirms the bet call that paid for it
     * (only if that call is still pending: after its lease lapsed, the background loop owns it and
     * the step is not written), moves the round on, and queues its win when it is done.
     */
    async writeStep(
      executor: Executor,
      input: {
        roundId: string;
        set: {
          actions: unknown[];
          state: unknown;
          stakeMinor: bigint;
          payoutMinor: bigint;
          status: string;
          settledAt: Date | null;
        };
        confirm: { callId: bigint; response: unknown } | null;
        win: { txId: string; amountMinor: bigint; nextAttemptAt: Date; createdAt: Date } | null;
      },
    ): Promise<{ written: boolean; winCallId: bigint | null }> {
      const { set, confirm, win } = input;
      const result = await executePrepared<{ written: number; win_id: bigint | null }>(
        executor,
        sql`
        WITH done AS (
          UPDATE rgs_wallet_calls SET status = 'done', response = ${JSON.stringify(confirm?.response ?? null)}::jsonb
          WHERE id = ${confirm?.callId ?? -1n} AND status = 'pending'
          RETURNING id
        ), r AS (
          UPDATE rgs_rounds
          SET actions = ${JSON.stringify(set.actions)}::jsonb, state = ${JSON.stringify(set.state)}::jsonb,
              stake_minor = ${set.stakeMinor}, payout_minor = ${set.payoutMinor}, status = ${set.status},
              settled_at = ${set.settledAt}::timestamptz
          WHERE id = ${input.roundId} AND (${confirm === null}::boolean OR EXISTS (SELECT 1 FROM done))
          RETURNING id
        ), w AS (
          INSERT INTO rgs_wallet_calls (round_id, kind, tx_id, amount_minor, next_attempt_at, created_at)
          SELECT r.id, 'win', ${win?.txId ?? ''}, ${win?.amountMinor ?? 0n}, ${win?.nextAttemptAt ?? null}::timestamptz,
                 ${win?.createdAt ?? null}::timestamptz
          FROM r WHERE ${win !== null}::boolean
          RETURNING id
        )
        SELECT (SELECT count(*) FROM r)::int AS written, (SELECT id FROM w) AS win_id`,
      );
      const row = result.rows[0];
      return {
        written: Number(row?.written ?? 0) > 0,
        winCallId: row?.win_id === null || row?.win_id === undefined ? null : BigInt(row.win_id),
      };
    },

    /**
     * A delivered win: the call is done and its round settled, in one statement. Its commit does
     * not wait for the disk (synchronous_commit off): if a crash loses it, the call is still pending
     * and the win is sent again under the same transaction id, which the platform answers with its
     * first result. Nothing is paid twice, and one fsync per spin is saved.
     *
     * One statement, so its own transaction (no BEGIN, SET LOCAL, COMMIT round trips): the setting
     * is made local by `set_config(…, true)` in the statement, still in force when it commits.
     */
    async settleWin(callId: bigint, response: unknown, now: Date): Promise<void> {
      await executePrepared(
        db,
        sql`
        WITH done AS (
          UPDATE rgs_wallet_calls SET status = 'done', response = ${JSON.stringify(response)}::jsonb
          WHERE id = ${callId}::bigint AND status = 'pending'
          RETURNING round_id
        ), settled AS (
          UPDATE rgs_rounds SET status = 'settled', settled_at = ${now}::timestamptz
          WHERE id IN (SELECT round_id FROM done) AND status = 'settling'
        )
        SELECT set_config('synchronous_commit', 'off', true)`,
      );
    },

    // --- wallet calls (outbox) ------------------------------------------------------------------

    async insertCall(tx: Tx, row: WalletCallInsert): Promise<bigint> {
      const rows = await tx.insert(rgsWalletCalls).values(row).returning({ id: rgsWalletCalls.id });
      return rows[0]!.id;
    },

    async hasPendingBet(tx: Tx, roundId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: rgsWalletCalls.id })
        .from(rgsWalletCalls)
        .where(
          and(
            eq(rgsWalletCalls.roundId, roundId),
            eq(rgsWalletCalls.kind, 'bet'),
            eq(rgsWalletCalls.status, 'pending'),
          ),
        )
        .limit(1)
        .prepare('rgs_has_pending_bet')
        .execute();
      return rows.length > 0;
    },

    async countBets(tx: Tx, roundId: string): Promise<number> {
      const rows = await tx
        .select({ n: count() })
        .from(rgsWalletCalls)
        .where(and(eq(rgsWalletCalls.roundId, roundId), eq(rgsWalletCalls.kind, 'bet')))
        .prepare('rgs_count_bets')
        .execute();
      return rows[0]?.n ?? 0;
    },

    /** Settles a call; only a pending one moves (a late duplicate finish changes nothing). */
    async finishCall(
      executor: Executor,
      id: bigint,
      set: { status: 'done' | 'failed'; response?: unknown; lastError?: string | null },
    ): Promise<boolean> {
      const rows = await executor
        .update(rgsWalletCalls)
        .set({
          status: set.status,
          ...(set.response !== undefined ? { response: set.response } : {}),
          ...(set.lastError !== undefined ? { lastError: set.lastError } : {}),
        })
        .where(and(eq(rgsWalletCalls.id, id), eq(rgsWalletCalls.status, 'pending')))
        .returning({ id: rgsWalletCalls.id });
      return rows.length > 0;
    },

    async rescheduleCall(
      id: bigint,
      set: { attempts?: number; nextAttemptAt: Date; lastError: string },
    ): Promise<void> {
      await db
        .update(rgsWalletCalls)
        .set(set)
        .where(and(eq(rgsWalletCalls.id, id), eq(rgsWalletCalls.status, 'pending')));
    },

    /**
     * Claims up to `limit` due pending calls for this node: SKIP LOCKED lets several nodes claim
     * side by side, and pushing `next_attempt_at` to the lease end marks the claim after the
     * statement, so a call is in one sender's hands at a time (a dead sender's lease lapses).
     */
    async claimDueCalls(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedCall[]> {
      const result = await db.execute<{
        id: bigint;
        round_id: string;
        kind: 'bet' | 'win' | 'rollback';
        tx_id: string;
        reference_tx_id: string | null;
        amount_minor: bigint;
        attempts: number;
        game_code: string;
        currency: string;
        wallet_token: string | null;
      }>(sql`
        WITH due AS (
          SELECT id FROM rgs_wallet_calls
          WHERE status = 'pending' AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE rgs_wallet_calls c
        SET attempts = c.attempts + 1, next_attempt_at = ${leaseUntil}
        FROM due, rgs_rounds r, rgs_sessions s
        WHERE c.id = due.id AND r.id = c.round_id AND s.id = r.session_id
        RETURNING c.id, c.round_id, c.kind, c.tx_id, c.reference_tx_id, c.amount_minor, c.attempts,
                  r.game_code, r.currency, s.wallet_token`);
      return result.rows.map((row) => ({
        id: BigInt(row.id),
        roundId: row.round_id,
        kind: row.kind,
        txId: row.tx_id,
        referenceTxId: row.reference_tx_id,
        amountMinor: BigInt(row.amount_minor),
        attempts: Number(row.attempts),
        gameCode: row.game_code,
        currency: row.currency,
        walletToken: row.wallet_token,
      }));
    },
  };
}

export type RgsRepository = ReturnType<typeof createRgsRepository>;

/** The player's open rounds of this game in this mode (a subquery: one open round at a time). */
function openRoundOf(round: RoundInsert, scope: { mode: string }) {
  return sql`SELECT 1 FROM rgs_rounds o JOIN rgs_sessions os ON os.id = o.session_id
    WHERE o.player_key = ${round.playerKey}::text AND o.game_code = ${round.gameCode}::text
      AND o.status = 'open' AND os.mode = ${scope.mode}::text`;
}

/**
 * The CTEs `r` (the round's row) and `c` (its bet call, due at `nextAttemptAt` if no answer comes
 * back): `gate` ends the round's SELECT (a FROM or a WHERE) and decides whether anything is written.
 */
function roundWithBetCtes(
  round: RoundInsert,
  bet: { txId: string; amountMinor: bigint; nextAttemptAt: Date },
  gate: ReturnType<typeof sql>,
) {
  return sql`r AS (
    INSERT INTO rgs_rounds (id, session_id, player_key, game_code, engine, seed_pair_id, nonce, bet, actions,
                            state, currency, stake_minor, payout_minor, status, created_at)
    SELECT ${round.id}::text, ${round.sessionId}::bigint, ${round.playerKey}::text, ${round.gameCode}::text,
           ${round.engine}::text, ${round.seedPairId}::bigint, ${round.nonce}::integer,
           ${JSON.stringify(round.bet)}::jsonb, ${JSON.stringify(round.actions ?? [])}::jsonb,
           ${JSON.stringify(round.state)}::jsonb, ${round.currency}::text, ${round.stakeMinor ?? 0n}::bigint,
           ${round.payoutMinor ?? 0n}::bigint, ${round.status}::text, ${round.createdAt}::timestamptz
    ${gate}
    RETURNING id
  ), c AS (
    INSERT INTO rgs_wallet_calls (round_id, kind, tx_id, amount_minor, next_attempt_at, created_at)
    SELECT r.id, 'bet', ${bet.txId}, ${bet.amountMinor}, ${bet.nextAttemptAt}::timestamptz, ${round.createdAt}::timestamptz
    FROM r
    RETURNING id
  )`;
}
