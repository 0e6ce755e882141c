/**
 * The sportsbook trading desk on real PostgreSQL (issue #18, ADR 047), through its operator
 * endpoints with a trader's token: a hold survives the feed's odds changes and refuses placement;
 * liability per outcome; a manual settlement pays through the bets outbox; a resettlement moves only
 * the difference on the ledger; bad input (stale version, missing reason, results not covering the
 * market, settling twice) is typed and writes nothing; the ledger invariants hold.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { createLedger } from '@croupier/ledger/ledger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Browser, newBrowser } from '../accounts/account-test-client.ts';
import { createStaff, type TestStaff } from './staff-test-client.ts';

let t: TestApp;
let trader: TestStaff;
let seq = 0;
const ts = () => {
  seq += 1;
  return Date.now() - 30_000 + seq;
};
const feed = (raw: unknown) => t.app.services.sportsbook.feed.receive(raw);
const name = (en: string) => ({ en, fr: `${en} (fr)` });

beforeAll(async () => {
  t = await createTestApp();
  trader = await createStaff(t, 'trader', { username: 'desk-trader' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let events = 0;
async function event() {
  events += 1;
  const id = `sr:match:tr${events}`;
  await feed({
    kind: 'fixture_change',
    product: 3,
    eventId: id,
    timestamp: ts(),
    fixture: {
      sport: { key: 'football', name: name('Football') },
      category: { key: 'tr-cat', name: name('Testland'), country: 'GB' },
      tournament: { key: 'tr-league', name: name('Trade League') },
      home: { key: `tr-home-${events}`, name: name(`Home ${events}`) },
      away: { key: `tr-away-${events}`, name: name(`Away ${events}`) },
      startTime: Date.now() + 3_600_000,
      status: 'not_started',
    },
  });
  await odds(id);
  return id;
}

async function odds(id: string, status = 'active') {
  await feed({
    kind: 'odds_change',
    product: 3,
    eventId: id,
    timestamp: ts(),
    markets: [
      {
        key: '1x2',
        status,
        outcomes: [
          { key: 'home', oddsMilli: 2000, active: true },
          { key: 'draw', oddsMilli: 3000, active: true },
          { key: 'away', oddsMilli: 4000, active: true },
        ],
      },
    ],
  });
}

async function player(mainMinor = 10_000n) {
  const created = await t.createPlayer();
  await createLedger(t.database.db).transfer({
    idempotencyKey: `test:trading:${created.id}`,
    kind: 'test_fund',
    postings: [
      { account: { type: 'world', name: 'test_bank', currency: 'EUR' }, amountMinor: -mainMinor },
      {
        account: { type: 'player', playerId: created.id, currency: 'EUR', kind: 'main' },
        amountMinor: mainMinor,
      },
    ],
  });
  return { id: created.id, browser: newBrowser(t.app, { cookie: created.cookie }) };
}
const main = (playerId: bigint) => t.app.services.wallet.balanceMinor(playerId, 'EUR', 'main');

let requests = 0;
// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read by the assertions
type Json = any;
async function place(browser: Browser, eventId: string, outcome = 'home', stake = '10.00', odds = 2000) {
  requests += 1;
  return (await browser.call('sportsbook.placeBet', {
    request_id: `req-trading-${requests}-${Date.now()}`,
    kind: 'single',
    selections: [{ event_id: eventId, market_key: '1x2', outcome_key: outcome, odds_milli: odds }],
    stake,
  })) as { statusCode: number; body: { data: Json; error: Json } };
}

async function staff(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/nfx/operator/sportsbook/events${url}`,
    headers: { authorization: `Bearer ${trader.jwt}` },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() as { data: Json; error: Json } };
}
const market = (eventId: string) => `/${encodeURIComponent(eventId)}/markets/1x2`;
async function view(eventId: string) {
  const answer = await staff('GET', `/${encodeURIComponent(eventId)}`);
  expect(answer.status).toBe(200);
  return answer.body.data.markets.find((m: { key: string }) => m.key === '1x2');
}
const homeWins = { home: 'won', draw: 'lost', away: 'lost' };
const drawWins = { home: 'lost', draw: 'won', away: 'lost' };

async function lastAudit() {
  const rows = await t.database.db.execute<{
    action: string;
    outcome: string;
    detail: string | null;
    before: Json;
    after: Json;
  }>(sql`SELECT action, outcome, detail, before, after FROM staff_audit_log ORDER BY id DESC LIMIT 1`);
  return rows.rows[0]!;
}
async function walletMoves(playerId: bigint) {
  const rows = await t.database.db.execute<{ action: string; moved: string }>(sql`
    SELECT action, moved_minor::text AS moved FROM sport_wallet_calls WHERE player_id = ${playerId} ORDER BY id`);
  return rows.rows.map((r) => [r.action, BigInt(r.moved)] as const);
}

describe('the trading desk', () => {
  it('lists events with their markets; shows liability per outcome', async () => {
    const e = await event();
    const p = await player();
    expect((await place(p.browser, e, 'home', '10.00')).statusCode).toBe(200);
    expect((await place(p.browser, e, 'draw', '5.00', 3000)).statusCode).toBe(200);
    const list = await staff('GET', '');
    expect(list.status).toBe(200);
    expect(list.body.data.items.find((i: { id: string }) => i.id === e)).toMatchObject({
      status: 'not_started',
      held: false,
      markets: { total: 1, open: 1, held: 0, settled: 0 },
    });
    const m = await view(e);
    expect(m).toMatchObject({ state: 'active', held: false, stakes: [{ amount: '15.00', currency: 'EUR' }] });
    const byKey = Object.fromEntries(m.outcomes.map((o: Json) => [o.key, o.liability[0]]));
    // Home wins: pays 20, keeps 15 of stakes → 5; draw: 15 − 15 = 0; away: nothing to pay → −15.
    expect(byKey.home).toMatchObject({ amount: '5.00', payout: '20.00', bets: 1 });
    expect(byKey.draw).toMatchObject({ amount: '0.00', payout: '15.00', bets: 1 });
    expect(byKey.away).toMatchObject({ amount: '-15.00', payout: '0.00', bets: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'sportsbook.event', outcome: 'done' });
  });

  it('counts a multiple conservatively; its preview waits for the other legs', async () => {
    const e = await event();
    const other = await event();
    const p = await player();
    requests += 1;
    const acca = (await p.browser.call('sportsbook.placeBet', {
      request_id: `req-trading-acca-${requests}`,
      kind: 'accumulator',
      selections: [
        { event_id: e, market_key: '1x2', outcome_key: 'home', odds_milli: 2000 },
        { event_id: other, market_key: '1x2', outcome_key: 'draw', odds_milli: 3000 },
      ],
      stake: '10.00',
    })) as { statusCode: number };
    expect(acca.statusCode).toBe(200);
    const m = await view(e);
    // Home: the whole 60.00 through the leg, no stake counted as kept.
    expect(m.outcomes[0].liability[0]).toMatchObject({ amount: '60.00', payout: '60.00', bets: 1 });
    expect(m.outcomes[1].liability[0]).toMatchObject({ amount: '0.00', bets: 0 });
    const preview = await staff('POST', `${market(e)}/preview`, { mode: 'settle', results: homeWins });
    expect(preview.body.data.effect).toEqual([
      { currency: 'EUR', bets: 1, waiting: 1, paid_before: '0.00', paid_after: '0.00', difference: '0.00' },
    ]);
  });

  it("a hold survives the feed's odds changes and refuses placement; reopen lifts it", async () => {
    const e = await event();
    const p = await player();
    const held = await staff('POST', `${market(e)}/suspend`, { reason: 'suspicious volume' });
    expect(held.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'sportsbook.suspend_market',
      outcome: 'done',
      detail: 'suspicious volume',
      before: { held: false },
      after: { held: true },
    });
    await odds(e, 'active');
    expect(await view(e)).toMatchObject({ state: 'held', feed_status: 'active', held: true });
    const refused = await place(p.browser, e);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain('suspended');
    expect(await main(p.id)).toBe(10_000n);
    // Held twice: stale, nothing written.
    expect((await staff('POST', `${market(e)}/suspend`, { reason: 'again' })).body.error).toMatchObject({
      details: { code: 'stale_version' },
    });
    // The player's catalogue shows it suspended.
    const shown: Json = await t.app.services.sportsbook.event(e, 'en');
    expect(shown.markets.find((m: { key: string }) => m.key === '1x2')).toMatchObject({
      status: 'suspended',
    });
    expect((await staff('POST', `${market(e)}/reopen`, {})).status).toBe(200);
    expect(await view(e)).toMatchObject({ state: 'active', held: false });
    expect((await place(p.browser, e)).statusCode).toBe(200);
  });

  it('an event hold refuses every market of the event', async () => {
    const e = await event();
    const p = await player();
    expect((await staff('POST', `/${encodeURIComponent(e)}/suspend`, { reason: 'injury news' })).status).toBe(
      200,
    );
    expect(await view(e)).toMatchObject({ state: 'held' });
    const list = await staff('GET', '');
    expect(list.body.data.items.find((i: { id: string }) => i.id === e)).toMatchObject({
      held: true,
      markets: { total: 1, open: 0 },
    });
    expect((await place(p.browser, e)).statusCode).toBe(400);
    expect((await staff('POST', `/${encodeURIComponent(e)}/reopen`, {})).status).toBe(200);
  });

  it('settles with a preview: the winning bet is paid; a resettlement moves only the difference', async () => {
    const e = await event();
    const p = await player();
    expect((await place(p.browser, e, 'home', '10.00')).statusCode).toBe(200);
    expect(await main(p.id)).toBe(9_000n);
    const before = await view(e);
    const preview = await staff('POST', `${market(e)}/preview`, { mode: 'settle', results: homeWins });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      allowed: true,
      version: before.version,
      effect: [
        {
          currency: 'EUR',
          bets: 1,
          waiting: 0,
          paid_before: '0.00',
          paid_after: '20.00',
          difference: '20.00',
        },
      ],
    });
    expect(await main(p.id)).toBe(9_000n);
    const settled = await staff('POST', `${market(e)}/settle`, {
      results: homeWins,
      reason: 'official result',
      version: before.version,
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(await main(p.id)).toBe(11_000n);
    expect(await lastAudit()).toMatchObject({
      action: 'sportsbook.settle',
      outcome: 'done',
      detail: 'official result',
      before: { status: 'active', results: { home: null } },
      after: { status: 'settled', results: homeWins },
    });
    const after = await view(e);
    expect(after).toMatchObject({ state: 'settled' });
    expect(after.outcomes.map((o: Json) => o.result)).toEqual(['won', 'lost', 'lost']);

    // Settling again is stale; resettling with the same results is refused; neither writes.
    const again = await staff('POST', `${market(e)}/settle`, {
      results: homeWins,
      reason: 'official result',
      version: after.version,
    });
    expect(again.body.error).toMatchObject({ details: { code: 'stale_version' } });
    const same = await staff('POST', `${market(e)}/resettle`, {
      results: homeWins,
      reason: 'no change',
      version: after.version,
    });
    expect(same.body.error).toMatchObject({
      details: { code: 'validation', fields: { results: 'unchanged' } },
    });

    const movesBefore = await walletMoves(p.id);
    const resettlePreview = await staff('POST', `${market(e)}/preview`, {
      mode: 'resettle',
      results: drawWins,
    });
    expect(resettlePreview.body.data.effect[0]).toMatchObject({
      paid_before: '20.00',
      paid_after: '0.00',
      difference: '-20.00',
    });
    const resettled = await staff('POST', `${market(e)}/resettle`, {
      results: drawWins,
      reason: 'result corrected by the league',
      version: after.version,
    });
    expect(resettled.status, JSON.stringify(resettled.body)).toBe(200);
    expect(await main(p.id)).toBe(9_000n);
    const moves = (await walletMoves(p.id)).slice(movesBefore.length);
    expect(moves).toEqual([['sport_resettle', -2000n]]);
    expect(await lastAudit()).toMatchObject({ action: 'sportsbook.resettle', outcome: 'done' });
  });

  it('bad input is typed and writes nothing', async () => {
    const e = await event();
    const p = await player();
    expect((await place(p.browser, e, 'home', '10.00')).statusCode).toBe(200);
    const seen = await view(e);
    const outcomes = async () =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM sb_outcomes WHERE event_id = ${e} AND result IS NOT NULL`,
        )
      ).rows[0]!.n;
    const cases: [string, Record<string, unknown>, string][] = [
      ['settle', { results: homeWins, version: seen.version }, 'invalid_parameter'],
      ['settle', { results: homeWins, reason: 'ok reason', version: 'active.0.h' }, 'stale_version'],
      [
        'settle',
        { results: { home: 'won', draw: 'lost' }, reason: 'ok reason', version: seen.version },
        'validation',
      ],
      [
        'settle',
        { results: { ...homeWins, extra: 'lost' }, reason: 'ok reason', version: seen.version },
        'validation',
      ],
      [
        'settle',
        { results: { ...homeWins, home: 'maybe' }, reason: 'ok reason', version: seen.version },
        'invalid_parameter',
      ],
      ['resettle', { results: homeWins, reason: 'ok reason', version: seen.version }, 'stale_version'],
      ['suspend', {}, 'invalid_parameter'],
      ['reopen', {}, 'stale_version'],
    ];
    const audited = (action: string) =>
      action === 'suspend' || action === 'reopen' ? `sportsbook.${action}_market` : `sportsbook.${action}`;
    for (const [action, body, code] of cases) {
      const answer = await staff('POST', `${market(e)}/${action}`, body);
      expect(answer.status, `${action} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.error.details.code, `${action} ${JSON.stringify(body)}`).toBe(code);
      expect(await lastAudit()).toMatchObject({ action: audited(action), outcome: 'failed' });
    }
    const unknown = await staff('POST', `/${encodeURIComponent(e)}/markets/nothing/settle`, {
      results: homeWins,
      reason: 'ok reason',
      version: seen.version,
    });
    expect(unknown.status).toBe(404);
    expect(await outcomes()).toBe(0);
    expect(await view(e)).toMatchObject({ state: 'active', held: false, version: seen.version });
    expect(await main(p.id)).toBe(9_000n);
    const holds = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sb_trader_holds WHERE event_id = ${e}`,
    );
    expect(holds.rows[0]!.n).toBe(0);
  });

  it('left the ledger balanced', async () => {
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });
});
