/**
 * The only place the game wallet touches the database (its own tables; the ledger is reached
 * through the wallet service). A player's status and a game's code are read inside the call's one
 * statement, as SQL the accounts and games modules hand out through their services (`ForeignSql`):
 * a separate read would add round trips to every bet and leave a gap between check and claim. Each call of the
 * wallet API starts with ONE statement that resolves the session, looks up the transaction id,
 * slides the session, claims the id and opens or closes the round (data-modifying CTEs), so a bet
 * costs: BEGIN, that statement, the ledger transfer, the stored answer, COMMIT.
 *
 * Lock order, the same in every call: session row → transaction id (unique index) → round row →
 * ledger accounts (the ledger sorts its own). Two calls therefore never wait on each other in a
 * cycle; calls of one session queue on the session row.
 */
import { type Db, executePrepared } from '@croupier/db/client';
import { type SQL, sql } from 'drizzle-orm';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type SessionMode = 'real' | 'demo';
export type TxKind = 'bet' | 'win' | 'rollback' | 'tombstone';
export type RoundStatus = 'open' | 'closed' | 'rolled_back';
/** A stored protocol answer: flat strings (`status`, `code`, `balance` …). */
export type StoredAnswer = Record<string, string>;

export interface SessionRecord {
  id: bigint;
  playerId: bigint;
  gameId: bigint;
  mode: SessionMode;
  currency: string;
  expiresAt: Date;
  playerStatus: string;
  /** The session game's `provider_game_code` (what the provider calls it). */
  gameCode: string;
}

export interface StoredTransaction {
  id: bigint;
  kind: TxKind;
  playerId: bigint | null;
  requestHash: string;
  response: StoredAnswer;
}

/** The bet a rollback names, with its round. */
export interface ReferencedBet {
  id: bigint;
  kind: TxKind;
  providerTxId: string;
  playerId: bigint | null;
  currency: string | null;
  amountMinor: bigint;
  /** The part of `amountMinor` that was bonus money. */
  bonusMinor: bigint;
  /** `ok` when the bet moved money; `error` when it was refused (insufficient funds). */
  answerStatus: string | null;
  roundId: bigint | null;
  providerRoundId: string | null;
  roundMode: SessionMode | null;
  /** A free-round bet: the free-spin pack it consumed (ADR 024). */
  packId: bigint | null;
}

export interface CallStart {
  /** The token's session; null: unknown token (nothing was written). */
  session: SessionRecord | null;
  /** A stored call under this transaction id (nothing was written). */
  existing: StoredTransaction | null;
  /** Set when the session passed the call's checks (and slid if it was live). */
  acceptedExpiresAt: Date | null;
  /** The new game_wallet_transactions row; null when the checks failed or the id was taken. */
  txId: bigint | null;
  /** bet: the round joined or opened; win: the round closed. Null when that was refused. */
  roundId: bigint | null;
  roundMode: SessionMode | null;
  /** win: the closed round's stakes (all, and the bonus part) after this call. */
  roundBetMinor: bigint;
  roundBetBonusMinor: bigint;
  /** bet / win of a real-money round: the player's main and bonus balances, locked by the statement. */
  lockedBalances: { main: bigint; bonus: bigint } | null;
  reference: ReferencedBet | null;
  /** win: the free-spin pack of a free round (ADR 024), else null. */
  roundPackId: bigint | null;
}

export interface CallKey {
  provider: string;
  tokenHash: Buffer;
  transactionId: string;
  game: string;
  requestHash: string;
  now: Date;
  /** Where a live session's expiry slides to. */
  slideTo: Date;
}

type StartRow = {
  session_id: bigint | null;
  player_id: bigint | null;
  game_id: bigint | null;
  mode: string | null;
  currency: string | null;
  expires_at: bigint | null;
  player_status: string | null;
  game_code: string | null;
  existing_id: bigint | null;
  existing_kind: string | null;
  existing_player_id: bigint | null;
  existing_hash: string | null;
  existing_response: StoredAnswer | null;
  accepted_expires_at: bigint | null;
  tx_id: bigint | null;
  round_id: bigint | null;
  round_mode: string | null;
  round_bet_minor?: bigint | null;
  round_bet_bonus_minor?: bigint | null;
  locked?: boolean | null;
  locked_main?: bigint | null;
  locked_bonus?: bigint | null;
  ref_id?: bigint | null;
  ref_bonus_minor?: bigint | null;
  ref_kind?: string | null;
  ref_provider_tx_id?: string | null;
  ref_player_id?: bigint | null;
  ref_currency?: string | null;
  ref_amount_minor?: bigint | null;
  ref_status?: string | null;
  ref_round_id?: bigint | null;
  ref_provider_round_id?: string | null;
  ref_round_mode?: string | null;
  ref_pack_id?: bigint | null;
  round_pack_id?: bigint | null;
};

/**
 * SQL of other modules that the game wallet's statements embed, handed in by the owning modules'
 * services (accounts.service.ts, games.service.ts): the players and games tables stay theirs, and
 * the hot path keeps one statement per call.
 */
export interface ForeignSql {
  /** The status of the player whose id `playerId` evaluates to (accounts). */
  playerStatus(playerId: SQL): SQL;
  /** The provider's code of the game whose id `gameId` evaluates to (games). */
  providerGameCode(gameId: SQL): SQL;
  /** Whether the game is one of this wallet provider's (games). */
  isWalletGame(gameId: SQL, provider: SQL): SQL;
  /** The wallet provider running the game (games): with the provider's round id, a round's key. */
  walletProvider(gameId: SQL): SQL;
  /**
   * Locks the main and bonus ledger accounts of each (player_id, currency) row of `source` and
   * returns their `name` and `balance_minor` (wallet): the real-money split is decided under this
   * lock, taken after the session and the round (the lock order above).
   */
  lockGameBalances?(source: SQL): SQL;
}

/** The session of a token, with what every call checks (player status, the game's code). */
function sessionCte(key: { provider: string; tokenHash: Buffer }, foreign: ForeignSql): SQL {
  return sql`s0 AS (
    SELECT gs.id, gs.player_id, gs.game_id, gs.mode, gs.currency, gs.expires_at,
           ${foreign.playerStatus(sql`gs.player_id`)} AS player_status,
           ${foreign.providerGameCode(sql`gs.game_id`)} AS game_code
    FROM game_sessions gs
    WHERE gs.token_hash = ${key.tokenHash} AND gs.provider = ${key.provider}
  )`;
}

function existingCte(key: CallKey): SQL {
  return sql`e AS (
    SELECT t.id, t.kind, t.player_id, t.request_hash, t.response
    FROM game_wallet_transactions t
    WHERE t.provider = ${key.provider} AND t.provider_tx_id = ${key.transactionId}
  )`;
}

/**
 * Slides the session when the call is accepted. `live`: the call needs an unexpired session (bet);
 * otherwise an expired one is accepted but not extended (win, rollback: a round must end).
 * The expiry is compared on the locked row, so a concurrent slide is seen.
 */
function acceptCte(key: CallKey, checks: { live: boolean; active: boolean; currency: string | null }): SQL {
  return sql`s AS (
    UPDATE game_sessions gs
    SET last_seen_at = ${key.now}::timestamptz,
        expires_at = CASE WHEN gs.expires_at > ${key.now}::timestamptz
                          THEN greatest(gs.expires_at, ${key.slideTo}::timestamptz) ELSE gs.expires_at END
    FROM s0
    WHERE gs.id = s0.id
      AND NOT EXISTS (SELECT 1 FROM e)
      AND s0.game_code = ${key.game}
      ${checks.currency === null ? sql`` : sql`AND s0.currency = ${checks.currency}`}
      ${checks.active ? sql`AND s0.player_status = 'active'` : sql``}
      ${checks.live ? sql`AND gs.expires_at > ${key.now}::timestamptz` : sql``}
    RETURNING gs.id, gs.player_id, gs.game_id, gs.mode, gs.currency, gs.expires_at
  )`;
}

function claimCte(key: CallKey, kind: TxKind, amountMinor: bigint, referenceTxId: string | null): SQL {
  return sql`tx AS (
    INSERT INTO game_wallet_transactions
      (provider, provider_tx_id, kind, player_id, currency, amount_minor, reference_tx_id, request_hash,
       response, created_at)
    SELECT ${key.provider}::text, ${key.transactionId}::text, ${kind}::text, s.player_id, s.currency,
           ${amountMinor}::bigint, ${referenceTxId}::text, ${key.requestHash}::text, '{}'::jsonb,
           ${key.now}::timestamptz
    FROM s
    ON CONFLICT (provider, provider_tx_id) DO NOTHING
    RETURNING id
  )`;
}

/** Instants leave as epoch milliseconds: raw statements return timestamps as driver text. */
const startColumns = sql`
  s0.id AS session_id, s0.player_id, s0.game_id, s0.mode, s0.currency, ${epochMs(sql`s0.expires_at`)} AS expires_at,
  s0.player_status, s0.game_code,
  e.id AS existing_id, e.kind AS existing_kind, e.player_id AS existing_player_id,
  e.request_hash AS existing_hash, e.response AS existing_response,
  ${epochMs(sql`(SELECT expires_at FROM s)`)} AS accepted_expires_at,
  (SELECT id FROM tx) AS tx_id`;

/**
 * The lock of the player's main and bonus accounts in a bet's or win's statement, taken once the
 * round row `r` is claimed (real money only). A dummy CTE without a wallet lock (the caller locks).
 */
function lockCte(foreign: ForeignSql): SQL {
  if (!foreign.lockGameBalances)
    return sql`lk AS (SELECT NULL::text AS name, NULL::bigint AS balance_minor WHERE false)`;
  return sql`lk AS (${foreign.lockGameBalances(sql`(SELECT player_id, currency FROM r WHERE mode = 'real')`)})`;
}

function lockedColumns(foreign: ForeignSql): SQL {
  if (!foreign.lockGameBalances)
    return sql`false AS locked, NULL::bigint AS locked_main, NULL::bigint AS locked_bonus`;
  return sql`EXISTS (SELECT 1 FROM r WHERE mode = 'real') AS locked,
    (SELECT balance_minor FROM lk WHERE name = 'main') AS locked_main,
    (SELECT balance_minor FROM lk WHERE name = 'bonus') AS locked_bonus`;
}

function epochMs(instant: SQL): SQL {
  return sql`floor(extract(epoch FROM ${instant}) * 1000)::bigint`;
}

function toDate(epochMilliseconds: bigint | null): Date | null {
  return epochMilliseconds === null ? null : new Date(Number(epochMilliseconds));
}

function toStart(row: StartRow | undefined): CallStart {
  if (!row) throw new Error('the call statement returned no row');
  const session: SessionRecord | null =
    row.session_id === null
      ? null
      : {
          id: row.session_id,
          playerId: row.player_id as bigint,
          gameId: row.game_id as bigint,
          mode: row.mode === 'demo' ? 'demo' : 'real',
          currency: row.currency as string,
          expiresAt: toDate(row.expires_at) as Date,
          playerStatus: row.player_status as string,
          gameCode: row.game_code as string,
        };
  const existing: StoredTransaction | null =
    row.existing_id === null
      ? null
      : {
          id: row.existing_id,
          kind: row.existing_kind as TxKind,
          playerId: row.existing_player_id,
          requestHash: row.existing_hash as string,
          response: row.existing_response ?? {},
        };
  const reference: ReferencedBet | null =
    row.ref_id === undefined || row.ref_id === null
      ? null
      : {
          id: row.ref_id,
          kind: row.ref_kind as TxKind,
          providerTxId: row.ref_provider_tx_id as string,
          playerId: row.ref_player_id ?? null,
          currency: row.ref_currency ?? null,
          amountMinor: row.ref_amount_minor ?? 0n,
          bonusMinor: row.ref_bonus_minor ?? 0n,
          answerStatus: row.ref_status ?? null,
          roundId: row.ref_round_id ?? null,
          providerRoundId: row.ref_provider_round_id ?? null,
          roundMode:
            row.ref_round_mode === null || row.ref_round_mode === undefined
              ? null
              : asMode(row.ref_round_mode),
          packId: row.ref_pack_id ?? null,
        };
  return {
    session,
    existing,
    acceptedExpiresAt: toDate(row.accepted_expires_at),
    txId: row.tx_id,
    roundId: row.round_id ?? null,
    roundMode: row.round_mode === null || row.round_mode === undefined ? null : asMode(row.round_mode),
    roundBetMinor: row.round_bet_minor ?? 0n,
    roundBetBonusMinor: row.round_bet_bonus_minor ?? 0n,
    lockedBalances: row.locked ? { main: row.locked_main ?? 0n, bonus: row.locked_bonus ?? 0n } : null,
    reference,
    roundPackId: row.round_pack_id ?? null,
  };
}

function asMode(value: string): SessionMode {
  return value === 'demo' ? 'demo' : 'real';
}

function createGameWalletQueries(db: Executor, foreign: ForeignSql) {
  return {
    /** authenticate / balance: the session, slid when live, active and (authenticate) the game matches. */
    async touchSession(key: {
      provider: string;
      tokenHash: Buffer;
      game: string | null;
      now: Date;
      slideTo: Date;
    }): Promise<{ session: SessionRecord | null; acceptedExpiresAt: Date | null }> {
      const result = await executePrepared<StartRow>(
        db,
        sql`
        WITH ${sessionCte(key, foreign)},
        s AS (
          UPDATE game_sessions gs
          SET last_seen_at = ${key.now}::timestamptz,
              expires_at = greatest(gs.expires_at, ${key.slideTo}::timestamptz)
          FROM s0
          WHERE gs.id = s0.id AND gs.expires_at > ${key.now}::timestamptz AND s0.player_status = 'active'
            ${key.game === null ? sql`` : sql`AND s0.game_code = ${key.game}`}
          RETURNING gs.expires_at
        )
        SELECT s0.id AS session_id, s0.player_id, s0.game_id, s0.mode, s0.currency,
               ${epochMs(sql`s0.expires_at`)} AS expires_at, s0.player_status, s0.game_code,
               NULL::bigint AS existing_id, NULL::text AS existing_kind, NULL::bigint AS existing_player_id,
               NULL::text AS existing_hash, NULL::jsonb AS existing_response,
               ${epochMs(sql`(SELECT expires_at FROM s)`)} AS accepted_expires_at, NULL::bigint AS tx_id
        FROM (SELECT 1) AS one LEFT JOIN s0 ON true`,
      );
      const start = toStart(result.rows[0]);
      return { session: start.session, acceptedExpiresAt: start.acceptedExpiresAt };
    },

    /**
     * bet: claims the id and adds the stake to the round (opening it), in one statement. The round
     * joins only when open and of the same player, game, mode and currency. A closing bet (ADR 066)
     * opens its round closed, and joins none.
     */
    async beginBet(
      key: CallKey,
      bet: {
        currency: string;
        roundId: string;
        amountMinor: bigint;
        /** A free-round bet (ADR 024): opens a round of its own, which no other bet joins. */
        freespinPackId?: bigint | null;
        /** `round_closed` (ADR 066): the round opens closed. */
        closes?: boolean;
      },
    ): Promise<CallStart> {
      const closes = bet.closes === true;
      const result = await executePrepared<StartRow>(
        db,
        sql`
        WITH ${sessionCte(key, foreign)}, ${existingCte(key)},
        ${acceptCte(key, { live: true, active: true, currency: bet.currency })},
        ${claimCte(key, 'bet', bet.amountMinor, null)},
        r AS (
          INSERT INTO game_rounds AS gr
            (provider, provider_round_id, player_id, game_id, session_id, mode, currency, bet_minor,
             freespin_pack_id, status, closed_by_bet, closed_at, created_at, updated_at)
          SELECT ${key.provider}::text, ${bet.roundId}::text, s.player_id, s.game_id, s.id, s.mode, s.currency,
                 ${bet.amountMinor}::bigint,
                 -- An unknown pack stays NULL here; the free-round check refuses the call right after.
                 (SELECT fp.id FROM freespin_packs fp WHERE fp.id = ${bet.freespinPackId ?? null}::bigint),
                 ${closes ? 'closed' : 'open'}::text,
                 ${closes}::boolean,
                 ${closes ? key.now : null}::timestamptz,
                 ${key.now}::timestamptz,
                 ${key.now}::timestamptz
          FROM s, tx
          ON CONFLICT (provider, provider_round_id) DO UPDATE
            SET bet_minor = gr.bet_minor + excluded.bet_minor, updated_at = excluded.updated_at
            WHERE ${!closes}::boolean
              AND gr.status = 'open' AND gr.player_id = excluded.player_id AND gr.game_id = excluded.game_id
              AND gr.mode = excluded.mode AND gr.currency = excluded.currency
              AND gr.freespin_pack_id IS NULL AND excluded.freespin_pack_id IS NULL
          RETURNING gr.id, gr.mode, gr.player_id, gr.currency
        ), ${lockCte(foreign)}
        SELECT ${startColumns}, (SELECT id FROM r) AS round_id, (SELECT mode FROM r) AS round_mode,
               ${lockedColumns(foreign)}
        FROM (SELECT 1) AS one LEFT JOIN s0 ON true LEFT JOIN e ON true`,
      );
      return toStart(result.rows[0]);
    },

    /** win: claims the id and closes the open round of this player (adding the win), in one statement. */
    async beginWin(
      key: CallKey,
      win: { currency: string; roundId: string; amountMinor: bigint },
    ): Promise<CallStart> {
      const result = await executePrepared<StartRow>(
        db,
        sql`
        WITH ${sessionCte(key, foreign)}, ${existingCte(key)},
        ${acceptCte(key, { live: false, active: false, currency: win.currency })},
        ${claimCte(key, 'win', win.amountMinor, null)},
        r AS (
          UPDATE game_rounds gr
          SET win_minor = gr.win_minor + ${win.amountMinor}::bigint, status = 'closed',
              closed_at = ${key.now}::timestamptz, updated_at = ${key.now}::timestamptz
          FROM s, tx
          WHERE gr.provider = ${key.provider} AND gr.provider_round_id = ${win.roundId}
            AND gr.status = 'open' AND gr.player_id = s.player_id AND gr.game_id = s.game_id
            AND gr.mode = s.mode AND gr.currency = s.currency
          RETURNING gr.id, gr.mode, gr.bet_minor, gr.bet_bonus_minor, gr.player_id, gr.currency, gr.freespin_pack_id
        ), ${lockCte(foreign)}
        SELECT ${startColumns}, (SELECT id FROM r) AS round_id, (SELECT mode FROM r) AS round_mode,
               ${lockedColumns(foreign)},
               (SELECT bet_minor FROM r) AS round_bet_minor, (SELECT bet_bonus_minor FROM r) AS round_bet_bonus_minor,
               (SELECT freespin_pack_id FROM r) AS round_pack_id
        FROM (SELECT 1) AS one LEFT JOIN s0 ON true LEFT JOIN e ON true`,
      );
      return toStart(result.rows[0]);
    },

    /** rollback: claims the id and reads the bet it names (with its round), in one statement. */
    async beginRollback(key: CallKey, rollback: { referenceTxId: string }): Promise<CallStart> {
      const result = await executePrepared<StartRow>(
        db,
        sql`
        WITH ${sessionCte(key, foreign)}, ${existingCte(key)},
        ${acceptCte(key, { live: false, active: false, currency: null })},
        ${claimCte(key, 'rollback', 0n, rollback.referenceTxId)},
        ref AS (
          SELECT t.id, t.kind, t.provider_tx_id, t.player_id, t.currency, t.amount_minor, t.bonus_minor,
                 t.response->>'status' AS status, t.round_id, gr.provider_round_id, gr.mode AS round_mode,
                 gr.freespin_pack_id
          FROM game_wallet_transactions t
          LEFT JOIN game_rounds gr ON gr.id = t.round_id
          WHERE t.provider = ${key.provider} AND t.provider_tx_id = ${rollback.referenceTxId}
        )
        SELECT ${startColumns}, NULL::bigint AS round_id, NULL::text AS round_mode,
               ref.id AS ref_id, ref.kind AS ref_kind, ref.provider_tx_id AS ref_provider_tx_id,
               ref.player_id AS ref_player_id, ref.currency AS ref_currency,
               ref.amount_minor AS ref_amount_minor, ref.bonus_minor AS ref_bonus_minor, ref.status AS ref_status, ref.round_id AS ref_round_id,
               ref.provider_round_id AS ref_provider_round_id, ref.round_mode AS ref_round_mode,
               ref.freespin_pack_id AS ref_pack_id
        FROM (SELECT 1) AS one LEFT JOIN s0 ON true LEFT JOIN e ON true LEFT JOIN ref ON true`,
      );
      return toStart(result.rows[0]);
    },

    /**
     * Stores the answer of a claimed id (and the round and ledger transaction it produced), in the
     * same statement: the bonus part of the money it moved (a bet's also on its round), and its
     * wager event (`wager`, an INSERT from the wagers service) as a data-modifying CTE.
     */
    async completeTransaction(done: {
      id: bigint;
      roundId: bigint | null;
      response: StoredAnswer;
      ledgerTransactionId: bigint | null;
      bonusMinor?: bigint;
      /** A bet's bonus part, added to its round's `bet_bonus_minor`. */
      roundBetBonusMinor?: bigint;
      wager?: SQL | null;
    }): Promise<void> {
      const ctes: SQL[] = [];
      if (done.wager) ctes.push(sql`w AS (${done.wager})`);
      if (done.roundId !== null && (done.roundBetBonusMinor ?? 0n) > 0n) {
        ctes.push(sql`rb AS (
          UPDATE game_rounds SET bet_bonus_minor = bet_bonus_minor + ${done.roundBetBonusMinor}::bigint
          WHERE id = ${done.roundId}::bigint)`);
      }
      await executePrepared(
        db,
        sql`
        ${ctes.length > 0 ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``}
        UPDATE game_wallet_transactions
        SET round_id = ${done.roundId}::bigint, response = ${JSON.stringify(done.response)}::jsonb,
            ledger_transaction_id = ${done.ledgerTransactionId}::bigint, bonus_minor = ${done.bonusMinor ?? 0n}::bigint
        WHERE id = ${done.id}`,
      );
    },

    /**
     * Stores a refused call's answer outside the refused transaction (insufficient funds: a replay
     * must answer the same). False when the id was taken meanwhile.
     */
    async insertAnswer(row: {
      provider: string;
      transactionId: string;
      kind: TxKind;
      playerId: bigint;
      currency: string;
      amountMinor: bigint;
      requestHash: string;
      response: StoredAnswer;
      now: Date;
    }): Promise<boolean> {
      const result = await executePrepared<{ id: bigint }>(
        db,
        sql`
        INSERT INTO game_wallet_transactions
          (provider, provider_tx_id, kind, player_id, currency, amount_minor, request_hash, response, created_at)
        VALUES (${row.provider}, ${row.transactionId}, ${row.kind}, ${row.playerId}, ${row.currency},
                ${row.amountMinor}, ${row.requestHash}, ${JSON.stringify(row.response)}::jsonb, ${row.now})
        ON CONFLICT (provider, provider_tx_id) DO NOTHING
        RETURNING id`,
      );
      return result.rows.length > 0;
    },

    /**
     * The tombstone of a bet never seen: a later bet with that id is refused. False when the bet
     * arrived meanwhile (the id is taken): the rollback must then refund it.
     */
    async insertTombstone(row: {
      provider: string;
      betTxId: string;
      playerId: bigint;
      currency: string;
      now: Date;
    }): Promise<boolean> {
      const response = JSON.stringify({ status: 'error', code: 'transaction_rolled_back' });
      const result = await executePrepared<{ id: bigint }>(
        db,
        sql`
        INSERT INTO game_wallet_transactions
          (provider, provider_tx_id, kind, player_id, currency, amount_minor, request_hash, response, created_at)
        VALUES (${row.provider}, ${row.betTxId}, 'tombstone', ${row.playerId}, ${row.currency}, 0,
                'tombstone', ${response}::jsonb, ${row.now})
        ON CONFLICT (provider, provider_tx_id) DO NOTHING
        RETURNING id`,
      );
      return result.rows.length > 0;
    },

    async findTransaction(provider: string, transactionId: string): Promise<StoredTransaction | null> {
      const result = await executePrepared<{
        id: bigint;
        kind: TxKind;
        player_id: bigint | null;
        request_hash: string;
        response: StoredAnswer;
      }>(
        db,
        sql`
        SELECT id, kind, player_id, request_hash, response FROM game_wallet_transactions
        WHERE provider = ${provider} AND provider_tx_id = ${transactionId}`,
      );
      const row = result.rows[0];
      return row
        ? {
            id: row.id,
            kind: row.kind,
            playerId: row.player_id,
            requestHash: row.request_hash,
            response: row.response,
          }
        : null;
    },

    /**
     * Locks a round for a rollback (a win closing it concurrently is seen), with whether its bet
     * closed it (`round_closed`, ADR 066) rather than a win.
     */
    async lockRound(roundId: bigint): Promise<{ status: RoundStatus; closedByBet: boolean } | null> {
      const result = await executePrepared<{ status: RoundStatus; closed_by_bet: boolean }>(
        db,
        sql`SELECT status, closed_by_bet FROM game_rounds WHERE id = ${roundId} FOR UPDATE`,
      );
      const row = result.rows[0];
      return row ? { status: row.status, closedByBet: row.closed_by_bet } : null;
    },

    /**
     * A refunded bet leaves its round's stake; the round is rolled back when nothing is left of it.
     * Stores the rollback's answer in the same statement.
     */
    async settleRollback(done: {
      id: bigint;
      roundId: bigint;
      amountMinor: bigint;
      /** The refunded bet's bonus part (leaves the round's `bet_bonus_minor`). */
      bonusMinor: bigint;
      response: StoredAnswer;
      /** Null for a free round (its bet moved no money). */
      ledgerTransactionId: bigint | null;
      now: Date;
      wager: SQL | null;
    }): Promise<void> {
      await executePrepared(
        db,
        sql`
        WITH ${done.wager ? sql`w AS (${done.wager}),` : sql``} r AS (
          UPDATE game_rounds
          SET bet_minor = bet_minor - ${done.amountMinor}::bigint,
              bet_bonus_minor = bet_bonus_minor - ${done.bonusMinor}::bigint,
              -- Open, or closed by this bet (ADR 066): a round a win closed refuses a rollback.
              status = CASE WHEN (status = 'open' OR closed_by_bet) AND bet_minor = ${done.amountMinor}::bigint
                            THEN 'rolled_back' ELSE status END,
              closed_at = CASE WHEN (status = 'open' OR closed_by_bet) AND bet_minor = ${done.amountMinor}::bigint
                               THEN ${done.now}::timestamptz ELSE closed_at END,
              updated_at = ${done.now}::timestamptz
          WHERE id = ${done.roundId}
          RETURNING id
        )
        UPDATE game_wallet_transactions
        SET round_id = (SELECT id FROM r), amount_minor = ${done.amountMinor}::bigint,
            bonus_minor = ${done.bonusMinor}::bigint,
            response = ${JSON.stringify(done.response)}::jsonb,
            ledger_transaction_id = ${done.ledgerTransactionId}::bigint
        WHERE id = ${done.id}`,
      );
    },

    /** Records a free-round bet (ADR 024): the pack it consumed and the stake it was played at. */
    async insertFreeRoundBet(row: {
      betTxId: bigint;
      packId: bigint;
      roundId: bigint;
      stakeMinor: bigint;
      now: Date;
    }) {
      await executePrepared(
        db,
        sql`
        INSERT INTO free_round_bets (bet_transaction_id, pack_id, round_id, stake_minor, created_at)
        VALUES (${row.betTxId}::bigint, ${row.packId}::bigint, ${row.roundId}::bigint, ${row.stakeMinor}::bigint,
                ${row.now}::timestamptz)`,
      );
    },

    /**
     * Marks a free-round bet's spin as given back; true only the first time (a bet's spin returns
     * once, whatever the number of rollbacks naming it).
     */
    async returnFreeRoundBet(betTxId: bigint, now: Date): Promise<boolean> {
      const result = await executePrepared<{ pack_id: bigint }>(
        db,
        sql`
        UPDATE free_round_bets SET returned_at = ${now}::timestamptz
        WHERE bet_transaction_id = ${betTxId}::bigint AND returned_at IS NULL
        RETURNING pack_id`,
      );
      return result.rows.length > 0;
    },

    /** Whether another free round of this pack is still open (the pack ends when none is). */
    async openFreeRounds(packId: bigint, exceptRoundId: bigint): Promise<boolean> {
      const result = await executePrepared<{ open: boolean }>(
        db,
        sql`
        SELECT EXISTS (SELECT 1 FROM game_rounds
                       WHERE freespin_pack_id = ${packId}::bigint AND status = 'open'
                         AND id <> ${exceptRoundId}::bigint) AS open`,
      );
      return result.rows[0]?.open === true;
    },

    /** Why a bet could not join its round. */
    async findRound(provider: string, providerRoundId: string) {
      const result = await executePrepared<{
        id: bigint;
        status: RoundStatus;
        player_id: bigint;
        game_id: bigint;
        mode: string;
        currency: string;
      }>(
        db,
        sql`
        SELECT id, status, player_id, game_id, mode, currency FROM game_rounds
        WHERE provider = ${provider} AND provider_round_id = ${providerRoundId}`,
      );
      const row = result.rows[0];
      return row
        ? {
            id: row.id,
            status: row.status,
            playerId: row.player_id,
            gameId: row.game_id,
            mode: asMode(row.mode),
            currency: row.currency,
          }
        : null;
    },

    // --- sessions --------------------------------------------------------------------------------

    /** Opens a session for an active player and a game of this provider; null when either is not so. */
    async insertSession(row: {
      tokenHash: Buffer;
      provider: string;
      playerId: bigint;
      gameId: bigint;
      mode: SessionMode;
      currency: string;
      now: Date;
      expiresAt: Date;
    }): Promise<bigint | null> {
      const result = await executePrepared<{ id: bigint }>(
        db,
        sql`
        INSERT INTO game_sessions
          (token_hash, provider, player_id, game_id, mode, currency, created_at, last_seen_at, expires_at)
        SELECT ${row.tokenHash}, ${row.provider}::text, ${row.playerId}::bigint, ${row.gameId}::bigint,
               ${row.mode}::text, ${row.currency}::text,
               ${row.now}::timestamptz, ${row.now}::timestamptz, ${row.expiresAt}::timestamptz
        WHERE ${foreign.playerStatus(sql`${row.playerId}::bigint`)} = 'active'
          AND ${foreign.isWalletGame(sql`${row.gameId}::bigint`, sql`${row.provider}::text`)}
        RETURNING id`,
      );
      return result.rows[0]?.id ?? null;
    },

    /** Why a session could not be opened. */
    async sessionObstacle(
      playerId: bigint,
      gameId: bigint,
      provider: string,
    ): Promise<{ playerStatus: string | null; gameFound: boolean }> {
      const result = await executePrepared<{ player_status: string | null; game_found: boolean }>(
        db,
        sql`
        SELECT ${foreign.playerStatus(sql`${playerId}::bigint`)} AS player_status,
               ${foreign.isWalletGame(sql`${gameId}::bigint`, sql`${provider}::text`)} AS game_found`,
      );
      const row = result.rows[0];
      return { playerStatus: row?.player_status ?? null, gameFound: row?.game_found ?? false };
    },

    /** Serializes fun top-ups of one player and currency until the transaction ends. */
    async lockFunTopUp(playerId: bigint, currency: string): Promise<void> {
      await executePrepared(
        db,
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`gamewallet:fun:${playerId}:${currency}`}, 72205))`,
      );
    },
  };
}

export type GameWalletQueries = ReturnType<typeof createGameWalletQueries>;

/** A player's round as the game history shows it (the game is the catalogue's id: games names it). */
export interface PlayerRoundRecord {
  id: bigint;
  providerRoundId: string;
  gameId: bigint;
  mode: SessionMode;
  currency: string;
  betMinor: bigint;
  winMinor: bigint;
  status: RoundStatus;
  createdAt: Date;
  closedAt: Date | null;
}

/** A round's totals by its game and provider round id (the wager stream's `roundRef`). */
export interface RoundTotalsRecord {
  roundId: bigint;
  gameId: bigint;
  roundRef: string;
  playerId: bigint;
  mode: 'real' | 'demo';
  currency: string;
  betMinor: bigint;
  winMinor: bigint;
}

/** A closed real-money round that paid out, for the winners list. */
export interface ClosedWinRecord {
  roundId: bigint;
  gameId: bigint;
  playerId: bigint;
  currency: string;
  betMinor: bigint;
  winMinor: bigint;
  closedAt: Date;
}

function instant(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function idList(values: readonly bigint[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/**
 * The read model of game_rounds for the game history and the winners list (the games module asks
 * through the game wallet service instead of reading this module's table).
 */
function createRoundReads(db: Db, foreign: ForeignSql) {
  async function closedWins(condition: SQL, order: SQL, count: number): Promise<ClosedWinRecord[]> {
    const rows = await db.execute<{
      id: bigint;
      game_id: bigint;
      player_id: bigint;
      currency: string;
      bet_minor: bigint;
      win_minor: bigint;
      closed_at: Date | string;
    }>(sql`
      SELECT r.id, r.game_id, r.player_id, r.currency, r.bet_minor, r.win_minor, r.closed_at
      FROM game_rounds r
      WHERE r.mode = 'real' AND r.status = 'closed' AND r.win_minor > 0 AND r.bet_minor > 0
        AND r.closed_at IS NOT NULL AND ${condition}
      ORDER BY ${order}
      LIMIT ${count}`);
    return rows.rows.map((row) => ({
      roundId: row.id,
      gameId: row.game_id,
      playerId: row.player_id,
      currency: row.currency,
      betMinor: row.bet_minor,
      winMinor: row.win_minor,
      closedAt: instant(row.closed_at),
    }));
  }

  return {
    async playerRounds(
      playerId: bigint,
      options: {
        gameId?: bigint;
        from?: Date | null;
        to?: Date | null;
        afterId?: bigint;
        offset?: number;
        count: number;
      },
    ): Promise<PlayerRoundRecord[]> {
      const parts: SQL[] = [sql`r.player_id = ${playerId}`];
      if (options.gameId !== undefined) parts.push(sql`r.game_id = ${options.gameId}`);
      if (options.from) parts.push(sql`r.created_at >= ${options.from.toISOString()}`);
      if (options.to) parts.push(sql`r.created_at <= ${options.to.toISOString()}`);
      if (options.afterId !== undefined) parts.push(sql`r.id < ${options.afterId}`);
      const rows = await db.execute<{
        id: bigint;
        provider_round_id: string;
        game_id: bigint;
        mode: SessionMode;
        currency: string;
        bet_minor: bigint;
        win_minor: bigint;
        status: RoundStatus;
        created_at: Date | string;
        closed_at: Date | string | null;
      }>(sql`
        SELECT r.id, r.provider_round_id, r.game_id, r.mode, r.currency, r.bet_minor, r.win_minor,
               r.status, r.created_at, r.closed_at
        FROM game_rounds r
        WHERE ${sql.join(parts, sql` AND `)}
        ORDER BY r.id DESC
        LIMIT ${options.count} OFFSET ${options.offset ?? 0}`);
      return rows.rows.map((row) => ({
        id: row.id,
        providerRoundId: row.provider_round_id,
        gameId: row.game_id,
        mode: row.mode,
        currency: row.currency,
        betMinor: row.bet_minor,
        winMinor: row.win_minor,
        status: row.status,
        createdAt: instant(row.created_at),
        closedAt: row.closed_at === null ? null : instant(row.closed_at),
      }));
    },

    async countPlayerRounds(playerId: bigint, gameId: bigint | undefined): Promise<number> {
      const game = gameId === undefined ? sql`` : sql` AND r.game_id = ${gameId}`;
      const rows = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM game_rounds r WHERE r.player_id = ${playerId}${game}`);
      return rows.rows[0]?.n ?? 0;
    },

    /** Rounds by (game, provider round id), as the wager stream names them; unknown ones are absent. */
    async roundTotals(keys: readonly { gameId: bigint; roundRef: string }[]): Promise<RoundTotalsRecord[]> {
      if (keys.length === 0) return [];
      const rows = await db.execute<{
        id: bigint;
        game_id: bigint;
        provider_round_id: string;
        player_id: bigint;
        mode: 'real' | 'demo';
        currency: string;
        bet_minor: bigint;
        win_minor: bigint;
      }>(sql`
        SELECT r.id, r.game_id, r.provider_round_id, r.player_id, r.mode, r.currency, r.bet_minor, r.win_minor
        FROM jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ game_id: k.gameId.toString(), round_ref: k.roundRef })))}::jsonb)
          AS k(game_id bigint, round_ref text)
        JOIN game_rounds r
          ON r.provider = ${foreign.walletProvider(sql`k.game_id`)} AND r.provider_round_id = k.round_ref
         AND r.game_id = k.game_id`);
      return rows.rows.map((row) => ({
        roundId: BigInt(row.id),
        gameId: BigInt(row.game_id),
        roundRef: row.provider_round_id,
        playerId: BigInt(row.player_id),
        mode: row.mode,
        currency: row.currency,
        betMinor: BigInt(row.bet_minor),
        winMinor: BigInt(row.win_minor),
      }));
    },

    /** Real-money rounds that closed with a win of at least `minMultiple` times their bet, newest first. */
    async bigWins(options: { minMultiple: bigint; since: Date; count: number }): Promise<ClosedWinRecord[]> {
      return closedWins(
        sql`r.win_minor >= r.bet_minor * ${options.minMultiple} AND r.closed_at >= ${options.since.toISOString()}`,
        sql`r.closed_at DESC, r.id DESC`,
        options.count,
      );
    },

    /** The largest real-money wins closed since `since`, largest first. */
    async largestWins(options: {
      since: Date;
      count: number;
      excludeIds: bigint[];
    }): Promise<ClosedWinRecord[]> {
      const exclude =
        options.excludeIds.length > 0 ? sql` AND r.id NOT IN (${idList(options.excludeIds)})` : sql``;
      return closedWins(
        sql`r.closed_at >= ${options.since.toISOString()}${exclude}`,
        sql`(r.win_minor::numeric / r.bet_minor) DESC, r.win_minor DESC, r.id DESC`,
        options.count,
      );
    },
  };
}

export function createGameWalletRepository(db: Db, foreign: ForeignSql) {
  return {
    ...createGameWalletQueries(db, foreign),
    ...createRoundReads(db, foreign),
    /** Runs `work` in one transaction with the queries bound to it (and the raw handle for the wallet). */
    async transaction<T>(work: (repo: GameWalletQueries, tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(createGameWalletQueries(tx, foreign), tx));
    },
  };
}

export type GameWalletRepository = ReturnType<typeof createGameWalletRepository>;
