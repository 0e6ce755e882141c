/**
 * Support through the API: chat settings from the environment and the CSP that follows them,
 * feedback stored and emailed to support in one transaction, flood and bad input refused with
 * nothing stored, chat events stored for players only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser, signUp } from '../accounts/account-test-client.ts';
import { FEEDBACK_PER_HOUR } from './support.methods.ts';

/** One directive of the page's CSP, without this request's nonce. */
async function cspDirective(t: TestApp, name: string): Promise<string | undefined> {
  const page = await t.app.inject({ method: 'GET', url: '/healthz' });
  return String(page.headers['content-security-policy'])
    .split(';')
    .map((part) => part.replace(/ 'nonce-[^']+'/, '').trim())
    .find((part) => part.startsWith(`${name} `));
}

const feedback = {
  category: 'payments',
  subject: 'Deposit not shown',
  message: 'My deposit of ten euros does not appear on my balance.',
};

describe('support without a chat (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function count(table: 'support_feedback' | 'support_chat_events'): Promise<number> {
    const rows = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
    );
    return rows.rows[0]?.n ?? 0;
  }

  async function outboxTo(to: string) {
    return t.app.services.notifications.mailbox({ to });
  }

  it('reports no chat and the CSP allows no chat origin', async () => {
    const answer = await newBrowser(t.app).call('support.getsettings');
    expect(answer.body).toEqual({
      status: 1,
      data: { chat: null, config: { id: null, license: null, src: null, widget_id: null, lang: null } },
    });
    expect(await cspDirective(t, 'script-src')).toBe("script-src 'self' https://telegram.org");
    expect(await cspDirective(t, 'connect-src')).toBe("connect-src 'self'");
    expect(await cspDirective(t, 'frame-src')).toBe("frame-src 'self'");
  });

  it('stores a guest feedback and emails it to the support address in the same write', async () => {
    const before = (await outboxTo('support@croupier.local')).length;
    const answer = await newBrowser(t.app).call('Support.sendFeedback', {
      ...feedback,
      email: 'guest@example.com',
    });
    expect(answer.body).toEqual({ status: 1, data: 1 });
    const rows = await t.database.db.execute<{ player_id: string | null; reply_to: string; subject: string }>(
      sql`SELECT player_id, reply_to, subject FROM support_feedback WHERE reply_to = 'guest@example.com'`,
    );
    expect(rows.rows).toEqual([
      { player_id: null, reply_to: 'guest@example.com', subject: feedback.subject },
    ]);
    const mails = await outboxTo('support@croupier.local');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toBe('[Support] payments: Deposit not shown');
    expect(mails[0]?.text).toContain('reply to guest@example.com');
    expect(mails[0]?.text).toContain(feedback.message);
  });

  it('answers a player at their login when they give no email', async () => {
    const { browser, login, uid } = await signUp(t.app);
    const answer = await browser.call('Support.sendFeedback', feedback, { locale: 'fr' });
    expect(answer.body).toEqual({ status: 1, data: 1 });
    const rows = await t.database.db.execute<{ player_id: string; reply_to: string; locale: string }>(
      sql`SELECT player_id::text, reply_to, locale FROM support_feedback WHERE player_id = ${uid}`,
    );
    expect(rows.rows).toEqual([{ player_id: String(uid), reply_to: login, locale: 'fr' }]);
  });

  it('refuses a guest without an email, in their language, storing nothing', async () => {
    const before = await count('support_feedback');
    const answer = await newBrowser(t.app).call('Support.sendFeedback', feedback, { locale: 'fr' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { email: 'required' },
    });
    expect(answer.body.error?.message).toContain('adresse e-mail');
    expect(await count('support_feedback')).toBe(before);
  });

  it('refuses absurd and malformed input with a typed error, storing and sending nothing', async () => {
    const before = await count('support_feedback');
    const mailsBefore = (await outboxTo('support@croupier.local')).length;
    const browser = newBrowser(t.app);
    const bad: Record<string, unknown>[] = [
      { ...feedback, email: 'a@example.com', message: 'x'.repeat(5001) },
      { ...feedback, email: 'a@example.com', message: 'short' },
      { ...feedback, email: 'a@example.com', subject: 's'.repeat(201) },
      { ...feedback, email: 'a@example.com', subject: '   ' },
      { ...feedback, email: 'not-an-email' },
      { ...feedback, email: 'a@example.com', category: 'lottery' },
      { ...feedback, email: 'a@example.com', extra: 'field' },
      { subject: 'x', email: 'a@example.com' },
    ];
    for (const params of bad) {
      const answer = await browser.call('Support.sendFeedback', params);
      expect(answer.statusCode, JSON.stringify(params).slice(0, 80)).toBe(400);
      expect(answer.body.error?.type).toBe('InvalidParameterException');
    }
    expect(await count('support_feedback')).toBe(before);
    expect((await outboxTo('support@croupier.local')).length).toBe(mailsBefore);
  });

  it('refuses a feedback flood from one IP with TooManyRequests, storing only what was allowed', async () => {
    const before = await count('support_feedback');
    const browser = newBrowser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < FEEDBACK_PER_HOUR + 3; i += 1) {
      const answer = await browser.call('Support.sendFeedback', {
        ...feedback,
        email: `flood${i}@example.com`,
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.body.error?.type).toBe('TooManyRequestsException');
        expect(answer.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(FEEDBACK_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(await count('support_feedback')).toBe(before + FEEDBACK_PER_HOUR);
  });

  it('limits a player across IPs too', async () => {
    const { browser } = await signUp(t.app);
    const cookie = browser.cookie;
    let refused = 0;
    for (let i = 0; i < FEEDBACK_PER_HOUR + 1; i += 1) {
      // A fresh IP each time: only the per-player limit can stop this.
      const elsewhere = newBrowser(t.app, cookie ? { cookie } : {});
      const answer = await elsewhere.call('Support.sendFeedback', feedback);
      if (answer.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(1);
  });

  it('stores a chat event for a player', async () => {
    const { browser, uid } = await signUp(t.app);
    for (const event of ['sent', 'received']) {
      const answer = await browser.call('FreshChat.storeChatEvent', {
        channel_id: 'ch-1',
        conversation_id: 'conv-9',
        text: `hello ${event}`,
        event,
      });
      expect(answer.body).toEqual({ status: 1, data: 1 });
    }
    const rows = await t.database.db.execute<{ event: string; text: string; conversation_id: string }>(
      sql`SELECT event, text, conversation_id FROM support_chat_events WHERE player_id = ${uid} ORDER BY id`,
    );
    expect(rows.rows).toEqual([
      { event: 'sent', text: 'hello sent', conversation_id: 'conv-9' },
      { event: 'received', text: 'hello received', conversation_id: 'conv-9' },
    ]);
  });

  it('refuses chat events from guests and bad chat events, storing nothing', async () => {
    const before = await count('support_chat_events');
    const guest = await newBrowser(t.app).call('FreshChat.storeChatEvent', {
      channel_id: 'ch-1',
      conversation_id: 'conv-1',
      text: 'hi',
      event: 'sent',
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.body.error?.type).toBe('AuthorizationException');
    const { browser } = await signUp(t.app);
    const bad: Record<string, unknown>[] = [
      { channel_id: 'c', conversation_id: 'v', text: 'x'.repeat(10_001), event: 'sent' },
      { channel_id: 'c', conversation_id: 'v', text: 'x', event: 'deleted' },
      { channel_id: '', conversation_id: 'v', text: 'x', event: 'sent' },
      { channel_id: 'c'.repeat(129), conversation_id: 'v', text: 'x', event: 'sent' },
      { conversation_id: 'v', text: 'x', event: 'sent' },
    ];
    for (const params of bad) {
      const answer = await browser.call('FreshChat.storeChatEvent', params);
      expect(answer.statusCode).toBe(400);
      expect(answer.body.error?.type).toBe('InvalidParameterException');
    }
    expect(await count('support_chat_events')).toBe(before);
  });
});

describe('notices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells a player their feedback arrived, counts it unread until marked read', async () => {
    const { browser } = await signUp(t.app);
    const empty = await browser.call('notices.get');
    expect(empty.body).toEqual({ status: 1, data: { items: [], unread: 0 } });
    await browser.call('Support.sendFeedback', feedback);
    const listed = await browser.call('notices.get');
    const data = listed.body.data as {
      items: { id: number; kind: string; is_read: boolean }[];
      unread: number;
    };
    expect(data.unread).toBe(1);
    expect(data.items).toMatchObject([{ kind: 'feedback_received', is_read: false }]);
    const id = data.items[0]?.id;

    // Another player cannot mark it read.
    const other = await signUp(t.app);
    expect((await other.browser.call('notices.markRead', { ids: String(id) })).body).toEqual({
      status: 1,
      data: 1,
    });
    expect((await browser.call('notices.get')).body.data).toMatchObject({ unread: 1 });

    expect((await browser.call('notices.markRead', { ids: String(id) })).body).toEqual({
      status: 1,
      data: 1,
    });
    expect((await browser.call('notices.get')).body.data).toMatchObject({
      unread: 0,
      items: [{ is_read: true }],
    });
  });

  it('refuses guests and bad ids', async () => {
    const guest = await newBrowser(t.app).call('notices.get');
    expect(guest.body.error?.type).toBe('AuthorizationException');
    const { browser } = await signUp(t.app);
    for (const ids of ['', '0', '-1', 'abc', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      const answer = await browser.call('notices.markRead', { ids });
      expect(answer.body.error?.type, ids).toBe('InvalidParameterException');
    }
  });
});

describe('support with a chat provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CHAT_PROVIDER: 'jivoSite', CHAT_WIDGET_ID: 'AbC123', CHAT_LANG: 'fr' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the provider and its config, and the CSP allows exactly its origins', async () => {
    const answer = await newBrowser(t.app).call('support.getsettings');
    expect(answer.body.data).toEqual({
      chat: 'jivoSite',
      config: { id: null, license: null, src: null, widget_id: 'AbC123', lang: 'fr' },
    });
    expect(await cspDirective(t, 'script-src')).toBe(
      "script-src 'self' https://telegram.org https://*.jivosite.com https://*.jivo.ru https://code.jivosite.com",
    );
    expect(await cspDirective(t, 'connect-src')).toBe(
      "connect-src 'self' https://*.jivosite.com wss://*.jivosite.com https://*.jivo.ru wss://*.jivo.ru https://code.jivosite.com wss://code.jivosite.com",
    );
  });

  it('refuses to start with a provider missing the setting it needs', async () => {
    await expect(createTestApp({ env: { CHAT_PROVIDER: 'liveChat' } })).rejects.toThrow(
      'CHAT_PROVIDER=liveChat needs CHAT_LICENSE',
    );
  });
});
