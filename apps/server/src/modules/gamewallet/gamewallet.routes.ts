/**
 * `POST /gw/v1/{action}`: the wallet API game providers call (docs/game-wallet-protocol.md). Not a
 * browser route: no cookies, no CSRF, no per-IP rate limit (a provider is one client). The body is
 * read as raw bytes (the HMAC covers them exactly) by a parser that exists only inside this plugin,
 * bounded to 16 KiB; the service checks the signature before anything else.
 */

import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../../lib/app-error.ts';
import type { GameWalletService } from './gamewallet.service.ts';

/** Wallet calls are a few hundred bytes; anything bigger is not one. */
export const WALLET_BODY_LIMIT_BYTES = 16 * 1024;
export const PROVIDER_HEADER = 'x-provider';
export const SIGNATURE_HEADER = 'x-signature';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function gameWalletRoutes(app: FastifyInstance, options: { gameWallet: GameWalletService }) {
  const { gameWallet } = options;
  await app.register(async (gw) => {
    gw.removeAllContentTypeParsers();
    gw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WALLET_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    gw.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      let status = 500;
      let code = 'internal_error';
      if (error instanceof AppError && error.type === 'BillingUnavailableException') {
        // The ledger gave up under contention: the provider retries the same call later.
        request.log.error({ err: error }, 'game wallet call failed: ledger busy');
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'error', code: 'service_unavailable' });
      } else if (isDatabaseUnavailableError(error)) {
        // The database connection failed (restart, failover): whether this call committed is
        // unknown, and the retry of the same call (same transaction id) answers it either way.
        request.log.warn({ err: error }, 'game wallet call failed: database unavailable');
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'error', code: 'service_unavailable' });
      } else if (error.statusCode === 413) {
        status = 413;
        code = 'invalid_request';
      } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        status = 400;
        code = 'invalid_request';
      }
      if (status >= 500) request.log.error({ err: error }, 'game wallet call failed');
      else request.log.warn({ err: error }, 'game wallet call refused: transport');
      return reply.status(status).header('cache-control', 'no-store').send({ status: 'error', code });
    });
    gw.post<{ Params: { action: string } }>('/gw/v1/:action', async (request, reply) => {
      const answer = await gameWallet.handleCall(
        {
          provider: header(request, PROVIDER_HEADER),
          action: request.params.action,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: header(request, SIGNATURE_HEADER),
        },
        request.log,
      );
      return reply.status(answer.httpStatus).header('cache-control', 'no-store').send(answer.body);
    });
  });
}
