/**
 * The sportsbook's trading desk (issue #18, ADR 047): what a trader sees of the book and the hands
 * they have on it. It belongs to the sportsbook (its tables, its consumer); the back office reaches
 * it through `services.sportsbook.trading` behind its staff actions (permissions and audit rows in
 * backoffice/trading.routes.ts, which runs every call through the back-office service's `act`).
 *
 * - Events, live first, with their markets' states; one event's markets, outcomes, odds and the
 *   liability of each outcome.
 * - Holds: a trader suspends an event or a market. A hold is a row of `sb_trader_holds`, apart from
 *   the feed's `sb_markets.status`, so no odds change lifts it; placement refuses a held leg and the
 *   catalogue shows it suspended. Reopen deletes the row (the feed's own state shows again).
 * - Manual settlement and resettlement: a `bet_settlement` message handed to the feed consumer, so
 *   the bets settle through the same hooks and outbox as the feed's (ADR 034): a resettlement makes
 *   the outbox send `sport_resettle`, which moves only the difference on the ledger. The consumer
 *   runs `check` in the message's transaction, holding the event's row lock: the market must still
 *   be as the trader saw it (`version`), else `stale_version` and nothing is written.
 *
 * Liability of an outcome (per currency, over open bets): what the house pays if that outcome
 * wins, minus the stakes it keeps from the market's bets that then lose. Singles are exact (a
 * single's potential payout, a free bet's winnings only). Multiples are counted conservatively: a
 * multiple through the outcome counts its whole potential payout through that leg (as if every
 * other leg won), and no multiple's stake is counted as kept.
 */
import type { Locale } from '@croupier/contract/locales';
import type { Db } from '@croupier/db/client';
import { formatMinor } from '@croupier/money/decimal';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.ts';
import { settleBet } from '../betting/settlement.ts';
import type { FeedConsumer, Tx } from '../catalogue/consumer.ts';
import { marketNamer } from '../catalogue/market-names.ts';
import { FeedError } from '../feed/messages.ts';
import { type BetRow, betsByIds, type LegRow, legsOf } from './bets.repository.ts';
import { legResultOf } from './bets.service.ts';
import { betTypeOf } from './slip.ts';

/** What a trader may declare for an outcome: the feed's result and void factor, in one word. */
export const TRADER_RESULTS = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type TraderResult = (typeof TRADER_RESULTS)[number];

const WIRE: Record<TraderResult, { result: 'won' | 'lost' | 'void'; voidFactor: '0' | '0.5' | '1' }> = {
  won: { result: 'won', voidFactor: '0' },
  lost: { result: 'lost', voidFactor: '0' },
  void: { result: 'void', voidFactor: '1' },
  half_won: { result: 'won', voidFactor: '0.5' },
  half_lost: { result: 'lost', voidFactor: '0.5' },
};

function traderResultOf(result: string | null, voidFactor: string | null): TraderResult | null {
  if (result === null) return null;
  if (result === 'void') return 'void';
  const half = voidFactor === '0.5';
  if (result === 'won') return half ? 'half_won' : 'won';
  return half ? 'half_lost' : 'lost';
}

export interface TradingDeps {
  db: Db;
  now: () => Date;
}

export interface TradingCollaborators {
  feed: Pick<FeedConsumer, 'receive'>;
  /** The bets outbox: pays what a settlement decided (ADR 034). */
  deliverDue(): Promise<number>;
  exponentOf(currency: string): Promise<number>;
}

function notFound(): AppError {
  return new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
}
function stale(): AppError {
  return new AppError('InvalidParameterException', { code: 'stale_version', message: 'stale_version' });
}
function invalid(fields: Record<string, string>): AppError {
  return new AppError('InvalidParameterException', { code: 'validation', message: 'validation', fields });
}

interface MarketRow {
  key: string;
  status: string;
  recovery_suspended: boolean;
  product: number;
  result_ts: number;
  position: number;
}

interface OutcomeRow {
  market_key: string;
  key: string;
  odds_milli: number;
  active: boolean;
  result: string | null;
  void_factor: string | null;
  cancelled: boolean;
}

/** The token a trader's action carries: the market as they saw it (its state, last result, hold). */
function versionOf(market: MarketRow, held: boolean): string {
  return `${market.status}.${market.result_ts}.${held ? 'h' : 'o'}`;
}

export function createTradingDesk(deps: TradingDeps, collaborators: TradingCollaborators) {
  const { db } = deps;
  const exponents = new Map<string, number>();
  async function exponent(currency: string): Promise<number> {
    let found = exponents.get(currency);
    if (found === undefined) {
      found = await collaborators.exponentOf(currency);
      exponents.set(currency, found);
    }
    return found;
  }
  const money = async (minor: bigint, currency: string) => ({
    amount: formatMinor(minor, await exponent(currency)),
    currency,
  });

  async function holdsOf(ex: Pick<Db, 'execute'>, eventId: string) {
    const rows = await ex.execute<{ market_key: string; reason: string; staff: string; created_at: Date }>(
      sql`SELECT market_key, reason, staff, created_at FROM sb_trader_holds WHERE event_id = ${eventId}`,
    );
    return new Map(rows.rows.map((r) => [r.market_key, r]));
  }

  async function eventHeader(ex: Pick<Db, 'execute'>, eventId: string, locale: Locale, lock = false) {
    const rows = await ex.execute<Record<string, unknown>>(sql`
      SELECT e.id, e.sport_key, e.status, e.start_time, e.home_score, e.away_score, e.period,
             h.name_en AS home_en, h.name_fr AS home_fr, a.name_en AS away_en, a.name_fr AS away_fr,
             t.name_en AS tournament_en, t.name_fr AS tournament_fr
      FROM sb_events e
      JOIN sb_competitors h ON h.key = e.home_key
      JOIN sb_competitors a ON a.key = e.away_key
      LEFT JOIN sb_tournaments t ON t.key = e.tournament_key
      WHERE e.id = ${eventId}
      ${lock ? sql`FOR UPDATE OF e` : sql``}`);
    const row = rows.rows[0];
    if (!row) return null;
    const fr = locale === 'fr';
    return {
      id: row.id as string,
      sport: row.sport_key as string,
      tournament: ((fr ? row.tournament_fr : row.tournament_en) as string | null) ?? null,
      home: (fr ? row.home_fr : row.home_en) as string,
      away: (fr ? row.away_fr : row.away_en) as string,
      start_time: new Date(row.start_time as string | Date).toISOString(),
      status: row.status as string,
      score: `${row.home_score}–${row.away_score}`,
      period: (row.period as string | null) ?? null,
    };
  }

  async function marketsOf(ex: Pick<Db, 'execute'>, eventId: string, only?: string): Promise<MarketRow[]> {
    const rows = await ex.execute<Record<string, unknown>>(sql`
      SELECT key, status, recovery_suspended, product, result_ts, position FROM sb_markets
      WHERE event_id = ${eventId} ${only !== undefined ? sql`AND key = ${only}` : sql``}
      ORDER BY position, key`);
    return rows.rows.map((r) => ({
      key: r.key as string,
      status: r.status as string,
      recovery_suspended: r.recovery_suspended as boolean,
      product: Number(r.product),
      result_ts: Number(r.result_ts),
      position: Number(r.position),
    }));
  }

  async function outcomesOf(ex: Pick<Db, 'execute'>, eventId: string, only?: string): Promise<OutcomeRow[]> {
    const rows = await ex.execute<Record<string, unknown>>(sql`
      SELECT market_key, key, odds_milli, active, result, void_factor, cancelled FROM sb_outcomes
      WHERE event_id = ${eventId} ${only !== undefined ? sql`AND market_key = ${only}` : sql``}
      ORDER BY market_key, position, key`);
    return rows.rows.map((r) => ({
      market_key: r.market_key as string,
      key: r.key as string,
      odds_milli: Number(r.odds_milli),
      active: r.active as boolean,
      result: (r.result as string | null) ?? null,
      void_factor: (r.void_factor as string | null) ?? null,
      cancelled: r.cancelled as boolean,
    }));
  }

  /** Per market and outcome, per currency: what the house pays if it wins, and the stakes it keeps. */
  async function exposure(eventId: string) {
    const rows = await db.execute<{
      market_key: string;
      outcome_key: string;
      currency: string;
      pays: string;
      kept: string;
      bets: number;
    }>(sql`
      SELECT l.market_key, l.outcome_key, b.currency,
        SUM(CASE WHEN b.kind = 'single' THEN
              CASE WHEN b.source = 'free_bet' THEN GREATEST(b.potential_payout_minor - b.total_stake_minor, 0)
                   ELSE b.potential_payout_minor END
            ELSE l.liability_minor END)::text AS pays,
        SUM(CASE WHEN b.kind = 'single' AND b.source <> 'free_bet' THEN b.total_stake_minor ELSE 0 END)::text AS kept,
        count(*)::int AS bets
      FROM sb_bet_legs l JOIN sb_bets b ON b.id = l.bet_id
      WHERE l.event_id = ${eventId} AND b.status IN ('pending', 'open') AND l.result IS NULL
      GROUP BY l.market_key, l.outcome_key, b.currency`);
    return rows.rows.map((r) => ({ ...r, pays: BigInt(r.pays), kept: BigInt(r.kept) }));
  }

  function effectiveState(market: MarketRow, eventHeld: boolean, marketHeld: boolean): string {
    if (market.status === 'settled' || market.status === 'cancelled') return market.status;
    if (eventHeld || marketHeld) return 'held';
    if (market.recovery_suspended && market.status === 'active') return 'suspended';
    return market.status;
  }

  /** The market under the event's row lock (taken by the caller), with what the trader must have seen. */
  async function lockedMarket(tx: Tx, eventId: string, marketKey: string, version: string) {
    const [market] = await marketsOf(tx, eventId, marketKey);
    if (!market) throw notFound();
    const holds = await holdsOf(tx, eventId);
    if (versionOf(market, holds.has(marketKey)) !== version) throw stale();
    return market;
  }

  /** Checks a trader's results: one per outcome of the market, every outcome named once. */
  function checkResults(outcomes: OutcomeRow[], results: Record<string, TraderResult>) {
    const keys = new Set(outcomes.map((o) => o.key));
    const given = Object.keys(results);
    const unknown = given.find((k) => !keys.has(k));
    if (unknown !== undefined) throw invalid({ results: 'unknown_outcome' });
    if (given.length !== keys.size) throw invalid({ results: 'every_outcome' });
    if (!given.some((k) => results[k] !== 'lost')) throw invalid({ results: 'all_lost' });
  }

  /**
   * The money a settlement with `results` would move now, per currency: for every bet through the
   * market whose other legs are all decided, its new payout against what it was paid. Bets with legs
   * still open wait (they move nothing now).
   */
  async function moneyEffect(eventId: string, marketKey: string, results: Record<string, TraderResult>) {
    const ids = await db.execute<{ bet_id: string }>(sql`
      SELECT DISTINCT l.bet_id::text FROM sb_bet_legs l JOIN sb_bets b ON b.id = l.bet_id
      WHERE l.event_id = ${eventId} AND l.market_key = ${marketKey} AND NOT l.cancelled
        AND b.status IN ('open', 'won', 'lost', 'void')`);
    const betIds = ids.rows.map((r) => BigInt(r.bet_id));
    const bets: BetRow[] = betIds.length > 0 ? await betsByIds(db, betIds) : [];
    const legs = await legsOf(
      db,
      bets.map((b) => b.id),
    );
    const per = new Map<string, { bets: number; waiting: number; before: bigint; after: bigint }>();
    for (const bet of bets) {
      const own = (legs.get(bet.id) ?? []).map((leg): LegRow => {
        if (leg.eventId !== eventId || leg.marketKey !== marketKey || leg.cancelled) return leg;
        const wire = WIRE[results[leg.outcomeKey] as TraderResult];
        return {
          ...leg,
          result: wire.result,
          voidFactor: wire.voidFactor,
          deadHeatNum: null,
          deadHeatDen: null,
        };
      });
      const entry = per.get(bet.currency) ?? { bets: 0, waiting: 0, before: 0n, after: 0n };
      per.set(bet.currency, entry);
      entry.bets += 1;
      const type = betTypeOf(bet.kind, own.length);
      if (!type || own.some((l) => l.result === null)) {
        entry.waiting += 1;
        continue;
      }
      const payout = settleBet(
        { type, stakePerLineMinor: bet.stakePerLineMinor, legs: own },
        own.map(legResultOf),
      ).payoutMinor;
      const wallet = (p: bigint) =>
        bet.source !== 'free_bet' ? p : p > bet.totalStakeMinor ? p - bet.totalStakeMinor : 0n;
      entry.before += bet.status === 'open' ? 0n : wallet(bet.payoutMinor ?? 0n);
      entry.after += wallet(payout);
    }
    return Promise.all(
      [...per.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(async ([currency, e]) => ({
          currency,
          bets: e.bets,
          waiting: e.waiting,
          paid_before: (await money(e.before, currency)).amount,
          paid_after: (await money(e.after, currency)).amount,
          difference: (await money(e.after - e.before, currency)).amount,
        })),
    );
  }

  return {
    /** Events on the desk: live first, then upcoming by start, then those ended in the last two days. */
    async events(locale: Locale) {
      const since = new Date(deps.now().getTime() - 2 * 86_400_000);
      const rows = await db.execute<Record<string, unknown>>(sql`
        SELECT e.id, e.sport_key, e.status, e.start_time, e.home_score, e.away_score,
               h.name_en AS home_en, h.name_fr AS home_fr, a.name_en AS away_en, a.name_fr AS away_fr,
               count(m.key)::int AS markets,
               (count(m.key) FILTER (WHERE m.status = 'active' AND NOT m.recovery_suspended AND th.market_key IS NULL))::int AS open,
               (count(m.key) FILTER (WHERE m.status = 'settled'))::int AS settled,
               (count(m.key) FILTER (WHERE th.market_key IS NOT NULL AND m.status NOT IN ('settled', 'cancelled')))::int AS held,
               EXISTS (SELECT 1 FROM sb_trader_holds eh WHERE eh.event_id = e.id AND eh.market_key = '') AS event_held
        FROM sb_events e
        JOIN sb_competitors h ON h.key = e.home_key
        JOIN sb_competitors a ON a.key = e.away_key
        LEFT JOIN sb_markets m ON m.event_id = e.id
        LEFT JOIN sb_trader_holds th ON th.event_id = m.event_id AND th.market_key = m.key
        WHERE e.status IN ('live', 'not_started') OR (e.status = 'ended' AND e.start_time > ${since})
        GROUP BY e.id, h.key, a.key
        ORDER BY CASE e.status WHEN 'live' THEN 0 WHEN 'not_started' THEN 1 ELSE 2 END, e.start_time, e.id
        LIMIT 200`);
      const fr = locale === 'fr';
      return rows.rows.map((r) => ({
        id: r.id as string,
        sport: r.sport_key as string,
        status: r.status as string,
        start_time: new Date(r.start_time as string | Date).toISOString(),
        home: (fr ? r.home_fr : r.home_en) as string,
        away: (fr ? r.away_fr : r.away_en) as string,
        score: `${r.home_score}–${r.away_score}`,
        held: r.event_held as boolean,
        markets: {
          total: Number(r.markets),
          open: r.event_held ? 0 : Number(r.open),
          held: Number(r.held),
          settled: Number(r.settled),
        },
      }));
    },

    /** One event: its markets and outcomes, odds, results, holds and liability per outcome. */
    async event(eventId: string, locale: Locale) {
      const header = await eventHeader(db, eventId, locale);
      if (!header) throw notFound();
      const [markets, outcomes, holds, exposures] = await Promise.all([
        marketsOf(db, eventId),
        outcomesOf(db, eventId),
        holdsOf(db, eventId),
        exposure(eventId),
      ]);
      const namer = marketNamer(locale, header.home, header.away);
      const eventHold = holds.get('');
      return {
        event: {
          ...header,
          held: eventHold !== undefined,
          hold_reason: eventHold?.reason ?? null,
        },
        markets: await Promise.all(
          markets.map(async (market) => {
            const names = namer(market.key);
            const hold = holds.get(market.key);
            const mine = exposures.filter((x) => x.market_key === market.key);
            const currencies = [...new Set(mine.map((x) => x.currency))].sort();
            const kept = new Map(
              currencies.map((c) => [
                c,
                mine.filter((x) => x.currency === c).reduce((sum, x) => sum + x.kept, 0n),
              ]),
            );
            return {
              key: market.key,
              name: names.market,
              feed_status: market.status,
              recovery: market.recovery_suspended,
              held: hold !== undefined,
              hold_reason: hold?.reason ?? null,
              state: effectiveState(market, eventHold !== undefined, hold !== undefined),
              version: versionOf(market, hold !== undefined),
              stakes: await Promise.all(currencies.map((c) => money(kept.get(c) ?? 0n, c))),
              outcomes: await Promise.all(
                outcomes
                  .filter((o) => o.market_key === market.key)
                  .map(async (o) => ({
                    key: o.key,
                    name: names.outcome(o.key),
                    odds: (o.odds_milli / 1000).toFixed(3),
                    active: o.active && !o.cancelled,
                    result: traderResultOf(o.result, o.void_factor),
                    liability: await Promise.all(
                      currencies.map(async (c) => {
                        const own = mine.find((x) => x.outcome_key === o.key && x.currency === c);
                        const pays = own?.pays ?? 0n;
                        return {
                          currency: c,
                          amount: (await money(pays - (kept.get(c) ?? 0n), c)).amount,
                          payout: (await money(pays, c)).amount,
                          bets: own?.bets ?? 0,
                        };
                      }),
                    ),
                  })),
              ),
            };
          }),
        ),
      };
    },

    /** Holds an event (`marketKey` null) or a market; refused `stale_version` when already held. */
    async suspend(input: { eventId: string; marketKey: string | null; reason: string; staff: string }) {
      return db.transaction(async (tx) => {
        if (!(await eventHeader(tx, input.eventId, 'en', true))) throw notFound();
        const key = input.marketKey ?? '';
        let feedStatus: string | null = null;
        if (input.marketKey !== null) {
          const [market] = await marketsOf(tx, input.eventId, input.marketKey);
          if (!market) throw notFound();
          if (market.status === 'settled' || market.status === 'cancelled') throw stale();
          feedStatus = market.status;
        }
        const inserted = await tx.execute(sql`
          INSERT INTO sb_trader_holds (event_id, market_key, reason, staff, created_at)
          VALUES (${input.eventId}, ${key}, ${input.reason}, ${input.staff}, ${deps.now()})
          ON CONFLICT DO NOTHING RETURNING event_id`);
        if (inserted.rows.length === 0) throw stale();
        return {
          before: { held: false, feed_status: feedStatus },
          after: { held: true, feed_status: feedStatus },
        };
      });
    },

    /** Lifts a hold; refused `stale_version` when there is none. The feed's own state shows again. */
    async reopen(input: { eventId: string; marketKey: string | null }) {
      return db.transaction(async (tx) => {
        if (!(await eventHeader(tx, input.eventId, 'en', true))) throw notFound();
        const deleted = await tx.execute<{ reason: string }>(sql`
          DELETE FROM sb_trader_holds WHERE event_id = ${input.eventId} AND market_key = ${input.marketKey ?? ''}
          RETURNING reason`);
        const row = deleted.rows[0];
        if (!row) {
          if (input.marketKey !== null && (await marketsOf(tx, input.eventId, input.marketKey)).length === 0)
            throw notFound();
          throw stale();
        }
        return { before: { held: true, reason: row.reason }, after: { held: false } };
      });
    },

    /** What settling (or resettling) the market with `results` would pay now; nothing written. */
    async preview(input: {
      eventId: string;
      marketKey: string;
      results: Record<string, TraderResult>;
      mode: 'settle' | 'resettle';
    }) {
      const [market] = await marketsOf(db, input.eventId, input.marketKey);
      if (!market) throw notFound();
      const outcomes = await outcomesOf(db, input.eventId, input.marketKey);
      checkResults(outcomes, input.results);
      const holds = await holdsOf(db, input.eventId);
      return {
        market: input.marketKey,
        mode: input.mode,
        version: versionOf(market, holds.has(input.marketKey)),
        allowed: input.mode === 'settle' ? market.status !== 'settled' : market.status === 'settled',
        effect: await moneyEffect(input.eventId, input.marketKey, input.results),
      };
    },

    /**
     * Settles (first result) or resettles (a settled market, new results) the market through the
     * feed consumer; then runs the outbox so the bets are paid. Refused, nothing written: an unknown
     * market, results that do not cover the outcomes, a market changed since `version`, settle on a
     * settled market, resettle on an unsettled one or with the same results.
     */
    async settle(input: {
      eventId: string;
      marketKey: string;
      results: Record<string, TraderResult>;
      version: string;
      mode: 'settle' | 'resettle';
    }) {
      const [seen] = await marketsOf(db, input.eventId, input.marketKey);
      if (!seen) throw notFound();
      const outcomes = await outcomesOf(db, input.eventId, input.marketKey);
      checkResults(outcomes, input.results);
      const effect = await moneyEffect(input.eventId, input.marketKey, input.results);
      const before = Object.fromEntries(
        outcomes.map((o) => [o.key, traderResultOf(o.result, o.void_factor)]),
      );
      const timestamp = Math.max(deps.now().getTime(), seen.result_ts + 1);
      const message = {
        kind: 'bet_settlement',
        product: seen.product,
        eventId: input.eventId,
        timestamp,
        markets: [
          {
            key: input.marketKey,
            outcomes: outcomes.map((o) => ({ key: o.key, ...WIRE[input.results[o.key] as TraderResult] })),
          },
        ],
      };
      try {
        await collaborators.feed.receive(message, {
          check: async (tx) => {
            if (!(await eventHeader(tx, input.eventId, 'en', true))) throw notFound();
            const market = await lockedMarket(tx, input.eventId, input.marketKey, input.version);
            if (input.mode === 'settle' && market.status === 'settled') throw stale();
            if (input.mode === 'resettle') {
              if (market.status !== 'settled') throw stale();
              const now = await outcomesOf(tx, input.eventId, input.marketKey);
              if (now.every((o) => traderResultOf(o.result, o.void_factor) === input.results[o.key]))
                throw invalid({ results: 'unchanged' });
            }
            if (market.status === 'cancelled') throw stale();
          },
        });
      } catch (error) {
        if (error instanceof FeedError) throw stale();
        throw error;
      }
      await collaborators.deliverDue();
      return {
        result: { market: input.marketKey, status: 'settled', effect },
        before: { status: seen.status, results: before },
        after: { status: 'settled', results: input.results, effect },
      };
    },
  };
}

export type TradingDesk = ReturnType<typeof createTradingDesk>;
