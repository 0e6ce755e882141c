/**
 * Responsible-gaming limits end to end through the real game wallet: a bet that would take the
 * player's net loss or wagered amount over a limit is refused with its own code and writes nothing;
 * wins and rollbacks move the net loss back; concurrent bets never pass a limit together; bad
 * values are typed errors that store nothing; increases wait for the cooling-off.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createWalletHarness, type WalletHarness } from '../gamewallet/gamewallet-test-client.ts';

let h: WalletHarness;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `rg-${prefix}-${ids}`;
};

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

const rg = () => h.app.services.responsibleGaming;

function bet(token: string, amount: string, round = id('round'), tx = id('bet')) {
  return h.call('bet', {
    game: h.gameCode,
    token,
    transaction_id: tx,
    round_id: round,
    amount,
    currency: 'EUR',
  });
}

async function okBet(token: string, amount: string, round = id('round'), tx = id('bet')) {
  const reply = await bet(token, amount, round, tx);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe('ok');
  return { round, tx };
}

async function wagerEvents(playerId: bigint): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM wager_events WHERE player_id = ${playerId}`,
  );
  return rows.rows[0]?.n ?? 0;
}

async function rgRows(playerId: bigint): Promise<{ limits: number; audit: number }> {
  const rows = await h.database.db.execute<{ limits: number; audit: number }>(sql`
    SELECT (SELECT count(*)::int FROM rg_limits WHERE player_id = ${playerId}) AS limits,
           (SELECT count(*)::int FROM rg_audit WHERE player_id = ${playerId}) AS audit`);
  return rows.rows[0] ?? { limits: 0, audit: 0 };
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

describe('loss limit in the bet path', () => {
  it('refuses a bet over the loss limit and writes nothing; wins and rollbacks give room back', async () => {
    const p = await h.player({ deposit: 100n });
    const state = await rg().setLimit(p.id, { kind: 'loss', period: 'day', amount: '10' }, 'en');
    expect(state.limits).toEqual([
      expect.objectContaining({
        kind: 'loss',
        period: 'day',
        limit_amount: { amount: '10.00', currency: 'EUR' },
        used_amount: { amount: '0.00', currency: 'EUR' },
        left_amount: { amount: '10.00', currency: 'EUR' },
      }),
    ]);

    const first = await okBet(p.token, '6.00');
    const before = {
      main: await h.mainMinor(p.id),
      events: await wagerEvents(p.id),
      calls: await h.count('game_wallet_transactions'),
      rounds: await h.count('game_rounds'),
      ledger: await h.count('ledger_transactions'),
    };
    const refused = await bet(p.token, '4.01');
    expect(refused.body).toMatchObject({ status: 'error', code: 'rg_loss_limit_reached' });
    expect({
      main: await h.mainMinor(p.id),
      events: await wagerEvents(p.id),
      calls: await h.count('game_wallet_transactions'),
      rounds: await h.count('game_rounds'),
      ledger: await h.count('ledger_transactions'),
    }).toEqual(before);

    // Exactly up to the limit passes.
    const exact = await okBet(p.token, '4.00');
    expect((await bet(p.token, '0.01')).body).toMatchObject({ code: 'rg_loss_limit_reached' });
    const used = await rg().getLimits(p.id, 'en');
    expect(used.limits[0]).toMatchObject({
      used_amount: { amount: '10.00' },
      left_amount: { amount: '0.00' },
    });

    // A win of 3 takes the net loss down to 7.
    const win = await h.call('win', {
      game: h.gameCode,
      token: p.token,
      transaction_id: id('win'),
      round_id: first.round,
      amount: '3.00',
      currency: 'EUR',
    });
    expect(win.body.status).toBe('ok');
    await okBet(p.token, '3.00');
    expect((await bet(p.token, '0.01')).body).toMatchObject({ code: 'rg_loss_limit_reached' });

    // A rollback of the 4.00 bet undoes it.
    const rollback = await h.call('rollback', {
      game: h.gameCode,
      token: p.token,
      transaction_id: id('rb'),
      reference_transaction_id: exact.tx,
      round_id: exact.round,
    });
    expect(rollback.body.status, JSON.stringify(rollback.body)).toBe('ok');
    await okBet(p.token, '4.00');

    // The window rolls: 24 hours later the day's losses no longer count.
    h.advance(24 * 3600 * 1000 + 1000);
    const fresh = await h.app.services.gameWallet.openSession({
      playerId: p.id,
      gameId: h.gameId,
      provider: h.providerId,
      mode: 'real',
      currency: 'EUR',
    });
    await okBet(fresh.token, '10.00');
    expect((await bet(fresh.token, '0.01')).body).toMatchObject({ code: 'rg_loss_limit_reached' });
  });

  it('lets concurrent bets of one player pass the limit together never', async () => {
    const p = await h.player({ deposit: 100n });
    await rg().setLimit(p.id, { kind: 'loss', period: 'week', amount: '10' }, 'en');
    const replies = await Promise.all(Array.from({ length: 8 }, () => bet(p.token, '2.00')));
    const ok = replies.filter((r) => r.body.status === 'ok').length;
    const refused = replies.filter((r) => r.body.code === 'rg_loss_limit_reached').length;
    expect(ok).toBe(5);
    expect(refused).toBe(3);
    expect(await h.mainMinor(p.id)).toBe(10_000n - 1_000n);
  });
});

describe('wager limit and the lowest limit', () => {
  it('counts every stake, wins or not, and the lowest limit applies', async () => {
    const p = await h.player({ deposit: 100n });
    await rg().setLimit(p.id, { kind: 'wager', period: 'month', amount: '50' }, 'en');
    await rg().setLimit(p.id, { kind: 'wager', period: 'day', amount: '5' }, 'en');
    const { round } = await okBet(p.token, '5.00');
    await h.call('win', {
      game: h.gameCode,
      token: p.token,
      transaction_id: id('win'),
      round_id: round,
      amount: '5.00',
      currency: 'EUR',
    });
    expect((await bet(p.token, '0.50')).body).toMatchObject({ code: 'rg_wager_limit_reached' });
  });
});

describe('setting limits', () => {
  it('refuses bad amounts with a typed error and stores nothing', async () => {
    const p = await h.player({ deposit: 10n });
    for (const amount of ['-5', '0', 'abc', '1.234', '99999999999999999999999999999']) {
      const error = await typedError(rg().setLimit(p.id, { kind: 'loss', period: 'day', amount }, 'en'));
      expect(error.type).toBe('InvalidParameterException');
      expect(error.fields?.amount).toBeTruthy();
    }
    expect(await rgRows(p.id)).toEqual({ limits: 0, audit: 0 });
  });

  it('applies a decrease at once, an increase and a removal after 24 hours, and audits each change', async () => {
    const p = await h.player({ deposit: 100n });
    await rg().setLimit(p.id, { kind: 'loss', period: 'day', amount: '20' }, 'en');
    await rg().setLimit(p.id, { kind: 'loss', period: 'day', amount: '15' }, 'en');
    const raised = await rg().setLimit(p.id, { kind: 'loss', period: 'day', amount: '30' }, 'en');
    expect(raised.limits[0]).toMatchObject({
      limit_amount: { amount: '15.00' },
      pending_limit_amount: { amount: '30.00' },
      pending_removal: false,
    });
    await okBet(p.token, '15.00');
    expect((await bet(p.token, '1.00')).body).toMatchObject({ code: 'rg_loss_limit_reached' });
    h.advance(24 * 3600 * 1000 + 1000);
    const after = await rg().getLimits(p.id, 'en');
    expect(after.limits[0]).toMatchObject({ limit_amount: { amount: '30.00' }, pending_limit_amount: null });

    const removal = await rg().setLimit(p.id, { kind: 'loss', period: 'day' }, 'en');
    expect(removal.limits[0]).toMatchObject({ limit_amount: { amount: '30.00' }, pending_removal: true });
    h.advance(24 * 3600 * 1000 + 1000);
    expect((await rg().getLimits(p.id, 'en')).limits).toEqual([]);

    const audit = await rg().audit(p.id);
    expect(audit.map((a) => a.action).reverse()).toEqual([
      'limit_set',
      'limit_set',
      'limit_increase_pending',
      'limit_removal_pending',
    ]);
  });
});
