/**
 * Time-out and self-exclusion: immediate, the player's sessions end, and until the end the player
 * can log in and withdraw but deposit, bet, receive or activate a bonus, or redeem nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { rgsCredentials } from '../../provider-credentials.ts';
import { newBrowser, signUp } from '../accounts/account-test-client.ts';
import { type CashierHarness, createCashierHarness, payAtProvider } from '../cashier/cashier-test-client.ts';

let h: CashierHarness;
let clock = Date.now();

beforeAll(async () => {
  h = await createCashierHarness({ now: () => new Date(clock) });
  await h.app.services.bonuses.seed();
});
afterAll(async () => {
  await h?.close();
});

async function settle(id: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await h.providerPass();
    const rows = await h.database.db.execute<{ status: string }>(
      sql`SELECT status FROM cashier_transactions WHERE id = ${id}`,
    );
    if (!['pending', 'processing'].includes(rows.rows[0]?.status ?? '')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`transaction ${id} did not settle`);
}

async function excludedPlayer(kind: 'timeout' | 'self_exclusion', duration: string) {
  const { browser, login, password, uid } = await signUp(h.app, { currency: 'EUR' });
  await h.database.db.execute(
    sql`UPDATE player_contacts SET confirmed_at = now() WHERE player_id = ${BigInt(uid)} AND is_login`,
  );
  const made = await browser.call('cashier.makedeposit', { method: 'card', amount: '100' });
  expect(made.body.status, JSON.stringify(made.body)).toBe(1);
  const { redirect_url, transaction_id } = made.body.data as { redirect_url: string; transaction_id: number };
  await payAtProvider(redirect_url);
  await settle(transaction_id);

  const excluded = await browser.call('responsibleGaming.exclude', { kind, duration });
  expect(excluded.body.status, JSON.stringify(excluded.body)).toBe(1);
  expect((excluded.body.data as { exclusion: unknown }).exclusion).toMatchObject({ kind, duration });
  return { browser, login, password, id: BigInt(uid) };
}

async function typedError(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a typed error');
}

describe('time-out and self-exclusion', () => {
  it('logs the player out; after login only withdrawals work', async () => {
    const p = await excludedPlayer('timeout', '24h');
    // The session that asked for it is over.
    expect((await p.browser.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });

    const browser = newBrowser(h.app);
    const login = await browser.call('auth.login', { login: p.login, password: p.password });
    expect(login.body.status, JSON.stringify(login.body)).toBe(1);

    const deposit = await browser.call('cashier.makedeposit', { method: 'card', amount: '10' });
    expect(deposit.body.error).toMatchObject({ type: 'AccessDeniedException', code: 'rg_excluded' });
    const rows = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM cashier_transactions WHERE player_id = ${p.id} AND type = 'deposit'`,
    );
    expect(rows.rows[0]?.n).toBe(1);

    const bonuses = h.app.services.bonuses;
    const template = (await bonuses.templateIdByKey('no-deposit-10'))!;
    const grant = await typedError(
      bonuses.grant(p.id, template, { currency: 'EUR', reason: 'test', idempotencyKey: `rg:${p.id}` }),
    );
    expect(grant.code).toBe('rg_excluded');
    const granted = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM player_bonuses WHERE player_id = ${p.id}`,
    );
    expect(granted.rows[0]?.n).toBe(0);

    // No real-money game session opens (refused before anything is stored).
    const real = await typedError(
      h.app.services.gameWallet.openSession({
        playerId: p.id,
        gameId: 1n,
        provider: rgsCredentials(h.config).providerId,
        mode: 'real',
        currency: 'EUR',
      }),
    );
    expect(real.code).toBe('rg_excluded');

    const withdrawal = await browser.call('cashier.makewithdrawal', { method: 'card', amount: '30' });
    expect(withdrawal.body.status, JSON.stringify(withdrawal.body)).toBe(1);

    // A shorter exclusion never shortens the running one; the state shows it.
    const limits = await browser.call('responsibleGaming.getLimits');
    expect((limits.body.data as { exclusion: { kind: string } }).exclusion.kind).toBe('timeout');
  });

  it('refuses bets through the check of the bet path while it runs, and lifts 24 hours after the reopening asked past its end', async () => {
    const p = await excludedPlayer('self_exclusion', '6m');
    const rg = h.app.services.responsibleGaming;
    await expect(
      h.database.db.transaction((tx) => rg.checkSportBet(tx, p.id, 'EUR', 100n)),
    ).rejects.toMatchObject({ name: 'BetRefused', code: 'rg_excluded' });
    // A time-out asked during a self-exclusion cannot shorten it.
    const browser = newBrowser(h.app);
    await browser.call('auth.login', { login: p.login, password: p.password });
    await browser.call('responsibleGaming.exclude', { kind: 'timeout', duration: '24h' });
    clock += 2 * 24 * 3600 * 1000;
    await expect(
      h.database.db.transaction((tx) => rg.checkSportBet(tx, p.id, 'EUR', 100n)),
    ).rejects.toMatchObject({ code: 'rg_excluded' });
    clock += 200 * 24 * 3600 * 1000;
    // Past its end a self-exclusion holds until the player asks to reopen, then 24 hours (ADR 029).
    await expect(
      h.database.db.transaction((tx) => rg.checkSportBet(tx, p.id, 'EUR', 100n)),
    ).rejects.toMatchObject({ code: 'rg_excluded' });
    await rg.requestReopen(p.id, 'en');
    clock += 24 * 3600 * 1000 + 1000;
    await h.database.db.transaction((tx) => rg.checkSportBet(tx, p.id, 'EUR', 100n));
    const audit = await rg.audit(p.id);
    expect(audit.map((a) => a.action)).toEqual(['reopen_requested', 'timeout', 'self_exclusion']);
  });

  it('refuses unknown durations with a typed error and stores nothing', async () => {
    const { browser, uid } = await signUp(h.app, { currency: 'EUR' });
    for (const params of [
      { kind: 'timeout', duration: '6m' },
      { kind: 'self_exclusion', duration: '24h' },
      { kind: 'forever', duration: '1y' },
    ]) {
      const answer = await browser.call('responsibleGaming.exclude', params);
      expect(answer.body.error?.type).toBe('InvalidParameterException');
    }
    const rows = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rg_exclusions WHERE player_id = ${BigInt(uid)}`,
    );
    expect(rows.rows[0]?.n).toBe(0);
  });
});
