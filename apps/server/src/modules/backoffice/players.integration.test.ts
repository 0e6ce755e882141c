/**
 * The players desk (issue #18): search, the player's file, and the staff actions on it — with the
 * bad inputs a desk meets (missing reasons, malformed or oversized amounts, another currency, a
 * debit the balance does not cover, a status that moved meanwhile): a typed error and nothing
 * written; a retried adjustment posts once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser, signUp } from '../accounts/account-test-client.ts';
import { createStaff, type TestStaff } from './staff-test-client.ts';

let h: TestApp;
let admin: TestStaff;
let support: TestStaff;
let player: {
  uid: number;
  login: string;
  password: string;
  browser: Awaited<ReturnType<typeof signUp>>['browser'];
};

async function call(method: 'GET' | 'POST', url: string, who: TestStaff, payload?: Record<string, unknown>) {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.jwt}`, 'accept-language': 'fr' },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      data: Record<string, unknown> | null;
      error?: { message: string; details: { code: string; fields?: Record<string, string> } };
    },
  };
}

const balance = () => h.app.services.wallet.balanceMinor(BigInt(player.uid), 'EUR');
const adjustmentCount = async () =>
  (
    await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'manual_adjustment'`,
    )
  ).rows[0]!.n;

beforeAll(async () => {
  h = await createTestApp();
  admin = await createStaff(h, 'admin', { username: 'desk-admin' });
  support = await createStaff(h, 'support', { username: 'desk-support' });
  const signed = await signUp(h.app, { currency: 'EUR', login: 'desk.player@example.test' });
  player = { uid: signed.uid, login: signed.login, password: signed.password, browser: signed.browser };
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('players desk', () => {
  it('finds a player by id, login prefix and email, case-insensitively; wildcards are literal', async () => {
    for (const q of [String(player.uid), 'DESK.PLAYER', 'desk.player@example']) {
      const found = await call('GET', `/nfx/operator/players?q=${encodeURIComponent(q)}`, support);
      expect(found.status).toBe(200);
      expect((found.body.data!.items as { id: number }[]).map((item) => item.id)).toContain(player.uid);
    }
    const wildcard = await call('GET', `/nfx/operator/players?q=${encodeURIComponent('%')}`, support);
    expect(wildcard.body.data!.items).toEqual([]);
    expect((await call('GET', '/nfx/operator/players?q=', support)).status).toBe(400);
  });

  it("shows the player's file: account, ledger balances, transactions, notes", async () => {
    const file = await call('GET', `/nfx/operator/players/${player.uid}`, support);
    expect(file.status).toBe(200);
    expect(file.body.data).toMatchObject({
      account: { id: player.uid, login: 'desk.player@example.test', status: 'active', currency: 'EUR' },
      balances: { balance_main: { amount: '0.00', currency: 'EUR' } },
      transactions: { items: [], total: 0 },
      notes: [],
    });
    // Bonuses, sports bets, game rounds and limits as the player's own pages list them; live
    // sessions by when and where, never by their ids.
    expect(file.body.data).toMatchObject({
      bonuses: { items: [], total: 0 },
      bets: { items: [], total: 0 },
      rounds: { items: [], total: 0 },
      limits: { currency: 'EUR', limits: [], exclusion: null },
    });
    const sessions = file.body.data!.sessions as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(Object.keys(sessions[0]!).sort()).toEqual([
      'created_at',
      'expires_at',
      'ip',
      'last_seen_at',
      'user_agent',
    ]);
    const missing = await call('GET', '/nfx/operator/players/999999999', support);
    expect(missing.status).toBe(404);
    expect(missing.body.error!.details.code).toBe('not_found');
  });

  it('keeps notes with their author, newest first', async () => {
    expect(
      (await call('POST', `/nfx/operator/players/${player.uid}/notes`, support, { body: 'first call' }))
        .status,
    ).toBe(200);
    await call('POST', `/nfx/operator/players/${player.uid}/notes`, support, { body: 'second call' });
    expect(
      (await call('POST', `/nfx/operator/players/${player.uid}/notes`, support, { body: ' ' })).status,
    ).toBe(400);
    expect(
      (await call('POST', `/nfx/operator/players/${player.uid}/notes`, support, { body: 'x'.repeat(2001) }))
        .status,
    ).toBe(400);
    const file = await call('GET', `/nfx/operator/players/${player.uid}`, support);
    expect(
      (file.body.data!.notes as { body: string; staff: string }[]).map((n) => [n.body, n.staff]),
    ).toEqual([
      ['second call', 'desk-support'],
      ['first call', 'desk-support'],
    ]);
  });

  it('adjusts the main balance through the ledger, once per key, and refuses bad amounts writing nothing', async () => {
    const adjust = (body: Record<string, unknown>) =>
      call('POST', `/nfx/operator/players/${player.uid}/adjustments`, admin, {
        currency: 'EUR',
        reason: 'compensation for outage',
        idempotency_key: 'desk-key-0001',
        ...body,
      });
    const credited = await adjust({ amount: '25.50' });
    expect(credited.status).toBe(200);
    expect(credited.body.data).toMatchObject({
      amount: '25.50',
      currency: 'EUR',
      replayed: false,
      balance_main: { amount: '25.50' },
    });
    // The same key again: posted once.
    expect((await adjust({ amount: '25.50' })).body.data).toMatchObject({ replayed: true });
    expect(await balance()).toBe(2550n);
    const before = await adjustmentCount();

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ amount: '0', idempotency_key: 'desk-key-0002' }, 400, 'invalid_amount'],
      [{ amount: '1.005', idempotency_key: 'desk-key-0003' }, 400, 'invalid_amount'],
      [{ amount: '10000.01', idempotency_key: 'desk-key-0004' }, 400, 'amount_limit'],
      [{ amount: '5', currency: 'USD', idempotency_key: 'desk-key-0005' }, 400, 'validation'],
      [{ amount: '-30', idempotency_key: 'desk-key-0006' }, 422, 'insufficient_funds'],
      [{ amount: '5', reason: '', idempotency_key: 'desk-key-0007' }, 400, 'invalid_parameter'],
      [{ amount: '1e3', idempotency_key: 'desk-key-0008' }, 400, 'invalid_parameter'],
      [{ amount: '5', idempotency_key: 'short' }, 400, 'invalid_parameter'],
      // The same key with another amount is another request: refused, never posted.
      [{ amount: '30' }, 422, 'idempotency_conflict'],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await adjust(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error!.details.code, JSON.stringify(body)).toBe(code);
      expect(answer.body.error!.message).not.toBe('');
    }
    expect(await adjustmentCount()).toBe(before);
    expect(await balance()).toBe(2550n);

    const debited = await adjust({ amount: '-0.50', idempotency_key: 'desk-key-0009' });
    expect(debited.body.data).toMatchObject({ balance_main: { amount: '25.00' } });
    // The player's own balance call sees it.
    const info = await player.browser.call('account.getBalance');
    expect(JSON.stringify(info.body)).toContain('25.00');
  });

  it('bans (sessions end) and unbans with a reason; a status that moved meanwhile is a typed refusal', async () => {
    const url = (action: string) => `/nfx/operator/players/${player.uid}/${action}`;
    expect((await call('POST', url('ban'), admin, {})).status).toBe(400);
    expect((await call('POST', url('ban'), admin, { reason: 'chargebacks' })).body.data).toEqual({
      status: 'banned',
    });
    const again = await call('POST', url('ban'), admin, { reason: 'chargebacks' });
    expect(again.body.error!.details.code).toBe('stale_version');
    // The player's session ended with the ban.
    expect((await player.browser.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });
    expect((await call('POST', url('unban'), admin, { reason: 'cleared' })).body.data).toEqual({
      status: 'active',
    });
    expect((await call('POST', url('unban'), admin, { reason: 'cleared' })).body.error!.details.code).toBe(
      'stale_version',
    );
    const audit = await h.database.db.execute<{
      action: string;
      detail: string;
      before: unknown;
      after: unknown;
    }>(
      sql`SELECT action, detail, before, after FROM staff_audit_log
           WHERE action IN ('players.ban', 'players.unban') AND outcome = 'done' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'players.ban',
        detail: 'chargebacks',
        before: { status: 'active' },
        after: { status: 'banned' },
      },
      {
        action: 'players.unban',
        detail: 'cleared',
        before: { status: 'banned' },
        after: { status: 'active' },
      },
    ]);
  });

  it('forces a password reset: the old password stops working, sessions end, the emailed link sets a new one', async () => {
    const url = `/nfx/operator/players/${player.uid}/password-reset`;
    const login = (password: string) =>
      newBrowser(h.app).call('auth.login', { login: player.login, password });
    const signedIn = newBrowser(h.app);
    expect(
      (await signedIn.call('auth.login', { login: player.login, password: player.password })).body.status,
    ).toBe(1);
    expect((await signedIn.call('account.getInfo')).body.data).toMatchObject({ uid: player.uid });
    // Without a reason: refused, nothing changed.
    const refused = await call('POST', url, support, {});
    expect(refused.status).toBe(400);
    expect((await login(player.password)).body.status).toBe(1);
    expect(
      (await call('POST', '/nfx/operator/players/999999999/password-reset', support, { reason: 'lost' }))
        .status,
    ).toBe(404);

    const reset = await call('POST', url, support, { reason: 'account shared with a relative' });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ emailed: true });
    expect((await signedIn.call('account.getInfo')).body.data).toMatchObject({ uid: 0 });
    expect((await login(player.password)).body.status).toBe(0);
    const mails = (
      await h.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(player.login)}` })
    ).json().items as { link: string | null }[];
    const token = new URL(mails.at(-1)?.link ?? '').searchParams.get('restore_token') ?? '';
    expect(token).not.toBe('');
    const restored = await newBrowser(h.app).call('auth.restore', {
      token,
      password: 'Chosen-again-7',
      repeat_password: 'Chosen-again-7',
    });
    expect(restored.body.status).toBe(1);
    expect((await login('Chosen-again-7')).body.status).toBe(1);
    player.password = 'Chosen-again-7';
    const audit = await h.database.db.execute<{ staff_username: string; detail: string; outcome: string }>(
      sql`SELECT staff_username, detail, outcome FROM staff_audit_log
           WHERE action = 'players.password_reset' AND outcome = 'done'`,
    );
    expect(audit.rows).toEqual([
      { staff_username: 'desk-support', detail: 'account shared with a relative', outcome: 'done' },
    ]);
  });

  it('an admin adds a staff member with a role: a one-time setup link, mailed, no password chosen for them', async () => {
    const invite = (body: Record<string, unknown>, who: TestStaff = admin) =>
      h.app.inject({
        method: 'POST',
        url: '/nfx/users',
        headers: { authorization: `Bearer ${who.jwt}` },
        payload: body,
      });
    // Not an admin: refused; a bad role or email: typed errors; nothing created.
    expect((await invite({ email: 'new.trader@croupier.test', role: 'trader' }, support)).statusCode).toBe(
      403,
    );
    expect((await invite({ email: 'new.trader@croupier.test', role: 'owner' })).statusCode).toBe(400);
    expect((await invite({ email: 'not-an-email', role: 'trader' })).statusCode).toBe(400);
    const count = async () =>
      (
        await h.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM backoffice_users WHERE email = 'new.trader@croupier.test'`,
        )
      ).rows[0]!.n;
    expect(await count()).toBe(0);

    const added = await invite({ email: 'New.Trader@croupier.test', username: 'new-trader', role: 'trader' });
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json() as {
      user: { username: string; role: string };
      setup_link: string;
      emailed: boolean;
    };
    expect(body.user).toMatchObject({ username: 'new-trader', role: 'trader' });
    expect(body.emailed).toBe(true);
    expect(body.setup_link).toMatch(/\/nfx\/auth\/setup#code=[A-Za-z0-9_-]{43}$/);
    const mails = (
      await h.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=new.trader%40croupier.test' })
    ).json().items as { link: string | null }[];
    expect(mails.at(-1)?.link).toBe(body.setup_link);
    // The same email again: taken, nothing more created.
    expect((await invite({ email: 'new.trader@croupier.test', role: 'support' })).json()).toMatchObject({
      error: { details: { code: 'taken' } },
    });
    expect(await count()).toBe(1);

    // The link sets the first password, once.
    const code = body.setup_link.split('#code=')[1]!;
    const setup = (password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/nfx/auth/setup',
        remoteAddress: '10.9.9.9',
        payload: { code, password, passwordConfirmation: password },
      });
    expect((await setup('a trader password 1')).statusCode).toBe(200);
    expect((await setup('another password 1')).statusCode).toBe(400);
    // The audit row names the account and role, never the link.
    const audit = await h.database.db.execute<{ after: unknown; outcome: string }>(
      sql`SELECT after, outcome FROM staff_audit_log WHERE action = 'staff.invite' AND outcome = 'done'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0]!.after)).not.toContain('code=');
    expect(audit.rows[0]!.after).toMatchObject({ username: 'new-trader', role: 'trader' });
  });
});
