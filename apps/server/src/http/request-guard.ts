/**
 * The first check of every request, before routing, hooks of other plugins or any page renders:
 *
 * - the request target is a path (origin-form, `/…`): an absolute-form target
 *   (`GET http://evil.com/ HTTP/1.1`, legal only towards a proxy) or `*` is refused;
 * - the Host header names a plausible host (`parseHost`: a name or IP literal, optional port).
 *   Absolute URLs fall back to it when PUBLIC_URL is unset (lib/public-origin.ts), and the
 *   content service keys domains by it: an empty or garbage Host must not reach either.
 *
 * Both answer 400: `/api` callers get the typed envelope (InvalidRequestException), others plain text.
 *
 * And the last check of every reply Fastify sends (pages rendered by the web app are checked in
 * `web/web-plugin.ts`): a `Location` that a browser would read as another host (`//host`, `/\host`)
 * is never sent — the reply becomes a 404.
 */
import { normalizeLocale } from '@croupier/contract/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { parseHost } from '../lib/host.ts';
import { messages } from '../messages.ts';

/** What is wrong with the request line or Host header, or undefined when both are fine. */
export function requestProblem(rawUrl: string | undefined, host: string | undefined): AppError | undefined {
  if (!rawUrl?.startsWith('/')) {
    return new AppError('InvalidRequestException', {
      code: 'invalid_request_target',
      message: 'request.invalid_target',
    });
  }
  if (!parseHost(host)) {
    return new AppError('InvalidRequestException', { code: 'invalid_host', message: 'request.invalid_host' });
  }
  return undefined;
}

function send(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const url = request.raw.url ?? '';
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : undefined;
  const locale = normalizeLocale(query?.get('locale')) ?? 'en';
  const message = messages.translate(locale, error.messageKey ?? error.type);
  reply.code(error.httpStatus).header('cache-control', 'no-store');
  if (url.startsWith('/api/') || url === '/api') {
    return reply.send({ status: 0, error: { type: error.type, message, code: error.code } });
  }
  return reply.type('text/plain; charset=utf-8').send(message);
}

/** Answers without building any URL: load balancers may probe it with HTTP/1.0 and no Host. */
const HEALTH_PATH = '/healthz';

export function requestGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const rawUrl = request.raw.url;
    if (rawUrl === HEALTH_PATH) return;
    // The Host header as sent, and the host Fastify settled on (X-Forwarded-Host under TRUST_PROXY).
    const problem = requestProblem(rawUrl, request.headers.host) ?? requestProblem(rawUrl, request.host);
    if (problem) return send(request, reply, problem);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const location = reply.getHeader('location');
    if (typeof location !== 'string' || !isProtocolRelative(location)) return payload;
    reply.removeHeader('location');
    reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    return 'Not Found';
  });
}

/** `//host`, `/\host`, `\\host` (after the spaces and C0 controls browsers trim): another host. */
export function isProtocolRelative(location: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers trim these, so must we.
  return /^[\u0000-\u0020]*[/\\][\t\n\r]*[/\\]/.test(location);
}
