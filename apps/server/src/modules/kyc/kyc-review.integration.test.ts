/**
 * The KYC review desk (issue #18): risk staff see the queue and decide a review by hand with a
 * reason; the player's status and notice follow; a decision on a review that moved meanwhile, or
 * without a reason, is a typed refusal that changes nothing; an older provider event arriving after
 * the decision changes nothing either.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../accounts/account-test-client.ts';
import { createStaff, type TestStaff } from '../backoffice/staff-test-client.ts';

let h: TestApp;
let risk: TestStaff;
let waiting: number;
let other: number;

async function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${risk.jwt}` },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as { data: Record<string, unknown>; error?: { details: { code: string } } },
  };
}

beforeAll(async () => {
  h = await createTestApp({ env: { SANDBOX: 'true' } });
  risk = await createStaff(h, 'risk', { username: 'kyc-risk' });
  waiting = (await signUp(h.app, { currency: 'EUR' })).uid;
  other = (await signUp(h.app, { currency: 'EUR' })).uid;
  await h.database.db.execute(sql`
    INSERT INTO kyc_applicants (player_id, applicant_id, status, updated_at)
    VALUES (${BigInt(waiting)}, ${`app${waiting}`}, 'pending', now() - interval '2 hours'),
           (${BigInt(other)}, ${`app${other}`}, 'verified', now())`);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('KYC review desk', () => {
  it('lists the waiting reviews, longest first, and filters by status', async () => {
    const queue = await call('GET', '/nfx/operator/kyc/reviews');
    expect(queue.status).toBe(200);
    expect(queue.body.data.items).toEqual([
      expect.objectContaining({ player_id: waiting, status: 'pending', applicant_id: `app${waiting}` }),
    ]);
    const verified = await call('GET', '/nfx/operator/kyc/reviews?status=verified');
    expect((verified.body.data.items as { player_id: number }[]).map((row) => row.player_id)).toEqual([
      other,
    ]);
    expect((await call('GET', '/nfx/operator/kyc/reviews?status=approved')).status).toBe(400);
  });

  it('decides a review by hand with a reason; the player sees it; stale or unexplained decisions change nothing', async () => {
    const url = `/nfx/operator/kyc/reviews/${waiting}/decision`;
    expect((await call('POST', url, { expected: 'pending', status: 'verified' })).status).toBe(400);
    expect(
      (await call('POST', url, { expected: 'retry', status: 'verified', reason: 'documents checked' })).body
        .error!.details.code,
    ).toBe('stale_version');
    const decided = await call('POST', url, {
      expected: 'pending',
      status: 'verified',
      reason: 'documents checked',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data).toEqual({ status: 'verified' });
    expect(await h.app.services.kyc.getStatus(BigInt(waiting))).toEqual({ status: 'verified' });
    // The same decision again: the review moved (to verified), so it is refused.
    expect(
      (await call('POST', url, { expected: 'pending', status: 'rejected', reason: 'second look' })).body
        .error!.details.code,
    ).toBe('stale_version');
    const notices = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM player_notices WHERE player_id = ${BigInt(waiting)} AND kind = 'kyc_verified'`,
    );
    expect(notices.rows[0]!.n).toBe(1);
    const audit = await h.database.db.execute<{ outcome: string; detail: string | null }>(
      sql`SELECT outcome, detail FROM staff_audit_log WHERE action = 'kyc.decide' ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['failed', 'failed', 'done', 'failed']);
    expect(audit.rows[2]!.detail).toBe('documents checked');
    expect(
      (
        await call('POST', '/nfx/operator/kyc/reviews/999999999/decision', {
          expected: 'pending',
          status: 'verified',
          reason: 'unknown player',
        })
      ).status,
    ).toBe(404);
  });
});
