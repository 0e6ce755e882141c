/**
 * The back office's money reports (issue #18): GGR per product and provider, cash flow by kind, NGR,
 * deposits, withdrawals and active players, read from the ledger — and reconciled with it to the
 * minor unit: over all days, the report's main-balance movements add up to the sum of the players'
 * main balances the ledger keeps on its accounts (a separate figure, maintained by ledger_transfer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../accounts/account-test-client.ts';
import { createStaff, type TestStaff } from './staff-test-client.ts';

let h: TestApp;
let payments: TestStaff;
let marketing: TestStaff;
/** Set once the fixtures are posted (not at load): the day they were written, then the next one. */
let today = '';
let tomorrow = '';
/** A range that holds the fixtures even if they were posted across midnight (UTC). */
let from = '';

async function adjust(who: TestStaff, playerId: number, amount: string, key: string) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/nfx/operator/players/${playerId}/adjustments`,
    headers: { authorization: `Bearer ${who.jwt}` },
    payload: { amount, currency: 'EUR', reason: 'test funding', idempotency_key: key },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function play(
  playerId: number,
  round: string,
  provider: string,
  betMinor: bigint,
  winMinor: bigint,
  game: string,
) {
  const { wallet } = h.app.services;
  const movement = {
    provider,
    game,
    playerId: BigInt(playerId),
    currency: 'EUR',
    mode: 'real' as const,
    roundId: round,
  };
  await wallet.postGameBet({ ...movement, amountMinor: betMinor, transactionId: `${round}-bet` });
  if (winMinor > 0n)
    await wallet.postGameWin({ ...movement, amountMinor: winMinor, transactionId: `${round}-win` });
}

beforeAll(async () => {
  from = new Date().toISOString().slice(0, 10);
  h = await createTestApp();
  payments = await createStaff(h, 'payments', { username: 'report-payments' });
  marketing = await createStaff(h, 'marketing', { username: 'report-marketing' });
  const alice = (await signUp(h.app, { currency: 'EUR' })).uid;
  const bob = (await signUp(h.app, { currency: 'EUR' })).uid;
  await adjust(payments, alice, '100.00', 'report-fund-alice');
  await adjust(payments, bob, '50.00', 'report-fund-bob');
  // Alice: two rounds at provider A (bet 10, win 25; bet 5, nothing); Bob: one at B (bet 20, win 3.10).
  await play(alice, 'r1', 'provider-a', 1000n, 2500n, 'a-slot');
  await play(alice, 'r2', 'provider-a', 500n, 0n, 'a-roulette');
  await play(bob, 'r3', 'provider-b', 2000n, 310n, 'b-slot');
  // If midnight passed while posting, the fixtures span two days: `from` is the first, `today` the last.
  today = new Date().toISOString().slice(0, 10);
  tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('reports', () => {
  it('computes GGR per provider and day from the ledger', async () => {
    const report = await h.app.services.wallet.dailyReport({ from, to: tomorrow });
    // Added up over the range's days (one, unless the fixtures straddled midnight).
    const byProvider = new Map<string, (typeof report.gaming)[number]>();
    for (const row of report.gaming.filter((line) => line.provider.startsWith('provider-'))) {
      const seen = byProvider.get(row.provider);
      byProvider.set(
        row.provider,
        seen
          ? {
              ...seen,
              realStakesMinor: seen.realStakesMinor + row.realStakesMinor,
              realPayoutsMinor: seen.realPayoutsMinor + row.realPayoutsMinor,
              realGgrMinor: seen.realGgrMinor + row.realGgrMinor,
              players: Math.max(seen.players, row.players),
            }
          : row,
      );
    }
    const gaming = [...byProvider.values()];
    expect(
      gaming.map((row) => [
        row.provider,
        row.realStakesMinor,
        row.realPayoutsMinor,
        row.realGgrMinor,
        row.players,
      ]),
    ).toEqual([
      ['provider-a', 1500n, 2500n, -1000n, 1],
      ['provider-b', 2000n, 310n, 1690n, 1],
    ]);
    const summaries = report.summary.filter((row) => row.currency === 'EUR');
    expect(summaries.reduce((sum, row) => sum + row.realGgrMinor, 0n)).toBe(690n);
    for (const summary of summaries)
      expect(summary.ngrMinor).toBe(summary.realGgrMinor - summary.bonusCostMinor);
    expect(Math.max(...summaries.map((row) => row.activePlayers))).toBeGreaterThanOrEqual(1);
  });

  it('computes GGR per game, which adds up to the GGR per provider', async () => {
    const report = await h.app.services.wallet.dailyReport({ from, to: tomorrow });
    const perGame = new Map<string, bigint>();
    for (const row of report.games.filter((line) => line.provider.startsWith('provider-'))) {
      const key = `${row.provider}/${row.game}`;
      perGame.set(key, (perGame.get(key) ?? 0n) + row.realGgrMinor);
    }
    expect(perGame).toEqual(
      new Map([
        ['provider-a/a-roulette', 500n],
        ['provider-a/a-slot', -1500n],
        ['provider-b/b-slot', 1690n],
      ]),
    );
    const casino = report.gaming.filter((row) => row.product === 'casino');
    expect(report.games.reduce((sum, row) => sum + row.realGgrMinor, 0n)).toBe(
      casino.reduce((sum, row) => sum + row.realGgrMinor, 0n),
    );
  });

  it('reconciles with the ledger to the minor unit: Σ movements of main balances = Σ main balances', async () => {
    const { wallet } = h.app.services;
    const report = await wallet.dailyReport({ from: '2000-01-01', to: tomorrow });
    const moved = new Map<string, bigint>();
    for (const row of report.cashFlow)
      moved.set(row.currency, (moved.get(row.currency) ?? 0n) + row.mainNetMinor);
    const balances = await wallet.mainBalances();
    expect(balances.get('EUR')).toBeGreaterThan(0n);
    expect(moved).toEqual(balances);
    // And the gaming lines are exactly the game movements of the cash flow.
    const gamingNet = report.gaming.reduce((sum, row) => sum - row.realGgrMinor, 0n);
    const cashGaming = report.cashFlow
      .filter((row) => row.kind.startsWith('game_') || row.kind.startsWith('sport_'))
      .reduce((sum, row) => sum + row.mainNetMinor, 0n);
    expect(gamingNet).toBe(cashGaming);
  });

  it('answers JSON and CSV over HTTP to reports staff only; a bad range is a typed error', async () => {
    const get = (query: string, who: TestStaff) =>
      h.app.inject({
        method: 'GET',
        url: `/nfx/operator/reports/daily?${query}`,
        headers: { authorization: `Bearer ${who.jwt}` },
      });
    const games = await get(`from=${from}&to=${tomorrow}&section=games&format=csv`, payments);
    expect(games.statusCode).toBe(200);
    expect(games.body.split('\r\n')[0]).toBe(
      'day,currency,provider,game,stakes,payouts,ggr,bonus_ggr,players',
    );
    expect(games.body).toMatch(/,EUR,provider-b,b-slot,20\.00,3\.10,16\.90,0\.00,1\r\n/);
    const json = await get(`from=${today}&to=${tomorrow}&section=gaming`, payments);
    expect(json.statusCode).toBe(200);
    expect((json.json() as { data: { items: Record<string, unknown>[] } }).data.items).toContainEqual({
      day: today,
      currency: 'EUR',
      product: 'casino',
      provider: 'provider-b',
      stakes: '20.00',
      payouts: '3.10',
      ggr: '16.90',
      bonus_ggr: '0.00',
      players: 1,
    });
    const csv = await get(`from=${today}&to=${tomorrow}&format=csv`, payments);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`summary-${today}-${tomorrow}.csv`);
    expect(csv.body.split('\r\n')[0]).toBe(
      'day,currency,ggr,bonus_cost,ngr,deposits,withdrawals,active_players',
    );
    // The whole GGR on one day, unless the fixtures straddled midnight.
    expect(csv.body).toContain(from === today ? `${today},EUR,6.90,` : `${today},EUR,`);

    for (const query of [
      `from=${tomorrow}&to=${today}`,
      'from=2020-01-01&to=2022-01-01',
      'from=x&to=y',
      `from=${today}`,
    ]) {
      const bad = await get(query, payments);
      expect(bad.statusCode, query).toBe(400);
    }
    expect((await get(`from=${today}&to=${tomorrow}`, marketing)).statusCode).toBe(403);
  });
});
