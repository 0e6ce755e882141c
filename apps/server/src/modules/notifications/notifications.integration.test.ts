/**
 * The notifications outbox: SMTP delivery against a real SMTP server (smtp-server) with retries and
 * back-off, claims that never double-send across nodes, and the development mailbox page.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNotificationsService, MAX_ATTEMPTS, retryDelayMs } from './notifications.service.ts';
import type { EmailTransport } from './notifications.transport.ts';

interface Received {
  to: string[];
  raw: string;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('SMTP delivery', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: Received[] = [];
  /** Recipients whose RCPT TO fails this many more times. */
  const failuresLeft = new Map<string, number>();
  let clock = Date.UTC(2030, 0, 1);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const left = failuresLeft.get(address.address) ?? 0;
        if (left > 0) {
          failuresLeft.set(address.address, left - 1);
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function row(to: string) {
    const rows = await t.database.db.execute<{
      status: string;
      attempts: number;
      transport: string | null;
      last_error: string | null;
      next_attempt_at: Date;
    }>(
      sql`SELECT status, attempts, transport, last_error, next_attempt_at FROM notification_outbox WHERE recipient = ${to}`,
    );
    return rows.rows[0];
  }

  it('sends an email through SMTP and marks it sent', async () => {
    await t.app.services.notifications.enqueueEmail({
      to: 'ann@example.com',
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>Html body</p>',
      locale: 'en',
    });
    await t.app.services.notifications.deliverDue();
    const message = await waitFor(async () => received.find((r) => r.to.includes('ann@example.com')));
    expect(message.raw).toContain('Subject: Hello');
    expect(message.raw).toContain('Plain body');
    expect(message.raw).toContain('<p>Html body</p>');
    expect(message.raw).toContain('no-reply@croupier.local');
    const sent = await waitFor(async () => {
      const current = await row('ann@example.com');
      return current?.status === 'sent' ? current : undefined;
    });
    expect(sent).toMatchObject({ attempts: 1, transport: 'smtp' });
  });

  it('retries a refused message with back-off, then delivers it', async () => {
    failuresLeft.set('bob@example.com', 1);
    await t.app.services.notifications.enqueueEmail({ to: 'bob@example.com', subject: 'Retry', text: 'x' });
    const failed = await waitFor(async () => {
      const current = await row('bob@example.com');
      return current?.attempts === 1 && current.status === 'pending' ? current : undefined;
    });
    expect(failed.last_error).toContain('Mailbox busy');
    expect(new Date(failed.next_attempt_at).getTime()).toBe(clock + retryDelayMs(1));
    // Not before its time.
    expect(await t.app.services.notifications.deliverDue()).toBe(0);
    clock += retryDelayMs(1);
    await t.app.services.notifications.deliverDue();
    await waitFor(async () => received.find((r) => r.to.includes('bob@example.com')));
    const sent = await waitFor(async () => {
      const current = await row('bob@example.com');
      return current?.status === 'sent' ? current : undefined;
    });
    expect(sent.attempts).toBe(2);
  });

  it('gives up after a bounded number of attempts', async () => {
    failuresLeft.set('never@example.com', 1000);
    await t.app.services.notifications.enqueueEmail({ to: 'never@example.com', subject: 'No', text: 'x' });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      // Drive the sender instead of waiting for the loop's next pass (either may take the row).
      await t.app.services.notifications.deliverDue();
      await waitFor(async () => {
        const current = await row('never@example.com');
        return current && current.attempts === attempt && current.status !== 'sending' ? current : undefined;
      });
      clock += retryDelayMs(attempt);
    }
    const final = await row('never@example.com');
    expect(final).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(received.some((r) => r.to.includes('never@example.com'))).toBe(false);
  });
});

describe('outbox claims across nodes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers every message exactly once when several senders run at once', async () => {
    const sends = new Map<string, number>();
    const counting = (): EmailTransport => ({
      name: 'smtp',
      async send(message) {
        sends.set(message.to, (sends.get(message.to) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
      close() {},
    });
    // Queues of their own (never started): these two nodes' passes are called by hand.
    const deps = () => ({
      db: t.database.db,
      config: t.config,
      log: t.app.log,
      now: () => new Date(),
      jobs: createJobQueue({ pool: t.database.pool, log: t.app.log }),
    });
    const nodeA = createNotificationsService(deps(), { emailTransport: counting() });
    const nodeB = createNotificationsService(deps(), { emailTransport: counting() });
    // Write the messages in one transaction, as a module would with its own write.
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i += 1) {
        await nodeA.enqueueEmail({ to: `n${i}@example.com`, subject: 's', text: 't' }, { tx });
      }
    });
    await Promise.all([nodeA.deliverDue(), nodeB.deliverDue(), nodeA.deliverDue(), nodeB.deliverDue()]);
    await waitFor(async () => {
      const rows = await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM notification_outbox WHERE status <> 'sent'`,
      );
      return rows.rows[0]?.n === 0 ? true : undefined;
    });
    const rows = await t.database.db.execute<{ recipient: string; attempts: number; transport: string }>(
      sql`SELECT recipient, attempts, transport FROM notification_outbox`,
    );
    expect(rows.rows).toHaveLength(60);
    for (const row of rows.rows) {
      expect(row.attempts, row.recipient).toBe(1);
      // Delivered by node A or B (counted once) or by the app's own loop (the mailbox).
      expect((sends.get(row.recipient) ?? 0) + (row.transport === 'mailbox' ? 1 : 0), row.recipient).toBe(1);
    }
  });

  it('rolls a message back with the write that caused it', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.notifications.enqueueEmail(
          { to: 'rollback@example.com', subject: 's', text: 't' },
          { tx },
        );
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await t.app.services.notifications.mailbox({ to: 'rollback@example.com' })).toEqual([]);
  });
});

describe('development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists messages newest first with links and codes, escaped', async () => {
    const notifications = t.app.services.notifications;
    await notifications.enqueueEmail({
      to: 'eve@example.com',
      subject: '<script>alert("x")</script>',
      text: 'Body with <b>tags</b> & "quotes"',
      meta: { link: 'javascript:alert(1)', code: '<123>' },
    });
    await notifications.enqueueEmail({
      to: 'eve@example.com',
      subject: 'Second',
      text: 'Newer',
      meta: { link: 'https://croupier.test/confirmation?code=1&x=2', code: '654321' },
    });
    await notifications.enqueueSms({ to: '+33612345678', text: 'Code 111222', meta: { code: '111222' } });

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(page.body).toContain('Body with &lt;b&gt;tags&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(page.body).not.toContain('href="javascript:');
    expect(page.body).toContain('<a href="https://croupier.test/confirmation?code=1&amp;x=2">');
    expect(page.body).toContain('654321');
    expect(page.body.indexOf('Second')).toBeLessThan(page.body.indexOf('&lt;script&gt;'));

    const json = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=EVE@example.com' });
    const items = json.json().items as { subject: string; code: string; link: string; channel: string }[];
    expect(items.map((i) => i.subject)).toEqual(['Second', '<script>alert("x")</script>']);
    expect(items[0]).toMatchObject({ code: '654321', channel: 'email' });
    const sms = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox.json?to=${encodeURIComponent('+33612345678')}`,
    });
    expect(sms.json().items[0]).toMatchObject({ channel: 'sms', code: '111222', subject: null });
  });

  it('answers only requests made on this machine', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
      const remote = await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' });
      expect(remote.statusCode).toBe(403);
      expect(remote.body).not.toContain('654321');
      // A local reverse proxy relaying someone else.
      const relayed = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(relayed.statusCode).toBe(403);
    }
  });

  it('exists in the demo profile without SMTP, and not in production otherwise', async () => {
    const demo = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect(demo.config.SANDBOX).toBe(true);
      expect((await demo.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
    const production = await createTestApp({ env: { NODE_ENV: 'production', SANDBOX: 'false' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
