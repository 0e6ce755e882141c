/**
 * `POST /webhooks/kyc`: the identity-verification provider's webhooks, read as raw bytes (the
 * x-payload-digest covers them exactly), outside /api (ADR 026).
 */
import type { FastifyInstance } from 'fastify';
import { DIGEST_ALG_HEADER, DIGEST_HEADER } from '../../lib/kyc-signature.ts';
import { acceptRawBodies, firstHeader, handleWebhookErrors, rawBody } from '../../lib/webhook-scope.ts';
import type { KycService } from './kyc.service.ts';

const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

export async function kycRoutes(app: FastifyInstance, options: { kyc: KycService }) {
  const { kyc } = options;
  await app.register(async (webhooks) => {
    acceptRawBodies(webhooks, WEBHOOK_BODY_LIMIT_BYTES);
    handleWebhookErrors(webhooks, 'KYC webhook', (error) => ({ ok: false, error }));
    webhooks.post('/webhooks/kyc', async (request, reply) => {
      const answer = await kyc.receiveWebhook(
        rawBody(request),
        firstHeader(request, DIGEST_HEADER),
        firstHeader(request, DIGEST_ALG_HEADER),
      );
      if (answer.status !== 200) request.log.warn({ error: answer.body.error }, 'KYC webhook refused');
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    });
  });
}
