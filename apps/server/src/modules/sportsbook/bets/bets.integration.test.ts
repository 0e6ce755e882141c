/**
 * The betting engine end to end on real PostgreSQL (ADR 034): quote and placement of singles,
 * accumulators and systems through the API, the stake reserved on the wallet; every refusal of the
 * contract typed with nothing moved and no bet row; idempotent request ids; the live delay;
 * settlement from the feed exactly once (void, half win, dead heat, cancel window), rollback →
 * resettlement of the difference; cash-out and its refusals; free bets; the ledger invariants.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { createLedger } from '@croupier/ledger/ledger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { type Browser, newBrowser } from '../../accounts/account-test-client.ts';

let t: TestApp;
let seq = 0;
/** Feed times: now, strictly growing (the consumer refuses a clock far ahead). */
const ts = () => {
  seq += 1;
  return Date.now() - 30_000 + seq;
};

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '400' } });
});
afterAll(async () => {
  await t?.close();
});

const feed = (raw: unknown) => t.app.services.sportsbook.feed.receive(raw);
const bets = () => t.app.services.sportsbook.bets;
const name = (en: string) => ({ en, fr: en });

let events = 0;
/** A football event with a 1X2 market (home 2.000, draw 3.000, away 4.000) and a handicap market. */
async function event(options: { live?: boolean } = {}) {
  events += 1;
  const id = `sr:match:bt${events}`;
  await feed({
    kind: 'fixture_change',
    product: options.live ? 1 : 3,
    eventId: id,
    timestamp: ts(),
    fixture: {
      sport: { key: 'football', name: name('Football') },
      category: { key: 'bt-cat', name: name('Testland'), country: 'GB' },
      tournament: { key: 'bt-league', name: name('Test League') },
      home: { key: `bt-home-${events}`, name: name(`Home ${events}`) },
      away: { key: `bt-away-${events}`, name: name(`Away ${events}`) },
      startTime: Date.now() + (options.live ? -600_000 : 3_600_000),
      status: options.live ? 'live' : 'not_started',
    },
  });
  await odds(id, { home: 2000, draw: 3000, away: 4000 }, 'active', options.live ? 1 : 3);
  return id;
}

async function odds(
  id: string,
  prices: { home: number; draw: number; away: number },
  status = 'active',
  product = 3,
) {
  await feed({
    kind: 'odds_change',
    product,
    eventId: id,
    timestamp: ts(),
    markets: [
      {
        key: '1x2',
        status,
        outcomes: [
          { key: 'home', oddsMilli: prices.home, active: true },
          { key: 'draw', oddsMilli: prices.draw, active: true },
          { key: 'away', oddsMilli: prices.away, active: true },
        ],
      },
      {
        key: 'handicap|hcp=-0.75',
        status: 'active',
        outcomes: [
          { key: 'home', oddsMilli: 2000, active: true },
          { key: 'away', oddsMilli: 1800, active: true },
        ],
      },
    ],
  });
}

type Settled = {
  key: string;
  result: string;
  voidFactor: string;
  deadHeatFactor?: { num: string; den: string };
};
async function settle(id: string, outcomes: Settled[], market = '1x2') {
  await feed({
    kind: 'bet_settlement',
    product: 3,
    eventId: id,
    timestamp: ts(),
    markets: [{ key: market, outcomes }],
  });
  await bets().deliverDue();
}
const homeWins: Settled[] = [
  { key: 'home', result: 'won', voidFactor: '0' },
  { key: 'draw', result: 'lost', voidFactor: '0' },
  { key: 'away', result: 'lost', voidFactor: '0' },
];
const homeLoses: Settled[] = [
  { key: 'home', result: 'lost', voidFactor: '0' },
  { key: 'draw', result: 'won', voidFactor: '0' },
  { key: 'away', result: 'lost', voidFactor: '0' },
];

async function player(mainMinor = 10_000n, bettingBonusMinor = 0n) {
  const created = await t.createPlayer();
  const ledger = createLedger(t.database.db);
  for (const [kind, amountMinor] of [
    ['main', mainMinor],
    ['betting_bonus', bettingBonusMinor],
  ] as const) {
    if (amountMinor <= 0n) continue;
    await ledger.transfer({
      idempotencyKey: `test:sb-bets:${created.id}:${kind}`,
      kind: 'test_fund',
      postings: [
        { account: { type: 'world', name: 'test_bank', currency: 'EUR' }, amountMinor: -amountMinor },
        { account: { type: 'player', playerId: created.id, currency: 'EUR', kind }, amountMinor },
      ],
    });
  }
  return { id: created.id, browser: newBrowser(t.app, { cookie: created.cookie }) };
}

const main = (playerId: bigint) => t.app.services.wallet.balanceMinor(playerId, 'EUR', 'main');

async function betRows(playerId: bigint) {
  const rows = await t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM sb_bets WHERE player_id = ${playerId}`,
  );
  return rows.rows[0]?.n ?? 0;
}
async function ledgerMoves(playerId: bigint) {
  const rows = await t.database.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM sport_wallet_calls WHERE player_id = ${playerId} AND moved_minor <> 0`);
  return rows.rows[0]?.n ?? 0;
}

const sel = (eventId: string, outcome = 'home', oddsMilli = 2000, market = '1x2') => ({
  event_id: eventId,
  market_key: market,
  outcome_key: outcome,
  odds_milli: oddsMilli,
});

let requests = 0;
const rid = () => {
  requests += 1;
  return `req-bets-${requests}-${Date.now()}`;
};

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read by the assertions
type Json = any;
interface Answer {
  statusCode: number;
  body: { status: 0 | 1; data: Json; error: Json };
}
const call = (browser: Browser, method: string, params: Record<string, unknown> = {}) =>
  browser.call(method, params) as Promise<Answer>;

async function place(browser: Browser, params: Record<string, unknown>) {
  return call(browser, 'sportsbook.placeBet', { request_id: rid(), ...params });
}

describe('placement', () => {
  it('a guest quotes a slip: odds, lines, payout, limits', async () => {
    const e1 = await event();
    const e2 = await event();
    const guest = newBrowser(t.app);
    const answer = await call(guest, 'sportsbook.quote', {
      kind: 'accumulator',
      selections: [sel(e1), sel(e2, 'draw', 3000)],
      stake: '10',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({
      lines: 1,
      total_stake: { amount: '10.00', currency: 'EUR' },
      potential_payout: { amount: '60.00', currency: 'EUR' },
      min_stake: { amount: '0.10' },
      placeable: true,
      reason: null,
    });
    expect(answer.body.data.selections[1]).toMatchObject({
      outcome_name: 'Draw',
      odds: '3.000',
      active: true,
    });
    const changed = await call(guest, 'sportsbook.quote', {
      kind: 'single',
      selections: [sel(e1, 'home', 1900)],
    });
    expect(changed.body.data).toMatchObject({ placeable: false, reason: 'odds_changed', total_stake: null });
  });

  it('a single: the stake leaves main, the bet is open with a cash-out offer; a win pays once', async () => {
    const p = await player();
    const e = await event();
    const placed = await place(p.browser, { kind: 'single', selections: [sel(e)], stake: '10.00' });
    expect(placed.statusCode).toBe(200);
    expect(placed.body.data).toMatchObject({
      kind: 'single',
      status: 'open',
      lines: 1,
      stake: { amount: '10.00' },
      source: 'main',
      odds: '2.00',
      potential_payout: { amount: '20.00' },
      payout: null,
    });
    expect(placed.body.data.legs[0]).toMatchObject({
      event_name: `Home ${events} – Away ${events}`,
      result: 'open',
    });
    expect(placed.body.data.cash_out).not.toBeNull();
    expect(await main(p.id)).toBe(9_000n);

    await settle(e, homeWins);
    await bets().deliverDue();
    expect(await main(p.id)).toBe(11_000n);
    const list = await call(p.browser, 'sportsbook.getBets', { status: 'settled' });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({
      status: 'won',
      payout: { amount: '20.00' },
      cash_out: null,
    });
    expect(list.body.data.items[0].legs[0].result).toBe('won');
    const wagers = await t.database.db.execute<{ kind: string; stake: string; payout: string }>(sql`
      SELECT kind, stake_real_minor::text AS stake, payout_real_minor::text AS payout FROM wager_events
      WHERE player_id = ${p.id} AND product = 'sport'`);
    expect(wagers.rows).toEqual([{ kind: 'bet', stake: '1000', payout: '2000' }]);
  });

  it('an accumulator with a void leg, a 2/3 system, a half win and a dead heat pay the textbook amounts', async () => {
    const p = await player();
    const [a, b, c] = [await event(), await event(), await event()];
    const acca = await place(p.browser, {
      kind: 'accumulator',
      selections: [sel(a), sel(b, 'away', 4000)],
      stake: '10',
    });
    expect(acca.body.data).toMatchObject({ potential_payout: { amount: '80.00' }, odds: '8.00' });
    const system = await place(p.browser, {
      kind: '2/3',
      selections: [sel(a), sel(b, 'away', 4000), sel(c, 'draw', 3000)],
      stake: '1',
    });
    expect(system.body.data).toMatchObject({ lines: 3, stake: { amount: '3.00' }, odds: null });
    const half = await place(p.browser, {
      kind: 'single',
      selections: [sel(c, 'home', 2000, 'handicap|hcp=-0.75')],
      stake: '10',
    });
    const deadHeat = await place(p.browser, {
      kind: 'single',
      selections: [sel(c, 'draw', 3000)],
      stake: '10',
    });
    expect([acca, system, half, deadHeat].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await main(p.id)).toBe(10_000n - 1000n - 300n - 1000n - 1000n);

    await settle(a, homeWins);
    await settle(b, [
      { key: 'home', result: 'void', voidFactor: '1' },
      { key: 'draw', result: 'void', voidFactor: '1' },
      { key: 'away', result: 'void', voidFactor: '1' },
    ]);
    await settle(c, [
      { key: 'home', result: 'lost', voidFactor: '0' },
      { key: 'draw', result: 'won', voidFactor: '0', deadHeatFactor: { num: '1', den: '2' } },
      { key: 'away', result: 'lost', voidFactor: '0' },
    ]);
    await settle(
      c,
      [
        { key: 'home', result: 'won', voidFactor: '0.5' },
        { key: 'away', result: 'lost', voidFactor: '0.5' },
      ],
      'handicap|hcp=-0.75',
    );
    const byId = async (id: string) =>
      (await call(p.browser, 'sportsbook.getBets', { ids: id })).body.data.items[0];
    // Acca: 10 × 2 × 1 (void) = 20.
    expect(await byId(acca.body.data.id)).toMatchObject({ status: 'won', payout: { amount: '20.00' } });
    // 2/3 at 1 a line: a×b = 2, a×c = 2 × 1.5 (dead heat ½ at 3.0), b×c = 1 × 1.5 → 6.50.
    expect(await byId(system.body.data.id)).toMatchObject({ status: 'won', payout: { amount: '6.50' } });
    // Half won at 2.0: 5 back + 5 × 2 = 15.
    const halfBet = await byId(half.body.data.id);
    expect(halfBet).toMatchObject({ payout: { amount: '15.00' } });
    expect(halfBet.legs[0].result).toBe('half_won');
    // Dead heat ½ at 3.0: 10 × 1.5 = 15.
    const heat = await byId(deadHeat.body.data.id);
    expect(heat).toMatchObject({ payout: { amount: '15.00' } });
    expect(heat.legs[0].result).toBe('dead_heat');
    expect(await main(p.id)).toBe(10_000n - 3300n + 2000n + 650n + 1500n + 1500n);
  });

  it('every refusal of the contract is typed and writes nothing', async () => {
    const p = await player(2_000n);
    const e = await event();
    const other = await event();
    const suspended = await event();
    await odds(suspended, { home: 2000, draw: 3000, away: 4000 }, 'suspended');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ kind: 'single', selections: [sel(e, 'nobody')], stake: '1' }, { selections: 'not_found' }],
      [{ kind: 'single', selections: [sel('sr:match:nothing')], stake: '1' }, { selections: 'not_found' }],
      [{ kind: 'single', selections: [sel(suspended)], stake: '1' }, { selections: 'suspended' }],
      [{ kind: 'single', selections: [sel(e, 'home', 2100)], stake: '1' }, { selections: 'odds_changed' }],
      [
        { kind: 'single', selections: [sel(e, 'home', 2100)], stake: '1', accept_odds: 'higher' },
        { selections: 'odds_changed' },
      ],
      [
        { kind: 'accumulator', selections: [sel(e), sel(e, 'draw', 3000)], stake: '1' },
        { selections: 'same_event' },
      ],
      [{ kind: 'single', selections: [sel(e)], stake: '0.05' }, { stake: 'below_minimum' }],
      [{ kind: 'single', selections: [sel(e)], stake: '1.001' }, { stake: 'uneven' }],
      [{ kind: 'single', selections: [sel(e)], stake: '1500' }, { stake: 'above_maximum' }],
      [{ kind: 'single', selections: [sel(e)], stake: '30' }, { source: 'insufficient_funds' }],
      [
        { kind: 'single', selections: [sel(e)], stake: '1', source: 'betting_bonus' },
        { source: 'insufficient_funds' },
      ],
      [{ kind: 'single', selections: [sel(e)], stake: '1', source: 'free_bet:999' }, { source: 'not_found' }],
      [{ kind: 'trixie', selections: [sel(e), sel(other)], stake: '1' }, { kind: 'invalid' }],
    ];
    for (const [params, fields] of cases) {
      const answer = await place(p.browser, params);
      expect(answer.body.error, JSON.stringify(params)).toMatchObject({
        type: 'InvalidParameterException',
        fields,
      });
    }
    const changed = await place(p.browser, {
      kind: 'single',
      selections: [sel(e, 'home', 2100)],
      stake: '1',
    });
    expect(changed.body.error.data.selections[0]).toMatchObject({ odds_milli: 2000, active: true });
    // Pre-match limits: 1000 a market; 1 / 2 of that for this player's factor.
    await t.database.db.execute(
      sql`INSERT INTO sb_player_factors (player_id, factor_num, factor_den) VALUES (${p.id}, 1, 2)`,
    );
    const over = await place(p.browser, { kind: 'single', selections: [sel(e)], stake: '600' });
    expect(over.body.error.data).toEqual({ max_stake: '500.00' });
    expect(await betRows(p.id)).toBe(0);
    expect(await ledgerMoves(p.id)).toBe(0);
    expect(await main(p.id)).toBe(2_000n);
    // A guest may not place.
    const guest = await call(newBrowser(t.app), 'sportsbook.placeBet', {
      kind: 'single',
      selections: [sel(e)],
      stake: '1',
    });
    expect(guest.body.error.type).toBe('AuthorizationException');
  });

  it('a player on a time-out cannot stake (the casino bet path checks the same): nothing moves', async () => {
    const p = await player();
    const e = await event();
    await t.database.db.execute(sql`
      INSERT INTO rg_exclusions (player_id, kind, duration, starts_at, ends_at)
      VALUES (${p.id}, 'timeout', '24h', now() - interval '1 minute', now() + interval '1 day')`);
    const refused = await place(p.browser, { kind: 'single', selections: [sel(e)], stake: '5' });
    expect(refused.body.error).toBeDefined();
    expect(refused.statusCode).toBeLessThan(500);
    expect(await betRows(p.id)).toBe(0);
    expect(await main(p.id)).toBe(10_000n);
  });

  it('a request id places once: the same slip answers the first bet, another slip is a conflict', async () => {
    const p = await player();
    const e = await event();
    const request_id = rid();
    const slip = { kind: 'single', selections: [sel(e)], stake: '5', request_id };
    const [first, second] = await Promise.all([
      call(p.browser, 'sportsbook.placeBet', slip),
      call(p.browser, 'sportsbook.placeBet', slip),
    ]);
    expect(first.body.data.id).toBeDefined();
    expect(second.body.data.id).toBe(first.body.data.id);
    const third = await call(p.browser, 'sportsbook.placeBet', { ...slip, stake: '6' });
    expect(third.body.error.fields).toEqual({ request_id: 'conflict' });
    expect(await betRows(p.id)).toBe(1);
    expect(await main(p.id)).toBe(9_500n);
  });

  it('a live bet waits the delay and is refused when the odds moved meanwhile; accepted otherwise', async () => {
    const p = await player();
    const e = await event({ live: true });
    const started = Date.now();
    const pending = place(p.browser, { kind: 'single', selections: [sel(e)], stake: '5' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await odds(e, { home: 1800, draw: 3200, away: 4500 }, 'active', 1);
    const refused = await pending;
    expect(refused.body.error?.fields).toEqual({ selections: 'odds_changed' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await betRows(p.id)).toBe(0);
    const accepted = await place(p.browser, {
      kind: 'single',
      selections: [sel(e, 'home', 1800)],
      stake: '5',
    });
    expect(accepted.body.data).toMatchObject({ status: 'open', legs: [{ live: true }] });
  });
});

describe('settlement', () => {
  it('runs once even when the hook runs twice; a rollback resettles only the difference', async () => {
    const p = await player();
    const e = await event();
    const placed = await place(p.browser, { kind: 'single', selections: [sel(e)], stake: '10' });
    const betId = placed.body.data.id as string;
    await settle(e, homeWins);
    // The hook again with the same result version, and a second delivery pass: nothing more.
    const version = await t.database.db.execute<{ v: number }>(
      sql`SELECT result_version AS v FROM sb_outcomes WHERE event_id = ${e} AND market_key = '1x2' AND key = 'home'`,
    );
    await t.database.db.transaction(async (tx) => {
      for (const hook of t.app.services.sportsbook.feed.hooks.onOutcomeSettled)
        await hook(tx as never, {
          eventId: e,
          marketKey: '1x2',
          outcomeKey: 'home',
          result: 'won',
          voidFactor: '0',
          deadHeatFactor: { num: 1n, den: 1n },
          version: version.rows[0]?.v ?? 0,
        });
    });
    await bets().deliverDue();
    expect(await main(p.id)).toBe(11_000n);
    const calls = async () =>
      (
        await t.database.db.execute<{ action: string; moved: string }>(sql`
          SELECT c.action, c.moved_minor::text AS moved FROM sport_wallet_calls c
          JOIN sport_wallet_bets b ON b.id = c.bet_row_id WHERE b.provider_bet_id = ${betId} ORDER BY c.id`)
      ).rows;
    expect(await calls()).toEqual([
      { action: 'sport_reserve', moved: '-1000' },
      { action: 'sport_settle', moved: '2000' },
    ]);
    // Rolled back: the bet reads open again (no cash-out), the wallet keeps the payout until the new result.
    await feed({
      kind: 'rollback_bet_settlement',
      product: 3,
      eventId: e,
      timestamp: ts(),
      marketKeys: ['1x2'],
    });
    await bets().deliverDue();
    const reopened = (await call(p.browser, 'sportsbook.getBets', { ids: betId })).body.data.items[0];
    expect(reopened).toMatchObject({ status: 'open', cash_out: null });
    await settle(e, homeLoses);
    expect(await main(p.id)).toBe(9_000n);
    expect((await calls()).slice(2)).toEqual([{ action: 'sport_resettle', moved: '-2000' }]);
    const again = (await call(p.browser, 'sportsbook.getBets', { ids: betId })).body.data.items[0];
    expect(again).toMatchObject({ status: 'lost', payout: { amount: '0.00' } });
  });

  it('a cancel window voids the legs of bets placed in it (the stake back); bets outside stand', async () => {
    const p = await player();
    const e = await event();
    const inWindow = await place(p.browser, { kind: 'single', selections: [sel(e)], stake: '10' });
    const windowEnd = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = await place(p.browser, { kind: 'single', selections: [sel(e)], stake: '10' });
    await feed({
      kind: 'bet_cancel',
      product: 3,
      eventId: e,
      timestamp: ts(),
      marketKeys: ['1x2'],
      startTime: windowEnd - 60_000,
      endTime: windowEnd,
    });
    await bets().deliverDue();
    const list = (await call(p.browser, 'sportsbook.getBets', { count: 10 })).body.data.items;
    const byId = new Map(list.map((b: { id: string }) => [b.id, b]));
    expect(byId.get(inWindow.body.data.id)).toMatchObject({ status: 'void', payout: { amount: '10.00' } });
    expect(byId.get(after.body.data.id)).toMatchObject({ status: 'open' });
    expect(await main(p.id)).toBe(9_000n);
  });
});

describe('cash-out', () => {
  it('pays the offer the player saw; refuses a moved offer, a suspended leg, a settled bet, another player', async () => {
    const p = await player();
    const stranger = await player();
    const e = await event();
    const placed = await place(p.browser, { kind: 'single', selections: [sel(e)], stake: '10' });
    const betId = placed.body.data.id as string;
    const offer = placed.body.data.cash_out as { amount: string };
    // p(home) = (1/2) / (1/2 + 1/3 + 1/4) = 6/13; 10 × 2 × 6/13 × 0.95 = 8.769… → 8.76.
    expect(offer.amount).toBe('8.76');
    const moved = await call(p.browser, 'sportsbook.cashOut', {
      bet_id: betId,
      amount: '8.77',
      request_id: rid(),
    });
    expect(moved.body.error).toMatchObject({
      fields: { amount: 'changed' },
      data: { cash_out: { amount: '8.76' } },
    });
    const theirs = await call(stranger.browser, 'sportsbook.cashOut', {
      bet_id: betId,
      amount: '8.76',
      request_id: rid(),
    });
    expect(theirs.body.error.fields).toEqual({ bet_id: 'not_found' });
    await odds(e, { home: 2000, draw: 3000, away: 4000 }, 'suspended');
    const stopped = await call(p.browser, 'sportsbook.cashOut', {
      bet_id: betId,
      amount: '8.76',
      request_id: rid(),
    });
    expect(stopped.body.error.fields).toEqual({ bet_id: 'suspended' });
    await odds(e, { home: 2000, draw: 3000, away: 4000 });
    const cashed = await call(p.browser, 'sportsbook.cashOut', {
      bet_id: betId,
      amount: '8.76',
      request_id: rid(),
    });
    expect(cashed.body.data).toMatchObject({
      status: 'cashed_out',
      payout: { amount: '8.76' },
      cash_out: null,
    });
    expect(await main(p.id)).toBe(10_000n - 1000n + 876n);
    // The settlement that follows pays nothing more; a second cash-out is refused.
    await settle(e, homeWins);
    expect(await main(p.id)).toBe(10_000n - 1000n + 876n);
    const twice = await call(p.browser, 'sportsbook.cashOut', {
      bet_id: betId,
      amount: '8.76',
      request_id: rid(),
    });
    expect(twice.body.error.fields).toEqual({ bet_id: 'settled' });
  });
});

describe('free bets', () => {
  it('stakes the book money: nothing leaves main, the payout is the winnings only, used once', async () => {
    const p = await player(0n);
    const e = await event();
    const freeBetId = await bets().grantFreeBet({
      playerId: p.id,
      currency: 'EUR',
      amountMinor: 500n,
      minOddsMilli: 1500,
      grantKey: `test:free:${p.id}`,
    });
    const listed = await call(p.browser, 'sportsbook.getFreeBets', {});
    expect(listed.body.data.items).toEqual([
      {
        id: freeBetId.toString(),
        amount: { amount: '5.00', currency: 'EUR' },
        min_odds: '1.500',
        expires_at: null,
      },
    ]);
    const tooShort = await place(p.browser, {
      kind: 'single',
      selections: [sel(e, 'home', 2000, 'handicap|hcp=-0.75')],
      stake: '0',
      source: `free_bet:${freeBetId}`,
    });
    expect(tooShort.statusCode).toBe(200); // 2.0 ≥ 1.5
    await settle(e, homeWins);
    await settle(
      e,
      [
        { key: 'home', result: 'won', voidFactor: '0' },
        { key: 'away', result: 'lost', voidFactor: '0' },
      ],
      'handicap|hcp=-0.75',
    );
    expect(await main(p.id)).toBe(500n); // 5 × 2 − 5
    const bet = (await call(p.browser, 'sportsbook.getBets', {})).body.data.items[0];
    expect(bet).toMatchObject({ source: 'free_bet', stake: { amount: '5.00' }, payout: { amount: '5.00' } });
    expect((await call(p.browser, 'sportsbook.getFreeBets', {})).body.data.items).toEqual([]);
    const reused = await place(p.browser, {
      kind: 'single',
      selections: [sel(await event())],
      stake: '0',
      source: `free_bet:${freeBetId}`,
    });
    expect(reused.body.error.fields).toEqual({ source: 'not_found' });
  });
});

describe('BettingBonuses', () => {
  it('lists, activates and removes betting bonuses only; a casino bonus is not theirs', async () => {
    const p = await player(0n);
    const bonuses = t.app.services.bonuses;
    const grant = async (key: string) => {
      const templateId = await bonuses.templateIdByKey(key);
      const granted = await bonuses.grant(p.id, templateId as bigint, {
        currency: 'EUR',
        reason: 'test',
        idempotencyKey: `test:sb-bonus:${p.id}:${key}`,
      });
      return granted.id.toString();
    };
    const betting = await grant('betting-20');
    const casino = await grant('no-deposit-10');
    const listed = await call(p.browser, 'BettingBonuses.get', {});
    expect(listed.body.data.items.map((b: { id: string }) => String(b.id))).toEqual([betting]);
    const wrong = await call(p.browser, 'BettingBonuses.activate', { bonus_id: casino });
    expect(wrong.body.error.type).toBe('InvalidParameterException');
    const activated = await call(p.browser, 'BettingBonuses.activate', { bonus_id: betting });
    expect(activated.body.status).toBe(1);
    expect(await t.app.services.wallet.balanceMinor(p.id, 'EUR', 'betting_bonus')).toBeGreaterThan(0n);
    const removed = await call(p.browser, 'BettingBonuses.remove', { bonus_id: betting });
    expect(removed.body.status).toBe(1);
    expect(await t.app.services.wallet.balanceMinor(p.id, 'EUR', 'betting_bonus')).toBe(0n);
    expect((await call(p.browser, 'BettingBonuses.remove', { bonus_id: casino })).body.error.type).toBe(
      'InvalidParameterException',
    );
    const guest = await call(newBrowser(t.app), 'BettingBonuses.get', {});
    expect(guest.body.error.type).toBe('AuthorizationException');
  });
});

describe('books', () => {
  it('the ledger invariants hold', async () => {
    await bets().deliverDue();
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });
});
