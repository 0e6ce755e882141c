/**
 * Session time (ADR 028) end to end through the real game wallet and auth sessions: a bet past
 * the session limit is refused with `rg_session_limit_reached` and writes nothing; raising or
 * removing the limit waits 24 hours; the previous session's length (logout or last activity);
 * the reality check's figures from the wager stream.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { newBrowser, signUp } from '../accounts/account-test-client.ts';
import { createWalletHarness, type WalletHarness } from '../gamewallet/gamewallet-test-client.ts';

let h: WalletHarness;
let ids = 0;
const id = (prefix: string) => {
  ids += 1;
  return `rgs-${prefix}-${ids}`;
};
const MIN = 60_000;

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

const rgs = () => h.app.services.rgSessions;
const sessions = () => h.app.services.sessions;

function bet(token: string, amount: string, round = id('round')) {
  return h.call('bet', {
    game: h.gameCode,
    token,
    transaction_id: id('bet'),
    round_id: round,
    amount,
    currency: 'EUR',
  });
}

async function count(table: 'wager_events' | 'rg_audit' | 'rg_session_settings', playerId: bigint) {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE player_id = ${playerId}`,
  );
  return rows.rows[0]?.n ?? 0;
}

/** The harness clock runs with the real one: instants match within a few seconds. */
function near(iso: string | null | undefined, expectedMs: number) {
  expect(iso).toEqual(expect.any(String));
  expect(Math.abs(Date.parse(iso ?? '') - expectedMs)).toBeLessThan(5000);
}

function nearSeconds(actual: number | undefined, expected: number) {
  expect(Math.abs((actual ?? -1e9) - expected)).toBeLessThanOrEqual(5);
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

/** A player whose only login session starts now, with 100.00 EUR and a real game session. */
async function player() {
  const p = await h.player({ deposit: 100n });
  await sessions().revokeAllForPlayer(p.id, 'logout');
  const auth = await sessions().create(p.id, { ip: null, userAgent: null });
  return { ...p, auth };
}

describe('session time limit in the bet path', () => {
  it('refuses bets once the limit is reached, writes nothing, and a new login starts a new session', async () => {
    const p = await player();
    const state = await rgs().setSessionLimit(p.id, 30, 'en');
    expect(state.session_limit_minutes).toBe(30);
    expect(state.session).toMatchObject({ limit_reached: false });
    nearSeconds(state.session?.remaining_seconds ?? undefined, 1800);

    expect((await bet(p.token, '1.00')).body.status).toBe('ok');
    h.advance(29 * MIN);
    expect((await bet(p.token, '1.00')).body.status).toBe('ok');
    h.advance(1 * MIN);

    const events = await count('wager_events', p.id);
    const balance = await h.mainMinor(p.id);
    const refused = await bet(p.token, '1.00');
    expect(refused.body).toMatchObject({ status: 'error', code: 'rg_session_limit_reached' });
    expect(await count('wager_events', p.id)).toBe(events);
    expect(await h.mainMinor(p.id)).toBe(balance);
    expect((await rgs().getSession(p.id, 'en')).session).toMatchObject({
      limit_reached: true,
      remaining_seconds: 0,
    });

    // A real-money game does not open either (typed, spec §8 style).
    const launch = await typedError(
      h.app.services.gameWallet.openSession({
        playerId: p.id,
        gameId: h.gameId,
        provider: h.providerId,
        mode: 'real',
        currency: 'EUR',
      }),
    );
    expect(launch).toMatchObject({ type: 'AccessDeniedException', code: 'rg_session_limit_reached' });

    // Logged out (by the site at the limit): with a limit and no live session, no bet.
    await sessions().revokeAllForPlayer(p.id, 'logout');
    expect((await bet(p.token, '1.00')).body).toMatchObject({ code: 'rg_session_limit_reached' });

    // Logging in again starts a new session and its own clock.
    await sessions().create(p.id, { ip: null, userAgent: null });
    expect((await bet(p.token, '1.00')).body.status).toBe('ok');
  });

  it('players without a session limit bet with no session at all', async () => {
    const p = await player();
    await sessions().revokeAllForPlayer(p.id, 'logout');
    expect((await bet(p.token, '1.00')).body.status).toBe('ok');
  });
});

describe('session limit settings', () => {
  it('lowers at once, raises and removes after 24 hours, audits every change', async () => {
    const p = await player();
    await rgs().setSessionLimit(p.id, 60, 'en');
    const raised = await rgs().setSessionLimit(p.id, 120, 'en');
    expect(raised).toMatchObject({
      session_limit_minutes: 60,
      pending_session_limit_minutes: 120,
      pending_removal: false,
    });
    near(raised.pending_effective_at, h.nowMs() + 24 * 60 * MIN);
    // Asking again keeps the waiting change's clock and writes no audit row.
    h.advance(MIN);
    const again = await rgs().setSessionLimit(p.id, 120, 'en');
    expect(again.pending_effective_at).toBe(raised.pending_effective_at);
    expect(await count('rg_audit', p.id)).toBe(2);

    const lowered = await rgs().setSessionLimit(p.id, 45, 'en');
    expect(lowered).toMatchObject({ session_limit_minutes: 45, pending_session_limit_minutes: null });

    const removal = await rgs().setSessionLimit(p.id, null, 'en');
    expect(removal).toMatchObject({ session_limit_minutes: 45, pending_removal: true });
    h.advance(24 * 60 * MIN);
    // The new login after the cooling-off has no limit any more.
    await sessions().create(p.id, { ip: null, userAgent: null });
    expect((await rgs().getSession(p.id, 'en')).session_limit_minutes).toBeNull();

    const audit = await h.app.services.responsibleGaming.audit(p.id);
    expect(audit.map((a) => a.action).reverse()).toEqual([
      'session_limit_set',
      'session_limit_increase_pending',
      'session_limit_set',
      'session_limit_removal_pending',
    ]);
    expect(audit[1]).toMatchObject({ kind: 'session', previousMinor: 60n, requestedMinor: 45n });
  });

  it('refuses bad values with a typed error and stores nothing', async () => {
    const p = await player();
    for (const minutes of [29, 1441, 45.5, -60, 0]) {
      const error = await typedError(rgs().setSessionLimit(p.id, minutes, 'en'));
      expect(error).toMatchObject({
        type: 'InvalidParameterException',
        fields: { minutes: expect.any(String) },
      });
    }
    for (const minutes of [5, 20, 1000, -15]) {
      const error = await typedError(rgs().setRealityCheck(p.id, minutes, 'fr'));
      expect(error).toMatchObject({ type: 'InvalidParameterException' });
    }
    expect(await count('rg_session_settings', p.id)).toBe(0);
    expect(await count('rg_audit', p.id)).toBe(0);
  });
});

describe('previous session at login', () => {
  it('is the session before the current one, ended by logout or by its last activity', async () => {
    const p = await player();
    const firstStart = h.nowMs();
    // The login of `player()` is the first session: nothing came before it but the revoked setup one.
    h.advance(40 * MIN);
    // The logout call: its request resolves (touches) the session, then revokes it.
    await sessions().resolve(p.auth);
    await sessions().revoke(p.auth, 'logout');
    h.advance(2 * 60 * MIN);

    const second = await sessions().create(p.id, { ip: null, userAgent: null });
    const afterLogout = await rgs().getSession(p.id, 'en');
    near(afterLogout.previous_session?.started_at, firstStart);
    near(afterLogout.previous_session?.ended_at, firstStart + 40 * MIN);
    nearSeconds(afterLogout.previous_session?.duration_seconds, 40 * 60);

    // The second session goes idle: its last activity (written at most once a minute) ends it.
    h.advance(10 * MIN);
    await sessions().resolve(second);
    h.advance(3 * 60 * MIN);
    await sessions().create(p.id, { ip: null, userAgent: null });
    const afterIdle = await rgs().getSession(p.id, 'en');
    nearSeconds(afterIdle.previous_session?.duration_seconds, 11 * 60);
  });

  it('is none for a first session', async () => {
    const { id: playerId } = await h.createPlayer();
    expect((await rgs().getSession(playerId, 'en')).previous_session).toBeNull();
  });
});

describe('reality checks', () => {
  it('show time played and winnings minus stakes of this session from the wager stream', async () => {
    const p = await h.player({ deposit: 100n });
    // A bet before this session does not count.
    expect((await bet(p.token, '7.00')).body.status).toBe('ok');
    h.advance(MIN);
    await sessions().revokeAllForPlayer(p.id, 'logout');
    await sessions().create(p.id, { ip: null, userAgent: null });
    const start = h.nowMs();

    const set = await rgs().setRealityCheck(p.id, 15, 'en');
    expect(set.reality_check_minutes).toBe(15);
    near(set.session?.next_reality_check_at, start + 15 * MIN);

    const round = id('round');
    expect((await bet(p.token, '2.00', round)).body.status).toBe('ok');
    const win = await h.call('win', {
      game: h.gameCode,
      token: p.token,
      transaction_id: id('win'),
      round_id: round,
      amount: '5.00',
      currency: 'EUR',
    });
    expect(win.body.status).toBe('ok');
    expect((await bet(p.token, '1.00')).body.status).toBe('ok');
    h.advance(16 * MIN);

    const check = await rgs().getSession(p.id, 'en');
    expect(check.session).toMatchObject({
      staked: { amount: '3.00', currency: 'EUR' },
      won: { amount: '5.00', currency: 'EUR' },
      net: { amount: '2.00', currency: 'EUR' },
    });
    nearSeconds(check.session?.elapsed_seconds, 16 * 60);
    near(check.session?.next_reality_check_at, start + 30 * MIN);
    const audit = await h.app.services.responsibleGaming.audit(p.id);
    expect(audit[0]).toMatchObject({ action: 'reality_check_set', previousMinor: 0n, requestedMinor: 15n });
  });
});

describe('over the player API', () => {
  it('logout then login: the previous session at login; bad values are typed errors in the caller language', async () => {
    const { browser, login, password } = await signUp(h.app, { currency: 'EUR' });
    const first = await browser.call('responsibleGaming.getSession');
    expect(first.body.status, JSON.stringify(first.body)).toBe(1);
    expect(first.body.data).toMatchObject({ session_limit_minutes: null, reality_check_minutes: 0 });

    h.advance(25 * MIN);
    expect((await browser.call('auth.logout')).body.status).toBe(1);
    h.advance(60 * MIN);
    const again = newBrowser(h.app);
    expect((await again.call('auth.login', { login, password })).body.status).toBe(1);
    const atLogin = await again.call('responsibleGaming.getSession', {}, { locale: 'fr' });
    const previous = (atLogin.body.data as { previous_session: { duration_seconds: number } | null })
      .previous_session;
    nearSeconds(previous?.duration_seconds, 25 * 60);

    const bad = await again.call('responsibleGaming.setSessionLimit', { minutes: 10 }, { locale: 'fr' });
    expect(bad.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { minutes: expect.any(String) },
      message: expect.stringContaining('Choisissez une limite de session'),
    });
    const reality = await again.call('responsibleGaming.setRealityCheck', { minutes: 30 });
    expect((reality.body.data as { reality_check_minutes: number }).reality_check_minutes).toBe(30);
  });
});
