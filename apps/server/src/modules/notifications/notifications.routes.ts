/**
 * The development mailbox: every email and SMS of the outbox, newest first, with its link and code,
 * so a developer (or a browser test) can follow a confirmation or reset without a mail server.
 * Registered only outside production and in the demo profile without SMTP (app.ts), and it answers
 * only requests made on this machine: it shows secrets meant for players.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MailboxEntry, NotificationsService } from './notifications.service.ts';

const query = z.object({ to: z.string().trim().min(1).max(320).optional() });

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Only http(s) links become anchors; anything else (javascript:, data:) is shown as text. */
function linkHtml(link: string): string {
  const safe = /^https?:\/\//i.test(link) || link.startsWith('/');
  return safe ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(link);
}

export function renderMailbox(entries: MailboxEntry[], to: string | undefined): string {
  const rows = entries
    .map(
      (entry) => `<article class="message">
  <header><strong>${escapeHtml(entry.subject ?? '(SMS)')}</strong>
  <span>${escapeHtml(entry.channel)} to ${escapeHtml(entry.to)} · ${escapeHtml(entry.created_at)} · ${escapeHtml(entry.status)}${entry.transport ? ` via ${escapeHtml(entry.transport)}` : ''}</span></header>
  ${entry.code ? `<p>Code: <code class="code">${escapeHtml(entry.code)}</code></p>` : ''}
  ${entry.link ? `<p>Link: ${linkHtml(entry.link)}</p>` : ''}
  <pre>${escapeHtml(entry.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;background:#0f1115;color:#e6e6e6;margin:2rem auto;max-width:60rem;padding:0 1rem}
a{color:#7cc4ff}.message{border:1px solid #333;border-radius:8px;padding:1rem;margin:1rem 0}
header span{display:block;color:#999;font-size:.85rem}.code{font-size:1.4rem;letter-spacing:.2em}
pre{white-space:pre-wrap;background:#181b21;padding:.75rem;border-radius:6px}
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>${entries.length} message(s)${to ? ` to ${escapeHtml(to)}` : ''}, newest first. Not available in production.</p>
${rows || '<p>No messages yet.</p>'}
</body>
</html>`;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address);
}

/**
 * A request made on this machine: from a loopback address, and not relayed by a proxy (a local
 * reverse proxy connects from loopback on behalf of anyone).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

export async function mailboxRoutes(app: FastifyInstance, options: { notifications: NotificationsService }) {
  const { notifications } = options;

  app.addHook('onRequest', async (request, reply) => {
    if (isLocalRequest(request)) return;
    request.log.warn({ ip: request.ip }, 'development mailbox refused: not a request from this machine');
    return reply
      .status(403)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('The development mailbox answers only requests made on this machine (http://localhost).');
  });

  app.get('/dev/mailbox', async (request, reply) => {
    const parsed = query.safeParse(request.query);
    const to = parsed.success ? parsed.data.to : undefined;
    const entries = await notifications.mailbox(to ? { to } : {});
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailbox(entries, to));
  });

  app.get('/dev/mailbox.json', async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return reply.status(400).send({ items: [], error: 'invalid_query' });
    const entries = await notifications.mailbox(parsed.data.to ? { to: parsed.data.to } : {});
    return reply.header('cache-control', 'no-store').send({ items: entries });
  });
}
