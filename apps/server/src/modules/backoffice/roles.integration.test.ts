/**
 * The role matrix (issue #18): every back-office endpoint called by every staff role (and a
 * role-less account); only the roles written here succeed, every call by a signed-in staff member
 * leaves its audit row (done or failed when allowed, refused otherwise), and a refused call changes
 * nothing. The expected roles are spelled out here, not read from backoffice.roles.ts, so the test
 * checks the table rather than repeating it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../accounts/account-test-client.ts';
import { BACKOFFICE_ROLES, type BackofficeRole } from './backoffice.roles.ts';
import { createStaffAccount } from './backoffice.staff.ts';
import { createStaff, type TestStaff } from './staff-test-client.ts';

let h: TestApp;
const staff = new Map<BackofficeRole | 'none', TestStaff>();
let playerId: number;
let targetStaffId: number;
let counter = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  url: () => string;
  body?: () => Record<string, unknown>;
  action: string;
  /** The roles that may call it (admin always may). */
  roles: BackofficeRole[];
  /** What an allowed call answers when not 200 (its audit row then says `failed`). */
  okStatus?: number;
  /** Puts the target back in the state the call expects (each allowed call changes it). */
  prepare?: () => Promise<void>;
}

const setPlayerStatus = (status: 'active' | 'banned') => async () => {
  await h.database.db.execute(sql`UPDATE players SET status = ${status} WHERE id = ${BigInt(playerId)}`);
};

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    url: () => '/nfx/operator/players?q=matrix',
    action: 'players.search',
    roles: ['support', 'payments', 'risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/players/${playerId}`,
    action: 'players.view',
    roles: ['support', 'payments', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/notes`,
    body: () => ({ body: 'called about a bonus' }),
    action: 'players.add_note',
    roles: ['support', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/end-sessions`,
    action: 'players.end_sessions',
    roles: ['support', 'risk', 'admin'],
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/ban`,
    body: () => ({ reason: 'chargeback fraud' }),
    action: 'players.ban',
    roles: ['risk', 'admin'],
    prepare: setPlayerStatus('active'),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/unban`,
    body: () => ({ reason: 'cleared by review' }),
    action: 'players.unban',
    roles: ['risk', 'admin'],
    prepare: setPlayerStatus('banned'),
  },
  {
    method: 'POST',
    url: () => `/nfx/operator/players/${playerId}/adjustments`,
    body: () => ({
      amount: '1.00',
      currency: 'EUR',
      reason: 'goodwill gesture',
      idempotency_key: `matrix-${++counter}-key`,
    }),
    action: 'players.adjust_balance',
    roles: ['payments', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/withdrawals?status=pending',
    action: 'cashier.list_withdrawals',
    roles: ['payments', 'risk', 'admin'],
  },
  {
    method: 'PUT',
    url: () => '/nfx/operator/cashier/settings',
    body: () => ({ kyc_block_enabled: false }),
    action: 'cashier.set_settings',
    roles: ['risk', 'admin'],
  },
  {
    method: 'PUT',
    url: () => `/nfx/operator/players/${playerId}/kyc-block`,
    body: () => ({ enabled: false }),
    action: 'cashier.set_player_kyc_block',
    roles: ['risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/affiliates/report?from=2026-01-01&to=2026-01-07',
    action: 'affiliates.report',
    roles: ['marketing', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/content-manager/pages?limit=5',
    action: 'content.list',
    roles: ['content', 'admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/content-manager/redirects',
    body: () => ({
      data: {
        from_url: `/matrix-${++counter}`,
        to_url: '/promotions',
        status: 302,
        sort_order: 0,
        is_enabled: false,
      },
    }),
    action: 'content.create',
    roles: ['content', 'admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/content-manager/pages/preview',
    body: () => ({ data: { body_html: '<p>Bonjour</p>' } }),
    action: 'content.preview',
    roles: ['content', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/content-manager/config?locale=en',
    action: 'content.config_list',
    roles: ['content', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/content-manager/config/en/games-config',
    action: 'content.config_view',
    roles: ['content', 'admin'],
  },
  {
    // The version is stale (the epoch): an allowed call is audited and refused as stale, nothing written.
    method: 'PUT',
    url: () => '/nfx/content-manager/config/en/games-config',
    body: () => ({
      data: {
        document: {
          tournamentDisplay: { showParticipants: true, durationType: 'countdown', leaderImages: [] },
          gameListPageSize: 24,
        },
        updated_at: '1970-01-01T00:00:00.000Z',
      },
    }),
    action: 'content.config_update',
    roles: ['content', 'admin'],
    okStatus: 400,
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/reports/daily?from=2026-01-01&to=2026-01-08',
    action: 'reports.daily',
    roles: ['payments', 'risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => '/nfx/operator/kyc/reviews',
    action: 'kyc.queue',
    roles: ['risk', 'admin'],
  },
  {
    method: 'GET',
    url: () => `/nfx/operator/kyc/reviews/${playerId}`,
    action: 'kyc.view',
    roles: ['risk', 'admin'],
  },
  {
    // A player without an applicant: the allowed read is audited and answers not found.
    method: 'GET',
    url: () => '/nfx/operator/kyc/reviews/999999999/documents/1',
    action: 'kyc.read_document',
    roles: ['risk', 'admin'],
    okStatus: 404,
  },
  { method: 'GET', url: () => '/nfx/operator/offers', action: 'offers.list', roles: ['marketing', 'admin'] },
  { method: 'GET', url: () => '/nfx/audit-log?limit=5', action: 'audit.search', roles: ['admin'] },
  { method: 'GET', url: () => '/nfx/users?limit=5', action: 'staff.list', roles: ['admin'] },
  {
    method: 'PUT',
    url: () => `/nfx/users/${targetStaffId}/role`,
    body: () => ({ role: 'support' }),
    action: 'staff.set_role',
    roles: ['admin'],
  },
  {
    method: 'DELETE',
    url: () => `/nfx/users/${targetStaffId}/mfa`,
    action: 'staff.reset_mfa',
    roles: ['admin'],
  },
  {
    method: 'POST',
    url: () => '/nfx/auth/local/register',
    body: () => ({
      username: `hire-${++counter}`,
      email: `hire-${counter}@croupier.test`,
      password: 'a long password 1',
    }),
    action: 'staff.create',
    roles: ['admin'],
  },
];

async function call(endpoint: Endpoint, who: TestStaff) {
  const body = endpoint.body?.();
  const response = await h.app.inject({
    method: endpoint.method,
    url: endpoint.url(),
    remoteAddress: `10.77.0.${(++counter % 200) + 1}`,
    headers: { authorization: `Bearer ${who.jwt}` },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.body };
}

async function lastAudit(): Promise<{
  action: string;
  outcome: string;
  staff_id: string | null;
  detail: string | null;
}> {
  const result = await h.database.db.execute<{
    action: string;
    outcome: string;
    staff_id: string | null;
    detail: string | null;
  }>(sql`SELECT action, outcome, staff_id::text, detail FROM staff_audit_log ORDER BY id DESC LIMIT 1`);
  return result.rows[0]!;
}

beforeAll(async () => {
  h = await createTestApp();
  for (const role of BACKOFFICE_ROLES)
    staff.set(role, await createStaff(h, role, { username: `matrix-${role}` }));
  // A role-less account (self-registered or demoted): reaches nothing.
  const roleless = await createStaff(h, 'support', { username: 'matrix-none', mfa: false });
  await h.database.db.execute(sql`UPDATE backoffice_users SET role = NULL WHERE id = ${roleless.id}`);
  staff.set('none', { ...roleless, role: 'support', jwt: roleless.jwt });
  const { user } = await createStaffAccount(h.database.db, {
    email: 'matrix-target@croupier.test',
    username: 'matrix-target',
    role: 'content',
    origin: 'http://casino.test',
    now: h.now(),
  });
  targetStaffId = Number(user.id);
  playerId = (await signUp(h.app, { currency: 'EUR', login: 'matrix-player@example.test' })).uid;
  await h.database.db.execute(
    sql`INSERT INTO kyc_applicants (player_id, applicant_id, status) VALUES (${BigInt(playerId)}, 'matrixapp1', 'pending')`,
  );
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the role matrix', () => {
  afterAll(async () => {
    await setPlayerStatus('active')();
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.action}: only ${endpoint.roles.join(', ')}`, async () => {
      for (const role of [...BACKOFFICE_ROLES, 'none'] as const) {
        const who = staff.get(role)!;
        const allowed = role !== 'none' && endpoint.roles.includes(role);
        await endpoint.prepare?.();
        const answer = await call(endpoint, who);
        const audit = await lastAudit();
        expect(audit.action, `${role} → audit action`).toBe(endpoint.action);
        expect(audit.staff_id).toBe(String(who.id));
        if (allowed) {
          expect(answer.status, `${role} on ${endpoint.action}: ${answer.body}`).toBe(
            endpoint.okStatus ?? 200,
          );
          expect(audit.outcome).toBe(endpoint.okStatus ? 'failed' : 'done');
        } else {
          expect(answer.status, `${role} on ${endpoint.action}: ${answer.body}`).toBe(403);
          expect(audit).toMatchObject({ outcome: 'refused', detail: 'forbidden' });
        }
      }
    });
  }

  it('refuses a money role whose sign-in skipped the second factor, and writes that down', async () => {
    const clerk = await createStaff(h, 'payments', { username: 'matrix-no-mfa', mfa: false });
    const answer = await call(ENDPOINTS.find((e) => e.action === 'cashier.list_withdrawals')!, clerk);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { details: { code: 'mfa_required' } } });
    expect(await lastAudit()).toMatchObject({ outcome: 'refused', detail: 'mfa_required' });
  });

  it('left the ledger moved only by the allowed adjustments (payments and admin: 1.00 each)', async () => {
    const balance = await h.app.services.wallet.balanceMinor(BigInt(playerId), 'EUR');
    expect(balance).toBe(200n);
  });
});
