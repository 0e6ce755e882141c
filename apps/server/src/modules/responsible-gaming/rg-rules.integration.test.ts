/**
 * Responsible-gaming rules of ADR 029 on real PostgreSQL: a self-exclusion does not reopen by itself
 * (the player asks after its end, then waits 24 hours) while a time-out ends on its own; the refusal
 * says when in the player's language; the promotions engine grants nothing meanwhile; marketing mail
 * skips excluded players; the limit prompt is offered once; exclusions and applied limit increases
 * post notices.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { formatDateTimeUtc } from '../../lib/format-date-time.ts';
import { messages } from '../../messages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Browser, newBrowser, signUp } from '../accounts/account-test-client.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

let h: TestApp;
let clock = Date.parse('2026-11-25T12:00:00Z');

beforeAll(async () => {
  h = await createTestApp({ now: () => new Date(clock), env: { API_RATE_LIMIT_PER_MINUTE: '1000000' } });
});
afterAll(async () => {
  await h?.close();
});

const rg = () => h.app.services.responsibleGaming;

async function player() {
  const { login, password, uid } = await signUp(h.app, { currency: 'EUR' });
  return { id: BigInt(uid), login, password };
}

async function loggedIn(p: { login: string; password: string }): Promise<Browser> {
  const browser = newBrowser(h.app);
  const answer = await browser.call('auth.login', { login: p.login, password: p.password });
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
  return browser;
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

async function noticeKinds(playerId: bigint): Promise<string[]> {
  const { items } = await h.app.services.support.notices(playerId);
  return items.map((n) => n.kind);
}

async function bonusCount(playerId: bigint): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM player_bonuses WHERE player_id = ${playerId}`,
  );
  return rows.rows[0]?.n ?? 0;
}

describe('self-exclusion end and its cooling-off', () => {
  it('holds past its end until the player asks, then 24 hours more; audited; noticed', async () => {
    const p = await player();
    await rg().exclude(p.id, { kind: 'self_exclusion', duration: '6m' }, 'en');
    expect(await noticeKinds(p.id)).toEqual(['self_exclusion_started']);

    // Cannot be reversed before its end.
    const early = await typedError(rg().requestReopen(p.id, 'en'));
    expect(early).toMatchObject({ type: 'AccessDeniedException', code: 'rg_self_exclusion_running' });

    clock += 200 * DAY;
    // Past its end it still holds: the account does not reopen by itself.
    const held = await typedError(rg().assertNotExcluded(p.id));
    expect(held).toMatchObject({ code: 'rg_excluded', messageKey: 'responsible_gaming.reopen_needed' });
    const browser = await loggedIn(p);
    const state = await browser.call('responsibleGaming.getLimits');
    expect((state.body.data as { exclusion: unknown }).exclusion).toMatchObject({
      kind: 'self_exclusion',
      can_request_reopen: true,
      reopen_requested_at: null,
      reopens_at: null,
    });

    const asked = await browser.call('responsibleGaming.requestReopen', {});
    expect(asked.body.status, JSON.stringify(asked.body)).toBe(1);
    const reopensAt = new Date(clock + DAY);
    expect((asked.body.data as { exclusion: unknown }).exclusion).toMatchObject({
      can_request_reopen: false,
      reopen_requested_at: new Date(clock).toISOString(),
      reopens_at: reopensAt.toISOString(),
    });
    // Asking twice changes nothing.
    const twice = await browser.call('responsibleGaming.requestReopen', {});
    expect(twice.body.error).toMatchObject({ type: 'InvalidRequestException', code: 'rg_nothing_to_reopen' });

    // 23 hours later: still only withdrawals; the refusal names the reopening in each language.
    clock += 23 * HOUR;
    const en = await browser.call('campaigns.activateOffer', { promo_code: 'WELCOME10' });
    expect(en.body.error).toMatchObject({ type: 'AccessDeniedException', code: 'rg_excluded' });
    expect(en.body.error?.message).toBe(
      `Your account reopens on ${formatDateTimeUtc(reopensAt, 'en')}: until then you can only withdraw.`,
    );
    expect(en.body.error?.message).not.toContain('T12:');
    const fr = await browser.call('campaigns.activateOffer', { promo_code: 'WELCOME10' }, { locale: 'fr' });
    expect(fr.body.error?.message).toBe(
      `Votre compte rouvre le ${formatDateTimeUtc(reopensAt, 'fr')} : en attendant, vous pouvez seulement retirer.`,
    );
    // The promotions engine granted nothing.
    expect(await bonusCount(p.id)).toBe(0);
    await h.database.db.transaction(async (tx) => {
      await expect(rg().checkSportBet(tx, p.id, 'EUR', 100n)).rejects.toMatchObject({ code: 'rg_excluded' });
    });

    clock += HOUR + 1000;
    await rg().assertNotExcluded(p.id);
    await h.database.db.transaction((tx) => rg().checkSportBet(tx, p.id, 'EUR', 100n));
    const redeemed = await browser.call('campaigns.activateOffer', { promo_code: 'WELCOME10' });
    expect(redeemed.body.status, JSON.stringify(redeemed.body)).toBe(1);
    expect(await bonusCount(p.id)).toBe(1);

    const audit = await rg().audit(p.id);
    expect(audit.map((a) => a.action)).toEqual(['reopen_requested', 'self_exclusion']);
    expect(audit[0]?.effectiveAt.toISOString()).toBe(reopensAt.toISOString());

    await rg().endPass();
    expect(await noticeKinds(p.id)).toEqual(['exclusion_ended', 'self_exclusion_started']);
    // Once only.
    await rg().endPass();
    expect(await noticeKinds(p.id)).toEqual(['exclusion_ended', 'self_exclusion_started']);
  });

  it('lets a time-out end on its own, with its notice', async () => {
    const p = await player();
    await rg().exclude(p.id, { kind: 'timeout', duration: '24h' }, 'en');
    const running = await typedError(rg().assertNotExcluded(p.id));
    expect(running.messageKey).toBe('responsible_gaming.timed_out');
    expect(messages.errorText('fr', running)).toContain(formatDateTimeUtc(new Date(clock + DAY), 'fr'));
    expect(await typedError(rg().requestReopen(p.id, 'en'))).toMatchObject({ code: 'rg_nothing_to_reopen' });
    await rg().endPass();
    expect(await noticeKinds(p.id)).toEqual(['timeout_started']);
    clock += DAY + 1000;
    await rg().assertNotExcluded(p.id);
    await rg().endPass();
    expect(await noticeKinds(p.id)).toEqual(['exclusion_ended', 'timeout_started']);
  });
});

describe('marketing and the promotions engine for excluded players', () => {
  it('queues no marketing mail for a player in a time-out; others get it', async () => {
    const excluded = await player();
    const other = await player();
    await rg().exclude(excluded.id, { kind: 'timeout', duration: '1w' }, 'en');
    const mail = (to: string) => ({ to, subject: 'Our news', text: 'Hello' });
    const notifications = h.app.services.notifications;
    expect(await notifications.enqueueMarketingEmail(excluded.id, mail(excluded.login))).toBe(false);
    expect(await notifications.enqueueMarketingEmail(other.id, mail(other.login))).toBe(true);
    const subjects = async (to: string) =>
      (await notifications.mailbox({ to })).filter((m) => m.subject === 'Our news').length;
    expect(await subjects(excluded.login)).toBe(0);
    expect(await subjects(other.login)).toBe(1);
    clock += 8 * DAY;
  });
});

describe('the limit prompt', () => {
  it('is due once, until the player answers it, and is for players only', async () => {
    const p = await player();
    const browser = await loggedIn(p);
    expect((await browser.call('responsibleGaming.getLimitPrompt')).body.data).toEqual({ due: true });
    expect((await browser.call('responsibleGaming.answerLimitPrompt', { answer: 'skipped' })).body).toEqual({
      status: 1,
      data: 1,
    });
    expect((await browser.call('responsibleGaming.getLimitPrompt')).body.data).toEqual({ due: false });
    expect((await browser.call('responsibleGaming.answerLimitPrompt', { answer: 'set' })).body.status).toBe(
      1,
    );
    const rows = await h.database.db.execute<{ answer: string }>(
      sql`SELECT answer FROM rg_limit_prompts WHERE player_id = ${p.id}`,
    );
    expect(rows.rows).toEqual([{ answer: 'skipped' }]);
    const bad = await browser.call('responsibleGaming.answerLimitPrompt', { answer: 'maybe' });
    expect(bad.body.error?.type).toBe('InvalidParameterException');
    const guest = await newBrowser(h.app).call('responsibleGaming.getLimitPrompt');
    expect(guest.body.error?.type).toBe('AuthorizationException');
  });
});

describe('waiting limit changes', () => {
  it('are applied after their cooling-off by the end pass, audited and noticed', async () => {
    const p = await player();
    await rg().setLimit(p.id, { kind: 'loss', period: 'day', amount: '10' }, 'en');
    const pending = await rg().setLimit(p.id, { kind: 'loss', period: 'day', amount: '25' }, 'en');
    expect(pending.limits[0]?.pending_limit_amount).toEqual({ amount: '25.00', currency: 'EUR' });
    await rg().setLimit(p.id, { kind: 'wager', period: 'week', amount: '100' }, 'en');
    await rg().setLimit(p.id, { kind: 'wager', period: 'week', amount: '' }, 'en');
    await rg().endPass();
    expect(await noticeKinds(p.id)).toEqual([]);

    clock += DAY + 1000;
    await rg().endPass();
    const rows = await h.database.db.execute<{ kind: string; limit_minor: string; pending_set: boolean }>(
      sql`SELECT kind, limit_minor::text AS limit_minor, pending_set FROM rg_limits WHERE player_id = ${p.id}`,
    );
    expect(rows.rows).toEqual([{ kind: 'loss', limit_minor: '2500', pending_set: false }]);
    expect(await noticeKinds(p.id)).toEqual(['limit_change_applied', 'limit_change_applied']);
    const actions = (await rg().audit(p.id)).map((a) => a.action);
    expect(actions.slice(0, 2).sort()).toEqual(['limit_increase_applied', 'limit_removal_applied']);
    const state = await rg().getLimits(p.id, 'en');
    expect(state.limits).toEqual([
      expect.objectContaining({ kind: 'loss', limit_amount: { amount: '25.00', currency: 'EUR' } }),
    ]);
  });

  it('applies a waiting deposit-limit increase after its cooling-off, with a notice', async () => {
    const p = await player();
    const browser = await loggedIn(p);
    expect(
      (await browser.call('account.setDepositLimit', { period: 'day', amount: '100' })).body.status,
    ).toBe(1);
    const raised = await browser.call('account.setDepositLimit', { period: 'day', amount: '300' });
    expect(raised.body.status, JSON.stringify(raised.body)).toBe(1);
    expect(await h.app.services.cashier.applyDueDepositLimits()).toBe(0);
    clock += DAY + 1000;
    expect(await h.app.services.cashier.applyDueDepositLimits()).toBe(1);
    expect(await noticeKinds(p.id)).toEqual(['limit_change_applied']);
    const rows = await h.database.db.execute<{ limit_minor: string; pending_set: boolean }>(
      sql`SELECT limit_minor::text AS limit_minor, pending_set FROM cashier_deposit_limits WHERE player_id = ${p.id}`,
    );
    expect(rows.rows).toEqual([{ limit_minor: '30000', pending_set: false }]);
    expect(await h.app.services.cashier.applyDueDepositLimits()).toBe(0);
  });
});
