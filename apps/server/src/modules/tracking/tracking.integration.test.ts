/**
 * Affiliate tracking and fraud scoring end to end (ADR 039) on real PostgreSQL, with the sandbox
 * payment and fraud providers over real HTTP and bets through the signed game wallet API:
 * `/hit` stores valid landings and nothing of forged ones, registration attributes the first
 * touch, the affiliate report's totals equal the ledger's sums for the same players, and a high
 * fraud score holds a withdrawal for the operator's review.
 */
import { freePort } from '@croupier/db/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rgsCredentials } from '../../provider-credentials.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Browser, newBrowser, uniqueEmail } from '../accounts/account-test-client.ts';
import { signTelegramInitData } from '../auth/telegram.ts';
import { operatorJwt, payAtProvider } from '../cashier/cashier-test-client.ts';
import { sign } from '../gamewallet/gamewallet-test-client.ts';
import { VISIT_COOKIE } from './tracking.service.ts';

let h: TestApp;
let base: string;
let jwt: string;
let gameId: bigint;
const GAME_CODE = 'trk-test-slot';
const BOT_TOKEN = '515151:TRACKINGtestTOKENtrackingTEST';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  h = await createTestApp({
    env: {
      PORT: String(port),
      PUBLIC_URL: base,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      SEON_ENABLED: 'true',
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    },
  });
  await h.app.listen({ port, host: '127.0.0.1' });
  jwt = await operatorJwt(h);
  const credentials = rgsCredentials(h.config);
  const provider = await h.database.db.execute<{ id: number }>(sql`
    INSERT INTO game_providers (sysname, name, wallet_provider, launch_url)
    VALUES ('trk-studio', 'Tracking Test Studio', ${credentials.providerId}, '/rgs/launch') RETURNING id`);
  const game = await h.database.db.execute<{ id: string }>(sql`
    INSERT INTO games (sysname, name, provider_id, provider_game_code, type, description, image_url)
    VALUES (${GAME_CODE}, 'Tracking Test Slot', ${provider.rows[0]?.id}, ${GAME_CODE}, 'slot',
            '{"en":"Test","fr":"Test"}'::jsonb, '/test.png') RETURNING id`);
  gameId = BigInt(game.rows[0]?.id ?? 0);
});
afterAll(async () => {
  await h?.close();
});

let ipCounter = 0;
async function hit(query: string, cookie?: string) {
  ipCounter += 1;
  const response = await h.app.inject({
    method: 'GET',
    url: `/hit?${query}`,
    remoteAddress: `10.77.${ipCounter >> 8}.${ipCounter & 255}`,
    headers: cookie ? { cookie: `${VISIT_COOKIE}=${cookie}` } : {},
  });
  const set = response.cookies.find((c) => c.name === VISIT_COOKIE);
  return { response, visitKey: set?.value, setCookie: set };
}

async function visitCount(): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM tracking_visits`,
  );
  return rows.rows[0]?.n ?? 0;
}

/** Registers through auth.register from a browser carrying the visit cookie. */
async function register(visitKey: string | undefined): Promise<{ browser: Browser; uid: bigint }> {
  const browser = newBrowser(h.app, visitKey ? { cookie: `${VISIT_COOKIE}=${visitKey}` } : {});
  const answer = await browser.call('auth.register', {
    login: uniqueEmail('trk'),
    password: 'Secret-123',
    terms: '1',
    birth_date: '01.01.1990',
  });
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
  return { browser, uid: BigInt((answer.body.data as { uid: number }).uid) };
}

async function deposit(browser: Browser, amount: string): Promise<void> {
  const made = await browser.call('cashier.makedeposit', { method: 'card', amount });
  expect(made.body.status, JSON.stringify(made.body)).toBe(1);
  const { redirect_url, transaction_id } = made.body.data as { redirect_url: string; transaction_id: number };
  await payAtProvider(redirect_url);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await h.app.sandboxPsp?.deliverDue();
    const rows = await h.database.db.execute<{ status: string }>(
      sql`SELECT status FROM cashier_transactions WHERE id = ${transaction_id}`,
    );
    if (rows.rows[0]?.status === 'succeeded') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`deposit ${transaction_id} not credited`);
}

let walletIds = 0;
async function play(playerId: bigint, stake: string, win: string): Promise<void> {
  const credentials = rgsCredentials(h.config);
  const session = await h.app.services.gameWallet.openSession({
    playerId,
    gameId,
    provider: credentials.providerId,
    mode: 'real',
    currency: 'EUR',
  });
  walletIds += 1;
  const round = `trk-round-${walletIds}`;
  const call = async (action: string, body: Record<string, string>) => {
    const raw = JSON.stringify({
      game: GAME_CODE,
      token: session.token,
      round_id: round,
      currency: 'EUR',
      ...body,
    });
    const response = await h.app.inject({
      method: 'POST',
      url: `/gw/v1/${action}`,
      headers: {
        'x-provider': credentials.providerId,
        'x-signature': sign(credentials.secret, Math.floor(Date.now() / 1000), raw),
        'content-type': 'application/json',
      },
      payload: raw,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await call('bet', { transaction_id: `trk-bet-${walletIds}`, amount: stake });
  if (win !== '0') await call('win', { transaction_id: `trk-win-${walletIds}`, amount: win });
}

async function operator(
  url: string,
  options: { anonymous?: boolean; method?: 'GET' | 'POST'; payload?: unknown } = {},
) {
  const response = await h.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: options.anonymous ? {} : { authorization: `Bearer ${jwt}` },
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
  return {
    statusCode: response.statusCode,
    body: response.json() as { data: unknown; error?: { details: { code: string } } },
  };
}

describe('/hit', () => {
  it('records a valid landing and sets the visit cookie (SameSite=Lax, bounded life)', async () => {
    const before = await visitCount();
    const { response, visitKey, setCookie } = await hit(
      'track_id=cmp-1&publisher_id=pub_7&goal_id=g1&goal_entry_id=ge2&link_id=lnk.3&referer=https%3A%2F%2Faff.example%2Fpage',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(visitKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(setCookie).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(await visitCount()).toBe(before + 1);
    const rows = await h.database.db.execute<Record<string, string | null>>(sql`
      SELECT track_id, td, publisher_id, goal_id, goal_entry_id, link_id, referer FROM tracking_visits
      WHERE visit_key = ${visitKey ?? ''}`);
    expect(rows.rows[0]).toEqual({
      track_id: 'cmp-1',
      td: null,
      publisher_id: 'pub_7',
      goal_id: 'g1',
      goal_entry_id: 'ge2',
      link_id: 'lnk.3',
      referer: 'https://aff.example/page',
    });
  });

  it('rewrites a td_ track_id into its own parameter', async () => {
    const { visitKey } = await hit('track_id=td_dist9&publisher_id=pub_7');
    const rows = await h.database.db.execute<{ track_id: string | null; td: string | null }>(
      sql`SELECT track_id, td FROM tracking_visits WHERE visit_key = ${visitKey ?? ''}`,
    );
    expect(rows.rows[0]).toEqual({ track_id: null, td: 'dist9' });
  });

  it('stores nothing of forged or absurd hits and still answers the pixel', async () => {
    const before = await visitCount();
    const forged = [
      'track_id=%3Cscript%3E',
      `track_id=${'a'.repeat(65)}`,
      'track_id=a&track_id=b',
      'track_id=td_',
      'publisher_id=',
      'track_id=ok&referer=javascript%3Aalert(1)',
      'track_id=ok&referer=https%3A%2F%2Fuser%3Apass%40evil.example%2F',
      'track_id=ok&session=%3Cbad%3E',
      `track_id=ok&x=${'y'.repeat(3000)}`,
      'referer=https%3A%2F%2Faff.example%2F',
      '',
    ];
    for (const query of forged) {
      const { response, setCookie } = await hit(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['content-type']).toBe('image/gif');
      expect(setCookie, query).toBeUndefined();
    }
    expect(await visitCount()).toBe(before);
  });

  it('is rate-limited per address: past the limit nothing is stored', async () => {
    const before = await visitCount();
    const answers = [];
    for (let i = 0; i < 65; i += 1) {
      answers.push(
        await h.app.inject({ method: 'GET', url: `/hit?track_id=flood${i}`, remoteAddress: '10.99.99.99' }),
      );
    }
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await visitCount()).toBe(before + 60);
  });
});

describe('attribution at registration', () => {
  it('keeps the first touch on a second landing and writes it with the click time', async () => {
    const first = await hit('track_id=first-touch&publisher_id=pub_first&link_id=l1');
    expect(first.visitKey).toBeDefined();
    const second = await hit('track_id=second&publisher_id=pub_second', first.visitKey);
    // The second landing is recorded, but the browser keeps its first visit.
    expect(second.setCookie).toBeUndefined();
    const { uid } = await register(first.visitKey);
    const attribution = await h.app.services.tracking.attributionOf(uid);
    expect(attribution?.params).toEqual({
      track_id: 'first-touch',
      publisher_id: 'pub_first',
      link_id: 'l1',
    });
    const clicked = await h.database.db.execute<{ created_at: Date }>(
      sql`SELECT created_at FROM tracking_visits WHERE visit_key = ${first.visitKey ?? ''}`,
    );
    expect(attribution?.clicked_at).toBe(new Date(clicked.rows[0]!.created_at).toISOString());
    // A second attribution of the same player changes nothing.
    expect(await h.app.services.tracking.attributeRegistration(uid, second.visitKey)).toBe(false);
  });

  it('attributes a messenger mini-app sign-up too, once (a later sign-in changes nothing)', async () => {
    const land = await hit('track_id=tg-campaign&publisher_id=pub_tg');
    const later = await hit('track_id=other&publisher_id=pub_other');
    const payload = signTelegramInitData(
      {
        query_id: 'AAHtrk',
        user: JSON.stringify({ id: 880001, username: 'trk_tg' }),
        auth_date: String(Math.floor(Date.now() / 1000) - 5),
      },
      BOT_TOKEN,
    );
    const params = {
      is_tg: '1',
      id: '880001',
      username: 'trk_tg',
      hash: new URLSearchParams(payload).get('hash') ?? '',
      payload,
    };
    const first = await newBrowser(h.app, { cookie: `${VISIT_COOKIE}=${land.visitKey}` }).call(
      'auth.register',
      params,
    );
    expect(first.body.status, JSON.stringify(first.body)).toBe(1);
    const uid = BigInt((first.body.data as { uid: number }).uid);
    const again = await newBrowser(h.app, { cookie: `${VISIT_COOKIE}=${later.visitKey}` }).call(
      'auth.register',
      params,
    );
    expect(again.body.status).toBe(1);
    expect((await h.app.services.tracking.attributionOf(uid))?.params).toEqual({
      track_id: 'tg-campaign',
      publisher_id: 'pub_tg',
    });
  });

  it('attributes nothing for a forged or unknown visit cookie, and registration still works', async () => {
    for (const cookie of ['AAAAAAAAAAAAAAAAAAAAAA', 'not a key', 'x'.repeat(300)]) {
      const { uid } = await register(cookie);
      expect(await h.app.services.tracking.attributionOf(uid)).toBeNull();
    }
  });
});

describe('the affiliate report', () => {
  it('requires operator authentication and refuses a bad period', async () => {
    expect(
      (await operator('/nfx/operator/affiliates/report?from=2026-01-01&to=2026-01-02', { anonymous: true }))
        .statusCode,
    ).toBe(401);
    const bad = await operator('/nfx/operator/affiliates/report?from=2026-02-30&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    const long = await operator('/nfx/operator/affiliates/report?from=2025-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.body.error?.details.code).toBe('invalid_period');
  });

  it('totals equal the ledger sums of the attributed players (deposits, first deposits, NGR)', async () => {
    const landA = await hit('publisher_id=rep_pub_a&link_id=rep_link&track_id=ra');
    const landB = await hit('publisher_id=rep_pub_b&track_id=rb');
    const a = await register(landA.visitKey);
    const b = await register(landB.visitKey);
    const unattributed = await register(undefined);
    await deposit(a.browser, '100');
    await deposit(a.browser, '50');
    await deposit(b.browser, '30');
    await deposit(unattributed.browser, '20');
    await play(a.uid, '20.00', '5.00');
    await play(b.uid, '10.00', '0');
    await play(unattributed.uid, '7.00', '0');

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const answer = await operator(`/nfx/operator/affiliates/report?from=${day(-1)}&to=${day(1)}`);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    type Money = { amount: string; currency: string };
    const items = (
      answer.body.data as {
        items: {
          publisher_id: string;
          link_id: string;
          registrations: number;
          first_deposits: { count: number; amounts: Money[] };
          deposits: { count: number; amounts: Money[] };
          ngr: Money[];
        }[];
      }
    ).items;

    const ledger = async (playerId: bigint) => {
      const rows = await h.database.db.execute<{ deposits: string; ngr: string }>(sql`
        SELECT COALESCE(SUM(p.amount_minor) FILTER (WHERE t.kind = 'deposit'), 0)::text AS deposits,
               (-COALESCE(SUM(p.amount_minor) FILTER (WHERE t.kind IN ('game_bet', 'game_win', 'game_rollback')), 0))::text AS ngr
        FROM ledger_postings p
        JOIN ledger_transactions t ON t.id = p.transaction_id
        JOIN ledger_accounts acc ON acc.id = p.account_id
        WHERE acc.player_id = ${playerId} AND acc.name = 'main' AND acc.currency = 'EUR'`);
      return { deposits: BigInt(rows.rows[0]!.deposits), ngr: BigInt(rows.rows[0]!.ngr) };
    };
    const minor = (list: Money[]) =>
      list.reduce((sum, m) => {
        expect(m.currency).toBe('EUR');
        return sum + BigInt(m.amount.replace('.', ''));
      }, 0n);
    const totalsOf = (publisher: string) => {
      const rows = items.filter((i) => i.publisher_id === publisher);
      return {
        links: [...new Set(rows.map((r) => r.link_id))],
        registrations: rows.reduce((n, r) => n + r.registrations, 0),
        firstCount: rows.reduce((n, r) => n + r.first_deposits.count, 0),
        first: minor(rows.flatMap((r) => r.first_deposits.amounts)),
        depositCount: rows.reduce((n, r) => n + r.deposits.count, 0),
        deposits: minor(rows.flatMap((r) => r.deposits.amounts)),
        ngr: minor(rows.flatMap((r) => r.ngr)),
      };
    };
    const ledgerA = await ledger(a.uid);
    const ledgerB = await ledger(b.uid);
    expect(ledgerA).toEqual({ deposits: 15000n, ngr: 1500n });
    expect(totalsOf('rep_pub_a')).toEqual({
      links: ['rep_link'],
      registrations: 1,
      firstCount: 1,
      first: 10000n,
      depositCount: 2,
      deposits: ledgerA.deposits,
      ngr: ledgerA.ngr,
    });
    expect(totalsOf('rep_pub_b')).toEqual({
      links: [''],
      registrations: 1,
      firstCount: 1,
      first: 3000n,
      depositCount: 1,
      deposits: ledgerB.deposits,
      ngr: ledgerB.ngr,
    });
    // The unattributed player's money is in no row.
    const everything = items.reduce((sum, i) => sum + minor(i.deposits.amounts), 0n);
    const attributed = await h.database.db.execute<{ id: string }>(
      sql`SELECT player_id::text AS id FROM tracking_attributions WHERE publisher_id IS NOT NULL`,
    );
    let ledgerTotal = 0n;
    for (const row of attributed.rows) ledgerTotal += (await ledger(BigInt(row.id))).deposits;
    expect(everything).toBe(ledgerTotal);
  });
});

describe('fraud scoring and withdrawals', () => {
  async function confirmed(): Promise<{ browser: Browser; uid: bigint }> {
    const player = await register(undefined);
    await h.database.db.execute(
      sql`UPDATE player_contacts SET confirmed_at = now() WHERE player_id = ${player.uid} AND is_login`,
    );
    return player;
  }
  function fraudCheck(browser: Browser | null, session: string, headers: Record<string, string> = {}) {
    return h.app.inject({
      method: 'POST',
      url: '/fraud-check',
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(browser?.cookie ? { cookie: browser.cookie } : {}),
        ...headers,
      },
      payload: { session },
    });
  }
  async function scores(playerId: bigint) {
    const rows = await h.database.db.execute<{ score: number; fraud_session: string }>(
      sql`SELECT score, fraud_session FROM fraud_scores WHERE player_id = ${playerId} ORDER BY id`,
    );
    return rows.rows;
  }

  it('serves the fingerprint script on demand from the sandbox provider', async () => {
    const redirect = await h.app.inject({ method: 'GET', url: '/fraud/agent.js' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`${base}/sandbox/fraud/agent.js`);
    const script = await fetch(`${base}/sandbox/fraud/agent.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('croupierFraudAgent');
  });

  it('stores the score with the session and the player; refuses cross-site and malformed checks', async () => {
    const { browser, uid } = await confirmed();
    expect((await fraudCheck(browser, 'sbx_0123456789abcdef')).statusCode).toBe(204);
    expect(
      (await fraudCheck(browser, 'sbx_0123456789abcdef', { 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403);
    expect((await fraudCheck(browser, '<script>')).statusCode).toBe(400);
    const stored = await scores(uid);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.fraud_session).toBe('sbx_0123456789abcdef');
    expect(stored[0]?.score).toBeLessThan(30);
    // A guest's check is stored without a player.
    expect((await fraudCheck(null, 'sbx_guest_session_1')).statusCode).toBe(204);
    const guest = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM fraud_scores WHERE fraud_session = 'sbx_guest_session_1' AND player_id IS NULL`,
    );
    expect(guest.rows[0]?.n).toBe(1);
  });

  it('a high score holds the withdrawal for review, visible to the operator; a low one does not', async () => {
    const risky = await confirmed();
    await deposit(risky.browser, '100');
    expect((await fraudCheck(risky.browser, 'sbx_high_device_0001')).statusCode).toBe(204);
    expect((await scores(risky.uid))[0]?.score).toBe(95);
    const held = await risky.browser.call('cashier.makewithdrawal', { method: 'card', amount: '40' });
    expect(held.body.status, JSON.stringify(held.body)).toBe(1);
    const heldId = (held.body.data as { id: number }).id;

    const clean = await confirmed();
    await deposit(clean.browser, '100');
    await fraudCheck(clean.browser, 'sbx_clean_device_0001');
    const free = await clean.browser.call('cashier.makewithdrawal', { method: 'card', amount: '40' });
    const freeId = (free.body.data as { id: number }).id;

    const listed = await operator('/nfx/operator/withdrawals?status=pending');
    const byId = new Map(
      (listed.body.data as { items: { id: number; review_hold: string | null }[] }).items.map((i) => [
        i.id,
        i,
      ]),
    );
    expect(byId.get(heldId)?.review_hold).toBe('fraud_score_high');
    expect(byId.get(freeId)?.review_hold).toBeNull();
    // Each row carries its risk signals: identity, the latest fraud score, bonuses still wagering,
    // and the player's net deposits (the pending withdrawal itself not yet counted out).
    const risk = (id: number) => (byId.get(id) as unknown as { risk: Record<string, unknown> }).risk;
    expect(risk(heldId)).toEqual({
      kyc: 'none',
      kyc_block: false,
      fraud_score: 95,
      fraud_score_high: true,
      open_bonuses: 0,
      deposited: { amount: '100.00', currency: 'EUR' },
      withdrawn: { amount: '0.00', currency: 'EUR' },
      net_deposits: { amount: '100.00', currency: 'EUR' },
    });
    expect(risk(freeId).fraud_score).toBeLessThan(30);

    const refused = await operator(`/nfx/operator/withdrawals/${heldId}/approve`, { method: 'POST' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.body.error?.details.code).toBe('review_required');
    const reviewed = await operator(`/nfx/operator/withdrawals/${heldId}/approve`, {
      method: 'POST',
      payload: { reviewed: true },
    });
    expect(reviewed.statusCode, JSON.stringify(reviewed.body)).toBe(200);
    expect(
      (await operator(`/nfx/operator/withdrawals/${freeId}/approve`, { method: 'POST' })).statusCode,
    ).toBe(200);
    // The deposits desk finds a player's deposits by player id, by transaction id, by status.
    type Found = {
      items: {
        id: number;
        player_id: number;
        status: string;
        amount: { amount: string };
        created_at: string;
      }[];
      more: boolean;
    };
    const search = async (query: string) =>
      (await operator(`/nfx/operator/deposits?${query}`)).body.data as Found;
    const mine = await search(`q=${risky.uid}`);
    expect(mine.items.map((item) => [item.player_id, item.status, item.amount.amount])).toEqual([
      [Number(risky.uid), 'succeeded', '100.00'],
    ]);
    expect(mine.more).toBe(false);
    expect((await search(`q=${mine.items[0]!.id}`)).items.map((item) => item.id)).toContain(
      mine.items[0]!.id,
    );
    expect((await search(`q=${risky.uid}&status=failed`)).items).toEqual([]);
    const today = mine.items[0]!.created_at.slice(0, 10);
    expect((await search(`q=${risky.uid}&from=${today}&to=${today}`)).items).toHaveLength(1);
    // Bad input: a typed 400, never a 500.
    for (const bad of ['from=2026-02-30x', 'status=lost', 'from=2026-11-02&to=2026-11-01', 'q=']) {
      expect((await operator(`/nfx/operator/deposits?${bad}`)).statusCode, bad).toBe(400);
    }
    // Approved money counts out of the net deposits.
    expect(await h.app.services.cashier.netDeposits(BigInt(clean.uid), 'EUR')).toEqual({
      depositedMinor: 10_000n,
      withdrawnMinor: 4_000n,
      netMinor: 6_000n,
    });
  });
});
