/**
 * The staff audit log (issue #18): staff actions write one row each — done with the state before
 * and after, failed with the error's code, refused for too low a role and, on money endpoints, for
 * no valid token — with who, when and from where; the table refuses changes; admins search it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { BackofficeRole } from './backoffice.roles.ts';
import { createStaffAccount } from './backoffice.staff.ts';
import { createStaff } from './staff-test-client.ts';

let h: TestApp;
const tokens: Partial<Record<BackofficeRole, string>> = {};
const ids: Partial<Record<BackofficeRole, number>> = {};

async function staff(role: BackofficeRole): Promise<void> {
  const made = await createStaff(h, role, { username: `audit-${role}` });
  tokens[role] = made.jwt;
  ids[role] = made.id;
}

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  role: BackofficeRole | null,
  payload?: Record<string, unknown>,
) {
  const response = await h.app.inject({
    method,
    url,
    remoteAddress: '203.0.113.7',
    headers: {
      'user-agent': 'audit-test',
      ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
    },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as { data: unknown } };
}

type Row = {
  staff_id: string | null;
  staff_username: string | null;
  staff_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: string;
  detail: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
};

async function lastRow(): Promise<Row> {
  const result = await h.database.db.execute<Row>(
    sql`SELECT staff_id::text, staff_username, staff_role, action, target_type, target_id, outcome, detail,
               before, after, ip, user_agent, request_id
          FROM staff_audit_log ORDER BY id DESC LIMIT 1`,
  );
  return result.rows[0]!;
}

async function rowCount(): Promise<number> {
  const result = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM staff_audit_log`,
  );
  return result.rows[0]!.n;
}

beforeAll(async () => {
  h = await createTestApp();
  await staff('admin');
  await staff('content');
  await staff('payments');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('staff audit log', () => {
  it('keeps a role change with before and after, who, when and from where', async () => {
    const { user } = await createStaffAccount(h.database.db, {
      email: 'promoted@croupier.test',
      role: 'content',
      origin: 'http://casino.test',
      now: new Date(),
    });
    const changed = await call('PUT', `/nfx/users/${user.id}/role`, 'admin', { role: 'admin' });
    expect(changed.status).toBe(200);
    expect(await lastRow()).toMatchObject({
      staff_id: String(ids.admin),
      staff_username: 'audit-admin',
      staff_role: 'admin',
      action: 'staff.set_role',
      target_type: 'staff',
      target_id: String(user.id),
      outcome: 'done',
      before: { role: 'content' },
      after: { role: 'admin' },
      ip: '203.0.113.7',
      user_agent: 'audit-test',
    });
    expect((await lastRow()).request_id).toBeTruthy();

    // Refused for too low a role (who tried is kept); failed for the admin's own role.
    const before = await rowCount();
    expect((await call('PUT', `/nfx/users/${user.id}/role`, 'content', { role: null })).status).toBe(403);
    expect(await lastRow()).toMatchObject({
      staff_id: String(ids.content),
      staff_role: 'content',
      action: 'staff.set_role',
      outcome: 'refused',
      detail: 'forbidden',
    });
    expect((await call('PUT', `/nfx/users/${ids.admin}/role`, 'admin', { role: 'content' })).status).toBe(
      403,
    );
    expect(await lastRow()).toMatchObject({ outcome: 'failed', detail: 'own_role' });
    expect(await rowCount()).toBe(before + 2);
    // Nothing changed by either attempt.
    const roles = await h.database.db.execute<{ role: string }>(
      sql`SELECT role FROM backoffice_users WHERE id IN (${BigInt(user.id)}, ${BigInt(ids.admin!)}) ORDER BY id`,
    );
    expect(roles.rows.map((row) => row.role)).toEqual(['admin', 'admin']);
  });

  it('writes a refused row for an anonymous attempt on money, a failed one for a bad target', async () => {
    const before = await rowCount();
    expect((await call('POST', '/nfx/operator/withdrawals/999999/approve', null)).status).toBe(401);
    expect(await lastRow()).toMatchObject({
      staff_id: null,
      action: 'cashier.approve_withdrawal',
      target_type: 'withdrawal',
      target_id: '999999',
      outcome: 'refused',
      detail: 'invalid_token',
    });
    expect((await call('POST', '/nfx/operator/withdrawals/999999/reject', 'payments')).status).toBe(400);
    expect(await lastRow()).toMatchObject({
      staff_role: 'payments',
      action: 'cashier.reject_withdrawal',
      outcome: 'failed',
    });
    // An anonymous read writes nothing (it cannot fill the table).
    expect((await call('GET', '/nfx/operator/withdrawals?status=pending', null)).status).toBe(401);
    expect(await rowCount()).toBe(before + 2);
  });

  it('keeps a settings change with the value before and after; a content editor is refused', async () => {
    expect(
      (await call('PUT', '/nfx/operator/cashier/settings', 'content', { kyc_block_enabled: true })).status,
    ).toBe(403);
    expect(await lastRow()).toMatchObject({ action: 'cashier.set_settings', outcome: 'refused' });
    const done = await call('PUT', '/nfx/operator/cashier/settings', 'admin', { kyc_block_enabled: true });
    expect(done.status).toBe(200);
    expect(await lastRow()).toMatchObject({
      action: 'cashier.set_settings',
      outcome: 'done',
      before: { kyc_block_enabled: false },
      after: { kyc_block_enabled: true },
    });
    await call('PUT', '/nfx/operator/cashier/settings', 'admin', { kyc_block_enabled: false });
  });

  it('is append-only, whoever asks', async () => {
    for (const statement of [
      sql`UPDATE staff_audit_log SET outcome = 'done'`,
      sql`DELETE FROM staff_audit_log`,
      sql`TRUNCATE staff_audit_log`,
    ]) {
      await expect(h.database.db.execute(statement)).rejects.toThrow();
    }
    expect(await rowCount()).toBeGreaterThan(0);
  });

  it('is searchable by admins only', async () => {
    const refused = await call('GET', '/nfx/audit-log?outcome=refused&action=cashier.set_settings', 'admin');
    expect(refused.status).toBe(200);
    const items = refused.body.data as Array<{ action: string; outcome: string; staff: { role: string } }>;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item).toMatchObject({ action: 'cashier.set_settings', outcome: 'refused' });

    const byTarget = await call(
      'GET',
      '/nfx/audit-log?target_type=withdrawal&target_id=999999&limit=1',
      'admin',
    );
    expect(byTarget.body.data as unknown[]).toHaveLength(1);
    const future = await call(
      'GET',
      `/nfx/audit-log?from=${encodeURIComponent('2999-01-01T00:00:00Z')}`,
      'admin',
    );
    expect(future.body.data).toEqual([]);

    expect((await call('GET', '/nfx/audit-log', 'content')).status).toBe(403);
    expect((await call('GET', '/nfx/audit-log', null)).status).toBe(401);
    expect((await call('GET', '/nfx/audit-log?action=DROP%20TABLE', 'admin')).status).toBe(400);
  });
});
