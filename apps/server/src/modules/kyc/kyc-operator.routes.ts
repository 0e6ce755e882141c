/**
 * The KYC review desk's operator endpoints (issue #18), for staff with `kyc.review`, each a staff
 * action with its audit row:
 * - `GET /nfx/operator/kyc/reviews?status=pending,retry&offset=&count=`: the queue, longest first;
 * - `GET /nfx/operator/kyc/reviews/:playerId`: one review — the platform's status, the provider's
 *   result and the submitted images' metadata (ADR 050);
 * - `GET /nfx/operator/kyc/reviews/:playerId/documents/:imageId`: one image, `{mime_type,
 *   content_base64}`; every read is its own audit row (`kyc.read_document`, the image in `detail`);
 * - `POST /nfx/operator/kyc/reviews/:playerId/decision {expected, status, reason}`: a manual
 *   decision (verified, retry, rejected) on the review the reviewer saw (`expected`); a review that
 *   moved meanwhile answers `stale_version`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { rowId } from '../../lib/row-id.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { KycService } from './kyc.service.ts';
import { KYC_STATUSES } from './kyc.tables.ts';

const queueQuery = z
  .object({
    status: z
      .string()
      .max(100)
      .default('pending,retry')
      .transform((value) => value.split(','))
      .pipe(z.array(z.enum(KYC_STATUSES)).min(1).max(KYC_STATUSES.length)),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    count: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
const playerParams = z.object({ playerId: rowId }).strict();
const documentParams = playerParams.extend({ imageId: z.string().regex(/^[A-Za-z0-9]{1,40}$/) }).strict();
const decisionBody = z
  .object({
    expected: z.enum(['not_started', 'pending', 'verified', 'retry', 'rejected']),
    status: z.enum(['verified', 'retry', 'rejected']),
    reason: z.string().trim().min(3).max(500),
  })
  .strict();

export async function kycOperatorRoutes(
  app: FastifyInstance,
  options: { kyc: KycService; messages: MessageRegistry },
) {
  const { kyc } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));

  app.get('/nfx/operator/kyc/reviews', async (request, reply) => {
    const items = await staffAction(request, { permission: 'kyc.review', action: 'kyc.queue' }, async () => {
      const query = queueQuery.parse(request.query);
      return {
        result: await kyc.reviewQueue({ statuses: query.status, offset: query.offset, count: query.count }),
      };
    });
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/kyc/reviews/:playerId', async (request, reply) => {
    const spec = {
      permission: 'kyc.review' as const,
      action: 'kyc.view',
      target: { type: 'player', id: rawParam(request, 'playerId') },
    };
    const review = await staffAction(request, spec, async () => {
      const { playerId } = playerParams.parse(request.params);
      return { result: await kyc.reviewDetail(BigInt(playerId)) };
    });
    return sendData(reply, review);
  });

  app.get('/nfx/operator/kyc/reviews/:playerId/documents/:imageId', async (request, reply) => {
    const spec = {
      permission: 'kyc.review' as const,
      action: 'kyc.read_document',
      target: { type: 'player', id: rawParam(request, 'playerId') },
    };
    const image = await staffAction(request, spec, async () => {
      const { playerId, imageId } = documentParams.parse(request.params);
      const found = await kyc.documentImage(BigInt(playerId), imageId);
      return {
        result: { id: imageId, mime_type: found.mimeType, content_base64: found.content.toString('base64') },
        detail: `image ${imageId}`,
      };
    });
    // An identity document: no cache keeps it.
    reply.header('cache-control', 'no-store');
    return sendData(reply, image);
  });

  app.post('/nfx/operator/kyc/reviews/:playerId/decision', async (request, reply) => {
    const raw = rawParam(request, 'playerId');
    const spec = {
      permission: 'kyc.review' as const,
      action: 'kyc.decide',
      target: { type: 'player', id: raw },
      money: true,
    };
    const result = await staffAction(request, spec, async () => {
      const { playerId } = playerParams.parse(request.params);
      const body = decisionBody.parse(request.body);
      const moved = await kyc.overrideReview(BigInt(playerId), body.expected, body.status);
      return {
        result: { status: moved.after },
        before: { status: moved.before },
        after: { status: moved.after },
        detail: body.reason,
      };
    });
    return sendData(reply, result);
  });
}
