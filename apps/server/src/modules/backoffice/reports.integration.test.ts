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
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function adjust(who: TestStaff, playerId: number, amount: string, key: string) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/nfx/operator/players/${playerId}/adjustments`,
    headers: { authorization: `Bearer ${who.jwt}` },
    payload: { amount, currency: 'EUR', reason: 'test funding', idempotency_key: key },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function play(playerId: number, round: string, provider: string, betMinor: bigint, winMinor: bigint) {
  const { wallet } = h.app.services;
  const movement = {
    provider,
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
  h = await createTestApp();
  payments = await createStaff(h, 'payments', { username: 'report-payments' });
  marketing = await createStaff(h, 'marketing', { username: 'report-marketing' });
  const alice = (await signUp(h.app, { currency: 'EUR' })).uid;
  const bob = (await signUp(h.app, { currency: 'EUR' })).uid;
  await adjust(payments, alice, '100.00', 'report-fund-alice');
  await adjust(payments, bob, '50.00', 'report-fund-bob');
  // Alice: two rounds at provider A (bet 10, win 25; bet 5, nothing); Bob: one at B (bet 20, win 3.10).
  await play(alice, 'r1', 'provider-a', 1000n, 2500n);
  await play(alice, 'r2', 'provider-a', 500n, 0n);
  await play(bob, 'r3', 'provider-b', 2000n, 310n);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('reports', () => {
  it('computes GGR per provider and day from the ledger', async () => {
    const report = await h.app.services.wallet.dailyReport({ from: today, to: tomorrow });
    const gaming = report.gaming.filter((row) => row.provider.startsWith('provider-'));
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
    const summary = report.summary.find((row) => row.currency === 'EUR' && row.day === today)!;
    expect(summary.realGgrMinor).toBe(690n);
    expect(summary.ngrMinor).toBe(summary.realGgrMinor - summary.bonusCostMinor);
    expect(summary.activePlayers).toBeGreaterThanOrEqual(2);
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
    expect(csv.body).toContain(`${today},EUR,6.90,`);

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
