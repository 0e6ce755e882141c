/**
 * The app-wide answer to a request that failed because the database connection failed (restart,
 * failover, terminated backend, pool exhausted) and that no route's own error handler answered: a
 * 503 with Retry-After, never a 500 and never a crash. Pages get a small page in the visitor's
 * language; everything else the API's typed envelope (`ApplicationUnavailableException`). Routes
 * with their own error envelope (the API, the wallet API, webhooks, the game server) map the same
 * errors themselves with `isDatabaseUnavailableError`.
 */

import { type Locale, normalizeLocale } from '@croupier/contract/locales';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from '../lib/app-error.ts';
import { messages } from '../messages.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `/fr` and `/fr/…` are French pages; everything else English (the site's default). */
export function pathLocale(url: string): Locale {
  const first = url.split('?')[0]?.split('/')[1] ?? '';
  return normalizeLocale(first) === 'fr' ? 'fr' : 'en';
}

/** The 503 page shown when the database cannot serve a page (no database needed to render it). */
export function databaseUnavailablePage(locale: Locale): string {
  const message = escapeHtml(messages.translate(locale, 'request.database_unavailable'));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>503</title></head><body style="font-family:system-ui,sans-serif;background:#0b0720;color:#f5f3ff;display:grid;place-items:center;min-height:100vh;margin:0"><main style="text-align:center;padding:2rem"><h1 style="font-size:1.5rem">${message}</h1><p><a href="" style="color:#c4b5fd">${escapeHtml(messages.translate(locale, 'request.retry'))}</a></p></main></body></html>`;
}

/** Writes the 503 answer for `request`: a page for browsers, the typed envelope otherwise. */
export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn({ err: error }, 'request failed: database unavailable');
  reply
    .status(503)
    .header('cache-control', 'no-store')
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  const locale = pathLocale(request.url);
  if ((request.headers.accept ?? '').includes('text/html')) {
    return reply.type('text/html; charset=utf-8').send(databaseUnavailablePage(locale));
  }
  const typed = databaseUnavailable(error);
  return reply.send({
    status: 0,
    error: {
      type: typed.type,
      message: messages.translate(locale, typed.messageKey ?? typed.type),
      code: typed.code,
    },
  });
}

/** Registers the root error handler; other errors go on to Fastify's default handler. */
export function handleDatabaseUnavailable(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!(error instanceof AppError) && isDatabaseUnavailableError(error)) {
      return sendDatabaseUnavailable(request, reply, error);
    }
    throw error;
  });
}
