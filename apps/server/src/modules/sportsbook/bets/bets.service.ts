/**
 * The sportsbook's betting engine (issue #13, ADR 034): quote and placement of singles,
 * accumulators and systems, the player's bets with their cash-out offers, cash-out, settlement from
 * the feed's hooks, and free bets. The sportsbook is a provider: player money moves only through
 * the platform's wallet API (`sport_reserve`, `sport_settle`, `sport_resettle`, `sport_cancel`,
 * docs/game-wallet-protocol.md), as signed calls of the provider `croupier-sportsbook`.
 *
 * Placement: validate (nothing written), wait the live delay, then in ONE transaction lock the
 * legs' events, markets and outcomes, re-check every leg (status, odds against `accept_odds`,
 * limits with the liability on each outcome) and write the bet `pending`; reserve the stake on
 * the wallet under the bet's id; the bet turns `open` (or is deleted when the wallet refused:
 * nothing moved, no bet row).
 *
 * Settlement: the feed hooks run in the feed message's transaction; they copy each outcome's
 * result onto the legs once (the outcome's `result_version`), and a bet whose legs all have a
 * result gets its payout and a new `settle_version`. Delivery to the wallet follows the commit
 * (an outbox: `settle_version > delivered_version`), one bet at a time under its row lock:
 * `sport_settle` the first time, `sport_resettle` (only the difference moves) after a rollback,
 * each call id derived from the bet and the version, so a repeated delivery is a replay.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Locale } from '@croupier/contract/locales';
import type { SlipSelection } from '@croupier/contract/sportsbook/betting';
import type { Db } from '@croupier/db/client';
import { formatMinor, minorUnitsPerMajor, parseMinor } from '@croupier/money/decimal';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../lib/app-error.ts';
import { signatureHeader } from '../../../lib/signature.ts';
import { enumerateLines } from '../betting/bet-types.ts';
import { cashOutValue } from '../betting/cash-out.ts';
import { floorTimes, oddsRational, product, rational } from '../betting/rational.ts';
import { type LegResult, potentialPayoutMinor, settleBet } from '../betting/settlement.ts';
import { acceptedStake, type LimitedLeg } from '../betting/stake-limits.ts';
import type {
  FeedHooks,
  OutcomeCancelled,
  OutcomeRolledBack,
  OutcomeSettled,
  Tx,
} from '../catalogue/consumer.ts';
import { marketNamer } from '../catalogue/market-names.ts';
import { oddsText } from '../catalogue/read.ts';
import {
  type BetRow,
  betById,
  betByRequest,
  betsByIds,
  bettable,
  type Executor,
  eventInfo,
  type LegRow,
  legsOf,
  liabilities,
  marketStates,
  playerBets,
  playerFactor,
  refKey,
  type SelectionRow,
  selectionRows,
  setBetStates,
} from './bets.repository.ts';
import {
  type AcceptOdds,
  betTypeOf,
  DEFAULT_LIMITS_MAJOR,
  impliedProbability,
  legResultView,
  levelLimits,
  oddsAccepted,
  totalOddsText,
} from './slip.ts';

/** What the betting engine needs from the platform, given by the composition root. */
export interface BetsCollaborators {
  /** One signed wallet API call, answered as the platform's `/gw/v1/{action}` would. */
  walletCall(call: { action: string; rawBody: Buffer; signature: string }): Promise<{
    httpStatus: number;
    body: Record<string, unknown>;
  }>;
  /** The wallet's signing secret of the provider `croupier-sportsbook`. */
  walletSecret: string;
  /** A real-money wallet session of the player for the sportsbook (refused when they may not play). */
  openSession(playerId: bigint, currency: string): Promise<string>;
  playerCurrency(playerId: bigint): Promise<string>;
  exponentOf(currency: string): Promise<number>;
}

export interface SlipInput {
  kind: string;
  selections: SlipSelection[];
  stake?: string | undefined;
  source: string;
  accept_odds: AcceptOdds;
}

type Money = { amount: string; currency: string };

const GUEST_CURRENCY = 'EUR';
const DELIVERY_BATCH = 50;
/** Bets recomputed per statement when a feed message settles a market (set-based, id order). */
const RECOMPUTE_CHUNK = 1000;

function invalid(fields: Record<string, string>, data?: Record<string, unknown>): AppError {
  return new AppError('InvalidParameterException', { fields, ...(data ? { data } : {}) });
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** A leg's stored result as the settlement maths takes it (the trading desk's preview uses it too). */
export function legResultOf(leg: LegRow): LegResult {
  if (leg.result === 'void')
    return { result: 'void', voidFactor: rational(1n), deadHeatFactor: rational(1n) };
  const vf =
    leg.voidFactor === '0.5' ? rational(1n, 2n) : leg.voidFactor === '1' ? rational(1n) : rational(0n);
  const dh =
    leg.deadHeatNum !== null && leg.deadHeatDen !== null
      ? rational(leg.deadHeatNum, leg.deadHeatDen)
      : rational(1n);
  return { result: leg.result === 'won' ? 'won' : 'lost', voidFactor: vf, deadHeatFactor: dh };
}

export function createBetsService(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'config' | 'jobs'>,
  collaborators: BetsCollaborators,
  options: { liveDelayMs?: number } = {},
) {
  const db: Db = deps.db;
  const { config } = deps;
  const liveDelayMs = options.liveDelayMs ?? config.SPORTSBOOK_LIVE_DELAY_MS;
  const cashOutMargin = rational(
    BigInt(Math.round(config.SPORTSBOOK_CASH_OUT_MARGIN * 1_000_000)),
    1_000_000n,
  );

  const money = (amountMinor: bigint, currency: string, exponent: number): Money => ({
    amount: formatMinor(amountMinor, exponent),
    currency,
  });

  // --- the wallet API, as a signed provider ----------------------------------------------------------

  async function wallet(action: string, body: Record<string, string>) {
    const rawBody = Buffer.from(JSON.stringify(body));
    const signature = signatureHeader(
      collaborators.walletSecret,
      Math.floor(deps.now().getTime() / 1000),
      rawBody,
    );
    const answer = await collaborators.walletCall({ action, rawBody, signature });
    return answer.body;
  }

  // --- the slip --------------------------------------------------------------------------------------

  interface Checked {
    rows: SelectionRow[];
    /** The rows in the slip's order. */
    bySelection: SelectionRow[];
    type: NonNullable<ReturnType<typeof betTypeOf>>;
    lines: number;
    live: boolean;
  }

  /** Structure of the slip: a type that fits the legs, one leg per event, every selection known. */
  function structure(input: SlipInput): { type: NonNullable<ReturnType<typeof betTypeOf>>; lines: number } {
    const events = new Set(input.selections.map((s) => s.event_id));
    if (events.size !== input.selections.length) throw invalid({ selections: 'same_event' });
    const type = betTypeOf(input.kind, input.selections.length);
    if (!type) throw invalid({ kind: 'invalid' });
    return { type, lines: enumerateLines(type, input.selections.length).length };
  }

  function resolve(input: SlipInput, rows: SelectionRow[]): SelectionRow[] {
    const byKey = new Map(
      rows.map((r) => [
        refKey({ event_id: r.eventId, market_key: r.marketKey, outcome_key: r.outcomeKey }),
        r,
      ]),
    );
    return input.selections.map((s) => {
      const row = byKey.get(refKey(s));
      if (!row) throw invalid({ selections: 'not_found' });
      return row;
    });
  }

  function selectionState(selection: SlipSelection, row: SelectionRow, locale: Locale) {
    const home = locale === 'fr' ? row.homeFr : row.homeEn;
    const away = locale === 'fr' ? row.awayFr : row.awayEn;
    const namer = marketNamer(locale, home, away)(row.marketKey);
    return {
      event_id: selection.event_id,
      market_key: selection.market_key,
      outcome_key: selection.outcome_key,
      event_name: `${home} – ${away}`,
      market_name: namer.market,
      outcome_name: namer.outcome(row.outcomeKey),
      odds: oddsText(row.oddsMilli),
      odds_milli: row.oddsMilli,
      active: bettable(row),
      live: row.eventStatus === 'live',
    };
  }

  /** The stake limit per line for these legs at these odds (ADR 031), null: unlimited. */
  async function maxStakePerLine(
    ex: Executor,
    checked: Checked,
    currency: string,
    exponent: number,
    playerId: bigint | null,
  ): Promise<bigint | null> {
    const perMajor = minorUnitsPerMajor(exponent);
    const refs = checked.bySelection.map((r) => ({
      event_id: r.eventId,
      market_key: r.marketKey,
      outcome_key: r.outcomeKey,
    }));
    const owed = await liabilities(ex, refs, currency);
    const factor = playerId === null ? { num: 1n, den: 1n } : await playerFactor(ex, playerId);
    const legs: LimitedLeg[] = checked.bySelection.map((row, i) => ({
      oddsMilli: row.oddsMilli,
      live: row.eventStatus === 'live',
      market: levelLimits('market', perMajor),
      event: levelLimits('event', perMajor),
      sport: levelLimits('sport', perMajor),
      outcome: {
        liabilityMinor: owed.get(refKey(refs[i] as (typeof refs)[number])) ?? 0n,
        capMinor: DEFAULT_LIMITS_MAJOR.liabilityCap * perMajor,
      },
    }));
    return acceptedStake({ type: checked.type, legs, playerStakeFactor: rational(factor.num, factor.den) })
      .maxStakePerLineMinor;
  }

  function parseStake(text: string, exponent: number): bigint {
    const parsed = parseMinor(text.trim(), exponent, { trailingZeros: true });
    if (!parsed.ok) throw invalid({ stake: parsed.problem === 'fraction' ? 'uneven' : 'invalid' });
    return parsed.amountMinor;
  }

  async function quote(input: SlipInput, playerId: bigint | null, locale: Locale) {
    const { type, lines } = structureForQuote(input);
    const currency = playerId === null ? GUEST_CURRENCY : await collaborators.playerCurrency(playerId);
    const exponent = await collaborators.exponentOf(currency);
    const minStake = parseStake(config.SPORTSBOOK_MIN_STAKE, exponent);
    const rows = await selectionRows(db, input.selections, false);
    const byKey = new Map(
      rows.map((r) => [
        refKey({ event_id: r.eventId, market_key: r.marketKey, outcome_key: r.outcomeKey }),
        r,
      ]),
    );
    const found = input.selections.map((s) => byKey.get(refKey(s)));
    const known = found.filter((r): r is SelectionRow => r !== undefined);
    const selections = input.selections.flatMap((s, i) => {
      const row = found[i];
      return row ? [selectionState(s, row, locale)] : [];
    });
    let reason: string | null = type === null ? 'same_event' : null;
    if (!reason && known.length !== input.selections.length) reason = 'not_found';
    if (!reason && known.some((r) => !bettable(r))) reason = 'suspended';
    if (
      !reason &&
      input.selections.some(
        (s, i) => !oddsAccepted(s.odds_milli, (found[i] as SelectionRow).oddsMilli, input.accept_odds),
      )
    )
      reason = 'odds_changed';
    const placeable = reason === null;
    let maxStake = 0n;
    let potential: bigint | null = null;
    let total: bigint | null = null;
    if (type && known.length === input.selections.length) {
      const checked: Checked = {
        rows: known,
        bySelection: known,
        type,
        lines,
        live: known.some((r) => r.eventStatus === 'live'),
      };
      maxStake = (await maxStakePerLine(db, checked, currency, exponent, playerId)) ?? 0n;
      const stakeText = input.stake ?? '';
      if (stakeText !== '') {
        const perLine = parseStake(stakeText, exponent);
        total = perLine * BigInt(lines);
        potential = potentialPayoutMinor({
          type,
          stakePerLineMinor: perLine,
          legs: known.map((r) => ({ oddsMilli: r.oddsMilli })),
        });
      }
    }
    return {
      selections,
      lines,
      total_stake: total === null ? null : money(total, currency, exponent),
      potential_payout: potential === null ? null : money(potential, currency, exponent),
      min_stake: money(minStake, currency, exponent),
      max_stake: money(maxStake, currency, exponent),
      placeable,
      reason,
    };
  }

  function structureForQuote(input: SlipInput): { type: ReturnType<typeof betTypeOf>; lines: number } {
    try {
      return structure(input);
    } catch (error) {
      if (error instanceof AppError && error.fields?.selections === 'same_event') {
        return { type: null, lines: Math.max(1, input.selections.length) };
      }
      throw error;
    }
  }

  /** Every leg bettable, at acceptable odds; throws the contract's refusal otherwise. */
  function checkLegs(input: SlipInput, bySelection: SelectionRow[], locale: Locale): void {
    if (bySelection.some((r) => !bettable(r))) {
      throw invalid(
        { selections: 'suspended' },
        {
          selections: input.selections.map((s, i) =>
            selectionState(s, bySelection[i] as SelectionRow, locale),
          ),
        },
      );
    }
    if (
      input.selections.some(
        (s, i) => !oddsAccepted(s.odds_milli, (bySelection[i] as SelectionRow).oddsMilli, input.accept_odds),
      )
    ) {
      throw invalid(
        { selections: 'odds_changed' },
        {
          selections: input.selections.map((s, i) =>
            selectionState(s, bySelection[i] as SelectionRow, locale),
          ),
        },
      );
    }
  }

  // --- placement -------------------------------------------------------------------------------------

  interface Stake {
    perLineMinor: bigint;
    source: 'main' | 'betting_bonus' | 'free_bet';
    freeBetId: bigint | null;
  }

  async function stakeOf(
    input: SlipInput,
    playerId: bigint,
    currency: string,
    exponent: number,
    lines: number,
  ): Promise<Stake> {
    const minStake = parseStake(config.SPORTSBOOK_MIN_STAKE, exponent);
    if (input.source.startsWith('free_bet:')) {
      const id = BigInt(input.source.slice('free_bet:'.length));
      const freeBet = await usableFreeBet(db, playerId, id, currency);
      if (!freeBet) throw invalid({ source: 'not_found' });
      if (freeBet.amountMinor % BigInt(lines) !== 0n) throw invalid({ stake: 'uneven' });
      return { perLineMinor: freeBet.amountMinor / BigInt(lines), source: 'free_bet', freeBetId: id };
    }
    const perLine = parseStake(input.stake ?? '', exponent);
    if (perLine < minStake || perLine <= 0n)
      throw invalid({ stake: 'below_minimum' }, { min_stake: formatMinor(minStake, exponent) });
    return { perLineMinor: perLine, source: input.source as 'main' | 'betting_bonus', freeBetId: null };
  }

  async function usableFreeBet(ex: Executor, playerId: bigint, id: bigint, currency: string, lock = false) {
    const result = await ex.execute<{ amount: string; min_odds: number | null }>(sql`
      SELECT amount_minor::text AS amount, min_odds_milli AS min_odds FROM sb_free_bets
      WHERE id = ${id} AND player_id = ${playerId} AND currency = ${currency} AND used_bet_id IS NULL
        AND (expires_at IS NULL OR expires_at > ${deps.now()}) ${lock ? sql`FOR UPDATE` : sql``}`);
    const row = result.rows[0];
    return row ? { amountMinor: BigInt(row.amount), minOddsMilli: row.min_odds } : null;
  }

  async function placeBet(
    input: SlipInput & { request_id?: string | undefined },
    playerId: bigint,
    locale: Locale,
  ) {
    const requestId = input.request_id ?? `auto-${randomBytes(12).toString('base64url')}`;
    const requestHash = hashOf([
      input.kind,
      input.selections,
      input.stake ?? '',
      input.source,
      input.accept_odds,
    ]);
    const seen = await betByRequest(db, playerId, requestId);
    if (seen) return replayOf(seen, requestHash, locale);

    const { type, lines } = structure(input);
    const currency = await collaborators.playerCurrency(playerId);
    const exponent = await collaborators.exponentOf(currency);
    const stake = await stakeOf(input, playerId, currency, exponent, lines);

    // Everything a refusal needs, checked before anything is written or waited for.
    const before = resolve(input, await selectionRows(db, input.selections, false));
    checkLegs(input, before, locale);
    const live = before.some((r) => r.eventStatus === 'live');
    const checkedBefore: Checked = { rows: before, bySelection: before, type, lines, live };
    await checkLimits(db, checkedBefore, stake, currency, exponent, playerId);
    await checkFreeBetOdds(stake, type, before, playerId, currency);

    // A live bet waits, then is checked again in the transaction below (the market may have moved).
    if (live && liveDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, liveDelayMs));

    // The wallet session: an excluded or blocked player is refused here (ADR 025), before any write.
    const token = await collaborators.openSession(playerId, currency);

    const placedAt = deps.now();
    let betId: bigint;
    try {
      betId = await db.transaction(async (tx) => {
        const rows = resolve(input, await selectionRows(tx, input.selections, true));
        checkLegs(input, rows, locale);
        const checked: Checked = {
          rows,
          bySelection: rows,
          type,
          lines,
          live: rows.some((r) => r.eventStatus === 'live'),
        };
        await checkLimits(tx, checked, stake, currency, exponent, playerId);
        const legs = rows.map((r) => ({ oddsMilli: r.oddsMilli }));
        const potential = potentialPayoutMinor({ type, stakePerLineMinor: stake.perLineMinor, legs });
        const through = liabilityThrough(type, stake.perLineMinor, legs);
        const inserted = await tx.execute<{ id: string }>(sql`
          INSERT INTO sb_bets (player_id, currency, request_id, request_hash, kind, source, free_bet_id,
            stake_per_line_minor, lines, total_stake_minor, potential_payout_minor, status, live, placed_at, placed_ts)
          VALUES (${playerId}, ${currency}, ${requestId}, ${requestHash}, ${input.kind}, ${stake.source},
            ${stake.freeBetId}, ${stake.perLineMinor}, ${lines}, ${stake.perLineMinor * BigInt(lines)}, ${potential},
            'pending', ${checked.live}, ${placedAt}, ${placedAt.getTime()})
          ON CONFLICT (player_id, request_id) DO NOTHING
          RETURNING id::text`);
        const row = inserted.rows[0];
        if (!row) throw new DoubleSubmit();
        const id = BigInt(row.id);
        for (const [position, r] of rows.entries()) {
          await tx.execute(sql`
            INSERT INTO sb_bet_legs (bet_id, position, event_id, market_key, outcome_key, sport_key, odds_milli,
              live, liability_minor, result_version)
            VALUES (${id}, ${position}, ${r.eventId}, ${r.marketKey}, ${r.outcomeKey}, ${r.sportKey}, ${r.oddsMilli},
              ${r.eventStatus === 'live'}, ${through[position] ?? 0n}, ${r.resultVersion})`);
        }
        if (stake.freeBetId !== null) {
          const used = await tx.execute(sql`
            UPDATE sb_free_bets SET used_bet_id = ${id}, used_at = ${placedAt}
            WHERE id = ${stake.freeBetId} AND player_id = ${playerId} AND used_bet_id IS NULL
              AND (expires_at IS NULL OR expires_at > ${placedAt})`);
          if ((used.rowCount ?? 0) === 0) throw invalid({ source: 'not_found' });
        }
        return id;
      });
    } catch (error) {
      if (error instanceof DoubleSubmit) {
        const first = await waitForPlaced(playerId, requestId);
        if (first) return replayOf(first, requestHash, locale);
        throw invalid({ request_id: 'conflict' });
      }
      throw error;
    }

    // The stake, on the wallet, under the bet's id.
    const totalStake = stake.perLineMinor * BigInt(lines);
    let answer: Record<string, unknown>;
    try {
      answer = await wallet('sport_reserve', {
        token,
        transaction_id: `sb-${betId}-reserve`,
        bet_id: String(betId),
        amount: formatMinor(totalStake, exponent),
        currency,
        funds: stake.source,
      });
    } catch (error) {
      // No answer: the stake may or may not be taken. Cancel it (a tombstone if it never arrived).
      await abandon(betId);
      throw error;
    }
    if (answer.status !== 'ok') {
      await db.execute(sql`DELETE FROM sb_bets WHERE id = ${betId}`);
      if (stake.freeBetId !== null)
        await db.execute(
          sql`UPDATE sb_free_bets SET used_bet_id = NULL, used_at = NULL WHERE used_bet_id = ${betId}`,
        );
      throw walletRefusal(String(answer.code ?? 'refused'));
    }
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE sb_bets SET status = 'open', wallet_state = 'reserved' WHERE id = ${betId}`,
      );
      // A leg may have been settled while the stake was reserved.
      await recomputeAll(tx, [betId.toString()]);
    });
    await deliver(betId);
    return await viewOf((await betById(db, betId)) as BetRow, locale);
  }

  class DoubleSubmit extends Error {}

  async function waitForPlaced(playerId: bigint, requestId: string): Promise<BetRow | null> {
    for (let i = 0; i < 100; i += 1) {
      const bet = await betByRequest(db, playerId, requestId);
      if (bet?.status !== 'pending') return bet;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return null;
  }

  async function replayOf(bet: BetRow, requestHash: string, locale: Locale) {
    if (bet.requestHash !== requestHash) throw invalid({ request_id: 'conflict' });
    const placed = bet.status === 'pending' ? await waitForPlaced(bet.playerId, bet.requestId) : bet;
    if (!placed || placed.status === 'pending') throw new AppError('ApplicationUnavailableException');
    return await viewOf(placed, locale);
  }

  function walletRefusal(code: string): AppError {
    if (code === 'insufficient_funds') return invalid({ source: 'insufficient_funds' });
    if (code === 'bet_limit_exceeded') return invalid({ stake: 'above_maximum' });
    if (code.startsWith('rg_')) return new AppError('AccessDeniedException', { code });
    if (code === 'player_blocked') return new AppError('UserBannedException', { code });
    return new AppError('ApplicationUnavailableException', { code: 'wallet_refused' });
  }

  /** A reserve without an answer: cancel it on the wallet (refunds it if it was taken), drop the bet. */
  async function abandon(betId: bigint): Promise<void> {
    try {
      const answer = await wallet('sport_cancel', {
        transaction_id: `sb-${betId}-cancel`,
        bet_id: String(betId),
      });
      if (answer.status === 'ok') {
        await db.execute(
          sql`UPDATE sb_free_bets SET used_bet_id = NULL, used_at = NULL WHERE used_bet_id = ${betId}`,
        );
        await db.execute(sql`DELETE FROM sb_bets WHERE id = ${betId}`);
      }
    } catch (error) {
      deps.log.error(
        { err: error, betId: betId.toString() },
        'sportsbook: a reserve without answer could not be cancelled',
      );
    }
  }

  async function checkLimits(
    ex: Executor,
    checked: Checked,
    stake: Stake,
    currency: string,
    exponent: number,
    playerId: bigint,
  ): Promise<void> {
    const max = await maxStakePerLine(ex, checked, currency, exponent, playerId);
    if (max !== null && stake.perLineMinor > max)
      throw invalid({ stake: 'above_maximum' }, { max_stake: formatMinor(max, exponent) });
  }

  async function checkFreeBetOdds(
    stake: Stake,
    type: Checked['type'],
    rows: SelectionRow[],
    playerId: bigint,
    currency: string,
  ): Promise<void> {
    if (stake.freeBetId === null) return;
    const freeBet = await usableFreeBet(db, playerId, stake.freeBetId, currency);
    if (!freeBet) throw invalid({ source: 'not_found' });
    if (freeBet.minOddsMilli === null) return;
    const total = stake.perLineMinor * BigInt(enumerateLines(type, rows.length).length);
    const potential = potentialPayoutMinor({
      type,
      stakePerLineMinor: stake.perLineMinor,
      legs: rows.map((r) => ({ oddsMilli: r.oddsMilli })),
    });
    // Total odds = potential payout / total stake, at least the free bet's minimum.
    if (potential * 1000n < total * BigInt(freeBet.minOddsMilli)) throw invalid({ source: 'min_odds' });
  }

  /** The bet's potential payout through each leg (the lines containing it), for the outcomes' liability. */
  function liabilityThrough(
    type: Checked['type'],
    stakePerLine: bigint,
    legs: { oddsMilli: number }[],
  ): bigint[] {
    const through = legs.map(() => 0n);
    for (const line of enumerateLines(type, legs.length)) {
      const pays = floorTimes(
        stakePerLine,
        product(line.map((i) => oddsRational((legs[i] as { oddsMilli: number }).oddsMilli))),
      );
      for (const i of line) through[i] = (through[i] as bigint) + pays;
    }
    return through;
  }

  // --- settlement (feed hooks) ------------------------------------------------------------------------

  /**
   * A bet's new state from its legs, or null when it stays as it is: all legs with a result → the
   * payout (a new settle version when it changed); a leg open again (rollback) → back to open, the
   * wallet keeping the earlier settlement until the new result. A cashed-out bet keeps its cash-out.
   */
  function nextState(bet: BetRow, legs: LegRow[]): { status: string; payoutMinor: bigint | null } | null {
    if (bet.status === 'pending' || bet.status === 'cashed_out') return null;
    const type = betTypeOf(bet.kind, legs.length);
    if (!type) throw new Error(`bet ${bet.id}: kind ${bet.kind} does not fit its legs`);
    if (legs.some((l) => l.result === null)) {
      return bet.status === 'open' ? null : { status: 'open', payoutMinor: null };
    }
    const settlement = settleBet(
      { type, stakePerLineMinor: bet.stakePerLineMinor, legs },
      legs.map(legResultOf),
    );
    const payout = settlement.payoutMinor;
    const status = legs.every((l) => l.result === 'void') ? 'void' : payout > 0n ? 'won' : 'lost';
    if (bet.status === status && bet.payoutMinor === payout) return null;
    return { status, payoutMinor: payout };
  }

  /**
   * Recomputes the bets whose legs a feed message changed, set-based: a chunk of bets locked in id
   * order, their legs read in one query, the changed states written in one UPDATE (20,000 bets on
   * one market are 20 round trips of each, not 60,000 statements).
   */
  async function recomputeAll(tx: Tx, betIds: readonly string[]): Promise<void> {
    const unique = [...new Set(betIds)].map((id) => BigInt(id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let from = 0; from < unique.length; from += RECOMPUTE_CHUNK) {
      const chunk = unique.slice(from, from + RECOMPUTE_CHUNK);
      const bets = await betsByIds(tx, chunk, true);
      const legs = await legsOf(
        tx,
        bets.map((bet) => bet.id),
      );
      const states = bets.flatMap((bet) => {
        const next = nextState(bet, legs.get(bet.id) ?? []);
        return next ? [{ id: bet.id, ...next }] : [];
      });
      await setBetStates(tx, states, deps.now());
    }
  }

  const outcomeWhere = (c: { eventId: string; marketKey: string; outcomeKey: string }) =>
    sql`l.event_id = ${c.eventId} AND l.market_key = ${c.marketKey} AND l.outcome_key = ${c.outcomeKey}`;

  async function onSettled(tx: Tx, c: OutcomeSettled): Promise<void> {
    const updated = await tx.execute<{ bet_id: string }>(sql`
      UPDATE sb_bet_legs l SET result = ${c.result}, void_factor = ${c.voidFactor},
        dead_heat_num = ${c.deadHeatFactor.num}, dead_heat_den = ${c.deadHeatFactor.den}, result_version = ${c.version}
      WHERE ${outcomeWhere(c)} AND l.result_version < ${c.version} AND NOT l.cancelled
      RETURNING l.bet_id::text`);
    await recomputeAll(
      tx,
      updated.rows.map((r) => r.bet_id),
    );
  }

  async function onSettlementRolledBack(tx: Tx, c: OutcomeRolledBack): Promise<void> {
    const updated = await tx.execute<{ bet_id: string }>(sql`
      UPDATE sb_bet_legs l SET result = NULL, void_factor = NULL, dead_heat_num = NULL, dead_heat_den = NULL,
        result_version = ${c.version}
      WHERE ${outcomeWhere(c)} AND l.result_version < ${c.version} AND NOT l.cancelled
      RETURNING l.bet_id::text`);
    await recomputeAll(
      tx,
      updated.rows.map((r) => r.bet_id),
    );
  }

  async function onCancelled(tx: Tx, c: OutcomeCancelled): Promise<void> {
    // Bets placed in the window: the leg is void (its stake share returned), whatever comes after.
    const updated = await tx.execute<{ bet_id: string }>(sql`
      UPDATE sb_bet_legs l SET result = 'void', void_factor = '1', dead_heat_num = NULL, dead_heat_den = NULL,
        cancelled = true, result_version = ${c.version}
      FROM sb_bets b
      WHERE b.id = l.bet_id AND ${outcomeWhere(c)} AND l.result_version < ${c.version}
        AND (${c.startTs}::bigint IS NULL OR b.placed_ts >= ${c.startTs}::bigint)
        AND (${c.endTs}::bigint IS NULL OR b.placed_ts < ${c.endTs}::bigint)
      RETURNING l.bet_id::text`);
    await recomputeAll(
      tx,
      updated.rows.map((r) => r.bet_id),
    );
  }

  async function onCancelRolledBack(tx: Tx, c: OutcomeRolledBack): Promise<void> {
    const updated = await tx.execute<{ bet_id: string }>(sql`
      UPDATE sb_bet_legs l SET result = NULL, void_factor = NULL, cancelled = false, result_version = ${c.version}
      WHERE ${outcomeWhere(c)} AND l.cancelled AND l.result_version < ${c.version}
      RETURNING l.bet_id::text`);
    await recomputeAll(
      tx,
      updated.rows.map((r) => r.bet_id),
    );
  }

  function register(hooks: FeedHooks): void {
    hooks.onOutcomeSettled.push(onSettled);
    hooks.onSettlementRolledBack.push(onSettlementRolledBack);
    hooks.onOutcomeCancelled.push(onCancelled);
    hooks.onCancelRolledBack.push(onCancelRolledBack);
  }

  // --- delivery to the wallet (the outbox) ----------------------------------------------------------

  /** What the wallet must hold for a bet's payout: a free bet's stake is not the player's. */
  function walletAmount(bet: BetRow): bigint {
    const payout = bet.payoutMinor ?? 0n;
    if (bet.source !== 'free_bet') return payout;
    return payout > bet.totalStakeMinor ? payout - bet.totalStakeMinor : 0n;
  }

  /**
   * Sends a bet's latest payout to the wallet, under its row lock (so two deliveries of one bet
   * never cross: a stale version cannot overwrite a newer one). Returns whether it is done.
   */
  async function deliver(betId: bigint): Promise<boolean> {
    return (await deliverOne(betId)) === 'done';
  }

  async function deliverOne(betId: bigint): Promise<'done' | 'busy' | 'failed'> {
    const exponents = new Map<string, number>();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const outcome = await db.transaction(async (tx) => {
        // Another delivery of this bet in flight: leave it to that one (waiting on the row lock while
        // holding a connection could starve the pool the wallet call needs); `deliverDue` looks again.
        const locked = await tx.execute<{ id: string }>(
          sql`SELECT id::text FROM sb_bets WHERE id = ${betId} FOR UPDATE SKIP LOCKED`,
        );
        if (locked.rows.length === 0) return 'busy' as const;
        const bet = await betById(tx, betId);
        if (!bet) return 'done' as const;
        if (bet.walletState === 'reserving' || bet.settleVersion <= bet.deliveredVersion)
          return 'done' as const;
        if (bet.payoutMinor === null) return 'done' as const; // rolled back, no new result yet
        let exponent = exponents.get(bet.currency);
        if (exponent === undefined) {
          exponent = await collaborators.exponentOf(bet.currency);
          exponents.set(bet.currency, exponent);
        }
        const action = bet.walletState === 'reserved' ? 'sport_settle' : 'sport_resettle';
        const answer = await wallet(action, {
          transaction_id: `sb-${bet.id}-${action === 'sport_settle' ? 's' : 'rs'}${bet.settleVersion}`,
          bet_id: String(bet.id),
          amount: formatMinor(walletAmount(bet), exponent),
          currency: bet.currency,
        });
        if (answer.status === 'ok') {
          await tx.execute(sql`
            UPDATE sb_bets SET wallet_state = 'settled', delivered_version = ${bet.settleVersion} WHERE id = ${betId}`);
          return 'done' as const;
        }
        if (answer.code === 'bet_settled' && action === 'sport_settle') {
          // An earlier version's settle arrived and its acknowledgement was lost: resettle this one.
          await tx.execute(sql`UPDATE sb_bets SET wallet_state = 'settled' WHERE id = ${betId}`);
          return 'again' as const;
        }
        deps.log.error(
          { betId: betId.toString(), code: answer.code, action },
          'sportsbook: wallet refused a settlement',
        );
        return 'refused' as const;
      });
      if (outcome === 'done' || outcome === 'busy') return outcome;
      if (outcome !== 'again') return 'failed';
    }
    return 'failed';
  }

  /** One pass of the outbox: every due bet delivered (a few at a time). */
  async function deliverDue(maxBets = 10_000, parallel = 2): Promise<number> {
    let delivered = 0;
    // Rounds: a bet another delivery held is looked at again once that one is done.
    for (let round = 0; round < 200 && delivered < maxBets; round += 1) {
      const before = delivered;
      const left = await deliverRound(maxBets - delivered, parallel);
      delivered += left.delivered;
      if (left.skipped === 0) break;
      if (delivered === before) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Bets whose reserve never answered (the server stopped mid-placement): cancelled on the wallet.
    const stale = await db.execute<{ id: string }>(sql`
      SELECT id::text FROM sb_bets WHERE status = 'pending' AND placed_at < ${new Date(deps.now().getTime() - 120_000)}
      ORDER BY id LIMIT ${DELIVERY_BATCH}`);
    for (const row of stale.rows) await abandon(BigInt(row.id));
    return delivered;
  }

  async function deliverRound(maxBets: number, parallel: number) {
    let delivered = 0;
    let skipped = 0;
    let after = 0n;
    while (delivered < maxBets) {
      const due = await db.execute<{ id: string }>(sql`
        SELECT id::text FROM sb_bets WHERE settle_version > delivered_version AND wallet_state <> 'reserving'
          AND id > ${after} ORDER BY id LIMIT ${DELIVERY_BATCH}`);
      if (due.rows.length === 0) break;
      const ids = due.rows.map((r) => BigInt(r.id));
      after = ids[ids.length - 1] as bigint;
      for (let i = 0; i < ids.length; i += parallel) {
        const results = await Promise.all(
          ids.slice(i, i + parallel).map((id) =>
            deliverOne(id).catch((error: unknown) => {
              deps.log.error({ err: error, betId: id.toString() }, 'sportsbook: delivery failed');
              return 'failed' as const;
            }),
          ),
        );
        delivered += results.filter((r) => r === 'done').length;
        skipped += results.filter((r) => r === 'busy').length;
      }
    }
    return { delivered, skipped };
  }

  const outbox = deps.jobs.recurring({
    name: 'sportsbook settlements',
    everyMs: 1000,
    pass: () => deliverDue(),
  });

  // --- the player's bets and cash-out -------------------------------------------------------------

  interface Offer {
    valueMinor: bigint | null;
    suspended: boolean;
  }

  function offerOf(
    bet: BetRow,
    legs: LegRow[],
    states: Map<
      string,
      {
        status: string;
        recoverySuspended: boolean;
        eventStatus: string;
        outcomes: { key: string; oddsMilli: number; active: boolean }[];
      }
    >,
  ): Offer {
    if (bet.status !== 'open' || bet.walletState !== 'reserved' || bet.source === 'free_bet')
      return { valueMinor: null, suspended: false };
    const type = betTypeOf(bet.kind, legs.length);
    if (!type) return { valueMinor: null, suspended: false };
    const cashLegs = legs.map((leg) => {
      if (leg.result !== null)
        return { oddsMilli: leg.oddsMilli, state: 'settled' as const, result: legResultOf(leg) };
      const state = states.get(`${leg.eventId}\u0000${leg.marketKey}`);
      const open =
        state !== undefined &&
        state.status === 'active' &&
        !state.recoverySuspended &&
        (state.eventStatus === 'live' || state.eventStatus === 'not_started');
      const probability = open ? impliedProbability(leg.outcomeKey, state.outcomes) : null;
      return {
        oddsMilli: leg.oddsMilli,
        state: 'open' as const,
        probability: probability ?? rational(0n),
        suspended: probability === null,
      };
    });
    const offer = cashOutValue({
      type,
      stakePerLineMinor: bet.stakePerLineMinor,
      legs: cashLegs,
      margin: cashOutMargin,
    });
    if (!offer.ok) return { valueMinor: null, suspended: offer.reason === 'suspended' };
    return { valueMinor: offer.valueMinor, suspended: false };
  }

  async function offersFor(ex: Executor, bets: BetRow[], legsByBet: Map<bigint, LegRow[]>) {
    const open = bets.filter((b) => b.status === 'open');
    const markets = open.flatMap((b) =>
      (legsByBet.get(b.id) ?? [])
        .filter((l) => l.result === null)
        .map((l) => ({ eventId: l.eventId, marketKey: l.marketKey })),
    );
    const states = await marketStates(ex, markets);
    return new Map(bets.map((b) => [b.id, offerOf(b, legsByBet.get(b.id) ?? [], states)]));
  }

  async function views(bets: BetRow[], locale: Locale) {
    const legsByBet = await legsOf(
      db,
      bets.map((b) => b.id),
    );
    const offers = await offersFor(db, bets, legsByBet);
    const events = await eventInfo(db, [...new Set([...legsByBet.values()].flat().map((l) => l.eventId))]);
    const exponents = new Map<string, number>();
    for (const b of bets)
      if (!exponents.has(b.currency)) exponents.set(b.currency, await collaborators.exponentOf(b.currency));
    return bets.map((bet) => {
      const exponent = exponents.get(bet.currency) as number;
      const legs = legsByBet.get(bet.id) ?? [];
      const type = betTypeOf(bet.kind, legs.length);
      const single = type?.kind === 'single' || type?.kind === 'accumulator';
      const freeStake = bet.source === 'free_bet' ? bet.totalStakeMinor : 0n;
      const offer = offers.get(bet.id);
      return {
        id: bet.id.toString(),
        kind: bet.kind,
        status: bet.status === 'pending' ? ('open' as const) : bet.status,
        placed_at: bet.placedAt.toISOString(),
        settled_at: bet.settledAt?.toISOString() ?? null,
        lines: bet.lines,
        stake: money(bet.totalStakeMinor, bet.currency, exponent),
        source: bet.source,
        odds: single ? totalOddsText(legs.map((l) => l.oddsMilli)) : null,
        potential_payout: money(
          bet.potentialPayoutMinor - freeStake < 0n ? 0n : bet.potentialPayoutMinor - freeStake,
          bet.currency,
          exponent,
        ),
        payout: bet.payoutMinor === null ? null : money(walletAmount(bet), bet.currency, exponent),
        cash_out: offer?.valueMinor ? money(offer.valueMinor, bet.currency, exponent) : null,
        legs: legs.map((leg) => {
          const info = events.get(leg.eventId);
          const home = info ? (locale === 'fr' ? info.homeFr : info.homeEn) : '';
          const away = info ? (locale === 'fr' ? info.awayFr : info.awayEn) : '';
          const namer = marketNamer(locale, home, away)(leg.marketKey);
          return {
            event_id: leg.eventId,
            event_name: `${home} – ${away}`,
            sport: leg.sportKey,
            start_time: info?.startTime.toISOString() ?? bet.placedAt.toISOString(),
            market_name: namer.market,
            outcome_name: namer.outcome(leg.outcomeKey),
            odds: oddsText(leg.oddsMilli),
            live: leg.live,
            result: legResultView(leg),
          };
        }),
      };
    });
  }

  async function viewOf(bet: BetRow, locale: Locale) {
    const [view] = await views([bet], locale);
    if (!view) throw new Error('a bet has a view');
    return view;
  }

  async function getBets(
    playerId: bigint,
    input: {
      status?: 'open' | 'settled' | undefined;
      ids?: string[] | undefined;
      offset: number;
      count: number;
    },
    locale: Locale,
  ) {
    const { rows, total } = await playerBets(db, playerId, input, input.offset, input.count);
    return { items: await views(rows, locale), total };
  }

  async function cashOut(playerId: bigint, input: { bet_id: string; amount: string }, locale: Locale) {
    const betId = BigInt(input.bet_id);
    const first = await betById(db, betId);
    if (!first || first.playerId !== playerId || first.status === 'pending')
      throw invalid({ bet_id: 'not_found' });
    const exponent = await collaborators.exponentOf(first.currency);
    const parsed = parseMinor(input.amount.trim(), exponent, { trailingZeros: true });
    if (!parsed.ok) throw invalid({ amount: 'invalid' });
    await db.transaction(async (tx) => {
      // The bet row first: a settlement of one of its legs waits here, or this waits for it (ADR 031).
      const bet = (await betById(tx, betId, true)) as BetRow;
      if (
        bet.status !== 'open' ||
        bet.walletState !== 'reserved' ||
        bet.settleVersion !== bet.deliveredVersion
      )
        throw invalid({ bet_id: 'settled' });
      const legs = (await legsOf(tx, [betId])).get(betId) ?? [];
      const offer = (await offersFor(tx, [bet], new Map([[betId, legs]]))).get(betId) as Offer;
      if (offer.suspended) throw invalid({ bet_id: 'suspended' });
      if (offer.valueMinor === null) throw invalid({ bet_id: 'settled' });
      if (offer.valueMinor !== parsed.amountMinor)
        throw invalid({ amount: 'changed' }, { cash_out: money(offer.valueMinor, bet.currency, exponent) });
      await tx.execute(sql`
        UPDATE sb_bets SET status = 'cashed_out', payout_minor = ${offer.valueMinor}, settled_at = ${deps.now()},
          settle_version = settle_version + 1
        WHERE id = ${betId}`);
    });
    await deliver(betId);
    return await viewOf((await betById(db, betId)) as BetRow, locale);
  }

  // --- free bets ----------------------------------------------------------------------------------------

  /**
   * Issues a free bet (the promotions engine, the loyalty shop, the seed): `grantKey` makes a grant
   * idempotent (the same key again answers the first free bet's id).
   */
  async function grantFreeBet(input: {
    playerId: bigint;
    currency: string;
    amountMinor: bigint;
    minOddsMilli?: number | null;
    expiresAt?: Date | null;
    grantKey: string;
  }): Promise<bigint> {
    if (input.amountMinor <= 0n) throw new RangeError('a free bet is worth something');
    const inserted = await db.execute<{ id: string }>(sql`
      INSERT INTO sb_free_bets (player_id, currency, amount_minor, min_odds_milli, expires_at, grant_key, issued_at)
      VALUES (${input.playerId}, ${input.currency}, ${input.amountMinor}, ${input.minOddsMilli ?? null},
        ${input.expiresAt ?? null}, ${input.grantKey}, ${deps.now()})
      ON CONFLICT (grant_key) DO NOTHING RETURNING id::text`);
    if (inserted.rows[0]) return BigInt(inserted.rows[0].id);
    const existing = await db.execute<{ id: string }>(
      sql`SELECT id::text FROM sb_free_bets WHERE grant_key = ${input.grantKey}`,
    );
    return BigInt((existing.rows[0] as { id: string }).id);
  }

  async function getFreeBets(playerId: bigint) {
    const result = await db.execute<{
      id: string;
      amount: string;
      currency: string;
      min_odds: number | null;
      expires_at: Date | string | null;
    }>(sql`
      SELECT id::text, amount_minor::text AS amount, currency, min_odds_milli AS min_odds, expires_at FROM sb_free_bets
      WHERE player_id = ${playerId} AND used_bet_id IS NULL AND (expires_at IS NULL OR expires_at > ${deps.now()})
      ORDER BY id`);
    const items = [];
    for (const row of result.rows) {
      const exponent = await collaborators.exponentOf(row.currency);
      items.push({
        id: row.id,
        amount: money(BigInt(row.amount), row.currency, exponent),
        min_odds: row.min_odds === null ? null : oddsText(row.min_odds),
        expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      });
    }
    return { items };
  }

  return {
    quote,
    placeBet,
    getBets,
    cashOut,
    grantFreeBet,
    getFreeBets,
    register,
    deliver,
    deliverDue,
    start() {
      outbox.start();
    },
    async stop() {
      await outbox.stop();
    },
  };
}

export type BetsService = ReturnType<typeof createBetsService>;
