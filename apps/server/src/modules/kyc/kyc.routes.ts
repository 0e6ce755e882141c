/**
 * `POST /webhooks/kyc`: the identity-verification provider's webhooks, read as raw bytes (the
 * x-payload-digest covers them exactly), outside /api (ADR 026).
 */
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DIGEST_ALG_HEADER, DIGEST_HEADER } from '../../lib/kyc-signature.ts';
import type { KycService } from './kyc.service.ts';

const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function kycRoutes(app: FastifyInstance, options: { kyc: KycService }) {
  const { kyc } = options;
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    webhooks.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (isDatabaseUnavailableError(error)) {
        // Nothing was recorded: a 503 makes the provider deliver it again.
        request.log.warn({ err: error }, 'KYC webhook failed: database unavailable');
        return reply.status(503).header('retry-after', '2').send({ ok: false, error: 'service_unavailable' });
      }
      const status =
        error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
      if (status === 500) request.log.error({ err: error }, 'KYC webhook failed');
      return reply
        .status(status)
        .header('cache-control', 'no-store')
        .send({ ok: false, error: status === 500 ? 'internal_error' : 'bad_request' });
    });
    webhooks.post('/webhooks/kyc', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await kyc.receiveWebhook(
        raw,
        header(request, DIGEST_HEADER),
        header(request, DIGEST_ALG_HEADER),
      );
      if (answer.status !== 200) request.log.warn({ error: answer.body.error }, 'KYC webhook refused');
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    });
  });
}
