/**
 * Marketing's tournaments, jackpots and loyalty desks (ADR 049) on real PostgreSQL with a fake
 * clock: validation as the modules enforce it, nothing written on bad input, the version digest
 * (a stale one changes nothing), a tournament's rules locked once it started, a cancel refunding the
 * buy-ins through a balanced ledger, a jackpot's money rules locked, loyalty levels that would demote
 * players refused, and an audit row (with before and after) for every call.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../accounts/account-test-client.ts';
import { createStaff, type TestStaff } from './staff-test-client.ts';

const HOUR = 3_600_000;
let clock = new Date('2026-06-01T12:00:00Z');
let h: TestApp;
let marketing: TestStaff;
let counter = 0;

beforeAll(async () => {
  h = await createTestApp({ now: () => clock });
  marketing = await createStaff(h, 'marketing', { username: 'desk-marketing' });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

type Json = Record<string, unknown> & { data: Record<string, unknown> & { items?: unknown[] } };

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const response = await h.app.inject({
    method,
    url,
    remoteAddress: `10.88.0.${(++counter % 200) + 1}`,
    headers: { authorization: `Bearer ${marketing.jwt}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

async function lastAudit() {
  const result = await h.database.db.execute<{
    action: string;
    outcome: string;
    detail: string | null;
    before: unknown;
    after: unknown;
  }>(sql`SELECT action, outcome, detail, before, after FROM staff_audit_log ORDER BY id DESC LIMIT 1`);
  return result.rows[0]!;
}

async function count(table: string): Promise<number> {
  const result = await h.database.db.execute<{ n: number }>(
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return result.rows[0]!.n;
}

function tournament(extra: Record<string, unknown> = {}) {
  return {
    key: 'desk-cup',
    name: { en: 'Desk Cup', fr: 'Coupe du bureau' },
    description: { en: 'Stake the most.', fr: 'Misez le plus.' },
    starts_at: new Date(clock.getTime() + HOUR).toISOString(),
    ends_at: new Date(clock.getTime() + 5 * HOUR).toISOString(),
    currency: 'EUR',
    scoring: 'total_bet',
    entry: 'buy_in',
    buy_in: '5.00',
    prizes: [{ from: 1, to: 1, kind: 'cash', amount: '50.00' }],
    games: ['neon-reels'],
    ...extra,
  };
}

describe('the tournaments desk', () => {
  let id: number;
  let version: string;

  it('refuses a bad definition with a typed error, writes nothing, and audits the attempt', async () => {
    const before = await count('tournaments');
    for (const [body, field] of [
      [tournament({ ends_at: new Date(clock.getTime()).toISOString() }), 'endsAt'],
      [tournament({ games: ['no-such-game'] }), 'games'],
      [tournament({ entry: 'opt_in' }), 'buyInMinor'],
      [tournament({ buy_in: '5.001' }), 'buy_in'],
      [tournament({ key: 'Bad Key' }), 'key'],
    ] as const) {
      const answer = await call('POST', '/nfx/operator/tournaments', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(
        (answer.body.error as { details: { fields: Record<string, string> } }).details.fields,
      ).toHaveProperty(field);
      expect(await lastAudit()).toMatchObject({ action: 'tournaments.create', outcome: 'failed' });
    }
    expect(await count('tournaments')).toBe(before);
  });

  it('creates, lists and edits with the version digest; a stale version changes nothing', async () => {
    const created = await call('POST', '/nfx/operator/tournaments', tournament());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      key: 'desk-cup',
      status: 'future',
      buy_in: '5.00',
      games: ['neon-reels'],
    });
    id = created.body.data.id as number;
    version = created.body.data.version as string;
    expect(version).toMatch(/^[0-9a-f]{24}$/);
    expect(await lastAudit()).toMatchObject({ action: 'tournaments.create', outcome: 'done' });

    const taken = await call('POST', '/nfx/operator/tournaments', tournament());
    expect(taken.body.error).toMatchObject({ details: { code: 'tournament_key_taken' } });

    const list = await call('GET', '/nfx/operator/tournaments');
    expect(list.body.data.items).toContainEqual(expect.objectContaining({ id, version }));

    const { key: _key, ...edit } = tournament({ name: { en: 'Desk Cup II', fr: 'Coupe du bureau II' } });
    const stale = await call('PUT', `/nfx/operator/tournaments/${id}`, {
      ...edit,
      version: '000000000000000000000000',
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ details: { code: 'stale_version' } });
    expect(await lastAudit()).toMatchObject({
      action: 'tournaments.update',
      outcome: 'failed',
      detail: 'stale_version',
    });
    expect((await call('GET', `/nfx/operator/tournaments/${id}`)).body.data.version).toBe(version);

    const edited = await call('PUT', `/nfx/operator/tournaments/${id}`, { ...edit, version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.name).toEqual({ en: 'Desk Cup II', fr: 'Coupe du bureau II' });
    expect(edited.body.data.version).not.toBe(version);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'tournaments.update', outcome: 'done' });
    expect(audit.before).toMatchObject({ name: { en: 'Desk Cup' } });
    expect(audit.after).toMatchObject({ name: { en: 'Desk Cup II' } });
    version = edited.body.data.version as string;

    // The old version is stale now: the second of two concurrent edits is refused.
    const second = await call('PUT', `/nfx/operator/tournaments/${id}`, {
      ...edit,
      buy_in: '7.00',
      version: created.body.data.version,
    });
    expect(second.body.error).toMatchObject({ details: { code: 'stale_version' } });
  });

  it('locks the rules once started and refunds every buy-in on cancel, with a balanced ledger', async () => {
    const players: {
      uid: number;
      call: (method: string, params: Record<string, unknown>) => Promise<unknown>;
    }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const player = await signUp(h.app, { currency: 'EUR' });
      await h.app.services.wallet.adjustBalance({
        playerId: BigInt(player.uid),
        currency: 'EUR',
        amountMinor: 2_000n,
        idempotencyKey: `desk-fund-${player.uid}`,
        staff: '0:test',
        reason: 'test funds',
      });
      const joined = await player.browser.call('tournaments.participate', { tournament_id: id });
      expect(joined.body).toEqual({ status: 1, data: 1 });
      players.push({ uid: player.uid, call: (m, p) => player.browser.call(m, p) });
    }
    const balance = (uid: number) => h.app.services.wallet.balanceMinor(BigInt(uid), 'EUR', 'main');
    for (const p of players) expect(await balance(p.uid)).toBe(1_500n);

    // Players joined: the buy-in may not change any more (their refunds must be what they paid).
    const { key: _key, ...edit } = tournament({ name: { en: 'Desk Cup II', fr: 'Coupe du bureau II' } });
    const pricier = await call('PUT', `/nfx/operator/tournaments/${id}`, {
      ...edit,
      buy_in: '9.00',
      version,
    });
    expect(pricier.body.error).toMatchObject({ details: { code: 'tournament_has_participants' } });

    clock = new Date(clock.getTime() + 2 * HOUR);
    const fresh = await call('GET', `/nfx/operator/tournaments/${id}`);
    expect(fresh.body.data).toMatchObject({ status: 'active', participants: 2, version });
    const late = await call('PUT', `/nfx/operator/tournaments/${id}`, {
      ...edit,
      name: { en: 'Too late', fr: 'Trop tard' },
      version,
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ details: { code: 'tournament_started' } });
    expect((await call('GET', `/nfx/operator/tournaments/${id}`)).body.data.name).toEqual({
      en: 'Desk Cup II',
      fr: 'Coupe du bureau II',
    });

    const noReason = await call('POST', `/nfx/operator/tournaments/${id}/cancel`, { version });
    expect(noReason.status).toBe(400);
    const cancelled = await call('POST', `/nfx/operator/tournaments/${id}/cancel`, {
      version,
      reason: 'game provider outage',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunded: 2, refunded_amount: '10.00' });
    expect(await lastAudit()).toMatchObject({
      action: 'tournaments.cancel',
      outcome: 'done',
      detail: 'game provider outage',
      before: { status: 'active' },
      after: { status: 'cancelled', refunded: 2 },
    });
    for (const p of players) expect(await balance(p.uid)).toBe(2_000n);
    expect(await checkInvariants(h.database.db)).toEqual([]);

    // Closed: a second cancel (new version) refunds nothing, joining is refused, players no longer see it.
    const again = await call('POST', `/nfx/operator/tournaments/${id}/cancel`, {
      version: cancelled.body.data.version,
      reason: 'twice',
    });
    expect(again.body.error).toMatchObject({ details: { code: 'tournament_closed' } });
    for (const p of players) expect(await balance(p.uid)).toBe(2_000n);
    const list = (await players[0]!.call('tournaments.get', {})) as {
      body: { data: { items: { id: number }[] } };
    };
    expect(list.body.data.items.map((t) => t.id)).not.toContain(id);
  });
});

describe('the jackpots desk', () => {
  it('creates a jackpot, edits its name and games, and refuses money-rule changes', async () => {
    const body = {
      key: 'desk-drop',
      name: { en: 'Desk Drop', fr: 'Drop du bureau' },
      currency: 'EUR',
      contribution_bp: 100,
      reserve_bp: 1000,
      seed: '10.00',
      ceiling: '100.00',
      games: ['neon-reels'],
    };
    const before = await count('jackpots');
    const bad = await call('POST', '/nfx/operator/jackpots', { ...body, ceiling: '5.00' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ details: { fields: { ceiling: 'invalid' } } });
    expect(await count('jackpots')).toBe(before);

    const created = await call('POST', '/nfx/operator/jackpots', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ amount: '10.00', enabled: true, cycle: 1 });
    const id = created.body.data.id as number;
    const version = created.body.data.version as string;
    const { key: _k, currency: _c, ...rules } = body;

    const locked = await call('PUT', `/nfx/operator/jackpots/${id}`, {
      ...rules,
      ceiling: '200.00',
      enabled: true,
      version,
    });
    expect(locked.body.error).toMatchObject({
      details: { code: 'jackpot_rules_locked', fields: { ceiling: 'jackpot_rules_locked' } },
    });
    expect(await lastAudit()).toMatchObject({
      action: 'jackpots.update',
      outcome: 'failed',
      detail: 'jackpot_rules_locked',
    });

    const edited = await call('PUT', `/nfx/operator/jackpots/${id}`, {
      ...rules,
      name: { en: 'Desk Drop!', fr: 'Drop du bureau !' },
      games: ['neon-reels', 'aurora-reels'],
      enabled: false,
      version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ enabled: false, games: ['neon-reels', 'aurora-reels'] });
    expect(await lastAudit()).toMatchObject({
      action: 'jackpots.update',
      outcome: 'done',
      before: { enabled: true },
      after: { enabled: false },
    });
    const stale = await call('PUT', `/nfx/operator/jackpots/${id}`, { ...rules, enabled: true, version });
    expect(stale.body.error).toMatchObject({ details: { code: 'stale_version' } });
    expect((await call('GET', `/nfx/operator/jackpots/${id}`)).body.data.enabled).toBe(false);
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });
});

describe('the loyalty desk', () => {
  it('edits the active programme, refusing levels that would demote players', async () => {
    const list = await call('GET', '/nfx/operator/loyalty/programmes');
    const active = (list.body.data.items as Record<string, unknown>[]).find((p) => p.active) as Record<
      string,
      unknown
    > & {
      id: number;
      version: string;
      levels: { position: number; threshold: number; name: { en: string; fr: string } }[];
    };
    expect(active).toBeDefined();
    const player = await h.createPlayer();
    await h.database.db.execute(
      sql`INSERT INTO loyalty_accounts (player_id, points, level_points, level) VALUES (${player.id}, 700, 700, 2)`,
    );
    const { id, version, key: _key, enabled: _e, active: _a, ...fields } = active;
    const withLevel2At = (threshold: number, name = active.levels[1]!.name) => ({
      ...fields,
      levels: active.levels.map((l) => (l.position === 2 ? { ...l, threshold, name } : l)),
    });

    const demoting = await call('PUT', `/nfx/operator/loyalty/programmes/${id}`, {
      ...withLevel2At(800),
      version,
    });
    expect(demoting.status).toBe(400);
    expect(demoting.body.error).toMatchObject({ details: { code: 'level_demotes_players' } });
    expect((demoting.body.error as { message: string }).message).toContain('1');
    expect(await lastAudit()).toMatchObject({
      action: 'loyalty.update',
      outcome: 'failed',
      detail: 'level_demotes_players',
    });

    const notIncreasing = await call('PUT', `/nfx/operator/loyalty/programmes/${id}`, {
      ...withLevel2At(5_000),
      version,
    });
    expect(notIncreasing.body.error).toMatchObject({ details: { code: 'invalid_loyalty_programme' } });
    expect((await call('GET', `/nfx/operator/loyalty/programmes/${id}`)).body.data.version).toBe(version);

    const renamed = await call('PUT', `/nfx/operator/loyalty/programmes/${id}`, {
      ...withLevel2At(400, { en: 'Silver Star', fr: 'Étoile d’argent' }),
      version,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'loyalty.update', outcome: 'done' });
    const info = await h.app.services.loyalty.info(player.id, 'en');
    expect(info.levels[1]).toMatchObject({ name: 'Silver Star', threshold: 400 });
    expect(info.level).toBe(2);
    // The edit sent back the singular it read: "1 coin" still.
    expect(info.pointsAliasOne).toBe('coin');

    const stale = await call('PUT', `/nfx/operator/loyalty/programmes/${id}`, {
      ...withLevel2At(300),
      version,
    });
    expect(stale.body.error).toMatchObject({ details: { code: 'stale_version' } });
  });

  it('sets the singular of the points alias per language; a blank one is refused and writes nothing', async () => {
    const read = async () => {
      const list = await call('GET', '/nfx/operator/loyalty/programmes');
      const active = (list.body.data.items as Record<string, unknown>[]).find((p) => p.active)!;
      const { id, key: _key, enabled: _e, active: _a, ...fields } = active;
      return { id: id as number, fields };
    };
    const before = await read();
    expect(before.fields.points_alias_one).toEqual({ en: 'coin', fr: 'jeton' });
    const blank = await call('PUT', `/nfx/operator/loyalty/programmes/${before.id}`, {
      ...before.fields,
      points_alias_one: { en: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({
      details: { code: 'invalid_parameter', fields: { points_alias_one: 'too_small' } },
    });
    expect((await read()).fields).toEqual(before.fields);

    const frenchOnly = await call('PUT', `/nfx/operator/loyalty/programmes/${before.id}`, {
      ...before.fields,
      points_alias_one: { fr: 'pièce' },
    });
    expect(frenchOnly.status, JSON.stringify(frenchOnly.body)).toBe(200);
    const player = await h.createPlayer();
    // English without a singular says the alias for every count; French has its own.
    expect(await h.app.services.loyalty.info(player.id, 'en')).toMatchObject({
      pointsAlias: 'coins',
      pointsAliasOne: 'coins',
    });
    expect(await h.app.services.loyalty.info(player.id, 'fr')).toMatchObject({ pointsAliasOne: 'pièce' });
    const restored = await call('PUT', `/nfx/operator/loyalty/programmes/${before.id}`, {
      ...(await read()).fields,
      points_alias_one: { en: 'coin', fr: 'jeton' },
    });
    expect(restored.status).toBe(200);
  });
});
