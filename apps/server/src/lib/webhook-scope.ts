/**
 * What every route that takes a third party's signed bytes shares: one header's first value, the
 * raw-body parser (the signature covers the exact bytes, so nothing may parse them first), and the
 * error handler of provider webhooks (a 503 with Retry-After when the database is unavailable so
 * the provider delivers again; 4xx as they are; anything else a logged 500). Nothing was recorded
 * in any of those cases: the provider's retry is safe.
 */
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from './app-error.ts';

/** A request header's value (the first one when it was sent more than once). */
export function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** In this (encapsulated) scope only, every body stays the Buffer that arrived, up to `bodyLimit`. */
export function acceptRawBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}

/** The raw body of a request in an `acceptRawBodies` scope (empty when none came). */
export function rawBody(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

/**
 * The error handler of a webhook scope. `what` names the webhook in logs; `answer` shapes the body
 * in the provider's convention from an error code: `service_unavailable`, `bad_request` or
 * `internal_error`.
 */
export function handleWebhookErrors(
  scope: FastifyInstance,
  what: string,
  answer: (error: 'service_unavailable' | 'bad_request' | 'internal_error') => Record<string, unknown>,
): void {
  scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, `${what} failed: database unavailable`);
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(answer('service_unavailable'));
    }
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) request.log.error({ err: error }, `${what} failed`);
    else request.log.warn({ err: error }, `${what} refused`);
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .send(answer(status === 500 ? 'internal_error' : 'bad_request'));
  });
}
