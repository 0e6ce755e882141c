/**
 * The betting engine's SQL (ADR 034): the selections as the catalogue has them now (optionally
 * locked for a placement), the bets and their legs, liabilities, free bets. The catalogue tables
 * are read here, never written (the feed consumer is their only writer).
 */
import type { Db } from '@croupier/db/client';
import { type SQL, sql } from 'drizzle-orm';

export type Executor = Pick<Db, 'execute'>;

export interface SelectionRef {
  event_id: string;
  market_key: string;
  outcome_key: string;
}

export interface SelectionRow {
  eventId: string;
  marketKey: string;
  outcomeKey: string;
  oddsMilli: number;
  outcomeActive: boolean;
  cancelled: boolean;
  result: string | null;
  resultVersion: number;
  marketStatus: string;
  recoverySuspended: boolean;
  /** A trader holds the event or the market (ADR 047): no bet is taken on it. */
  traderHeld: boolean;
  eventStatus: string;
  sportKey: string;
  startTime: Date;
  homeEn: string;
  homeFr: string;
  awayEn: string;
  awayFr: string;
}

export interface BetRow {
  id: bigint;
  playerId: bigint;
  currency: string;
  requestId: string;
  requestHash: string;
  kind: string;
  source: 'main' | 'betting_bonus' | 'free_bet';
  freeBetId: bigint | null;
  stakePerLineMinor: bigint;
  lines: number;
  totalStakeMinor: bigint;
  potentialPayoutMinor: bigint;
  status: 'pending' | 'open' | 'won' | 'lost' | 'void' | 'cashed_out';
  payoutMinor: bigint | null;
  walletState: 'reserving' | 'reserved' | 'settled';
  settleVersion: number;
  deliveredVersion: number;
  live: boolean;
  placedAt: Date;
  placedTs: number;
  settledAt: Date | null;
}

export interface LegRow {
  betId: bigint;
  position: number;
  eventId: string;
  marketKey: string;
  outcomeKey: string;
  sportKey: string;
  oddsMilli: number;
  live: boolean;
  liabilityMinor: bigint;
  result: string | null;
  voidFactor: string | null;
  deadHeatNum: bigint | null;
  deadHeatDen: bigint | null;
  cancelled: boolean;
  resultVersion: number;
}

const betColumns = sql`id::text, player_id::text, currency, request_id, request_hash, kind, source,
  free_bet_id::text, stake_per_line_minor::text, lines, total_stake_minor::text, potential_payout_minor::text,
  status, payout_minor::text, wallet_state, settle_version, delivered_version, live, placed_at, placed_ts::text,
  settled_at`;

type RawBet = Record<string, unknown>;

function toBet(row: RawBet): BetRow {
  const big = (v: unknown) => BigInt(v as string);
  const bigOrNull = (v: unknown) => (v === null ? null : BigInt(v as string));
  return {
    id: big(row.id),
    playerId: big(row.player_id),
    currency: row.currency as string,
    requestId: row.request_id as string,
    requestHash: row.request_hash as string,
    kind: row.kind as string,
    source: row.source as BetRow['source'],
    freeBetId: bigOrNull(row.free_bet_id),
    stakePerLineMinor: big(row.stake_per_line_minor),
    lines: Number(row.lines),
    totalStakeMinor: big(row.total_stake_minor),
    potentialPayoutMinor: big(row.potential_payout_minor),
    status: row.status as BetRow['status'],
    payoutMinor: bigOrNull(row.payout_minor),
    walletState: row.wallet_state as BetRow['walletState'],
    settleVersion: Number(row.settle_version),
    deliveredVersion: Number(row.delivered_version),
    live: row.live as boolean,
    placedAt: new Date(row.placed_at as string | Date),
    placedTs: Number(row.placed_ts),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at as string | Date),
  };
}

function toLeg(row: Record<string, unknown>): LegRow {
  return {
    betId: BigInt(row.bet_id as string),
    position: Number(row.position),
    eventId: row.event_id as string,
    marketKey: row.market_key as string,
    outcomeKey: row.outcome_key as string,
    sportKey: row.sport_key as string,
    oddsMilli: Number(row.odds_milli),
    live: row.live as boolean,
    liabilityMinor: BigInt(row.liability_minor as string),
    result: (row.result as string | null) ?? null,
    voidFactor: (row.void_factor as string | null) ?? null,
    deadHeatNum: row.dead_heat_num === null ? null : BigInt(row.dead_heat_num as string),
    deadHeatDen: row.dead_heat_den === null ? null : BigInt(row.dead_heat_den as string),
    cancelled: row.cancelled as boolean,
    resultVersion: Number(row.result_version),
  };
}

const legColumns = sql`bet_id::text, position, event_id, market_key, outcome_key, sport_key, odds_milli, live,
  liability_minor::text, result, void_factor, dead_heat_num::text, dead_heat_den::text, cancelled, result_version`;

function tuples(refs: readonly SelectionRef[]): SQL {
  return sql.join(
    refs.map((r) => sql`(${r.event_id}::text, ${r.market_key}::text, ${r.outcome_key}::text)`),
    sql`, `,
  );
}

/**
 * The selections' current state. `lock`: the events and markets FOR SHARE (a feed message of the
 * event waits for the placement, and the placement for it) and the outcomes FOR UPDATE (placements
 * on one outcome queue, so its liability is read and grown one at a time).
 */
export async function selectionRows(
  db: Executor,
  refs: readonly SelectionRef[],
  lock: boolean,
): Promise<SelectionRow[]> {
  if (refs.length === 0) return [];
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT o.event_id, o.market_key, o.key AS outcome_key, o.odds_milli, o.active, o.cancelled, o.result,
           o.result_version, m.status AS market_status, m.recovery_suspended, e.status AS event_status,
           e.sport_key, e.start_time, h.name_en AS home_en, h.name_fr AS home_fr, a.name_en AS away_en,
           a.name_fr AS away_fr
    FROM sb_outcomes o
    JOIN sb_markets m ON m.event_id = o.event_id AND m.key = o.market_key
    JOIN sb_events e ON e.id = o.event_id
    JOIN sb_competitors h ON h.key = e.home_key
    JOIN sb_competitors a ON a.key = e.away_key
    WHERE (o.event_id, o.market_key, o.key) IN (${tuples(refs)})
    ORDER BY o.event_id, o.market_key, o.key
    ${lock ? sql`FOR SHARE OF e, m FOR UPDATE OF o` : sql``}`);
  // The traders' holds, read by a statement of its own: under a lock, after the rows above were
  // locked, so a hold committed while this placement waited for its event is seen (a hold takes its
  // event's row lock, ADR 047).
  const eventIds = [...new Set(refs.map((r) => r.event_id))];
  const holds = await db.execute<{ event_id: string; market_key: string }>(sql`
    SELECT event_id, market_key FROM sb_trader_holds
    WHERE event_id IN (${sql.join(
      eventIds.map((id) => sql`${id}::text`),
      sql`, `,
    )})`);
  const held = new Set(holds.rows.map((h) => `${h.event_id}\u0000${h.market_key}`));
  return result.rows.map((row) => ({
    eventId: row.event_id as string,
    marketKey: row.market_key as string,
    outcomeKey: row.outcome_key as string,
    oddsMilli: Number(row.odds_milli),
    outcomeActive: row.active as boolean,
    cancelled: row.cancelled as boolean,
    result: (row.result as string | null) ?? null,
    resultVersion: Number(row.result_version),
    marketStatus: row.market_status as string,
    recoverySuspended: row.recovery_suspended as boolean,
    traderHeld: held.has(`${row.event_id}\u0000`) || held.has(`${row.event_id}\u0000${row.market_key}`),
    eventStatus: row.event_status as string,
    sportKey: row.sport_key as string,
    startTime: new Date(row.start_time as string | Date),
    homeEn: row.home_en as string,
    homeFr: row.home_fr as string,
    awayEn: row.away_en as string,
    awayFr: row.away_fr as string,
  }));
}

/** Whether a selection takes bets now (market active, not in recovery nor held by a trader, event not over, outcome open). */
export function bettable(row: SelectionRow): boolean {
  return (
    row.marketStatus === 'active' &&
    !row.recoverySuspended &&
    !row.traderHeld &&
    (row.eventStatus === 'not_started' || row.eventStatus === 'live') &&
    row.outcomeActive &&
    !row.cancelled &&
    row.result === null
  );
}

/** The potential payout of the open bets through each outcome, in one currency (ADR 031). */
export async function liabilities(
  db: Executor,
  refs: readonly SelectionRef[],
  currency: string,
): Promise<Map<string, bigint>> {
  const found = new Map<string, bigint>();
  if (refs.length === 0) return found;
  const result = await db.execute<{
    event_id: string;
    market_key: string;
    outcome_key: string;
    total: string;
  }>(sql`
    SELECT l.event_id, l.market_key, l.outcome_key, SUM(l.liability_minor)::text AS total
    FROM sb_bet_legs l JOIN sb_bets b ON b.id = l.bet_id
    WHERE (l.event_id, l.market_key, l.outcome_key) IN (${tuples(refs)})
      AND b.status IN ('pending', 'open') AND b.currency = ${currency}
    GROUP BY l.event_id, l.market_key, l.outcome_key`);
  for (const row of result.rows)
    found.set(
      refKey({ event_id: row.event_id, market_key: row.market_key, outcome_key: row.outcome_key }),
      BigInt(row.total),
    );
  return found;
}

export function refKey(ref: SelectionRef): string {
  return `${ref.event_id}\u0000${ref.market_key}\u0000${ref.outcome_key}`;
}

export async function playerFactor(db: Executor, playerId: bigint): Promise<{ num: bigint; den: bigint }> {
  const result = await db.execute<{ num: string; den: string }>(sql`
    SELECT factor_num::text AS num, factor_den::text AS den FROM sb_player_factors WHERE player_id = ${playerId}`);
  const row = result.rows[0];
  return row ? { num: BigInt(row.num), den: BigInt(row.den) } : { num: 1n, den: 1n };
}

export async function betById(db: Executor, id: bigint, lock = false): Promise<BetRow | null> {
  const result = await db.execute<RawBet>(sql`
    SELECT ${betColumns} FROM sb_bets WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
  const row = result.rows[0];
  return row ? toBet(row) : null;
}

/** Bets by id, locked in id order (the one lock order of settlement) when `lock`; absent ids are skipped. */
export async function betsByIds(db: Executor, ids: readonly bigint[], lock = false): Promise<BetRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<RawBet>(sql`
    SELECT ${betColumns} FROM sb_bets
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`);
  return result.rows.map(toBet);
}

/** A settled state for many bets in one statement: open again (`status` open) or settled with a payout. */
export async function setBetStates(
  db: Executor,
  states: readonly { id: bigint; status: string; payoutMinor: bigint | null }[],
  now: Date,
): Promise<void> {
  if (states.length === 0) return;
  const rows = JSON.stringify(
    states.map((s) => ({
      id: s.id.toString(),
      status: s.status,
      payout: s.payoutMinor === null ? null : s.payoutMinor.toString(),
    })),
  );
  await db.execute(sql`
    UPDATE sb_bets b SET
      status = u.status,
      payout_minor = u.payout,
      settled_at = CASE WHEN u.status = 'open' THEN NULL ELSE ${now.toISOString()}::timestamptz END,
      settle_version = b.settle_version + CASE WHEN u.status = 'open' THEN 0 ELSE 1 END
    FROM jsonb_to_recordset(${rows}::jsonb) AS u(id bigint, status text, payout bigint)
    WHERE b.id = u.id`);
}

export async function betByRequest(
  db: Executor,
  playerId: bigint,
  requestId: string,
): Promise<BetRow | null> {
  const result = await db.execute<RawBet>(sql`
    SELECT ${betColumns} FROM sb_bets WHERE player_id = ${playerId} AND request_id = ${requestId}`);
  const row = result.rows[0];
  return row ? toBet(row) : null;
}

export async function playerBets(
  db: Executor,
  playerId: bigint,
  filter: { status?: 'open' | 'settled' | undefined; ids?: readonly string[] | undefined },
  offset: number,
  count: number,
): Promise<{ rows: BetRow[]; total: number }> {
  const parts: SQL[] = [sql`player_id = ${playerId}`, sql`status <> 'pending'`];
  if (filter.status === 'open') parts.push(sql`status = 'open'`);
  if (filter.status === 'settled') parts.push(sql`status IN ('won', 'lost', 'void', 'cashed_out')`);
  if (filter.ids && filter.ids.length > 0)
    parts.push(
      sql`id IN (${sql.join(
        filter.ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
    );
  const where = sql.join(parts, sql` AND `);
  const [rows, total] = await Promise.all([
    db.execute<RawBet>(sql`
      SELECT ${betColumns} FROM sb_bets WHERE ${where} ORDER BY id DESC OFFSET ${offset} LIMIT ${count}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sb_bets WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(toBet), total: total.rows[0]?.n ?? 0 };
}

export async function legsOf(db: Executor, betIds: readonly bigint[]): Promise<Map<bigint, LegRow[]>> {
  const byBet = new Map<bigint, LegRow[]>();
  if (betIds.length === 0) return byBet;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${legColumns} FROM sb_bet_legs
    WHERE bet_id IN (${sql.join(
      betIds.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})
    ORDER BY bet_id, position`);
  for (const row of result.rows) {
    const leg = toLeg(row);
    const list = byBet.get(leg.betId) ?? [];
    list.push(leg);
    byBet.set(leg.betId, list);
  }
  return byBet;
}

export interface MarketOutcome {
  key: string;
  oddsMilli: number;
  active: boolean;
}

export interface MarketState {
  status: string;
  recoverySuspended: boolean;
  eventStatus: string;
  outcomes: MarketOutcome[];
}

/** The markets of some legs as they stand now (cash-out), keyed `event\0market`. */
export async function marketStates(
  db: Executor,
  markets: readonly { eventId: string; marketKey: string }[],
): Promise<Map<string, MarketState>> {
  const states = new Map<string, MarketState>();
  if (markets.length === 0) return states;
  const pairs = sql.join(
    markets.map((m) => sql`(${m.eventId}::text, ${m.marketKey}::text)`),
    sql`, `,
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT m.event_id, m.key AS market_key, m.status AS market_status,
           (m.recovery_suspended OR EXISTS (SELECT 1 FROM sb_trader_holds th WHERE th.event_id = m.event_id
             AND th.market_key IN ('', m.key))) AS recovery_suspended, e.status AS event_status,
           o.key AS outcome_key, o.odds_milli, (o.active AND NOT o.cancelled AND o.result IS NULL) AS active
    FROM sb_markets m JOIN sb_events e ON e.id = m.event_id
    JOIN sb_outcomes o ON o.event_id = m.event_id AND o.market_key = m.key
    WHERE (m.event_id, m.key) IN (${pairs})`);
  for (const row of result.rows) {
    const key = `${row.event_id}\u0000${row.market_key}`;
    const state = states.get(key) ?? {
      status: row.market_status as string,
      recoverySuspended: row.recovery_suspended as boolean,
      eventStatus: row.event_status as string,
      outcomes: [],
    };
    state.outcomes.push({
      key: row.outcome_key as string,
      oddsMilli: Number(row.odds_milli),
      active: row.active as boolean,
    });
    states.set(key, state);
  }
  return states;
}

/** Names of events for the bet list: competitors and start time. */
export async function eventInfo(
  db: Executor,
  eventIds: readonly string[],
): Promise<
  Map<
    string,
    { homeEn: string; homeFr: string; awayEn: string; awayFr: string; startTime: Date; sportKey: string }
  >
> {
  const found = new Map();
  if (eventIds.length === 0) return found;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT e.id, e.start_time, e.sport_key, h.name_en AS home_en, h.name_fr AS home_fr, a.name_en AS away_en,
           a.name_fr AS away_fr
    FROM sb_events e JOIN sb_competitors h ON h.key = e.home_key JOIN sb_competitors a ON a.key = e.away_key
    WHERE e.id IN (${sql.join(
      eventIds.map((id) => sql`${id}::text`),
      sql`, `,
    )})`);
  for (const row of result.rows)
    found.set(row.id as string, {
      homeEn: row.home_en as string,
      homeFr: row.home_fr as string,
      awayEn: row.away_en as string,
      awayFr: row.away_fr as string,
      startTime: new Date(row.start_time as string | Date),
      sportKey: row.sport_key as string,
    });
  return found;
}
